//! The parts of conditions that read no candidate cell, worked out once per examined state:
//! which parts are wrapped in [`Expr::Memo`] slots when a game is prepared ([`prepare`]),
//! and the slots' values while one state is examined ([`Kept`]), with the groups found
//! and where the pieces stand.
//!
//! Invariant: a [`Kept`] belongs to one `&State` for as long as that state is borrowed
//! (so it cannot change), one player as `mover` and one `no_moves` answer. A slot's value
//! depends on nothing else: a wrapped part reads no `to`, `from`, `target`, `steps` or
//! moving piece (a `to` bound inside it by `any_cell`, `around` and the like excepted).
//! Evaluation outside a [`Kept`], or with another mover, works the part out afresh.
//! Statements are never wrapped: they run on a state that changes under them.

use crate::compile::{Places, Sieve};
use crate::game::ruleset::Game;
use crate::state::State;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use tessel_lang::ast::AreaChange;
use tessel_lang::ir::{Atom, BinOp, CellId, Expr, PlayerId};

/// The slot values of one examined state, filled as they are first asked, and the groups
/// found in it (`groups.rs`).
pub(crate) struct Kept {
    pub(crate) mover: PlayerId,
    pub(crate) no_moves: Option<bool>,
    /// How many slots the game has.
    count: usize,
    /// The slots' values, [`UNKNOWN`] until first asked: made with the `Kept`
    /// ([`Kept::new`]), read at once; or empty, and the table made in `later` when a slot
    /// is first filled ([`Kept::sparing`]).
    slots: Box<[Cell<i64>]>,
    later: OnceCell<Box<[Cell<i64>]>>,
    pub(crate) groups: crate::groups::Memo,
    /// How many piece types the game has, and where the pieces stand (made when a visit
    /// of the cells first asks: `compile/sieve.rs`).
    kinds: usize,
    places: OnceCell<Places>,
    /// The cells sieves of per-cell variables try, listed when first asked (the actions
    /// on every cell of a game ask the same sieve in turn).
    sieved: RefCell<Vec<(Sieve, Rc<[CellId]>)>>,
}

impl Kept {
    /// The values kept for a state that many conditions are asked of (move generation):
    /// the table is made at once, and a value known is read straight from it.
    pub(crate) fn new(game: &Game, mover: PlayerId, no_moves: Option<bool>) -> Kept {
        let mut kept = Kept::sparing(game, mover, no_moves);
        kept.slots = table(game.memo_slots);
        kept
    }

    /// The values kept for a state asked a condition or two (a `forbid` rule's look at
    /// each candidate decision, the endings): no table is made unless a slot is filled,
    /// and a value is read through [`Kept::get`].
    pub(crate) fn sparing(game: &Game, mover: PlayerId, no_moves: Option<bool>) -> Kept {
        Kept {
            mover,
            no_moves,
            count: game.memo_slots,
            slots: Box::default(),
            later: OnceCell::new(),
            groups: crate::groups::Memo::per_state(),
            kinds: game.program.pieces.len(),
            places: OnceCell::new(),
            sieved: RefCell::new(Vec::new()),
        }
    }

    /// The cells sieve `v` tries in `s`, the state this belongs to, listed the first time
    /// it is asked (for sieves of per-cell variables, which read every cell).
    pub(crate) fn sieved(&self, s: &State, v: Sieve) -> Rc<[CellId]> {
        let mut lists = self.sieved.borrow_mut();
        if let Some((_, l)) = lists.iter().find(|(w, _)| *w == v) {
            return l.clone();
        }
        let l: Rc<[CellId]> = crate::compile::cells(s, v, Some(self)).collect();
        lists.push((v, l.clone()));
        l
    }

    /// Where the pieces of `s`, the state this belongs to, stand.
    #[inline]
    pub(crate) fn places(&self, s: &State) -> &Places {
        self.places.get_or_init(|| Places::of(s, self.kinds))
    }

    /// The value in slot `i` if a table made with the `Kept` holds it; else [`UNKNOWN`]
    /// (ask [`Kept::get`]).
    #[inline(always)]
    pub(crate) fn known(&self, i: u32) -> i64 {
        self.slots.get(i as usize).map_or(UNKNOWN, Cell::get)
    }

