//! Where a candidate cell may be, read from the conjuncts of a condition that place it:
//! next to a cell (`adjacent(A, target)`), where a part of the board's geometry holds
//! with `A` as its other cell (`abs(measure(A) - measure(target)) <= 1`, a table of two
//! cells), in the columns or rows named (`column(target) == x or column(target) == x + 1`).
//! A visit of every cell (a drop, a move `anywhere`, an action on cells) then tries only
//! the cells each of them allows, in the order of their numbers: the others cannot satisfy
//! the condition, which is still asked whole at the cells tried.

use super::{compile, table, Code, Compiler};
use crate::eval::Ctx;
use crate::game::ruleset::Game;
use std::sync::Arc;
use tessel_lang::ir::{BinOp, CellId, Expr};

/// What is a visit's candidate cell, and what reads none: how a visit names its cell.
pub(super) type Candidate = (fn(&Expr) -> bool, fn(&Expr) -> bool);

/// At most this many rows or columns named in one place.
const MOST_VALUES: usize = 8;

/// The places a condition allows its candidate cell, each worked out in play.
pub(crate) struct Within {
    places: Vec<Place>,
    /// The condition without the conjuncts the places stand for (none: nothing more),
    /// asked where every place was worked out exactly.
    pub(crate) rest: Option<Expr>,
}

enum Place {
    /// The cells next to the cell the code gives (none when it is off the board).
    Beside(Code),
    /// The cells where a table of two cells holds, the code giving the other: for each of
    /// its values on the board, `words` words of one bit per cell (off the board: every
    /// cell, as the table is not asked there).
    Table {
        other: Code,
        bits: Arc<[u64]>,
        words: usize,
    },
    /// The cells whose row (or column) is one of the values the codes give; `lines` the
    /// cells of each value of the coordinate, `words` words of one bit per cell each (none
    /// for a board whose coordinates go too high: every cell is looked at).
    Coord {
        row: bool,
        values: Vec<Code>,
        lines: Option<Vec<u64>>,
    },
}

/// The highest coordinate [`Place::Coord`] keeps the cells of.
const MOST_LINES: usize = 256;

/// The cells of each value of a coordinate (`row`), `n.div_ceil(64)` words each: none if
/// a coordinate goes past [`MOST_LINES`].
fn lines(coords: &[(u16, u16)], row: bool) -> Option<Vec<u64>> {
    let words = coords.len().div_ceil(64);
    let of = |c: usize| usize::try_from(crate::reads::coordinate(coords, c as i64, row)).ok();
    let most = (0..coords.len()).filter_map(of).max().unwrap_or(0);
    if most >= MOST_LINES {
        return None;
    }
    let mut bits = vec![0u64; (most + 1) * words];
    for c in 0..coords.len() {
        let v = of(c)?;
        bits[v * words + c / 64] |= 1 << (c % 64);
    }
    Some(bits)
}

/// A set of cells, one bit each, 64 a word: on the stack for a board of up to 256 cells.
pub(crate) enum Cells {
    Small([u64; 4], usize),
    Large(Vec<u64>),
}

impl Cells {
    /// Every one of `n` cells.
    pub(crate) fn every(n: usize) -> Cells {
        let words = n.div_ceil(64);
        let mut set = if words <= 4 {
            Cells::Small([u64::MAX; 4], words)
        } else {
            Cells::Large(vec![u64::MAX; words])
        };
        if !n.is_multiple_of(64) {
            if let Some(last) = set.words_mut().last_mut() {
                *last = (1u64 << (n % 64)) - 1;
            }
        }
        set
    }

    fn words_mut(&mut self) -> &mut [u64] {
        match self {
            Cells::Small(w, n) => &mut w[..*n],
            Cells::Large(w) => w,
        }
    }

    pub(crate) fn words(&self) -> &[u64] {
        match self {
            Cells::Small(w, n) => &w[..*n],
            Cells::Large(w) => w,
        }
    }

    /// Whether cell `c` is in.
    #[inline]
    pub(crate) fn has(&self, c: CellId) -> bool {
        self.words()
            .get(c as usize / 64)
            .is_some_and(|w| w >> (c % 64) & 1 == 1)
    }

