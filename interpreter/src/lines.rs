//! Walks along lines and pieces changed where they stand: `count_along` and `line` (numbers), and
//! the statements `each cell along … { … }`, `convert CELL to PLAYER` and `change CELL to
//! PIECE`. A walk allocates nothing: a statement's walk is counted first, on the state as
//! it is, then stepped again for the block (which may change the state under it).
//! A walk in a condition or value is compiled ([`Walk`], [`Test`]): its cell tests are read
//! once, when the game is compiled, not at every walk.

use crate::board::Board;
use crate::compile::Code;
use crate::eval::Ctx;
use crate::game::ruleset::Game;
use crate::state::State;
use tessel_lang::ir::{Along, BinOp, CellId, DirId, Expr, PlayerId, NEUTRAL, NO_CELL};

/// A walk's condition on each cell, when it has a common shape — a test of the cell's top
/// piece — read straight from the state instead of evaluated cell after cell; `G` is what
/// evaluates anything else (an expression, or its compiled code).
#[derive(Clone, Copy)]
enum CellTest<G> {
    /// A condition that always holds (`while true`).
    Always,
    /// `owner(to) == P` for a `P` that does not depend on the cell (-1: empty).
    OwnerIs(i64),
    Empty,
    Friend,
    Enemy,
    /// Anything else: evaluated on each cell.
    General(G),
}

/// The common shapes of a cell test: a constant that holds, `owner(to) == P` (with `P`),
/// `empty(to)`, `friend(to)`, `enemy(to)`; `None` for anything else.
fn shape(e: &Expr) -> Option<CellTest<&Expr>> {
    let on_to = |c: &Expr| matches!(c, Expr::To);
    let fixed = |p: &Expr| {
        matches!(
            p,
            Expr::Mover | Expr::Opponent | Expr::Player(_) | Expr::Int(_)
        )
    };
    match e {
        e if e.constant().is_some_and(|k| k != 0) => Some(CellTest::Always),
        Expr::Empty(c) if on_to(c) => Some(CellTest::Empty),
        Expr::Friend(c, None) if on_to(c) => Some(CellTest::Friend),
        Expr::Enemy(c, None) if on_to(c) => Some(CellTest::Enemy),
        Expr::Bin(BinOp::Eq, a, b) => match (&**a, &**b) {
            (Expr::OwnerOf(c), p) | (p, Expr::OwnerOf(c)) if on_to(c) && fixed(p) => {
                Some(CellTest::General(p))
            }
            _ => None,
        },
        _ => None,
    }
}

impl<'e> CellTest<&'e Expr> {
    fn of(game: &Game, e: &'e Expr, cx: &Ctx) -> CellTest<&'e Expr> {
        match shape(e) {
            // The player compared with, read once.
            Some(CellTest::General(p)) => CellTest::OwnerIs(game.eval(p, cx)),
            Some(t) => t,
            None => CellTest::General(e),
        }
    }
}

impl<G: Copy> CellTest<G> {
    /// Whether the test holds on cell `t`; `general` evaluates anything else there.
    #[inline(always)]
    fn holds(self, cx: &Ctx, t: CellId, general: impl Fn(G, &Ctx) -> bool) -> bool {
        let p = cx.s.cells[t as usize];
        match self {
            CellTest::Always => true,
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
            CellTest::General(g) => general(g, &Ctx { to: t, ..*cx }),
        }
    }
}

/// A cell test compiled: a common shape (with the code of the player `owner(to) == P`
/// compares with), or the code of the whole test.
pub(crate) enum Test {
    Always,
    OwnerIs(Code),
    Empty,
    Friend,
    Enemy,
    General(Code),
}

impl Test {
    pub(crate) fn new(e: &Expr, compile: &mut dyn FnMut(&Expr) -> Code) -> Test {
        match shape(e) {
            Some(CellTest::Always) => Test::Always,
            Some(CellTest::General(p)) => Test::OwnerIs(compile(p)),
            Some(CellTest::Empty) => Test::Empty,
            Some(CellTest::Friend) => Test::Friend,
            Some(CellTest::Enemy) => Test::Enemy,
            _ => Test::General(compile(e)),
        }
    }

