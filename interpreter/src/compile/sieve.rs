//! Sieves: which cells a visit of every cell need try for a condition, read from the
//! condition's shape when it is compiled.

use super::Compiler;
use crate::memo::Kept;
use crate::state::State;
use tessel_lang::ir::{BinOp, CellId, Expr, PieceId};

/// Which cells a visit of every cell need try for its condition (on `to`): read from the
/// shape of the condition, so the cells passed by are those where it cannot hold. Both
/// tests may apply (a conjunction): a cell is tried if it passes each that does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sieve {
    /// Only cells holding a piece: the condition asks about the piece there (`friend`,
    /// `enemy`, `neutral`, `not empty`, `holds … > 0`, `height … > 0` or `> n` where n is a
    /// count, `pieces … > 0`, `owner(to) ==` a player). (A stack's lower pieces lie under a
    /// top piece: an empty cell holds none.)
    pub(super) pieces: bool,
    /// Only cells holding no piece: the condition asks `empty(to)`.
    pub(super) empty: bool,
    /// Only cells where one of these per-cell variables (each its first slot and its number
    /// of cells) is not 0: the condition needs one of them above 0 or not 0 (`either(…,
    /// a(to), b(to)) == 1` needs `a` or `b`).
    pub(super) vars: Vars,
    /// Only cells whose top piece is of one of these types: the condition asks `friend(to,
    /// T)`, `enemy(to, T)` or `neutral(to, T)` (or several joined by `or`). None: no test.
    pub(super) kinds: Option<Kinds>,
}

/// Up to two per-cell variables, one of which must be not 0 (none: no such test).
type Vars = [Option<(usize, usize)>; 2];

/// A set of piece types (one bit each, all 256 a `PieceId` can name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kinds([u64; 4]);

impl Kinds {
    fn one(k: PieceId) -> Kinds {
        let mut bits = [0; 4];
        bits[usize::from(k) / 64] = 1 << (k % 64);
        Kinds(bits)
    }

    #[inline]
    pub(crate) fn has(self, k: PieceId) -> bool {
        self.0[usize::from(k) / 64] & (1 << (k % 64)) != 0
    }

    fn zip(self, o: Kinds, f: impl Fn(u64, u64) -> u64) -> Kinds {
        Kinds(std::array::from_fn(|i| f(self.0[i], o.0[i])))
    }
}

impl Sieve {
    /// Every cell.
    pub(crate) const ALL: Sieve = Sieve {
        pieces: false,
        empty: false,
        vars: [None, None],
        kinds: None,
    };
    /// The cells holding a piece.
    pub(crate) const PIECES: Sieve = Sieve {
        pieces: true,
        empty: false,
        vars: [None, None],
        kinds: None,
    };
    /// The cells holding no piece.
    pub(crate) const EMPTY: Sieve = Sieve {
        pieces: false,
        empty: true,
        vars: [None, None],
        kinds: None,
    };
    /// The cells where the variable at `slot` (over `n` cells) is not 0.
    pub(crate) const fn var(slot: usize, n: usize) -> Sieve {
        Sieve {
            pieces: false,
            empty: false,
            vars: [Some((slot, n)), None],
            kinds: None,
        }
    }

    /// The cells whose top piece is of type `k`.
    pub(crate) fn kind(k: PieceId) -> Sieve {
        Sieve {
            pieces: true,
            kinds: Some(Kinds::one(k)),
            ..Sieve::ALL
        }
    }

    /// Whether the condition holds only where a piece stands.
    pub(crate) fn asks_piece(self) -> bool {
        self.pieces || self.kinds.is_some()
    }

    /// How many variables the test names (0: no test).
    fn named(self) -> usize {
        self.vars.iter().flatten().count()
    }

    /// For both conditions holding: a cell must pass both sieves (of two tests of
    /// variables, the narrower is kept).
    pub(super) fn and(self, o: Sieve) -> Sieve {
        let vars = match (self.named(), o.named()) {
            (0, _) => o.vars,
            (_, 0) => self.vars,
            (a, b) if b < a => o.vars,
            _ => self.vars,
        };
        Sieve {
            pieces: self.pieces || o.pieces,
            empty: self.empty || o.empty,
            vars,
            kinds: match (self.kinds, o.kinds) {
                (Some(a), Some(b)) => Some(a.zip(b, |x, y| x & y)),
                (a, b) => a.or(b),
            },
        }
    }

