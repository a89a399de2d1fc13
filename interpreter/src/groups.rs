//! Connected groups of cells under a condition, found once per evaluation: the memo
//! that `count_cells`, `section_total` and the like keep while they visit every cell, and
//! the group queries answered from it (`section_size`, `section_total`, `section_cell`,
//! `sections(CELL, CONDITION, GROUP)`, `section_border`), and the cells of one group
//! (`each cell in group of CELL where CONDITION`).
//!
//! A query asked for one cell after another (`count_cells(… section_total(to, …) …)`)
//! would search the same group again for each of its cells, and a query inside a query
//! would multiply the searches. Under a memo a group is found by one search the first time
//! one of its cells is asked about, labelling its cells (the condition asked at most once a
//! cell, and only at the groups asked about and the cells next to them), and each group's
//! answer is worked out the first time it is asked. The state
//! cannot change while an expression is evaluated, so the memo is good for as long as the
//! expression that made it, or, kept with a state's other values (`memo.rs`), for as long
//! as that state is examined, or, for the condition of a visit of every cell in a block
//! (`exec.rs`), from cell to cell until the block runs. It is keyed by the condition (and
//! the query's other expression) and by what else they may read: `mover`, the `no_moves`
//! answer, and only if they read them `from`, `target`, the move's `steps` and the moving
//! piece.

use crate::board::Board;
use crate::eval::Ctx;
use crate::game::ruleset::Game;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use tessel_lang::ir::{CellId, Expr, PlayerId, NO_CELL};

/// No group: the condition does not hold at the cell.
const NONE: u32 = u32::MAX;
/// Not looked at yet.
const UNKNOWN: u32 = u32::MAX - 1;

/// The groups of the cells where a condition holds, found as they are asked for: each
/// cell's group ([`NONE`], or [`UNKNOWN`] until a search has reached it) and each group's
/// cells, in board order, one group after another in one table. A group is found whole
/// by a search from the first of its cells asked about, which asks the condition only at
/// its cells and the cells next to them: groups never asked about cost nothing.
pub(crate) struct Labels {
    table: RefCell<Labelling>,
}

/// The tables of [`Labels`], borrowed a moment at a time.
#[derive(Default)]
struct Labelling {
    of: Vec<u32>,
    cells: Vec<CellId>,
    /// Where each group's cells start and end in `cells`.
    bounds: Vec<(u32, u32)>,
}

impl Labels {
    /// No cell of a board of `n` cells looked at yet.
    pub fn new(n: usize) -> Labels {
        Labels {
            table: RefCell::new(Labelling {
                of: vec![UNKNOWN; n],
                ..Default::default()
            }),
        }
    }

    /// The group of cell `c`, if the condition (`holds`) is true there; links are given
    /// by `neighbours`. The condition is asked at most once a cell, and the table is not
    /// borrowed while it is asked (it may ask for other groups).
    pub fn group<I: Iterator<Item = CellId>>(
        &self,
        c: CellId,
        mut holds: impl FnMut(CellId) -> bool,
        neighbours: impl Fn(CellId) -> I,
    ) -> Option<usize> {
        let known = |t: CellId| self.table.borrow().of.get(t as usize).copied();
        let label = |t: CellId, g: u32| self.table.borrow_mut().of[t as usize] = g;
        let found = |g: u32| (g != NONE).then_some(g as usize);
        match known(c)? {
            UNKNOWN => {}
            g => return found(g),
        }
        if !holds(c) {
            label(c, NONE);
            return None;
        }
        let (id, start) = {
            let t = self.table.borrow();
            (t.bounds.len() as u32, t.cells.len())
        };
        label(c, id);
        let mut stack = vec![c];
        while let Some(m) = stack.pop() {
            self.table.borrow_mut().cells.push(m);
            for t in neighbours(m) {
                if known(t) != Some(UNKNOWN) {
                    continue;
                }
                let h = holds(t);
                label(t, if h { id } else { NONE });
                if h {
                    stack.push(t);
                }
            }
        }
        let mut t = self.table.borrow_mut();
        let end = t.cells.len();
        t.cells[start..].sort_unstable();
        t.bounds.push((start as u32, end as u32));
        Some(id as usize)
    }

