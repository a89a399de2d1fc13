//! Connected groups of cells under a condition, labelled once per evaluation: the memo
//! that `count_cells`, `section_total` and the like keep while they visit every cell, and
//! the group queries answered from it (`section_size`, `section_total`, `section_cell`,
//! `sections(CELL, CONDITION, GROUP)`, `section_border`), and the cells of one group
//! (`each cell in group of CELL where CONDITION`).
//!
//! A query asked for one cell after another (`count_cells(… section_total(to, …) …)`)
//! would search the same group again for each of its cells, and a query inside a query
//! would multiply the searches. Under a memo the cells where a condition holds are found
//! once (one evaluation of the condition a cell), split into groups by one walk over the
//! board, and each group's answer is worked out the first time it is asked. The state
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

/// The groups of the cells where a condition holds: each cell's group (or [`NONE`]) and
/// each group's cells in board order.
pub(crate) struct Labels {
    pub of: Vec<u32>,
    pub cells: Vec<Vec<CellId>>,
}

impl Labels {
    /// Labels the cells where `holds` is true, joined by links through such cells, with
    /// `neighbours` giving each cell's links.
    pub fn new<I: Iterator<Item = CellId>>(
        holds: &[bool],
        neighbours: impl Fn(CellId) -> I,
    ) -> Labels {
        let mut of = vec![NONE; holds.len()];
        let mut cells: Vec<Vec<CellId>> = Vec::new();
        let mut stack = Vec::new();
        for start in 0..holds.len() {
            if !holds[start] || of[start] != NONE {
                continue;
            }
            let id = cells.len() as u32;
            let mut group = Vec::new();
            of[start] = id;
            stack.push(start as CellId);
            while let Some(c) = stack.pop() {
                group.push(c);
                for t in neighbours(c) {
                    let t_ = t as usize;
                    if t_ < holds.len() && holds[t_] && of[t_] == NONE {
                        of[t_] = id;
                        stack.push(t);
                    }
                }
            }
            group.sort_unstable();
            cells.push(group);
        }
        Labels { of, cells }
    }