    /// For either condition holding: a cell must pass what both sieves ask (either's
    /// variables, if both test some and there are no more than two together).
    pub(super) fn or(self, o: Sieve) -> Sieve {
        let mut both: Vec<(usize, usize)> = self.vars.iter().flatten().copied().collect();
        for v in o.vars.iter().flatten() {
            if !both.contains(v) {
                both.push(*v);
            }
        }
        let vars = if self.named() == 0 || o.named() == 0 || both.len() > 2 {
            [None, None]
        } else {
            [both.first().copied(), both.get(1).copied()]
        };
        Sieve {
            pieces: self.pieces && o.pieces,
            empty: self.empty && o.empty,
            vars,
            kinds: match (self.kinds, o.kinds) {
                (Some(a), Some(b)) => Some(a.zip(b, |x, y| x | y)),
                _ => None,
            },
        }
    }
}

impl Compiler {
    pub(super) fn sieve(&self, cond: &Expr) -> Sieve {
        self.sieve_on(cond, false)
    }

    /// The types of piece a move rule's condition (its part that reads the target) needs
    /// on the target, if it names some: `enemy(target, T)`, `friend(to, T)`, …
    pub(super) fn target_kinds(&self, cond: &Expr) -> Option<Kinds> {
        self.sieve_with(cond, &|c| matches!(c, Expr::To | Expr::Target))
            .kinds
    }

    /// The sieve for `cond` on `to`, or on `to` and `from` both (an action's cell is both).
    pub(super) fn sieve_on(&self, cond: &Expr, from_too: bool) -> Sieve {
        self.sieve_with(cond, &|c| {
            matches!(c, Expr::To) || (from_too && matches!(c, Expr::From))
        })
    }

    /// The sieve for `cond` on the cell `to` says is the candidate.
    fn sieve_with(&self, cond: &Expr, to: &dyn Fn(&Expr) -> bool) -> Sieve {
        use Expr as E;
        let player = |e: &Expr| matches!(e, E::Player(_) | E::Mover | E::Opponent);
        let count =
            |e: &Expr| matches!(e, E::Holds(c, _) | E::Height(c) | E::PiecesAt(c, _) if to(c));
        // The variable a value is, read at the cell; or either of two such.
        fn var(l: &Compiler, e: &Expr, to: &dyn Fn(&Expr) -> bool) -> Option<Sieve> {
            match e {
                E::VarAt(v, c) if to(c) => Some(Sieve::var(
                    l.var_slot[*v as usize],
                    l.var_shape[*v as usize].1,
                )),
                E::Memo(_, x) | E::Same(_, x) | E::Code(_, x) => var(l, x, to),
                E::Either(_, a, b) => Some(var(l, a, to)?.or(var(l, b, to)?)),
                _ => None,
            }
        }
        // Zero here means the condition fails: `x > k` (k ≥ 0), `x >= k` (k ≥ 1), `x != 0`,
        // `x == k` (k not 0).
        let zero_fails = |op: BinOp, k: &Expr| match (op, k) {
            (BinOp::Ne, E::Int(k)) => *k == 0,
            (BinOp::Eq, E::Int(k)) => *k != 0,
            (BinOp::Gt, k) => floor(k).is_some_and(|k| k >= 0),
            (BinOp::Ge, k) => floor(k).is_some_and(|k| k >= 1),
            _ => false,
        };
        match cond {
            E::Memo(_, x) | E::Same(_, x) | E::Code(_, x) => self.sieve_with(x, to),
            E::Friend(c, Some(k)) | E::Enemy(c, Some(k)) | E::Neutral(c, Some(k)) if to(c) => {
                Sieve::kind(*k)
            }
            E::Friend(c, _) | E::Enemy(c, _) | E::Neutral(c, _) if to(c) => Sieve::PIECES,
            E::Not(x) if matches!(&**x, E::Empty(c) if to(c)) => Sieve::PIECES,
            E::Empty(c) if to(c) => Sieve::EMPTY,
            E::Bin(BinOp::And, a, b) => self.sieve_with(a, to).and(self.sieve_with(b, to)),
            E::Bin(BinOp::Or, a, b) => self.sieve_with(a, to).or(self.sieve_with(b, to)),
            E::Bin(op, a, b) if zero_fails(*op, b) && count(a) => Sieve::PIECES,
            E::Bin(op, a, b) if zero_fails(*op, b) => var(self, a, to).unwrap_or(Sieve::ALL),
            E::Bin(BinOp::Eq, a, b)
                if (matches!(&**a, E::OwnerOf(c) if to(c)) && player(b))
                    || (matches!(&**b, E::OwnerOf(c) if to(c)) && player(a)) =>
            {
                Sieve::PIECES
            }
            _ => Sieve::ALL,
        }
    }
}

