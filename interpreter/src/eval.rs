//! Evaluation of the program's expressions against a state (statements: `exec.rs`).
//! Values are `i64`: truth is 0/1, cells are their numbers, pieces and players their indices.

use crate::game::ruleset::Game;
use crate::reads;
use crate::state::{Piece, State};
use tessel_lang::ir::{self, BinOp, CellId, Expr, PlayerId, NO_CELL};

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
    /// The cell the jump being tried or done passes over ([`NO_CELL`] outside one), and
    /// how many pieces the move jumps (so far, in a rule's condition).
    pub jumped: CellId,
    pub jumps: u8,
    /// The piece that moves (for `fresh`): the one on `from`, or one picked from a pile.
    pub moving: Piece,
    /// The groups found so far while an expression that visits every cell is evaluated
    /// (`groups.rs`); none outside one.
    pub memo: Option<&'s crate::groups::Memo>,
    /// The values kept for the state being examined (`memo.rs`): set only where `s` is
    /// borrowed for as long as they are kept, and only for their mover and `no_moves`
    /// answer ([`Ctx::keeping`]).
    pub kept: Option<&'s crate::memo::Kept>,
}

/// The piece on `from`, the one a move from there moves (none off the board).
#[inline(always)]
fn on(s: &State, from: CellId) -> Piece {
    s.cells.get(from as usize).copied().unwrap_or(Piece::NONE)
}