    /// The value in slot `i`, worked out by `work` the first time (which may fill other
    /// slots: nothing is borrowed while it runs).
    #[inline]
    pub(crate) fn get(&self, i: u32, work: impl FnOnce() -> i64) -> i64 {
        let sparing = self.slots.is_empty();
        let v = match self.later.get() {
            Some(t) if sparing => t.get(i as usize).map_or(UNKNOWN, Cell::get),
            _ => self.known(i),
        };
        if v != UNKNOWN {
            return v;
        }
        let v = work();
        let table = match sparing {
            true => self
                .later
                .get_or_init(|| vec![Cell::new(UNKNOWN); self.count].into_boxed_slice()),
            false => &self.slots,
        };
        if let Some(known) = table.get(i as usize) {
            known.set(v);
        }
        v
    }
}

impl Drop for Kept {
    #[inline]
    fn drop(&mut self) {
        if self.slots.is_empty() {
            return;
        }
        let slots = std::mem::take(&mut self.slots);
        SPARE_TABLES.with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < SPARE_MOST {
                spare.push(slots);
            }
        });
    }
}

thread_local! {
    /// The tables of [`Kept::new`]s gone, for the next ones (one is made for every
    /// decision's move generation, one after another on a thread): none is allocated for
    /// each.
    static SPARE_TABLES: RefCell<Vec<Box<[Cell<i64>]>>> = const { RefCell::new(Vec::new()) };
}

/// How many spare tables a thread keeps (a look-ahead holds a few [`Kept`]s at once).
const SPARE_MOST: usize = 8;

/// A table of `count` slots, none worked out: a spare one of that size if there is one.
fn table(count: usize) -> Box<[Cell<i64>]> {
    let spare = SPARE_TABLES.with(|spare| {
        let mut spare = spare.borrow_mut();
        let i = spare.iter().rposition(|t| t.len() == count)?;
        Some(spare.swap_remove(i))
    });
    match spare {
        Some(t) => {
            t.iter().for_each(|c| c.set(UNKNOWN));
            t
        }
        None => vec![Cell::new(UNKNOWN); count].into_boxed_slice(),
    }
}

/// A slot not yet worked out. (A part whose value is this number is worked out at every
/// ask: slower, never wrong.)
pub(crate) const UNKNOWN: i64 = i64::MIN;

/// What a part of an expression reads besides the state and the mover.
const READS_TO: u8 = 1;
/// `from`, `target`, `steps`, the moving piece, or an attack (asked about a cell).
const READS_MOVE: u8 = 2;

#[derive(Clone, Copy)]
struct Info {
    reads: u8,
    /// It holds a part that visits many cells or pieces, or many parts: worth keeping.
    costly: bool,
    /// How many parts it has (itself included).
    size: u32,
    /// It holds a loop over cells or pieces.
    loops: bool,
    /// It is one.
    is_loop: bool,
}

/// An expression of this many parts or more is worth keeping even with no loop inside.
const WORTH_KEEPING: u32 = 5;

/// The slots found so far, one for each distinct wrapped part.
struct Slots {
    of: HashMap<Expr, u32>,
    /// The numbers of [`Expr::Same`]: the conditions and values of group queries.
    same: HashMap<Expr, u32>,
    /// The board's cells, for [`cost`].
    cells: u64,
}

impl Slots {
    fn wrap(&mut self, e: &mut Expr) {
        if matches!(e, Expr::Memo(..)) {
            return;
        }
        let inner = std::mem::replace(e, Expr::Bool(false));
        let n = self.of.len() as u32;
        let slot = *self.of.entry(inner.clone()).or_insert(n);
        *e = Expr::Memo(slot, Box::new(inner));
    }