/// A number an expression's value is never below, where its shape tells: a constant, or a
/// count (of pieces, cells, groups), the larger of two values one of which has a floor, or
/// a sum of values that both have one.
fn floor(e: &Expr) -> Option<i64> {
    use Expr as E;
    match e {
        E::Int(k) => Some(*k),
        E::Memo(_, x) | E::Same(_, x) | E::Code(_, x) => floor(x),
        E::Height(_)
        | E::PiecesAt(..)
        | E::Holds(..)
        | E::Around(..)
        | E::CountCells(_)
        | E::Count(..)
        | E::Sections(..)
        | E::SectionsOf(..)
        | E::SectionSize(..) => Some(0),
        E::Max(a, b) => match (floor(a), floor(b)) {
            (Some(x), Some(y)) => Some(x.max(y)),
            (x, y) => x.or(y),
        },
        E::Bin(BinOp::Add, a, b) => Some(floor(a)?.saturating_add(floor(b)?)),
        _ => None,
    }
}

impl Sieve {
    /// The per-cell variable (its first slot and number of cells) that is this sieve's
    /// only test of variables, if it has one and no other.
    pub(crate) fn one_var(self) -> Option<(usize, usize)> {
        match self.vars {
            [Some(v), None] => Some(v),
            _ => None,
        }
    }

    /// Whether the sieve tests per-cell variables and names no piece types (a visit tries
    /// every cell: [`crate::memo::Kept::sieved`] lists them once for a state).
    pub(crate) fn reads_vars(self) -> bool {
        self.vars[0].is_some() && self.kinds.is_none()
    }

    /// Whether cell `c` is to be tried (no cell, as for an action on none, holds no piece
    /// and no variable).
    #[inline(always)]
    pub(crate) fn tries(self, s: &State, c: CellId) -> bool {
        let c = c as usize;
        // One look at the cell for the tests of pieces (a sieve of types asks for a piece).
        let fails = match s.cells.get(c) {
            None => self.pieces || self.empty || self.kinds.is_some(),
            Some(p) if p.is_none() => self.pieces || self.kinds.is_some(),
            Some(p) => self.empty || self.kinds.is_some_and(|k| !k.has(p.kind())),
        };
        if fails {
            return false;
        }
        match self.vars {
            [None, _] => true,
            [Some((a, n)), None] => c < n && s.vars[a + c] != 0,
            [Some((a, n)), Some((b, m))] => {
                (c < n && s.vars[a + c] != 0) || (c < m && s.vars[b + c] != 0)
            }
        }
    }
}

/// The cells a sieve of one per-cell variable (`var`: its first slot and its number of
/// cells, [`Sieve::one_var`]) tries, in order: along the variable's slots to those not 0,
/// one read a cell, each then tried as [`Sieve::tries`] does (past its cells the
/// variable holds nothing, and no cell passes).
pub(crate) fn where_set(
    s: &State,
    sieve: Sieve,
    (a, n): (usize, usize),
) -> impl Iterator<Item = CellId> + '_ {
    let end = n.min(s.cells.len());
    let slots = s.vars.get(a..a + end).unwrap_or(&[]);
    slots
        .iter()
        .enumerate()
        .filter(|&(_, &v)| v != 0)
        .map(|(c, _)| c as CellId)
        .filter(move |&c| sieve.tries(s, c))
}