    /// The cells of group `g` (found by [`Labels::group`]), in board order: a copy, so
    /// that nothing is borrowed while they are visited.
    pub fn cells(&self, g: usize) -> Vec<CellId> {
        let t = self.table.borrow();
        let (a, b) = t.bounds.get(g).copied().unwrap_or((0, 0));
        t.cells[a as usize..b as usize].to_vec()
    }

    /// How many cells group `g` has.
    pub fn size(&self, g: usize) -> usize {
        self.table
            .borrow()
            .bounds
            .get(g)
            .map_or(0, |&(a, b)| (b - a) as usize)
    }
}

/// A condition and what it may read besides `to`: they name one labelling.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    /// The expression's number when it is a [`Expr::Same`] (`true`), else its address.
    named: bool,
    expr: usize,
    mover: PlayerId,
    no_moves: Option<bool>,
    /// `from`, `target`, `steps` and the moving piece, when the expression reads them.
    moving: Option<(CellId, CellId, u32, u16)>,
}

/// A query kept per group: its kind, its condition's key, its other expression's key.
type Query = (u8, Key, Key);

/// The groups found and the answers worked out while one expression is evaluated, or
/// while one state is examined.
#[derive(Default)]
pub(crate) struct Memo {
    /// Kept for a whole state's examination (`memo.rs`), not for one expression.
    pub(crate) per_state: bool,
    labels: RefCell<Table<Key, Rc<Labels>>>,
    /// Per query: an answer a group.
    answers: RefCell<Table<Query, Vec<Option<i64>>>>,
    /// Whether an expression reads `from`, `target`, `steps` or the moving piece.
    reads: RefCell<Table<(bool, usize), bool>>,
}

/// A hash table made for nothing (no random keys drawn: a memo is made for every state
/// examined and most are never asked) with a fast hash for small keys.
type Table<K, V> = HashMap<K, V, rustc_hash::FxBuildHasher>;

/// The kinds of answer kept per group.
const TOTAL: u8 = 0;
const TOUCHING: u8 = 1;
const FIRST: u8 = 2;
const BORDER: u8 = 3;

impl Memo {
    /// Whether nothing has been kept in it yet (it then answers as a new one would).
    pub(crate) fn is_empty(&self) -> bool {
        self.labels.borrow().is_empty()
            && self.answers.borrow().is_empty()
            && self.reads.borrow().is_empty()
    }

    /// A memo kept for a whole state's examination.
    pub(crate) fn per_state() -> Memo {
        Memo {
            per_state: true,
            ..Default::default()
        }
    }

    /// Whether a `section_size`, `section_total` or `section_border` is best answered from
    /// this memo. One kept for a whole state does not answer a query whose condition reads
    /// the candidate, not only `to`: it would keep groups for each candidate, each asked
    /// about once, and one search costs less. (Another expression that reads the
    /// candidate is answered per candidate, from the groups kept.)
    pub(crate) fn serves(&self, g: &Game, e: &Expr) -> bool {
        match e {
            _ if !self.per_state => true,
            Expr::SectionSize(_, cond)
            | Expr::SectionTotal(_, cond, _)
            | Expr::SectionBorder(_, cond, _) => !self.reads(g, cond),
            _ => true,
        }
    }

    /// Whether an expression reads `from`, `target`, `steps` or the moving piece (worked
    /// out once a game for a named part, once a memo for another).
    fn reads(&self, g: &Game, e: &Expr) -> bool {
        let (named, expr) = match e {
            Expr::Same(id, _) => match g.same_reads_move.get(*id as usize) {
                Some(&reads) => return reads,
                None => (true, *id as usize),
            },
            _ => (false, e as *const Expr as usize),
        };
        *self
            .reads
            .borrow_mut()
            .entry((named, expr))
            .or_insert_with(|| crate::memo::reads_move(e))
    }
}

fn key(g: &Game, memo: &Memo, e: &Expr, cx: &Ctx) -> Key {
    let (named, expr) = match e {
        Expr::Same(id, _) => (true, *id as usize),
        _ => (false, e as *const Expr as usize),
    };
    let reads = memo.reads(g, e);
    Key {
        named,
        expr,
        mover: cx.mover,
        no_moves: cx.no_moves,
        moving: reads.then_some((cx.from, cx.target, cx.steps, cx.moving.0)),
    }
}