    /// Keeps only the cells also in `other` (as many words, or fewer: the rest go).
    fn keep(&mut self, other: &[u64]) {
        let mine = self.words_mut();
        for (i, w) in mine.iter_mut().enumerate() {
            *w &= other.get(i).copied().unwrap_or(0);
        }
    }
}

impl Within {
    /// The cells every place allows in the context `cx` (its candidate cell not yet set),
    /// and whether they are exactly the cells where the conjuncts the places stand for
    /// hold (so that [`Within::rest`] may be asked instead of the whole condition): not
    /// when a table's other cell is off the board.
    pub(crate) fn cells(&self, g: &Game, cx: &Ctx) -> (Cells, bool) {
        let n = cx.s.cells.len();
        let words = n.div_ceil(64);
        let mut set = Cells::every(n);
        let mut exact = true;
        for place in &self.places {
            match place {
                Place::Beside(a) => {
                    let a = a(g, cx);
                    let mut next = Cells::every(n);
                    next.words_mut().iter_mut().for_each(|w| *w = 0);
                    if (0..n as i64).contains(&a) {
                        for t in g.bd(cx.s).neighbours(a as CellId) {
                            if let Some(w) = next.words_mut().get_mut(t as usize / 64) {
                                *w |= 1 << (t % 64);
                            }
                        }
                    }
                    set.keep(next.words());
                }
                Place::Table {
                    other,
                    bits: table,
                    words: w,
                } => {
                    let a = other(g, cx);
                    if *w == words && (0..n as i64).contains(&a) {
                        set.keep(&table[a as usize * words..(a as usize + 1) * words]);
                    } else {
                        exact = false;
                    }
                }
                // The cells of each value given, together (a board of up to 256 cells).
                Place::Coord {
                    values,
                    lines: Some(lines),
                    ..
                } if words <= 4 => {
                    let mut on = [0u64; 4];
                    for v in values {
                        let line = usize::try_from(v(g, cx)).ok().and_then(|i| {
                            let at = i.checked_mul(words)?;
                            lines.get(at..at.checked_add(words)?)
                        });
                        for (w, l) in on.iter_mut().zip(line.unwrap_or_default()) {
                            *w |= l;
                        }
                    }
                    set.keep(&on[..words]);
                }
                Place::Coord { row, values, .. } => by_coordinate(g, cx, &mut set, *row, values),
            }
        }
        (set, exact)
    }
}

/// Keeps in `set` the cells whose coordinate (`row`) is one of the values the codes give,
/// looking at every cell.
fn by_coordinate(g: &Game, cx: &Ctx, set: &mut Cells, row: bool, values: &[Code]) {
    let mut known = [0i64; MOST_VALUES];
    for (k, v) in known.iter_mut().zip(values) {
        *k = v(g, cx);
    }
    let known = &known[..values.len()];
    let words = set.words_mut();
    for c in 0..cx.s.cells.len() {
        if !known.contains(&g.coordinate(c as i64, row)) {
            words[c / 64] &= !(1 << (c % 64));
        }
    }
}

impl Within {
    /// [`Within::cells`], with what is to be asked there: the rest of the condition where
    /// they are exact, the whole condition (`whole`) where not.
    #[inline]
    pub(crate) fn placed<'a>(
        &'a self,
        g: &Game,
        cx: &Ctx,
        whole: Option<&'a Expr>,
    ) -> (Cells, Option<&'a Expr>) {
        let (cells, exact) = self.cells(g, cx);
        (cells, if exact { self.rest.as_ref() } else { whole })
    }
}

/// The cells set in `bits`, in order.
pub(crate) fn ones(bits: &[u64]) -> impl Iterator<Item = CellId> + '_ {
    bits.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros();
                w &= w - 1;
                (i * 64 + b as usize) as CellId
            })
        })
    })
}

/// The places the conjuncts of `cond` allow its candidate cell (what `candidate` says is
/// it), if any does; the other cells they name must read no candidate (`free`). The rest
/// of the condition is compiled (as an action's cell part, if `cell_part`).
pub(super) fn within(
    l: &mut Compiler,
    cond: &Expr,
    (candidate, free): Candidate,
    cell_part: bool,
) -> Option<Within> {
    let mut parts = Vec::new();
    conjuncts(cond, &mut parts);
    let mut places = Vec::new();
    let mut rest: Option<Expr> = None;
    for e in parts {
        match place(l, e, candidate, free) {
            Some(p) => places.push(p),
            None => {
                rest = Some(match rest {
                    Some(r) => Expr::Bin(BinOp::And, Box::new(r), Box::new(e.clone())),
                    None => e.clone(),
                })
            }
        }
    }
    if places.is_empty() {
        return None;
    }
    if let Some(r) = &mut rest {
        l.put_as(r, cell_part);
    }
    Some(Within { places, rest })
}

