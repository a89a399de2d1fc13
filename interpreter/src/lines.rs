//! Walks along lines and pieces changed where they stand: `count_along` and `line` (numbers), and
//! the statements `each cell along … { … }`, `convert CELL to PLAYER` and `change CELL to
//! PIECE`. A walk allocates nothing: a statement's walk is counted first, on the state as
//! it is, then stepped again for the block (which may change the state under it).

use crate::eval::Ctx;
use crate::game::ruleset::Game;
use crate::state::State;
use tessel_lang::ir::{Along, BinOp, CellId, DirId, Expr, PlayerId, Stmt, NEUTRAL, NO_CELL};

/// A walk's condition on each cell, when it has a common shape — a test of the cell's top
/// piece — read straight from the state instead of evaluated cell after cell.
#[derive(Clone, Copy)]
enum CellTest {
    /// `owner(to) == P` for a `P` that does not depend on the cell (-1: empty).
    OwnerIs(i64),
    Empty,
    Friend,
    Enemy,
    /// Anything else: evaluated on each cell.
    General,
}

impl CellTest {
    fn of(game: &Game, e: &Expr, cx: &Ctx) -> CellTest {
        let on_to = |c: &Expr| *c == Expr::To;
        let fixed = |p: &Expr| {
            matches!(
                p,
                Expr::Mover | Expr::Opponent | Expr::Player(_) | Expr::Int(_)
            )
        };
        match e {
            Expr::Empty(c) if on_to(c) => CellTest::Empty,
            Expr::Friend(c, None) if on_to(c) => CellTest::Friend,
            Expr::Enemy(c, None) if on_to(c) => CellTest::Enemy,
            Expr::Bin(BinOp::Eq, a, b) => match (&**a, &**b) {
                (Expr::OwnerOf(c), p) | (p, Expr::OwnerOf(c)) if on_to(c) && fixed(p) => {
                    CellTest::OwnerIs(game.eval(p, cx))
                }
                _ => CellTest::General,
            },
            _ => CellTest::General,
        }
    }

    #[inline]
    fn holds(self, game: &Game, e: &Expr, cx: &Ctx, t: CellId) -> bool {
        let p = cx.s.cells[t as usize];
        match self {
            CellTest::OwnerIs(v) => {
                (if p.is_none() {
                    -1
                } else {
                    i64::from(p.owner())
                }) == v
            }
            CellTest::Empty => p.is_none(),
            CellTest::Friend => !p.is_none() && p.owner() == cx.mover,
            CellTest::Enemy => !p.is_none() && p.owner() != cx.mover && p.owner() != NEUTRAL,
            CellTest::General => game.eval(e, &Ctx { to: t, ..*cx }) != 0,
        }
    }
}

impl Game {
    /// `count_along`: the cells met along every direction of the walk (for `cx.mover`).
    pub(crate) fn along_count(&self, w: &Along, cx: &Ctx) -> i64 {
        let start = self.eval(&w.from, cx);
        if !(0..cx.s.cells.len() as i64).contains(&start) {
            return 0;
        }
        self.walk_dirs(w, cx.mover)
            .iter()
            .map(|&d| i64::from(self.walk(w, cx, start as CellId, d)))
            .sum()
    }