impl Game {
    /// `f` with a memo: the one `cx` has, or a new one kept while `f` runs.
    pub(crate) fn with_memo<R>(&self, cx: &Ctx, f: impl FnOnce(&Ctx) -> R) -> R {
        if cx.memo.is_some() {
            f(cx)
        } else {
            let memo = Memo::default();
            f(&Ctx {
                memo: Some(&memo),
                ..*cx
            })
        }
    }

    /// The groups of `cond` (on `to`) under the memo, as found so far.
    fn labels(&self, memo: &Memo, cond: &Expr, cx: &Ctx) -> Rc<Labels> {
        let k = key(self, memo, cond, cx);
        if let Some(l) = memo.labels.borrow().get(&k) {
            return l.clone();
        }
        let n = self.bd(cx.s).cells().min(cx.s.cells.len());
        let l = Rc::new(Labels::new(n));
        memo.labels.borrow_mut().insert(k, l.clone());
        l
    }

    /// The group of cell `c` under `cond` (on `to`) in the labels `l`.
    fn group_in(&self, l: &Labels, c: CellId, cond: &Expr, cx: &Ctx) -> Option<usize> {
        let board: &Board = self.bd(cx.s);
        let holds = |t: CellId| self.eval(cond, &Ctx { to: t, ..*cx }) != 0;
        l.group(c, holds, |m| board.neighbours(m))
    }

    /// The answer of kind `kind` for group `g`, worked out by `work` the first time.
    fn per_group(&self, memo: &Memo, id: Query, g: usize, work: impl FnOnce() -> i64) -> i64 {
        let known = memo
            .answers
            .borrow()
            .get(&id)
            .and_then(|v| v.get(g).copied().flatten());
        if let Some(v) = known {
            return v;
        }
        let v = work();
        let mut answers = memo.answers.borrow_mut();
        let all = answers.entry(id).or_default();
        if all.len() <= g {
            all.resize(g + 1, None);
        }
        all[g] = Some(v);
        v
    }

    /// The group queries, answered under the memo (made here if `cx` has none).
    pub(crate) fn group_query(&self, e: &Expr, cx: &Ctx) -> i64 {
        self.with_memo(cx, |cx| {
            let memo = cx.memo.expect("with_memo gives a memo");
            let cell = |c: &Expr| {
                let c = self.eval(c, cx);
                (0..cx.s.cells.len() as i64)
                    .contains(&c)
                    .then_some(c as CellId)
            };
            match e {
                Expr::SectionSize(c, cond) => cell(c).map_or(0, |c| {
                    let l = self.labels(memo, cond, cx);
                    self.group_in(&l, c, cond, cx)
                        .map_or(0, |g| l.size(g) as i64)
                }),
                Expr::SectionTotal(c, cond, v) => cell(c).map_or(0, |c| {
                    let l = self.labels(memo, cond, cx);
                    let Some(g) = self.group_in(&l, c, cond, cx) else {
                        return 0;
                    };
                    let id = (TOTAL, key(self, memo, cond, cx), key(self, memo, v, cx));
                    self.per_group(memo, id, g, || {
                        l.cells(g)
                            .into_iter()
                            .map(|t| self.eval(v, &Ctx { to: t, ..*cx }))
                            .sum()
                    })
                }),
                Expr::SectionCell(c, cond, test) => cell(c).map_or(NO_CELL as i64, |c| {
                    let l = self.labels(memo, cond, cx);
                    let Some(g) = self.group_in(&l, c, cond, cx) else {
                        return NO_CELL as i64;
                    };
                    let id = (FIRST, key(self, memo, cond, cx), key(self, memo, test, cx));
                    self.per_group(memo, id, g, || {
                        l.cells(g)
                            .into_iter()
                            .find(|&t| self.eval(test, &Ctx { to: t, ..*cx }) != 0)
                            .map_or(NO_CELL as i64, |t| t as i64)
                    })
                }),
                Expr::SectionBorder(c, cond, test) => cell(c).map_or(0, |c| {
                    let l = self.labels(memo, cond, cx);
                    let Some(g) = self.group_in(&l, c, cond, cx) else {
                        return 0;
                    };
                    let id = (BORDER, key(self, memo, cond, cx), key(self, memo, test, cx));
                    self.per_group(memo, id, g, || self.border(&l.cells(g), test, cx))
                }),
                Expr::SectionsOf(c, cond, group) => cell(c).map_or(0, |c| {
                    let touching = self.labels(memo, cond, cx);
                    let board = self.bd(cx.s);
                    // The groups of `cond` next to these cells, other than at them.
                    let count = |cells: &[CellId]| {
                        let mut seen: Vec<usize> = cells
                            .iter()
                            .flat_map(|&m| board.neighbours(m))
                            .filter(|t| cells.binary_search(t).is_err())
                            .filter_map(|t| self.group_in(&touching, t, cond, cx))
                            .collect();
                        seen.sort_unstable();
                        seen.dedup();
                        seen.len() as i64
                    };
                    let own = self.labels(memo, group, cx);
                    match self.group_in(&own, c, group, cx) {
                        None => count(&[c]),
                        Some(g) => {
                            let id = (
                                TOUCHING,
                                key(self, memo, cond, cx),
                                key(self, memo, group, cx),
                            );
                            self.per_group(memo, id, g, || count(&own.cells(g)))
                        }
                    }
                }),
                _ => unreachable!("eval sends only group queries here"),
            }
        })
    }
}