    /// The test for one walk in context `cx`: the player compared with read once.
    fn ready(&self, game: &Game, cx: &Ctx) -> CellTest<&Code> {
        match self {
            Test::Always => CellTest::Always,
            Test::OwnerIs(p) => CellTest::OwnerIs(p(game, cx)),
            Test::Empty => CellTest::Empty,
            Test::Friend => CellTest::Friend,
            Test::Enemy => CellTest::Enemy,
            Test::General(code) => CellTest::General(code),
        }
    }
}

/// `count_along` compiled: where it starts, its directions, its tests.
pub(crate) struct Walk {
    from: Code,
    dirs: Vec<Vec<DirId>>,
    max: Option<u32>,
    cond: Test,
    closed: Option<Test>,
}

impl Walk {
    pub(crate) fn new(w: &Along, compile: &mut dyn FnMut(&Expr) -> Code) -> Walk {
        Walk {
            from: compile(&w.from),
            dirs: w.dirs.clone(),
            max: w.max,
            cond: Test::new(&w.cond, compile),
            closed: w.closed.as_deref().map(|c| Test::new(c, compile)),
        }
    }
}

/// `line` compiled: its directions and its test (the cell it is read through is compiled
/// by the caller).
pub(crate) struct Line {
    dirs: Vec<Vec<DirId>>,
    cond: Test,
}

impl Line {
    pub(crate) fn new(
        dirs: &[Vec<DirId>],
        cond: &Expr,
        compile: &mut dyn FnMut(&Expr) -> Code,
    ) -> Line {
        Line {
            dirs: dirs.to_vec(),
            cond: Test::new(cond, compile),
        }
    }
}

/// The directions of a walk for a player: its own list, else the first.
fn dirs_for(dirs: &[Vec<DirId>], mover: PlayerId) -> &[DirId] {
    dirs.get(mover as usize)
        .or(dirs.first())
        .map_or(&[][..], |d| d.as_slice())
}

/// Evaluates a test's general part written as an expression.
fn tree<'e>(game: &'e Game) -> impl Fn(&Expr, &Ctx) -> bool + 'e {
    move |e, cx| game.eval(e, cx) != 0
}

/// Runs a test's general part compiled.
fn run<'e>(game: &'e Game) -> impl Fn(&Code, &Ctx) -> bool + 'e {
    move |code, cx| code(game, cx) != 0
}

impl Game {
    /// `count_along`: the cells met along every direction of the walk (for `cx.mover`).
    pub(crate) fn along_count(&self, w: &Along, cx: &Ctx) -> i64 {
        let start = self.eval(&w.from, cx);
        if !(0..cx.s.cells.len() as i64).contains(&start) {
            return 0;
        }
        let cond = CellTest::of(self, &w.cond, cx);
        let closed = w.closed.as_deref().map(|c| CellTest::of(self, c, cx));
        let (mut sum, general) = (0, tree(self));
        let way = self.way(cx.s, w.max);
        for &d in dirs_for(&w.dirs, cx.mover) {
            sum += i64::from(self.walk(cx, way, start as CellId, d, cond, closed, &general));
        }
        sum
    }

    /// `count_along` compiled, counting only until `most` (every count from `most` on
    /// decides the same comparison; `i64::MAX` for the whole count).
    pub(crate) fn walk_count(&self, w: &Walk, cx: &Ctx, most: i64) -> i64 {
        let start = (w.from)(self, cx);
        if !(0..cx.s.cells.len() as i64).contains(&start) {
            return 0;
        }
        let cond = w.cond.ready(self, cx);
        let closed = w.closed.as_ref().map(|c| c.ready(self, cx));
        let (mut sum, general) = (0, run(self));
        let way = self.way(cx.s, w.max);
        for &d in dirs_for(&w.dirs, cx.mover) {
            if sum >= most {
                break;
            }
            sum += i64::from(self.walk(cx, way, start as CellId, d, cond, closed, &general));
        }
        sum
    }