/// The parts of a condition joined by `and`, seen through the wrappers of the analyses.
fn conjuncts<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Bin(BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        Expr::Same(_, x) | Expr::Code(_, x) => conjuncts(x, out),
        other => out.push(other),
    }
}

fn place(
    l: &mut Compiler,
    e: &Expr,
    candidate: fn(&Expr) -> bool,
    free: fn(&Expr) -> bool,
) -> Option<Place> {
    if let Expr::Adjacent(a, b) = e {
        let other = match (candidate(a), candidate(b)) {
            (true, false) => b,
            (false, true) => a,
            _ => return None,
        };
        return free(other).then(|| Place::Beside(compile(l, other)));
    }
    if let Some((row, values)) = coords(e, candidate, free).filter(|(_, v)| v.len() <= MOST_VALUES)
    {
        let values = values.into_iter().map(|v| compile(l, v)).collect();
        let lines = lines(&l.geometry.coords, row);
        return Some(Place::Coord { row, values, lines });
    }
    let (other, bits, words) = table::rows(l, e, candidate, free)?;
    Some(Place::Table {
        other: compile(l, &other),
        bits,
        words,
    })
}

/// `row(c) == v` (or `column`, or `v == row(c)`) for the candidate `c`, or several such
/// of one coordinate joined by `or`: which coordinate, and the values.
fn coords<'e>(
    e: &'e Expr,
    candidate: fn(&Expr) -> bool,
    free: fn(&Expr) -> bool,
) -> Option<(bool, Vec<&'e Expr>)> {
    match e {
        Expr::Bin(BinOp::Or, a, b) => {
            let (ra, mut va) = coords(a, candidate, free)?;
            let (rb, vb) = coords(b, candidate, free)?;
            (ra == rb).then(|| {
                va.extend(vb);
                (ra, va)
            })
        }
        Expr::Bin(BinOp::Eq, a, b) => {
            let at = |x: &'e Expr| match x {
                Expr::Row(c) if candidate(c) => Some(true),
                Expr::Column(c) if candidate(c) => Some(false),
                _ => None,
            };
            match (at(a), at(b)) {
                (Some(row), None) if free(b) => Some((row, vec![&**b])),
                (None, Some(row)) if free(a) => Some((row, vec![&**a])),
                _ => None,
            }
        }
        Expr::Same(_, x) | Expr::Code(_, x) => coords(x, candidate, free),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_set_come_in_order_across_words() {
        let bits = [0b1010u64, 1 << 63, 0, 1];
        let got: Vec<CellId> = ones(&bits).collect();
        assert_eq!(got, [1, 3, 127, 192]);
    }

    #[test]
    fn columns_or_rows_named_by_equalities_are_found_and_mixed_ones_are_not() {
        let b = Box::new;
        let is_to = |e: &Expr| matches!(e, Expr::To | Expr::Target);
        let free = |e: &Expr| !matches!(e, Expr::To | Expr::Target);
        let col = |v: Expr| Expr::Bin(BinOp::Eq, b(Expr::Column(b(Expr::To))), b(v));
        let row = |v: Expr| Expr::Bin(BinOp::Eq, b(v), b(Expr::Row(b(Expr::Target))));
        let or = |x: Expr, y: Expr| Expr::Bin(BinOp::Or, b(x), b(y));
        let either_column = or(col(Expr::Var(0)), col(Expr::Int(2)));
        let found = coords(&either_column, is_to, free);
        assert_eq!(found.map(|(r, v)| (r, v.len())), Some((false, 2)));
        assert_eq!(
            coords(&row(Expr::Var(1)), is_to, free).map(|(r, _)| r),
            Some(true)
        );
        assert!(coords(&or(col(Expr::Var(0)), row(Expr::Var(1))), is_to, free).is_none());
        assert!(coords(&col(Expr::Row(b(Expr::To))), is_to, free).is_none());
    }
}
