//! Evaluation of the program's expressions and statements against a state.
//! Values are `i64`: truth is 0/1, cells are their numbers, pieces and players their indices.

use crate::game::ruleset::Game;
use crate::state::{Pending, Piece, State};
use tessel_lang::ir::{self, AssignOp, BinOp, CellId, Expr, PlayerId, Stmt, NEUTRAL, NO_CELL};

/// What an expression can see: the state, whose decision it is, and the move's cells.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'s> {
    pub s: &'s State,
    pub mover: PlayerId,
    pub from: CellId,
    pub to: CellId,
    /// The candidate cell of the rule or action (`target`): `to` before any binder.
    pub target: CellId,
    pub no_moves: Option<bool>,
    /// Links travelled by the candidate move (0 outside move generation).
    pub steps: u32,
    /// The piece that moves (for `fresh`): the one on `from`, or one picked from a pile.
    pub moving: Piece,
    /// The groups found so far while an expression that visits every cell is evaluated
    /// (`groups.rs`); none outside one.
    pub memo: Option<&'s crate::groups::Memo>,
    /// The values kept for the state being examined (`memo.rs`): set only where `s` is
    /// borrowed for as long as they are kept.
    pub kept: Option<&'s crate::memo::Kept>,
}

impl<'s> Ctx<'s> {
    /// The same context, reading and filling the values kept for its state.
    #[inline]
    pub(crate) fn keeping(self, kept: &'s crate::memo::Kept) -> Ctx<'s> {
        Ctx {
            kept: Some(kept),
            memo: Some(&kept.groups),
            ..self
        }
    }
}

/// What an expression asks of move generation: whether a cell is attacked (`attacked`) and
/// whether a royal piece is (`checked`). Move generation reads rule conditions in turn, so
/// it answers through this trait (`movegen.rs` implements it, with static dispatch):
/// evaluation does not depend on the move generator.
pub(crate) trait Attacks {
    /// Whether a player other than `defender` could capture on `cell`.
    fn attacked(&self, s: &State, cell: CellId, defender: PlayerId) -> bool;
    /// Whether any royal piece of `player` is attacked.
    fn checked(&self, s: &State, player: PlayerId) -> bool;
}

impl Game {
    pub(crate) fn ctx<'s>(
        &self,
        s: &'s State,
        mover: PlayerId,
        from: CellId,
        to: CellId,
        no_moves: Option<bool>,
    ) -> Ctx<'s> {
        Ctx {
            s,
            mover,
            from,
            to,
            target: to,
            no_moves,
            // After a move (its effects, `after move`), how far it went.
            steps: s.last.steps,
            moving: s.cells.get(from as usize).copied().unwrap_or(Piece::NONE),
            memo: None,
            kept: None,
        }
    }

    #[inline]
    /// The player a value names, if one sits there (not `nobody`, not out of range).
    fn seat(&self, v: i64) -> Option<PlayerId> {
        PlayerId::try_from(v)
            .ok()
            .filter(|&p| (p as usize) < self.players())
    }

    /// Whether a `show` declaration covers a cell in this state (its condition is read with
    /// `mover` the player to move).
    pub fn marked(&self, s: &State, place: &ir::MarkPlace, c: CellId) -> bool {
        match place {
            ir::MarkPlace::Region(r) => self
                .board
                .regions
                .get(*r as usize)
                .is_some_and(|each| each.iter().any(|set| set.contains(c))),
            ir::MarkPlace::Cond(e) => {
                (c as usize) < s.cells.len()
                    && self.eval(e, &self.ctx(s, s.to_move, c, c, None)) != 0
            }
        }
    }

    /// A value on cell `c` (`to`), read with `mover` the player to move: what a `show
    /// borders by (VALUE)` compares between neighbours.
    pub fn value_at(&self, s: &State, e: &Expr, c: CellId) -> i64 {
        if (c as usize) < s.cells.len() {
            self.eval(e, &self.ctx(s, s.to_move, c, c, None))
        } else {
            0
        }
    }

    /// Nothing at all stands on cell `c` (no piece, no stack).
    fn bare(&self, s: &State, c: usize) -> bool {
        s.cells.get(c).is_some_and(|p| p.is_none())
            && !s.buried.iter().any(|(b, _)| *b as usize == c)
    }

    /// A part kept once per state (`memo.rs`): its kept value, if `cx` keeps values for
    /// its mover; else worked out. Out of line, to keep `eval`'s frame small.
    #[inline(never)]
    fn kept_value(&self, slot: u32, inner: &Expr, cx: &Ctx) -> i64 {
        match cx.kept {
            Some(k) if k.mover == cx.mover && k.no_moves == cx.no_moves => {
                k.get(slot, || self.eval(inner, cx))
            }
            _ => self.eval(inner, cx),
        }
    }

    pub(crate) fn eval(&self, e: &Expr, cx: &Ctx) -> i64 {
        let cell_at = |c: i64| -> Option<crate::state::Piece> {
            let c = c as usize;
            cx.s.cells.get(c).copied().filter(|p| !p.is_none())
        };
        match e {
            Expr::Int(i) => *i,
            Expr::Bool(b) => i64::from(*b),
            Expr::Cell(c) => *c as i64,
            Expr::Piece(p) => *p as i64,
            Expr::Player(p) => *p as i64,
            Expr::From => cx.from as i64,
            Expr::To => cx.to as i64,
            Expr::Target => cx.target as i64,
            Expr::Memo(slot, inner) => self.kept_value(*slot, inner, cx),
            Expr::Same(_, inner) => self.eval(inner, cx),
            Expr::Abs(x) => self.eval(x, cx).wrapping_abs(),
            Expr::InLine(a, b, cond) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                let n = cx.s.cells.len() as i64;
                if !(0..n).contains(&a) || !(0..n).contains(&b) || a == b {
                    return 0;
                }
                let (a, b) = (a as CellId, b as CellId);
                let clear = |t: CellId| self.eval(cond, &Ctx { to: t, ..*cx }) != 0;
                let found = (0..self.board.dir_names.len()).any(|d| {
                    let mut t = self.bd(cx.s).step(a, d as u8);
                    // No line is longer than the board has cells, even round a cycle.
                    for _ in 0..n {
                        if t == NO_CELL || t == a {
                            return false;
                        }
                        if t == b {
                            return true;
                        }
                        if !clear(t) {
                            return false;
                        }
                        t = self.bd(cx.s).step(t, d as u8);
                    }
                    false
                });
                i64::from(found)
            }
            Expr::CellAt(x, y) => {
                let (x, y) = (self.eval(x, cx), self.eval(y, cx));
                let (width, cells) = &self.by_coord;
                match (usize::try_from(x), usize::try_from(y)) {
                    (Ok(x), Ok(y)) if x < *width => y
                        .checked_mul(*width)
                        .and_then(|row| cells.get(row + x))
                        .map_or(NO_CELL as i64, |&c| c as i64),
                    // A board too large for the table: look through the cells.
                    _ if cells.is_empty() => self
                        .program
                        .board
                        .coords
                        .iter()
                        .position(|&(cx_, cy)| cx_ as i64 == x && cy as i64 == y)
                        .map_or(NO_CELL as i64, |c| c as i64),
                    _ => NO_CELL as i64,
                }
            }
            Expr::Where(k, who) => {
                let who = self.eval(who, cx);
                let mine = |p: &Piece| !p.is_none() && p.kind() == *k && p.owner() as i64 == who;
                let on_top = cx.s.cells.iter().position(mine);
                let beneath =
                    cx.s.buried
                        .iter()
                        .filter(|(_, p)| mine(p))
                        .map(|(c, _)| *c as usize)
                        .min();
                match (on_top, beneath) {
                    (Some(a), Some(b)) => a.min(b) as i64,
                    (Some(a), None) | (None, Some(a)) => a as i64,
                    (None, None) => NO_CELL as i64,
                }
            }
            Expr::Either(c, a, b) => {
                if self.eval(c, cx) != 0 {
                    self.eval(a, cx)
                } else {
                    self.eval(b, cx)
                }
            }
            Expr::Column(c) | Expr::Row(c) => {
                let c = self.eval(c, cx);
                let at = usize::try_from(c)
                    .ok()
                    .and_then(|c| self.program.board.coords.get(c));
                match (at, e) {
                    (Some(&(x, _)), Expr::Column(_)) => x as i64,
                    (Some(&(_, y)), _) => y as i64,
                    (None, _) => 0,
                }
            }
            Expr::Mover => cx.mover as i64,
            Expr::Opponent => ((cx.mover as usize + 1) % self.players()) as i64,
            Expr::Ply => cx.s.ply as i64,
            Expr::Var(v) => cx.s.vars[self.var_index(*v, cx.mover)],
            Expr::VarAt(v, c) => {
                let c = self.eval(c, cx);
                match self.slot_at(*v, c) {
                    Some(i) => cx.s.vars[i],
                    None => 0,
                }
            }
            Expr::Min(a, b) => self.eval(a, cx).min(self.eval(b, cx)),
            Expr::Max(a, b) => self.eval(a, cx).max(self.eval(b, cx)),
            Expr::Walk(c, paths) => {
                let c = self.eval(c, cx);
                if c < 0 || c >= NO_CELL as i64 {
                    return NO_CELL as i64;
                }
                let path = paths
                    .get(cx.mover as usize)
                    .map(|p| p.as_slice())
                    .unwrap_or(&[]);
                self.bd(cx.s).walk(c as CellId, path) as i64
            }
            Expr::Not(x) => i64::from(self.eval(x, cx) == 0),
            Expr::Neg(x) => self.eval(x, cx).wrapping_neg(),
            Expr::Bin(op, a, b) => {
                let x = self.eval(a, cx);
                match op {
                    BinOp::And => {
                        if x == 0 {
                            0
                        } else {
                            i64::from(self.eval(b, cx) != 0)
                        }
                    }
                    BinOp::Or => {
                        if x != 0 {
                            1
                        } else {
                            i64::from(self.eval(b, cx) != 0)
                        }
                    }
                    _ => {
                        let y = self.eval(b, cx);
                        match op {
                            BinOp::Eq => i64::from(x == y),
                            BinOp::Ne => i64::from(x != y),
                            BinOp::Lt => i64::from(x < y),
                            BinOp::Le => i64::from(x <= y),
                            BinOp::Gt => i64::from(x > y),
                            BinOp::Ge => i64::from(x >= y),
                            BinOp::Add => x.wrapping_add(y),
                            BinOp::Sub => x.wrapping_sub(y),
                            BinOp::Mul => x.wrapping_mul(y),
                            BinOp::Div => x.checked_div(y).unwrap_or(0),
                            BinOp::Mod => x.checked_rem(y).unwrap_or(0),
                            BinOp::And | BinOp::Or => 0,
                        }
                    }
                }
            }
            Expr::In(c, r) => {
                let c = self.eval(c, cx);
                i64::from(
                    (0..NO_CELL as i64).contains(&c)
                        && self.board.regions[*r as usize]
                            .get(cx.mover as usize)
                            .is_some_and(|set| set.contains(c as CellId)),
                )
            }
            Expr::Empty(c) => {
                let c = self.eval(c, cx);
                i64::from(
                    c >= 0 && (c as usize) < cx.s.cells.len() && cx.s.cells[c as usize].is_none(),
                )
            }
            Expr::Friend(c, k) => {
                let p = cell_at(self.eval(c, cx));
                i64::from(
                    p.is_some_and(|p| p.owner() == cx.mover && k.is_none_or(|k| p.kind() == k)),
                )
            }
            Expr::Enemy(c, k) => {
                let p = cell_at(self.eval(c, cx));
                i64::from(p.is_some_and(|p| {
                    p.owner() != cx.mover && p.owner() != NEUTRAL && k.is_none_or(|k| p.kind() == k)
                }))
            }
            Expr::Neutral(c, k) => {
                let p = cell_at(self.eval(c, cx));
                i64::from(
                    p.is_some_and(|p| p.owner() == NEUTRAL && k.is_none_or(|k| p.kind() == k)),
                )
            }
            Expr::OwnerOf(c) => match cell_at(self.eval(c, cx)) {
                Some(p) => p.owner() as i64,
                None => -1,
            },
            Expr::Holds(c, k) => {
                let c = self.eval(c, cx);
                if !(0..cx.s.cells.len() as i64).contains(&c) {
                    return 0;
                }
                let like = |p: &Piece| !p.is_none() && p.kind() == *k;
                i64::from(like(&cx.s.cells[c as usize]))
                    + cx.s
                        .buried
                        .iter()
                        .filter(|(bc, p)| *bc as i64 == c && like(p))
                        .count() as i64
            }
            Expr::Unmoved(c) => i64::from(cell_at(self.eval(c, cx)).is_some_and(|p| !p.moved())),
            Expr::Attacked(c) => {
                let c = self.eval(c, cx);
                i64::from(
                    (0..cx.s.cells.len() as i64).contains(&c)
                        && Attacks::attacked(self, cx.s, c as CellId, cx.mover),
                )
            }
            Expr::Checked => i64::from(Attacks::checked(self, cx.s, cx.mover)),
            Expr::NoMoves => i64::from(cx.no_moves.unwrap_or(false)),
            Expr::Captured => i64::from(cx.s.last.captured),
            Expr::Decisions => cx.s.turn_step as i64,
            Expr::Fresh => i64::from(!cx.moving.is_none() && !cx.moving.turn_moved()),
            Expr::PiecesAt(c, who) => {
                let c = self.eval(c, cx);
                let who = who.as_ref().map(|w| self.eval(w, cx));
                if !(0..cx.s.cells.len() as i64).contains(&c) {
                    return 0;
                }
                let mine = |p: &Piece| !p.is_none() && who.is_none_or(|w| p.owner() as i64 == w);
                let top = i64::from(mine(&cx.s.cells[c as usize]));
                top + cx
                    .s
                    .buried
                    .iter()
                    .filter(|(bc, p)| *bc as i64 == c && mine(p))
                    .count() as i64
            }
            Expr::Around(c, cond) => {
                let c = self.eval(c, cx);
                if !(0..cx.s.cells.len() as i64).contains(&c) {
                    return 0;
                }
                let holds = |t: CellId| self.eval(cond, &Ctx { to: t, ..*cx }) != 0;
                self.board
                    .neighbours(c as CellId)
                    .filter(|&t| holds(t))
                    .count() as i64
            }
            // Under a memo, asked cell after cell: from the groups found once (groups.rs).
            Expr::SectionTotal(..) | Expr::SectionSize(..)
                if cx.memo.is_some_and(|m| m.serves(e, cx)) =>
            {
                self.group_query(e, cx)
            }
            Expr::SectionsOf(..) | Expr::SectionCell(..) => self.group_query(e, cx),
            Expr::SectionTotal(c, cond, v) => {
                let c = self.eval(c, cx);
                if !(0..cx.s.cells.len() as i64).contains(&c) {
                    return 0;
                }
                let holds = |t: CellId| self.eval(cond, &Ctx { to: t, ..*cx }) != 0;
                let group = self.bd(cx.s).group(c as CellId, holds);
                self.with_memo(cx, |cx| {
                    group
                        .into_iter()
                        .map(|t| self.eval(v, &Ctx { to: t, ..*cx }))
                        .sum()
                })
            }
            Expr::Adjacent(a, b) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                let n = cx.s.cells.len() as i64;
                i64::from(
                    (0..n).contains(&a)
                        && (0..n).contains(&b)
                        && self.bd(cx.s).neighbours(a as CellId).any(|t| t as i64 == b),
                )
            }
            Expr::AdjacentVia(a, b, dirs) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                let n = cx.s.cells.len() as i64;
                if !(0..n).contains(&a) || !(0..n).contains(&b) {
                    return 0;
                }
                let dirs = dirs.get(cx.mover as usize).or(dirs.first());
                let board = self.bd(cx.s);
                i64::from(
                    dirs.is_some_and(|ds| {
                        ds.iter().any(|&d| board.step(a as CellId, d) as i64 == b)
                    }),
                )
            }
            Expr::Drawn(a) => {
                let a = self.eval(a, cx);
                match (&cx.s.area, usize::try_from(a)) {
                    (Some(area), Ok(c)) => i64::from(!area.ring(c).is_empty()),
                    (None, Ok(c)) => i64::from(c < cx.s.cells.len()),
                    _ => 0,
                }
            }
            Expr::Sections(c, cond) => {
                let c = self.eval(c, cx);
                if !(0..cx.s.cells.len() as i64).contains(&c) {
                    return 0;
                }
                let holds =
                    |t: CellId| t != c as CellId && self.eval(cond, &Ctx { to: t, ..*cx }) != 0;
                self.bd(cx.s).groups_around(c as CellId, holds) as i64
            }
            Expr::SectionSize(c, cond) => {
                let c = self.eval(c, cx);
                if !(0..cx.s.cells.len() as i64).contains(&c) {
                    return 0;
                }
                let holds = |t: CellId| self.eval(cond, &Ctx { to: t, ..*cx }) != 0;
                self.bd(cx.s).group_size(c as CellId, holds) as i64
            }
            // Visiting every cell: under a memo, so that group queries inside are answered
            // from groups found once.
            Expr::AnyCell(cond) => self.with_memo(cx, |cx| {
                i64::from((0..cx.s.cells.len() as CellId).any(|c| {
                    let at = Ctx { to: c, ..*cx };
                    self.eval(cond, &at) != 0
                }))
            }),
            Expr::MaxCells(cond, v) => self.with_memo(cx, |cx| {
                (0..cx.s.cells.len() as CellId)
                    .filter(|&c| self.eval(cond, &Ctx { to: c, ..*cx }) != 0)
                    .map(|c| self.eval(v, &Ctx { to: c, ..*cx }))
                    .max()
                    .unwrap_or(-1)
            }),
            Expr::SumCells(cond, v) => self.with_memo(cx, |cx| {
                (0..cx.s.cells.len() as CellId)
                    .filter(|&c| self.eval(cond, &Ctx { to: c, ..*cx }) != 0)
                    .map(|c| self.eval(v, &Ctx { to: c, ..*cx }))
                    .sum()
            }),
            Expr::AreaCan(kind, a, b) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                match (&cx.s.area, usize::try_from(a)) {
                    (Some(area), Ok(a)) if a < cx.s.cells.len() => {
                        let empty = |c: usize| self.bare(cx.s, c);
                        i64::from(area.can(*kind, a, b, &empty))
                    }
                    _ => 0,
                }
            }
            Expr::Splits(a) => {
                let a = self.eval(a, cx);
                match (&cx.s.area, usize::try_from(a)) {
                    (Some(area), Ok(a)) if a < cx.s.cells.len() => area.splits(a) as i64,
                    _ => 0,
                }
            }
            Expr::Distance(a, b, dirs) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                let n = cx.s.cells.len() as i64;
                if !(0..n).contains(&a) || !(0..n).contains(&b) {
                    return -1;
                }
                let dirs = dirs.get(cx.mover as usize).or(dirs.first());
                self.bd(cx.s)
                    .distance(
                        a as CellId,
                        b as CellId,
                        dirs.map_or(&[][..], |d| d.as_slice()),
                    )
                    .map_or(-1, i64::from)
            }
            Expr::CountCells(cond) => self.with_memo(cx, |cx| {
                (0..cx.s.cells.len() as CellId)
                    .filter(|&c| {
                        let at = Ctx { to: c, ..*cx };
                        self.eval(cond, &at) != 0
                    })
                    .count() as i64
            }),
            Expr::Material => {
                cx.s.cells
                    .iter()
                    .chain(cx.s.buried.iter().map(|(_, p)| p))
                    .filter(|p| !p.is_none() && p.owner() != NEUTRAL)
                    .map(|p| {
                        let v = self
                            .program
                            .pieces
                            .get(p.kind() as usize)
                            .map(|t| t.value)
                            .unwrap_or(0);
                        if p.owner() == cx.mover {
                            v
                        } else {
                            -v
                        }
                    })
                    .sum()
            }
            Expr::Height(c) => {
                let c = self.eval(c, cx);
                match cx.s.cells.get(c.max(0) as usize) {
                    Some(p) if c >= 0 && !p.is_none() => {
                        1 + cx.s.buried.iter().filter(|(bc, _)| *bc as i64 == c).count() as i64
                    }
                    _ => 0,
                }
            }
            Expr::Steps => cx.steps as i64,
            Expr::TurnPlayer => i64::from(cx.s.window_owner.unwrap_or(cx.s.to_move)),
            Expr::Passed => i64::from(cx.s.last.pass),
            Expr::Held(z, k, who) => {
                let who = match who {
                    Some(w) => match self.seat(self.eval(w, cx)) {
                        Some(p) => p,
                        None => return 0,
                    },
                    None => cx.mover,
                };
                cx.s.zones
                    .get(self.zone_slot(*z, who, *k))
                    .copied()
                    .unwrap_or(0) as i64
            }
            Expr::Moved(k) => i64::from(cx.s.last.kind == *k),
            Expr::Count(k, who) => {
                let who = who.as_ref().map(|w| self.eval(w, cx));
                cx.s.cells
                    .iter()
                    .chain(cx.s.buried.iter().map(|(_, p)| p))
                    .filter(|p| {
                        !p.is_none()
                            && k.is_none_or(|k| p.kind() == k)
                            && who.is_none_or(|w| p.owner() as i64 == w)
                    })
                    .count() as i64
            }
        }
    }

    /// Runs statements; `mover`, `from` and `to` are those of the move being played.
    pub(crate) fn exec(
        &self,
        s: &mut State,
        body: &[Stmt],
        mover: PlayerId,
        from: CellId,
        to: CellId,
    ) {
        self.exec_at(s, body, mover, (from, to, to));
    }

    /// A context whose `target` is not its `to` (inside `each cell`).
    fn ctx_at<'s>(
        &self,
        s: &'s State,
        mover: PlayerId,
        (from, to, target): (CellId, CellId, CellId),
    ) -> Ctx<'s> {
        let mut cx = self.ctx(s, mover, from, to, None);
        cx.target = target;
        cx
    }

    /// Runs statements with `from`, `to` and the decision's cell (`target`, which `each
    /// cell` does not rebind).
    fn exec_at(
        &self,
        s: &mut State,
        body: &[Stmt],
        mover: PlayerId,
        (from, to, target): (CellId, CellId, CellId),
    ) {
        for st in body {
            match st {
                Stmt::Set(v, op, e) => {
                    let x = self.eval(e, &self.ctx_at(s, mover, (from, to, target)));
                    let i = self.var_index(*v, mover);
                    let slot = &mut s.vars[i];
                    *slot = match op {
                        AssignOp::Set => x,
                        AssignOp::Add => slot.wrapping_add(x),
                        AssignOp::Sub => slot.wrapping_sub(x),
                    };
                }
                Stmt::SetAt(v, c, op, e) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let (c, x) = (self.eval(c, &cx), self.eval(e, &cx));
                    if let Some(i) = self.slot_at(*v, c) {
                        let slot = &mut s.vars[i];
                        *slot = match op {
                            AssignOp::Set => x,
                            AssignOp::Add => slot.wrapping_add(x),
                            AssignOp::Sub => slot.wrapping_sub(x),
                        };
                    }
                }
                Stmt::Capture(e) => {
                    let c = self.eval(e, &self.ctx_at(s, mover, (from, to, target)));
                    if (0..s.cells.len() as i64).contains(&c)
                        && self.take_cell(s, c as CellId, mover)
                    {
                        s.last.captured = true;
                    }
                }
                Stmt::Shift(a, b, merging) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let (x, y) = (self.eval(a, &cx), self.eval(b, &cx));
                    let n = s.cells.len() as i64;
                    if (0..n).contains(&x) && (0..n).contains(&y) && x != y {
                        let p = self.lift(s, x as CellId);
                        if !p.is_none() && self.royal.contains(p.kind()) {
                            s.royal_hint[p.owner() as usize & 15] = y as CellId;
                        }
                        if !p.is_none() {
                            let there = s.cells[y as usize];
                            if *merging && !there.is_none() && there.owner() == p.owner() {
                                s.buried.push((y as CellId, there));
                            } else if self.take_cell(s, y as CellId, mover) {
                                s.last.captured = true;
                            }
                            self.carry_values(s, x as CellId, y as CellId);
                            s.cells[y as usize] = p.with_moved(true);
                        }
                    }
                }
                Stmt::Roll(_, roll) => s.pending.push(Pending::new(*roll, mover, mover)),
                Stmt::Take(n, kind, zone, owner, into) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let n = self.eval(n, &cx).clamp(0, u16::MAX as i64) as u16;
                    let owner = owner.as_ref().map_or(mover as i64, |o| self.eval(o, &cx));
                    // The part it goes into: the same player's, or the one named there
                    // (a player who does not sit there keeps the pieces where they are).
                    let receiver = match into {
                        Some((_, Some(o))) => self.seat(self.eval(o, &cx)),
                        _ => self.seat(owner),
                    };
                    if let (Some(owner), Some(receiver)) = (self.seat(owner), receiver) {
                        let slot = self.zone_slot(*zone, owner, *kind);
                        let taken = n.min(s.zones[slot]);
                        s.zones[slot] -= taken;
                        if let Some((into, _)) = into {
                            let there = self.zone_slot(*into, receiver, *kind);
                            s.zones[there] = s.zones[there].saturating_add(taken);
                        }
                    }
                }
                Stmt::Place(kind, c, owner) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let c = self.eval(c, &cx);
                    let owner = owner.as_ref().map_or(mover as i64, |o| self.eval(o, &cx));
                    let neutral = self
                        .program
                        .pieces
                        .get(*kind as usize)
                        .is_some_and(|p| p.neutral);
                    let owner = if neutral {
                        Some(NEUTRAL)
                    } else {
                        self.seat(owner)
                    };
                    if let (true, Some(owner)) = ((0..s.cells.len() as i64).contains(&c), owner) {
                        let under = s.cells[c as usize];
                        if !under.is_none() {
                            s.buried.push((c as CellId, under));
                        }
                        s.cells[c as usize] = Piece::new(*kind, owner);
                        self.fresh_values(s, c as CellId);
                    }
                }
                Stmt::Draw(n, draw, owner) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let n = self.eval(n, &cx).clamp(0, 1000);
                    let owner = owner.as_ref().map_or(mover as i64, |o| self.eval(o, &cx));
                    if let Some(owner) = self.seat(owner) {
                        for _ in 0..n {
                            s.pending.push(Pending::new(*draw, mover, owner));
                        }
                    }
                }
                Stmt::Send(e, zone, to_owner) => {
                    let c = self.eval(e, &self.ctx_at(s, mover, (from, to, target)));
                    if (0..s.cells.len() as i64).contains(&c) {
                        let _ = self.send_cell(s, c as CellId, *zone, *to_owner, mover);
                    }
                }
                Stmt::Remove(n, who, c, zone) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let (n, who, c) = (self.eval(n, &cx), self.eval(who, &cx), self.eval(c, &cx));
                    if (0..s.cells.len() as i64).contains(&c) {
                        for _ in 0..n.clamp(0, 10_000) {
                            // Pieces that have not moved this turn go first.
                            let p = self.take_one(s, c as CellId, |p| {
                                p.owner() as i64 == who && !p.turn_moved()
                            });
                            let Some(p) = p.or_else(|| {
                                self.take_one(s, c as CellId, |p| p.owner() as i64 == who)
                            }) else {
                                break;
                            };
                            if let Some(z) = zone {
                                let slot = self.zone_slot(*z, p.owner(), p.kind());
                                s.zones[slot] = s.zones[slot].saturating_add(1);
                            }
                        }
                    }
                }
                Stmt::Each(cond, body) => {
                    for c in 0..s.cells.len() as CellId {
                        let hit = cond.as_ref().is_none_or(|cond| {
                            self.eval(cond, &self.ctx_at(s, mover, (from, c, target))) != 0
                        });
                        if hit {
                            self.exec_at(s, body, mover, (from, c, target));
                        }
                    }
                }
                Stmt::EachPlayer(cond, body) => {
                    for p in 0..self.players() as PlayerId {
                        let hit = cond.as_ref().is_none_or(|cond| {
                            self.eval(cond, &self.ctx_at(s, p, (from, to, target))) != 0
                        });
                        if hit {
                            self.exec_at(s, body, p, (from, to, target));
                        }
                    }
                }
                Stmt::Restart => s.restart_pending = true,
                Stmt::ResetTurns => s.turns = 0,
                Stmt::KeepPosition => {
                    let who = mover as usize;
                    if s.kept.len() <= who {
                        s.kept.resize(who + 1, None);
                    }
                    s.kept[who] = Some(std::sync::Arc::new(crate::state::Kept {
                        cells: s.cells.clone(),
                        buried: s.buried.clone(),
                        zones: s.zones.clone(),
                        vars: s.vars.clone(),
                        area: s.area.clone(),
                    }));
                }
                Stmt::RestorePosition(who) => {
                    let who = match who {
                        Some(w) => self.eval(w, &self.ctx_at(s, mover, (from, to, target))),
                        None => mover as i64,
                    };
                    let kept = usize::try_from(who)
                        .ok()
                        .and_then(|w| s.kept.get(w).cloned().flatten());
                    if let Some(k) = kept {
                        self.restore_kept(s, &k);
                    }
                }
                Stmt::EndTurn => s.end_turn_pending = true,
                Stmt::ChangeArea(kind, a, b) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let (a, b) = (self.eval(a, &cx), self.eval(b, &cx));
                    let new = match (&s.area, usize::try_from(a)) {
                        (Some(area), Ok(a)) if a < s.cells.len() => {
                            let empty = |c: usize| self.bare(s, c);
                            area.change(&self.program.board, (*kind, a, b), &empty)
                        }
                        _ => None,
                    };
                    if let Some(new) = new {
                        s.area = Some(std::sync::Arc::new(new));
                    }
                }
                Stmt::Ask(who) => {
                    let p = self.eval(who, &self.ctx_at(s, mover, (from, to, target)));
                    if let Some(p) = self.seat(p) {
                        if !s.asking.contains(&p) {
                            s.asking.push(p);
                        }
                    }
                }
                Stmt::AskOthers(cond) => {
                    // One window at a time; each other player in turn order after the mover.
                    if s.asking.is_empty() {
                        let n = self.players();
                        let asked: Vec<PlayerId> = (1..n)
                            .map(|k| ((mover as usize + k) % n) as PlayerId)
                            .filter(|&p| {
                                cond.as_ref().is_none_or(|c| {
                                    self.eval(c, &self.ctx_at(s, p, (from, to, target))) != 0
                                })
                            })
                            .collect();
                        s.asking = asked;
                    }
                }
                Stmt::Swap(a, b) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let (a, b) = (self.eval(a, &cx), self.eval(b, &cx));
                    let n = s.cells.len() as i64;
                    if (0..n).contains(&a) && (0..n).contains(&b) && a != b {
                        let (a, b) = (a as CellId, b as CellId);
                        s.cells.swap(a as usize, b as usize);
                        for &(slot, _) in &self.travelling {
                            s.vars.swap(slot + a as usize, slot + b as usize);
                        }
                        // Whatever moves is marked as moved.
                        for (c, p) in s.buried.iter_mut() {
                            if *c == a {
                                *c = b;
                                *p = p.with_moved(true);
                            } else if *c == b {
                                *c = a;
                                *p = p.with_moved(true);
                            }
                        }
                        for c in [a, b] {
                            let p = s.cells[c as usize];
                            if !p.is_none() {
                                s.cells[c as usize] = p.with_moved(true);
                            }
                        }
                    }
                }
                Stmt::NextTurn(who) => {
                    let who = self.eval(who, &self.ctx_at(s, mover, (from, to, target)));
                    if let Some(p) = self.seat(who) {
                        s.next_player = Some(p);
                    }
                }
                Stmt::If(c, then, otherwise) => {
                    let t = self.eval(c, &self.ctx_at(s, mover, (from, to, target))) != 0;
                    self.exec_at(
                        s,
                        if t { then } else { otherwise },
                        mover,
                        (from, to, target),
                    );
                }
            }
        }
    }
}