    /// The board a walk goes over and how many cells it may meet (at most `max`), read
    /// once for all its directions.
    #[inline(always)]
    fn way<'a>(&'a self, s: &'a State, max: Option<u32>) -> (&'a Board, u32) {
        let limit = (s.cells.len() as u32).min(max.unwrap_or(u32::MAX));
        (self.bd(s), limit)
    }

    /// How many cells from `start` (not counted) along `d` meet the walk's condition, one
    /// after another; 0 when a closing condition is not met by the cell that stops it (a
    /// walk off the board, or round a cycle back to its start, is not closed).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn walk<G: Copy>(
        &self,
        cx: &Ctx,
        (board, limit): (&Board, u32),
        start: CellId,
        d: DirId,
        cond: CellTest<G>,
        closed: Option<CellTest<G>>,
        general: &impl Fn(G, &Ctx) -> bool,
    ) -> u32 {
        let mut t = board.step(start, d);
        // Most walks stop at once: the first cell fails the test.
        if t == NO_CELL || t == start || limit == 0 || !cond.holds(cx, t, general) {
            return 0;
        }
        let mut n = 1;
        t = board.step(t, d);
        while t != NO_CELL && t != start && n < limit && cond.holds(cx, t, general) {
            n += 1;
            t = board.step(t, d);
        }
        match closed {
            // No cell met: 0, closed or not.
            _ if n == 0 => 0,
            Some(closed) if t == NO_CELL || t == start || !closed.holds(cx, t, general) => 0,
            _ => n,
        }
    }

    /// `each cell along DIRS from CELL [max N] while COND [up to COND] { … }`: for each direction,
    /// the block (`body`, run with the move's cells) runs on each cell the walk meets, as
    /// `to`.
    pub(crate) fn exec_along(
        &self,
        s: &mut State,
        w: &Along,
        mover: PlayerId,
        (from, to, target): (CellId, CellId, CellId),
        body: impl Fn(&mut State, (CellId, CellId, CellId)),
    ) {
        let start = self.eval(&w.from, &self.ctx_at(s, mover, (from, to, target)));
        if !(0..s.cells.len() as i64).contains(&start) {
            return;
        }
        let start = start as CellId;
        // A walk with no condition (`while true`, nothing closing it) reads no cell: no
        // context is made for it.
        let open = w.closed.is_none() && matches!(shape(&w.cond), Some(CellTest::Always));
        for &d in dirs_for(&w.dirs, mover) {
            let n = if open {
                let (board, limit) = self.way(s, w.max);
                let (mut n, mut t) = (0, board.step(start, d));
                while t != NO_CELL && t != start && n < limit {
                    n += 1;
                    t = board.step(t, d);
                }
                n
            } else {
                let cx = self.ctx_at(s, mover, (from, to, target));
                let cond = CellTest::of(self, &w.cond, &cx);
                let closed = w.closed.as_deref().map(|c| CellTest::of(self, c, &cx));
                let way = self.way(s, w.max);
                self.walk(&cx, way, start, d, cond, closed, &tree(self))
            };
            let mut t = start;
            for _ in 0..n {
                t = self.bd(s).step(t, d);
                if t == NO_CELL {
                    break;
                }
                body(s, (from, t, target));
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
        let test = CellTest::of(self, cond, cx);
        self.line_through(cx, c, dirs, test, &tree(self))
    }

    /// `line` compiled, through cell `c`.
    pub(crate) fn line_run(&self, cx: &Ctx, c: i64, line: &Line) -> i64 {
        let test = line.cond.ready(self, cx);
        self.line_through(cx, c, &line.dirs, test, &run(self))
    }

    fn line_through<G: Copy>(
        &self,
        cx: &Ctx,
        c: i64,
        dirs: &[Vec<DirId>],
        test: CellTest<G>,
        general: &impl Fn(G, &Ctx) -> bool,
    ) -> i64 {
        if !(0..cx.s.cells.len() as i64).contains(&c) {
            return 0;
        }
        let c = c as CellId;
        let holds = |t: CellId| test.holds(cx, t, general);
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
        dirs_for(dirs, cx.mover)
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