    /// Wraps the parts of `e` worth keeping; tells what `e` reads.
    fn visit(&mut self, e: &mut Expr) -> Info {
        use Expr as E;
        let own = match e {
            E::To => READS_TO,
            E::From | E::Target | E::Steps | E::Jumped | E::Jumps | E::Fresh | E::Attacked(_) => {
                READS_MOVE
            }
            _ => 0,
        };
        // Which children are read with `to` bound to each cell in turn.
        let binds: &[usize] = match e {
            E::AnyCell(_) | E::CountCells(_) => &[0],
            E::MaxCells(..) | E::SumCells(..) => &[0, 1],
            E::Around(..) | E::Sections(..) | E::SectionSize(..) => &[1],
            E::SectionTotal(..) | E::SectionsOf(..) | E::SectionCell(..) | E::SectionBorder(..) => {
                &[1, 2]
            }
            E::InLine(..) | E::CountBetween(..) => &[2],
            E::Along(..) => &[1, 2],
            E::Line(..) => &[1],
            _ => &[],
        };
        let loops = matches!(
            e,
            E::Where(..)
                | E::Count(..)
                | E::CellAt(..)
                | E::Material
                | E::AnyCell(_)
                | E::CountCells(_)
                | E::MaxCells(..)
                | E::SumCells(..)
                | E::Sections(..)
                | E::SectionsOf(..)
                | E::SectionSize(..)
                | E::SectionCell(..)
                | E::SectionBorder(..)
                | E::Repeated(_)
                | E::SectionTotal(..)
                | E::Distance(..)
                | E::InLine(..)
                | E::CountBetween(..)
                | E::Along(..)
                | E::Line(..)
                | E::Checked
                | E::CheckedOf(_)
                | E::AreaCan(..)
        );
        let infos: Vec<Info> = children_mut(e).into_iter().map(|c| self.visit(c)).collect();
        let reads = infos.iter().enumerate().fold(own, |r, (i, info)| {
            r | if binds.contains(&i) {
                info.reads & !READS_TO
            } else {
                info.reads
            }
        });
        let size = infos.iter().fold(1u32, |n, i| n.saturating_add(i.size));
        let costly = loops || size >= WORTH_KEEPING || infos.iter().any(|i| i.costly);
        // The parts a group query labels or sums by are named by what they say, so that
        // equal ones written apart share one labelling (`groups.rs`).
        let named: Vec<&mut Box<Expr>> = match e {
            E::SectionTotal(_, a, b)
            | E::SectionsOf(_, a, b)
            | E::SectionCell(_, a, b)
            | E::SectionBorder(_, a, b) => vec![a, b],
            E::SectionSize(_, a) => vec![a],
            _ => Vec::new(),
        };
        for x in named {
            if !matches!(**x, E::Same(..)) {
                let inner = std::mem::replace(&mut **x, E::Bool(false));
                let n = self.same.len() as u32;
                let id = *self.same.entry(inner.clone()).or_insert(n);
                **x = E::Same(id, Box::new(inner));
            }
        }
        // The largest parts that read no cell get a slot; inside a part that reads none, so
        // do the loops, which other conditions may share, and inside a loop the parts that
        // read none of its cells. (Not every part that holds a loop: the part that reads
        // none is worked out once already, and a slot at each level between would be
        // filled in turn, each a step more.)
        for (c, info) in children_mut(e).into_iter().zip(&infos) {
            if info.reads == 0 && info.costly && (reads != 0 || loops || info.is_loop) {
                self.wrap(c);
            }
        }
        Info {
            reads,
            costly,
            size,
            loops: loops || infos.iter().any(|i| i.loops),
            is_loop: loops,
        }
    }

    /// Wraps the parts of a condition (not the whole: it is asked once a state where no
    /// part reads a cell); then orders its `and` and `or` chains cheapest first.
    fn condition(&mut self, e: &mut Expr) {
        self.visit(e);
        cheapest_first(e, self.cells);
    }
}