/// The cells a visit of every cell tries, in order. A sieve of piece types, where the
/// values of the state are kept (`kept`), goes through where those pieces stand; any other
/// tries each cell (where most cells hold a piece, or none, one test a cell costs less
/// than the bits).
pub(crate) fn cells<'s>(s: &'s State, sieve: Sieve, kept: Option<&'s Kept>) -> Visit<'s> {
    let places = kept.filter(|_| sieve.kinds.is_some()).map(|k| k.places(s));
    visit(s, sieve, places)
}

/// The cells a sieve tries, through `places` (where the pieces of `s` stand) if given and
/// the sieve names piece types.
pub(super) fn visit<'s>(s: &'s State, sieve: Sieve, places: Option<&'s Places>) -> Visit<'s> {
    Visit {
        s,
        sieve,
        places: places.filter(|_| sieve.kinds.is_some()),
        next: 0,
        bits: 0,
        base: 0,
    }
}

/// Where the pieces of one state stand: for each piece type, one bit for each cell whose
/// top piece is of it. Made once for a state examined (in its [`Kept`]), when a visit of
/// the cells first asks.
pub(crate) struct Places {
    /// Words of 64 cells each, per type.
    words: usize,
    /// Piece type by piece type, `words` words each.
    kinds: Box<[u64]>,
}

impl Places {
    pub(crate) fn of(s: &State, kinds: usize) -> Places {
        let words = s.cells.len().div_ceil(64);
        let mut by_kind = vec![0u64; words * kinds].into_boxed_slice();
        for (c, p) in s.cells.iter().enumerate() {
            if p.is_none() {
                continue;
            }
            if let Some(k) = by_kind.get_mut(usize::from(p.kind()) * words + c / 64) {
                *k |= 1u64 << (c % 64);
            }
        }
        Places {
            words,
            kinds: by_kind,
        }
    }

    /// The cells of word `w` whose top piece is of one of `kinds` (the sieve's other tests
    /// are still to be tried).
    #[inline]
    fn of_kinds(&self, kinds: Kinds, w: usize) -> u64 {
        let mut any = 0;
        for (i, &set) in kinds.0.iter().enumerate() {
            let mut set = set;
            while set != 0 {
                let k = i * 64 + set.trailing_zeros() as usize;
                set &= set - 1;
                // A type the game does not have stands nowhere.
                any |= self.kinds.get(k * self.words + w).copied().unwrap_or(0);
            }
        }
        any
    }
}

/// A visit of the cells a sieve tries, in order (see [`cells`]).
pub(crate) struct Visit<'s> {
    s: &'s State,
    sieve: Sieve,
    places: Option<&'s Places>,
    /// The next cell to try, or with `places` the next word.
    next: usize,
    /// With `places` (a sieve of types): the cells of the word begun at `base` still to
    /// try.
    bits: u64,
    base: usize,
}

impl Iterator for Visit<'_> {
    type Item = CellId;

    #[inline(always)]
    fn next(&mut self) -> Option<CellId> {
        let n = self.s.cells.len();
        let Some(places) = self.places else {
            while self.next < n {
                let c = self.next as CellId;
                self.next += 1;
                if self.sieve.tries(self.s, c) {
                    return Some(c);
                }
            }
            return None;
        };
        loop {
            while self.bits != 0 {
                let c = self.base + self.bits.trailing_zeros() as usize;
                self.bits &= self.bits - 1;
                if c < n && self.sieve.tries(self.s, c as CellId) {
                    return Some(c as CellId);
                }
            }
            if self.next >= places.words {
                return None;
            }
            // `places` is given only for a sieve of types.
            let kinds = self.sieve.kinds.unwrap_or(Kinds([0; 4]));
            self.bits = places.of_kinds(kinds, self.next);
            self.base = self.next * 64;
            self.next += 1;
        }
    }
}