    /// The walk's directions for a player.
    fn walk_dirs<'a>(&self, w: &'a Along, mover: PlayerId) -> &'a [DirId] {
        w.dirs
            .get(mover as usize)
            .or(w.dirs.first())
            .map_or(&[][..], |d| d.as_slice())
    }

    /// How many cells from `start` (not counted) along `d` meet the walk's condition, one
    /// after another; 0 when a closing condition is not met by the cell that stops it (a
    /// walk off the board, or round a cycle back to its start, is not closed).
    fn walk(&self, w: &Along, cx: &Ctx, start: CellId, d: DirId) -> u32 {
        let board = self.bd(cx.s);
        let limit = (cx.s.cells.len() as u32).min(w.max.unwrap_or(u32::MAX));
        let test = CellTest::of(self, &w.cond, cx);
        let mut t = board.step(start, d);
        let mut n = 0;
        while t != NO_CELL && t != start && n < limit && test.holds(self, &w.cond, cx, t) {
            n += 1;
            t = board.step(t, d);
        }
        match &w.closed {
            Some(closed)
                if t == NO_CELL || t == start || self.eval(closed, &Ctx { to: t, ..*cx }) == 0 =>
            {
                0
            }
            _ => n,
        }
    }

    /// `each cell along DIRS from CELL [max N] while COND [up to COND] { … }`: for each direction,
    /// the block runs on each cell the walk meets, as `to`.
    pub(crate) fn exec_along(
        &self,
        s: &mut State,
        w: &Along,
        body: &[Stmt],
        mover: PlayerId,
        (from, to, target): (CellId, CellId, CellId),
    ) {
        let start = self.eval(&w.from, &self.ctx_at(s, mover, (from, to, target)));
        if !(0..s.cells.len() as i64).contains(&start) {
            return;
        }
        let start = start as CellId;
        for &d in self.walk_dirs(w, mover) {
            let n = self.walk(w, &self.ctx_at(s, mover, (from, to, target)), start, d);
            let mut t = start;
            for _ in 0..n {
                t = self.bd(s).step(t, d);
                if t == NO_CELL {
                    break;
                }
                self.exec_at(s, body, mover, (from, t, target));
            }
        }
    }

    /// `convert CELL to PLAYER`: the top piece there becomes the player's (`nobody`'s: a
    /// piece of no player).
    pub(crate) fn exec_convert(&self, s: &mut State, c: i64, who: i64) {
        let owner = if who == i64::from(NEUTRAL) {
            Some(NEUTRAL)
        } else {
            self.seat(who)
        };
        let (Some(owner), true) = (owner, (0..s.cells.len() as i64).contains(&c)) else {
            return;
        };
        let p = s.cells[c as usize];
        if !p.is_none() {
            if self.royal.contains(p.kind()) {
                s.single_royal = false;
            }
            s.cells[c as usize] = p.with_owner(owner);
        }
    }

    /// `change CELL to PIECE`: the top piece there becomes one of that type (a `neutral`
    /// type's piece belongs to no player), keeping its owner and its values.
    pub(crate) fn exec_change(&self, s: &mut State, c: i64, kind: u8) {
        if !(0..s.cells.len() as i64).contains(&c) {
            return;
        }
        let p = s.cells[c as usize];
        if p.is_none() {
            return;
        }
        if self.royal.contains(p.kind()) || self.royal.contains(kind) {
            s.single_royal = false;
        }
        let neutral = self
            .program
            .pieces
            .get(kind as usize)
            .is_some_and(|t| t.neutral);
        let p = p.with_kind(kind);
        s.cells[c as usize] = if neutral { p.with_owner(NEUTRAL) } else { p };
    }

    /// `line(CELL, DIRECTIONS, CONDITION)`: the most cells in a row through the cell where
    /// the condition holds, along a direction of the set and back along its opposite.
    pub(crate) fn line_length(&self, c: &Expr, dirs: &[Vec<DirId>], cond: &Expr, cx: &Ctx) -> i64 {
        let c = self.eval(c, cx);
        if !(0..cx.s.cells.len() as i64).contains(&c) {
            return 0;
        }
        let c = c as CellId;
        let test = CellTest::of(self, cond, cx);
        let holds = |t: CellId| test.holds(self, cond, cx, t);
        if !holds(c) {
            return 0;
        }
        let board = self.bd(cx.s);
        let limit = cx.s.cells.len() as i64;
        let run = |d: DirId| {
            let mut n = 0;
            let mut t = board.step(c, d);
            while t != NO_CELL && t != c && n < limit && holds(t) {
                n += 1;
                t = board.step(t, d);
            }
            n
        };
        let dirs = dirs.get(cx.mover as usize).or(dirs.first());
        dirs.map_or(&[][..], |d| d.as_slice())
            .iter()
            .map(|&d| {
                let back = board.opposite.get(d as usize).copied().flatten();
                1 + run(d) + back.map_or(0, run)
            })
            .max()
            .unwrap_or(1)
            .min(limit)
    }
}