/// A rough count of the steps evaluating `e` takes on a board of `cells` cells: what
/// [`cheapest_first`] orders by. A kept part counts as cheap: it is worked out once a state.
fn cost(e: &Expr, cells: u64) -> u64 {
    use Expr as E;
    let inner = |x: &Expr| cost(x, cells);
    let own = match e {
        // A kept value is worked out once a state and read by the other parts that share
        // it: its cost is shared too. But reading it back costs more than a comparison of
        // two values read in one step (`decisions >= 1`: 3), which goes first, however
        // small what it keeps (kept parts inside kept parts); and where no values are kept
        // (a turn's `pass if`) it is worked out each time it is asked.
        E::Memo(_, inner) => return (2 + cost(inner, cells) / 8).max(4),
        E::AnyCell(c) | E::CountCells(c) => return 1 + cells * inner(c),
        E::MaxCells(c, v) | E::SumCells(c, v) => return 1 + cells * (inner(c) + inner(v)),
        E::Around(c, cond) => return 1 + inner(c) + 6 * inner(cond),
        E::InLine(a, b, cond) | E::CountBetween(a, b, cond) => {
            return 1 + inner(a) + inner(b) + 8 * inner(cond)
        }
        E::Line(c, _, cond) => return 1 + inner(c) + 8 * inner(cond),
        E::Along(w) => {
            let closed = w.closed.as_deref().map_or(0, inner);
            return 1 + inner(&w.from) + 8 * (inner(&w.cond) + closed);
        }
        E::Sections(c, cond) | E::SectionSize(c, cond) => {
            return 1 + inner(c) + cells * inner(cond)
        }
        E::SectionTotal(c, cond, v)
        | E::SectionsOf(c, cond, v)
        | E::SectionCell(c, cond, v)
        | E::SectionBorder(c, cond, v) => return 1 + inner(c) + cells * (inner(cond) + inner(v)),
        E::Repeated(_) => cells,
        // Asks the drawn area about two tessels' rings (worked out when first asked): as
        // dear as a few dozen reads; a merge's answer is kept for the area, pair by pair,
        // so it goes before the others.
        E::AreaCan(AreaChange::Merge, ..) => 24,
        E::AreaCan(..) => 32,
        E::Where(..) | E::Count(..) | E::CellAt(..) | E::Material | E::Distance(..) => cells,
        E::Checked | E::Attacked(_) | E::CheckedOf(_) => 4 * cells,
        // A whole move generation of the next player, each decision played out.
        E::NoReply => 64 * cells * cells,
        _ => 1,
    };
    let mut n = own;
    for c in children(e) {
        n = n.saturating_add(cost(c, cells));
    }
    n.min(u64::MAX / 2)
}

/// Orders every `and` chain and every `or` chain in `e` cheapest part first (stable: parts
/// of equal cost keep their order). Evaluation has no side effects and no errors, so the
/// value is the same; the first false part of an `and` (true of an `or`) ends it sooner.
fn cheapest_first(e: &mut Expr, cells: u64) {
    for c in children_mut(e) {
        cheapest_first(c, cells);
    }
    let Expr::Bin(op @ (BinOp::And | BinOp::Or), ..) = e else {
        return;
    };
    let op = *op;
    let mut parts = Vec::new();
    chain(std::mem::replace(e, Expr::Bool(false)), op, &mut parts);
    parts.sort_by_cached_key(|p| cost(p, cells));
    let mut parts = parts.into_iter().rev();
    let mut joined = parts.next().unwrap_or(Expr::Bool(op == BinOp::And));
    for p in parts {
        joined = Expr::Bin(op, Box::new(p), Box::new(joined));
    }
    *e = joined;
}

/// The parts of a chain of one operator, in order.
fn chain(e: Expr, op: BinOp, out: &mut Vec<Expr>) {
    match e {
        Expr::Bin(o, a, b) if o == op => {
            chain(*a, op, out);
            chain(*b, op, out);
        }
        other => out.push(other),
    }
}

/// Wraps the parts of the game's conditions worth keeping once per state; returns how many
/// slots a [`Kept`] needs.
pub(crate) fn prepare(g: &mut Game) -> usize {
    let mut s = Slots {
        of: HashMap::new(),
        same: HashMap::new(),
        cells: g.board.cells() as u64,
    };
    for rule in g.rules.iter_mut().flatten().flatten() {
        for e in [&mut rule.guard, &mut rule.cond].into_iter().flatten() {
            s.condition(e);
        }
        if let Atom::Ride {
            not_past: Some(e), ..
        } = &mut rule.atom
        {
            s.condition(e);
        }
    }
    for e in g.fixed_guards.iter_mut() {
        s.condition(e);
    }
    for (guard, _, rest) in g.action_guard.iter_mut() {
        for e in [guard, rest].into_iter().flatten() {
            s.condition(e);
        }
    }
    let p = &mut g.program;
    for f in p.forbids.iter_mut() {
        s.condition(&mut f.cond);
    }
    for end in p.endings.iter_mut() {
        s.condition(&mut end.cond);
    }
    if let Some(e) = &mut p.turn.pass {
        s.condition(e);
    }
    for pr in p.pieces.iter_mut().flat_map(|k| k.promotions.iter_mut()) {
        s.condition(&mut pr.cond);
    }
    let mut reads = vec![false; s.same.len()];
    for (e, id) in &s.same {
        reads[*id as usize] = reads_move(e);
    }
    g.same_reads_move = reads;
    s.of.len()
}