impl Game {
    /// The group of the cell `c` names under `cond` (on `to`), found by a search from it,
    /// in board order; none when `c` is no cell or `cond` does not hold there.
    pub(crate) fn group_of(&self, c: &Expr, cond: &Expr, cx: &Ctx) -> Vec<CellId> {
        let c = self.eval(c, cx);
        if !(0..cx.s.cells.len() as i64).contains(&c) {
            return Vec::new();
        }
        let holds = |t: CellId| self.eval(cond, &Ctx { to: t, ..*cx }) != 0;
        let mut group = self.bd(cx.s).group(c as CellId, holds);
        group.sort_unstable();
        group
    }

    /// `section_border` for one group, found by a search from its cell (no memo).
    pub(crate) fn section_border_once(&self, c: &Expr, cond: &Expr, test: &Expr, cx: &Ctx) -> i64 {
        let group = self.group_of(c, cond, cx);
        if group.is_empty() {
            return 0;
        }
        self.with_memo(cx, |cx| self.border(&group, test, cx))
    }

    /// How many distinct cells next to the `cells` (sorted), outside them, `test` holds at.
    fn border(&self, cells: &[CellId], test: &Expr, cx: &Ctx) -> i64 {
        let board = self.bd(cx.s);
        let mut next: Vec<CellId> = cells
            .iter()
            .flat_map(|&m| board.neighbours(m))
            .filter(|t| cells.binary_search(t).is_err())
            .collect();
        next.sort_unstable();
        next.dedup();
        next.iter()
            .filter(|&&t| self.eval(test, &Ctx { to: t, ..*cx }) != 0)
            .count() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of cells 0 - 1 - … - 7.
    fn line(c: CellId) -> impl Iterator<Item = CellId> {
        [c.checked_sub(1), (c < 7).then_some(c + 1)]
            .into_iter()
            .flatten()
    }

    #[test]
    fn cells_are_labelled_by_group_as_asked_once() {
        // Held at 0 1 _ 3 4 5 _ 7: three groups, found in the order asked.
        let holds = [true, true, false, true, true, true, false, true];
        let asked = RefCell::new(vec![0; 8]);
        let at = |c: CellId| {
            asked.borrow_mut()[c as usize] += 1;
            holds[c as usize]
        };
        let l = Labels::new(8);
        assert_eq!(l.group(4, at, line), Some(0));
        assert_eq!(l.cells(0), vec![3, 4, 5], "in board order");
        assert_eq!(
            *asked.borrow(),
            [0, 0, 1, 1, 1, 1, 1, 0],
            "the group and its border"
        );
        assert_eq!(l.group(3, at, line), Some(0));
        assert_eq!(l.group(2, at, line), None);
        assert_eq!(l.group(7, at, line), Some(1));
        assert_eq!(l.group(0, at, line), Some(2));
        assert_eq!((l.size(0), l.size(1), l.size(2), l.size(3)), (3, 1, 2, 0));
        assert_eq!(
            (0..8).map(|c| l.group(c, at, line)).collect::<Vec<_>>(),
            [
                Some(2),
                Some(2),
                None,
                Some(0),
                Some(0),
                Some(0),
                None,
                Some(1)
            ]
        );
        assert!(asked.borrow().iter().all(|&n| n == 1), "once a cell");
        assert_eq!(l.group(8, at, line), None, "off the board");
        assert!(l.cells(9).is_empty());
    }
}