impl<'s> Ctx<'s> {
    /// The same context for a move from `from` to `to`: what [`Game::ctx`] makes for
    /// them, the rest kept.
    #[inline]
    pub(crate) fn moving_to(self, from: CellId, to: CellId) -> Ctx<'s> {
        Ctx {
            from,
            to,
            target: to,
            moving: on(self.s, from),
            ..self
        }
    }

    /// The same context, reading and filling the values kept for its state: those of its
    /// mover and `no_moves` answer only (kept for another, they are worked out afresh). A
    /// context never changes its mover or `no_moves` with the values kept.
    #[inline]
    pub(crate) fn keeping(self, kept: &'s crate::memo::Kept) -> Ctx<'s> {
        let own = kept.mover == self.mover && kept.no_moves == self.no_moves;
        Ctx {
            kept: own.then_some(kept),
            memo: Some(&kept.groups),
            ..self
        }
    }

    /// [`Ctx::keeping`] where the caller has made sure the values are kept for this
    /// context's mover and `no_moves` answer (move generation, once for all its contexts).
    #[inline]
    pub(crate) fn keeping_own(self, kept: &'s crate::memo::Kept) -> Ctx<'s> {
        debug_assert!(kept.mover == self.mover && kept.no_moves == self.no_moves);
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
            jumped: NO_CELL,
            jumps: s.last.jumps,
            moving: on(s, from),
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

    /// A part kept once per state (`memo.rs`): its kept value, if `cx` keeps values;
    /// else worked out. Out of line, to keep `eval`'s frame small.
    #[inline(never)]
    fn kept_value(&self, slot: u32, inner: &Expr, cx: &Ctx) -> i64 {
        match cx.kept {
            Some(k) => k.get(slot, || self.eval(inner, cx)),
            None => self.eval(inner, cx),
        }
    }

    /// A part kept once per state, compiled (a [`crate::code::Leaf::Kept`]) and not yet
    /// known: worked out by its code, and kept if `cx` keeps values. Out of line: it runs
    /// once a slot and state.
    #[inline(never)]
    pub(crate) fn work_out_kept(&self, slot: u32, cx: &Ctx) -> i64 {
        // Every slot a leaf names has its code (`compile/`); 0 stands for none.
        let Some(code) = self.kept_codes.get(slot as usize).and_then(Option::as_ref) else {
            return 0;
        };
        match cx.kept {
            Some(k) => k.get(slot, || code(self, cx)),
            None => code(self, cx),
        }
    }

    /// The value of `e`: a compiled code runs at once (the usual case, kept small so it
    /// inlines); anything else goes through the tree evaluator.
    #[inline]
    pub(crate) fn eval(&self, e: &Expr, cx: &Ctx) -> i64 {
        if let Expr::Code(i, _) = e {
            if let Some(code) = self.codes.get(*i as usize) {
                return code(self, cx);
            }
        }
        self.eval_tree(e, cx)
    }

    /// The tree evaluator: reads an expression as written.
    #[inline(never)]
    fn eval_tree(&self, e: &Expr, cx: &Ctx) -> i64 {
        let s = cx.s;
        match e {
            Expr::Int(_) | Expr::Bool(_) | Expr::Cell(_) | Expr::Piece(_) | Expr::Player(_) => {
                e.constant().unwrap_or(0)
            }
            Expr::From => cx.from as i64,
            Expr::To => cx.to as i64,
            Expr::Target => cx.target as i64,
            Expr::Memo(slot, inner) => self.kept_value(*slot, inner, cx),
            Expr::Same(_, inner) => self.eval(inner, cx),
            Expr::Code(i, inner) => match self.codes.get(*i as usize) {
                Some(code) => code(self, cx),
                None => self.eval(inner, cx),
            },
            Expr::Abs(x) => self.eval(x, cx).wrapping_abs(),
            Expr::Along(w) => self.along_count(w, cx),
            Expr::Line(c, dirs, cond) => self.line_length(c, dirs, cond, cx),
            Expr::InLine(a, b, cond) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                self.in_line(s, a, b, |t| self.eval(cond, &Ctx { to: t, ..*cx }) != 0)
            }
            Expr::CountBetween(a, b, cond) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                self.count_between(s, a, b, |t| self.eval(cond, &Ctx { to: t, ..*cx }) != 0)
            }
            Expr::CellAt(x, y) => self.cell_at(self.eval(x, cx), self.eval(y, cx)),
            Expr::Where(k, who) => reads::where_is(s, *k, self.eval(who, cx)),
            Expr::Either(c, a, b) => {
                if self.eval(c, cx) != 0 {
                    self.eval(a, cx)
                } else {
                    self.eval(b, cx)
                }
            }
            Expr::Column(c) => self.coordinate(self.eval(c, cx), false),
            Expr::Row(c) => self.coordinate(self.eval(c, cx), true),
            Expr::Mover => cx.mover as i64,
            Expr::Opponent => ((cx.mover as usize + 1) % self.players()) as i64,
            Expr::Ply => s.ply as i64,
            Expr::Var(v) => s.vars[self.var_index(*v, cx.mover)],
            Expr::VarAt(v, c) => {
                let c = self.eval(c, cx);
                match self.slot_at(*v, c) {
                    Some(i) => s.vars[i],
                    None => 0,
                }
            }
            Expr::Min(a, b) => self.eval(a, cx).min(self.eval(b, cx)),
            Expr::Max(a, b) => self.eval(a, cx).max(self.eval(b, cx)),
            Expr::Walk(c, paths) => self.walk_path(s, cx.mover, self.eval(c, cx), paths),
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
                    _ => binary(*op, x, self.eval(b, cx)),
                }
            }
            Expr::In(c, r) => self.in_region(cx.mover, self.eval(c, cx), *r),
            Expr::Empty(c) => reads::empty(s, self.eval(c, cx)),
            Expr::Friend(c, k) => reads::friend(s, cx.mover, self.eval(c, cx), *k),
            Expr::Enemy(c, k) => reads::enemy(s, cx.mover, self.eval(c, cx), *k),
            Expr::Neutral(c, k) => reads::neutral(s, self.eval(c, cx), *k),
            Expr::OwnerOf(c) => reads::owner_of(s, self.eval(c, cx)),
            Expr::Holds(c, k) => reads::holds(s, self.eval(c, cx), *k),
            Expr::Unmoved(c) => reads::unmoved(s, self.eval(c, cx)),
            Expr::Attacked(c) => {
                let c = self.eval(c, cx);
                i64::from(
                    (0..s.cells.len() as i64).contains(&c)
                        && Attacks::attacked(self, s, c as CellId, cx.mover),
                )
            }
            Expr::Checked => i64::from(Attacks::checked(self, s, cx.mover)),
            Expr::NoMoves => i64::from(cx.no_moves.unwrap_or(false)),
            Expr::CheckedOf(who) => match self.seat(self.eval(who, cx)) {
                Some(p) => i64::from(Attacks::checked(self, s, p)),
                None => 0,
            },
            Expr::NoReply => i64::from(self.no_reply(s)),
            Expr::Captured => i64::from(s.last.captured),
            Expr::Decisions => s.turn_step as i64,
            Expr::Fresh => i64::from(!cx.moving.is_none() && !cx.moving.turn_moved()),
            Expr::PiecesAt(c, who) => {
                let c = self.eval(c, cx);
                let who = who.as_ref().map(|w| self.eval(w, cx));
                reads::pieces_at(s, c, who)
            }
            Expr::Around(c, cond) => {
                let c = self.eval(c, cx);
                self.around(s, c, |t| self.eval(cond, &Ctx { to: t, ..*cx }) != 0)
            }
            // Under a memo, asked cell after cell: from the groups found once (groups.rs).
            Expr::SectionTotal(..) | Expr::SectionSize(..)
                if cx.memo.is_some_and(|m| m.serves(self, e)) =>
            {
                self.group_query(e, cx)
            }
            Expr::SectionsOf(..) | Expr::SectionCell(..) => self.group_query(e, cx),
            Expr::SectionBorder(..) if cx.memo.is_some_and(|m| m.serves(self, e)) => {
                self.group_query(e, cx)
            }
            Expr::SectionBorder(c, cond, test) => self.section_border_once(c, cond, test, cx),
            Expr::Repeated(form) => self.repeated(s, *form),
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
            Expr::Adjacent(a, b) => self.adjacent(s, self.eval(a, cx), self.eval(b, cx)),
            Expr::AdjacentVia(a, b, dirs) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                self.adjacent_via(s, cx.mover, a, b, dirs)
            }
            Expr::Drawn(a) => self.drawn(s, self.eval(a, cx)),
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
                i64::from((0..s.cells.len() as CellId).any(|c| {
                    let at = Ctx { to: c, ..*cx };
                    self.eval(cond, &at) != 0
                }))
            }),
            Expr::MaxCells(cond, v) => self.with_memo(cx, |cx| {
                (0..s.cells.len() as CellId)
                    .filter(|&c| self.eval(cond, &Ctx { to: c, ..*cx }) != 0)
                    .map(|c| self.eval(v, &Ctx { to: c, ..*cx }))
                    .max()
                    .unwrap_or(-1)
            }),
            Expr::SumCells(cond, v) => self.with_memo(cx, |cx| {
                (0..s.cells.len() as CellId)
                    .filter(|&c| self.eval(cond, &Ctx { to: c, ..*cx }) != 0)
                    .map(|c| self.eval(v, &Ctx { to: c, ..*cx }))
                    .sum()
            }),
            Expr::AreaCan(kind, a, b) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                self.area_can(s, *kind, a, b)
            }
            Expr::Splits(a) => self.splits(s, self.eval(a, cx)),
            Expr::Distance(a, b, dirs) => {
                let (a, b) = (self.eval(a, cx), self.eval(b, cx));
                self.distance(s, cx.mover, a, b, dirs)
            }
            Expr::CountCells(cond) => self.with_memo(cx, |cx| {
                (0..s.cells.len() as CellId)
                    .filter(|&c| {
                        let at = Ctx { to: c, ..*cx };
                        self.eval(cond, &at) != 0
                    })
                    .count() as i64
            }),
            Expr::Material => self.material(s, cx.mover),
            Expr::Height(c) => reads::height(s, self.eval(c, cx)),
            Expr::Steps => cx.steps as i64,
            Expr::Jumped => cx.jumped as i64,
            Expr::Jumps => i64::from(cx.jumps),
            Expr::TurnPlayer => i64::from(s.window_owner.unwrap_or(s.to_move)),
            Expr::Passed => i64::from(s.last.pass),
            Expr::Held(z, k, who) => {
                let who = match who {
                    Some(w) => match self.seat(self.eval(w, cx)) {
                        Some(p) => p,
                        None => return 0,
                    },
                    None => cx.mover,
                };
                self.held(s, *z, *k, who)
            }
            Expr::Moved(k) => i64::from(s.last.kind == *k),
            Expr::Count(k, who) => {
                let who = who.as_ref().map(|w| self.eval(w, cx));
                reads::count(s, *k, who)
            }
        }
    }
}

/// A binary operator other than `and` and `or`, on its two values.
#[inline(always)]
pub(crate) fn binary(op: BinOp, x: i64, y: i64) -> i64 {
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
        BinOp::And => i64::from(x != 0 && y != 0),
        BinOp::Or => i64::from(x != 0 || y != 0),
    }
}