/// Whether an expression reads `from`, `target`, `steps`, the moving piece or an attack
/// (anything of the candidate but `to`).
pub(crate) fn reads_move(e: &Expr) -> bool {
    matches!(
        e,
        Expr::From
            | Expr::Target
            | Expr::Steps
            | Expr::Jumped
            | Expr::Jumps
            | Expr::Fresh
            | Expr::Attacked(_)
    ) || children(e).into_iter().any(reads_move)
}

/// The expressions directly inside an expression, to be changed.
pub(crate) fn children_mut(e: &mut Expr) -> Vec<&mut Expr> {
    use Expr as E;
    match e {
        E::VarAt(_, x)
        | E::Not(x)
        | E::Neg(x)
        | E::In(x, _)
        | E::Empty(x)
        | E::Friend(x, _)
        | E::Enemy(x, _)
        | E::Unmoved(x)
        | E::Attacked(x)
        | E::Height(x)
        | E::Neutral(x, _)
        | E::OwnerOf(x)
        | E::Holds(x, _)
        | E::Walk(x, _)
        | E::AnyCell(x)
        | E::CountCells(x)
        | E::Row(x)
        | E::Column(x)
        | E::Abs(x)
        | E::Splits(x)
        | E::Drawn(x)
        | E::Memo(_, x)
        | E::Same(_, x)
        | E::Code(_, x)
        | E::CheckedOf(x)
        | E::Where(_, x) => vec![x],
        E::Held(_, _, w) | E::Count(_, w) => w.as_deref_mut().into_iter().collect(),
        E::PiecesAt(c, w) => std::iter::once(&mut **c).chain(w.as_deref_mut()).collect(),
        E::Min(a, b)
        | E::Max(a, b)
        | E::Bin(_, a, b)
        | E::Adjacent(a, b)
        | E::AdjacentVia(a, b, _)
        | E::CellAt(a, b)
        | E::Around(a, b)
        | E::Sections(a, b)
        | E::SectionSize(a, b)
        | E::MaxCells(a, b)
        | E::SumCells(a, b)
        | E::Distance(a, b, _)
        | E::Line(a, _, b)
        | E::AreaCan(_, a, b) => vec![a, b],
        E::SectionTotal(a, b, c)
        | E::SectionsOf(a, b, c)
        | E::SectionCell(a, b, c)
        | E::SectionBorder(a, b, c)
        | E::Either(a, b, c)
        | E::InLine(a, b, c)
        | E::CountBetween(a, b, c) => vec![a, b, c],
        E::Along(w) => [&mut w.from, &mut w.cond]
            .into_iter()
            .map(|b| &mut **b)
            .chain(w.closed.as_deref_mut())
            .collect(),
        E::Int(_)
        | E::Bool(_)
        | E::Cell(_)
        | E::Piece(_)
        | E::Player(_)
        | E::From
        | E::To
        | E::Target
        | E::Mover
        | E::Opponent
        | E::Ply
        | E::Var(_)
        | E::Checked
        | E::NoMoves
        | E::NoReply
        | E::Captured
        | E::Moved(_)
        | E::Decisions
        | E::Steps
        | E::Jumped
        | E::Jumps
        | E::Passed
        | E::Material
        | E::TurnPlayer
        | E::Repeated(_)
        | E::Fresh => Vec::new(),
    }
}