    /// The group of cell `c`, if the condition holds there.
    pub fn group(&self, c: CellId) -> Option<usize> {
        self.of
            .get(c as usize)
            .filter(|&&g| g != NONE)
            .map(|&g| g as usize)
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
    /// How often each labelling has been asked for, in a memo kept per state.
    asked: RefCell<Table<Key, u32>>,
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
    /// A memo kept for a whole state's examination.
    pub(crate) fn per_state() -> Memo {
        Memo {
            per_state: true,
            ..Default::default()
        }
    }

    /// Whether a `section_size` or `section_total` is best answered from this memo. One
    /// kept for a whole state labels the board for a condition only when it is asked a
    /// second time: a query asked once costs less by finding the one group asked about, and
    /// one that reads the candidate (not only `to`) would label the board for each.
    pub(crate) fn serves(&self, g: &Game, e: &Expr, cx: &Ctx) -> bool {
        if !self.per_state {
            return true;
        }
        let cond = match e {
            Expr::SectionSize(_, cond) => cond,
            Expr::SectionTotal(_, cond, v) if !self.reads(g, v) => cond,
            Expr::SectionTotal(..) => return false,
            Expr::SectionBorder(_, cond, v) if !self.reads(g, v) => cond,
            Expr::SectionBorder(..) => return false,
            _ => return true,
        };
        if self.reads(g, cond) {
            return false;
        }
        let k = key(g, self, cond, cx);
        if self.labels.borrow().contains_key(&k) {
            return true;
        }
        let mut asked = self.asked.borrow_mut();
        let n = asked.entry(k).or_insert(0);
        *n += 1;
        *n >= 2
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

    /// The groups of `cond` (on `to`), found once under the memo.
    fn labels(&self, memo: &Memo, cond: &Expr, cx: &Ctx) -> Rc<Labels> {
        let k = key(self, memo, cond, cx);
        if let Some(l) = memo.labels.borrow().get(&k) {
            return l.clone();
        }
        let board: &Board = self.bd(cx.s);
        let n = board.cells().min(cx.s.cells.len());
        let holds: Vec<bool> = (0..n as CellId)
            .map(|t| self.eval(cond, &Ctx { to: t, ..*cx }) != 0)
            .collect();
        let l = Rc::new(Labels::new(&holds, |c| board.neighbours(c)));
        memo.labels.borrow_mut().insert(k, l.clone());
        l
    }

    /// The answer of kind `kind` for group `g`, worked out by `work` the first time.
    fn per_group(
        &self,
        memo: &Memo,
        id: Query,
        groups: usize,
        g: usize,
        work: impl FnOnce() -> i64,
    ) -> i64 {
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
        let all = answers.entry(id).or_insert_with(|| vec![None; groups]);
        if let Some(slot) = all.get_mut(g) {
            *slot = Some(v);
        }
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
                    l.group(c).map_or(0, |g| l.cells[g].len() as i64)
                }),
                Expr::SectionTotal(c, cond, v) => cell(c).map_or(0, |c| {
                    let l = self.labels(memo, cond, cx);
                    let Some(g) = l.group(c) else { return 0 };
                    let id = (TOTAL, key(self, memo, cond, cx), key(self, memo, v, cx));
                    self.per_group(memo, id, l.cells.len(), g, || {
                        l.cells[g]
                            .iter()
                            .map(|&t| self.eval(v, &Ctx { to: t, ..*cx }))
                            .sum()
                    })
                }),
                Expr::SectionCell(c, cond, test) => cell(c).map_or(NO_CELL as i64, |c| {
                    let l = self.labels(memo, cond, cx);
                    let Some(g) = l.group(c) else {
                        return NO_CELL as i64;
                    };
                    let id = (FIRST, key(self, memo, cond, cx), key(self, memo, test, cx));
                    self.per_group(memo, id, l.cells.len(), g, || {
                        l.cells[g]
                            .iter()
                            .find(|&&t| self.eval(test, &Ctx { to: t, ..*cx }) != 0)
                            .map_or(NO_CELL as i64, |&t| t as i64)
                    })
                }),
                Expr::SectionBorder(c, cond, test) => cell(c).map_or(0, |c| {
                    let l = self.labels(memo, cond, cx);
                    let Some(g) = l.group(c) else { return 0 };
                    let id = (BORDER, key(self, memo, cond, cx), key(self, memo, test, cx));
                    self.per_group(memo, id, l.cells.len(), g, || {
                        self.border(&l.cells[g], test, cx)
                    })
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
                            .filter_map(|t| touching.group(t))
                            .collect();
                        seen.sort_unstable();
                        seen.dedup();
                        seen.len() as i64
                    };
                    let own = self.labels(memo, group, cx);
                    match own.group(c) {
                        None => count(&[c]),
                        Some(g) => {
                            let id = (
                                TOUCHING,
                                key(self, memo, cond, cx),
                                key(self, memo, group, cx),
                            );
                            self.per_group(memo, id, own.cells.len(), g, || count(&own.cells[g]))
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
    fn cells_are_labelled_by_group_once() {
        // Held at 0 1 _ 3 4 5 _ 7: three groups, in board order.
        let holds = [true, true, false, true, true, true, false, true];
        let l = Labels::new(&holds, line);
        assert_eq!(l.cells, vec![vec![0, 1], vec![3, 4, 5], vec![7]]);
        assert_eq!(
            (0..8).map(|c| l.group(c)).collect::<Vec<_>>(),
            [
                Some(0),
                Some(0),
                None,
                Some(1),
                Some(1),
                Some(1),
                None,
                Some(2)
            ]
        );
        assert_eq!(l.group(8), None, "off the board");
        let none = Labels::new(&[false; 8], line);
        assert!(none.cells.is_empty());
    }
}
