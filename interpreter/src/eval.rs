//! Evaluation of the program's expressions against a state (statements: `exec.rs`).
//! Values are `i64`: truth is 0/1, cells are their numbers, pieces and players their indices.

use crate::game::ruleset::Game;
use crate::state::{Piece, State};
use tessel_lang::ir::{self, BinOp, CellId, Expr, PlayerId, NEUTRAL, NO_CELL};

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
    pub(crate) fn seat(&self, v: i64) -> Option<PlayerId> {
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
    pub(crate) fn bare(&self, s: &State, c: usize) -> bool {
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
            Expr::Along(w) => self.along_count(w, cx),
            Expr::Line(c, dirs, cond) => self.line_length(c, dirs, cond, cx),
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
}