/// The expressions directly inside an expression (also what `game/build.rs` reads).
pub(crate) fn children(e: &Expr) -> impl Iterator<Item = &Expr> {
    use Expr as E;
    let parts: [Option<&Expr>; 3] = match e {
        E::VarAt(_, x)
        | E::Not(x)
        | E::Neg(x)
        | E::In(x, _)
        | E::Empty(x)
        | E::Friend(x, _)
        | E::Enemy(x, _)
        | E::Unmoved(x)
        | E::Attacked(x)
        | E::Height(x)
        | E::Neutral(x, _)
        | E::OwnerOf(x)
        | E::Holds(x, _)
        | E::Walk(x, _)
        | E::AnyCell(x)
        | E::CountCells(x)
        | E::Row(x)
        | E::Column(x)
        | E::Abs(x)
        | E::Splits(x)
        | E::Drawn(x)
        | E::Memo(_, x)
        | E::Same(_, x)
        | E::Code(_, x)
        | E::CheckedOf(x)
        | E::Where(_, x) => [Some(x), None, None],
        E::Held(_, _, w) | E::Count(_, w) => [w.as_deref(), None, None],
        E::PiecesAt(c, w) => [Some(c), w.as_deref(), None],
        E::Min(a, b)
        | E::Max(a, b)
        | E::Bin(_, a, b)
        | E::Adjacent(a, b)
        | E::AdjacentVia(a, b, _)
        | E::CellAt(a, b)
        | E::Around(a, b)
        | E::Sections(a, b)
        | E::SectionSize(a, b)
        | E::MaxCells(a, b)
        | E::SumCells(a, b)
        | E::Distance(a, b, _)
        | E::Line(a, _, b)
        | E::AreaCan(_, a, b) => [Some(a), Some(b), None],
        E::SectionTotal(a, b, c)
        | E::SectionsOf(a, b, c)
        | E::SectionCell(a, b, c)
        | E::SectionBorder(a, b, c)
        | E::Either(a, b, c)
        | E::InLine(a, b, c)
        | E::CountBetween(a, b, c) => [Some(a), Some(b), Some(c)],
        E::Along(w) => [Some(&w.from), Some(&w.cond), w.closed.as_deref()],
        E::Int(_)
        | E::Bool(_)
        | E::Cell(_)
        | E::Piece(_)
        | E::Player(_)
        | E::From
        | E::To
        | E::Target
        | E::Mover
        | E::Opponent
        | E::Ply
        | E::Var(_)
        | E::Checked
        | E::NoMoves
        | E::NoReply
        | E::Captured
        | E::Moved(_)
        | E::Decisions
        | E::Steps
        | E::Jumped
        | E::Jumps
        | E::Passed
        | E::Material
        | E::TurnPlayer
        | E::Repeated(_)
        | E::Fresh => [None, None, None],
    };
    parts.into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessel_lang::{compile, MapLoader};

    fn game(rules: &str) -> Game {
        let program = compile("memo", rules, &MapLoader(Default::default()), &[])
            .program
            .expect("the rules are valid");
        Game::new(program)
    }

    const RULES: &str = r#"
        game "Memo"
        players white black
        board grid 4 x 4
        piece man M m {
          move step n e s w if count(man, mover) > 1 and empty(to)
            and any_cell(friend(to)) and count_cells(enemy(to)) < column(to) + 2
        }
        start "m3/4/4/MM2 w"
    "#;

    #[test]
    fn the_parts_that_read_no_cell_get_shared_slots() {
        let g = game(RULES);
        let rule = &g.rules[0][0][0];
        let text = format!("{:?} {:?} {:?}", g.fixed_guards, rule.guard, rule.cond);
        // `count(man, mover)` and `any_cell(friend(to))` (the loops of the rule's fixed
        // guard, which other conditions may share; not `count(man, mover) > 1`, which
        // holds one and is worked out once with the guard) and `count_cells(enemy(to))`
        // read no candidate cell; `column(to) + 2` does.
        assert_eq!(text.matches("Memo(").count(), 3, "{text}");
        assert!(text.contains("Bin(Gt, Memo(1, Count("), "{text}");
        assert_eq!(g.memo_slots, 3);
        assert!(
            text.contains("Memo(0, CountCells(Enemy(To, None)))"),
            "{text}"
        );
        assert!(text.contains("Column(To)"), "{text}");
    }

    #[test]
    fn kept_values_change_nothing() {
        let g = game(RULES);
        let s = g.start_state(1).expect("a start");
        let mut plain = Vec::new();
        let mut tmp = s.clone();
        g.legal_moves(&s, &mut plain, &mut tmp);
        // The same conditions evaluated afresh, cell by cell, give the same moves.
        let rule = &g.rules[0][0][0];
        let cond = rule.cond.as_ref().expect("a condition");
        let kept = Kept::new(&g, s.to_move, None);
        for to in 0..16 {
            let cx = g.ctx(&s, s.to_move, 12, to, None);
            assert_eq!(g.eval(cond, &cx), g.eval(cond, &cx.keeping(&kept)));
        }
        assert_eq!(plain.len(), 3, "{plain:?}");
    }

    #[test]
    fn a_sparing_kept_makes_its_table_when_first_filled_and_keeps_what_it_holds() {
        let g = game(RULES);
        for kept in [Kept::new(&g, 0, None), Kept::sparing(&g, 0, None)] {
            let worked = Cell::new(0);
            let work = || {
                worked.set(worked.get() + 1);
                7
            };
            assert_eq!(kept.get(2, work), 7);
            assert_eq!(kept.get(2, work), 7);
            assert_eq!(worked.get(), 1);
            // Only a table made with the Kept is read without asking.
            assert_eq!(kept.known(2) == 7, !kept.slots.is_empty());
            // A slot past the table is worked out each time.
            assert_eq!(kept.get(99, work), 7);
            assert_eq!(kept.get(99, work), 7);
            assert_eq!(worked.get(), 3);
        }
        // A table given back is given out again with nothing in it.
        let kept = Kept::new(&g, 0, None);
        assert_eq!(kept.known(2), UNKNOWN);
    }

    #[test]
    fn values_kept_for_one_mover_are_not_read_for_another() {
        let g = game(RULES);
        let s = g.start_state(1).expect("a start");
        let rule = &g.rules[0][0][0];
        let guard = &g.fixed_guards[rule.fixed.expect("a fixed guard")];
        // White has two men, black one: `count(man, mover) > 1` holds for white only.
        let white = Kept::new(&g, 0, None);
        let cx = g.ctx(&s, 0, 12, 8, None).keeping(&white);
        assert_eq!(g.eval(guard, &cx), 1);
        let black = g.ctx(&s, 1, 0, 4, None);
        assert_eq!(g.eval(guard, &black.keeping(&white)), 0);
        assert!(black.keeping(&white).kept.is_none());
        // Nor for another `no_moves` answer.
        let asked = g.ctx(&s, 0, 12, 8, Some(true));
        assert!(asked.keeping(&white).kept.is_none());
    }

    #[test]
    fn equal_group_conditions_written_apart_share_one_number() {
        let g = game(
            r#"
            game "Groups"
            players white black
            board grid 4 x 4
            piece man M m {
              move step n e s w if section_size(from, friend(to)) > 1
                and section_total(from, friend(to), 1) < 4 + column(to)
            }
            start "m3/4/4/MM2 w"
        "#,
        );
        let text = format!("{:?}", g.rules[0][0][0]);
        assert_eq!(
            text.matches("Same(0, Friend(To, None))").count(),
            2,
            "{text}"
        );
        assert!(text.contains("Same(1, Int(1))"), "{text}");
    }

    #[test]
    fn conditions_are_ordered_cheapest_first() {
        use tessel_lang::ir::BinOp;
        let b = Box::new;
        let costly = Expr::CountCells(b(Expr::Friend(b(Expr::To), None)));
        let cheap = Expr::Bin(BinOp::Eq, b(Expr::Var(0)), b(Expr::Int(1)));
        let mut e = Expr::Bin(BinOp::And, b(costly.clone()), b(cheap.clone()));
        cheapest_first(&mut e, 64);
        assert_eq!(e, Expr::Bin(BinOp::And, b(cheap.clone()), b(costly)));
        // A kept part, however small what it keeps (kept parts inside kept parts), goes
        // after a comparison of values read in one step: reading it back costs more, and
        // where no values are kept (a turn's `pass if`) it is worked out each time.
        let count = Expr::Count(Some(0), Some(b(Expr::Mover)));
        let kept = Expr::Memo(
            2,
            b(Expr::Bin(
                BinOp::Eq,
                b(Expr::Memo(1, b(Expr::Memo(0, b(count))))),
                b(Expr::Int(0)),
            )),
        );
        let mut e = Expr::Bin(BinOp::Or, b(kept.clone()), b(cheap.clone()));
        cheapest_first(&mut e, 64);
        assert_eq!(e, Expr::Bin(BinOp::Or, b(cheap), b(kept)));
    }
}
