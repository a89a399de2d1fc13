//! Running the program's statements (`set`, `capture`, `shift`, `swap`, `each cell`, `if`,
//! …) as written, on a state that changes under them; their expressions are worked out by
//! `eval.rs`. The lists compiled (`compile/effect.rs`) run the statements they have no
//! form for through here.

use crate::eval::Ctx;
use crate::game::ruleset::Game;
use crate::groups::Memo;
use crate::state::{Pending, Piece, State};
use tessel_lang::ir::{AssignOp, CellId, Expr, PlayerId, Stmt, NEUTRAL};

impl Game {
    /// Runs a statement list by its compiled code (`block`, from [`Game::block_of`] or a
    /// rule's), or `body` as written where it has none.
    pub(crate) fn run(
        &self,
        s: &mut State,
        (block, body): (Option<u32>, &[Stmt]),
        mover: PlayerId,
        from: CellId,
        to: CellId,
    ) {
        match block.and_then(|b| self.blocks.get(b as usize)) {
            Some(code) => code(self, s, mover, (from, to, to)),
            None => self.exec_at(s, body, mover, (from, to, to)),
        }
    }

    /// The ruleset's `after move` with its compiled list, for [`Game::run`].
    pub(crate) fn after_move(&self) -> (Option<u32>, &[Stmt]) {
        (self.block_of.after_move, &self.program.after_move)
    }

    /// A context whose `target` is not its `to` (inside `each cell`).
    pub(crate) fn ctx_at<'s>(
        &self,
        s: &'s State,
        mover: PlayerId,
        (from, to, target): (CellId, CellId, CellId),
    ) -> Ctx<'s> {
        let mut cx = self.ctx(s, mover, from, to, None);
        cx.target = target;
        cx.jumped = s.last.jumped;
        cx
    }

    /// `each cell [if COND] { … }`: `body` (run with the move's cells) for each cell, as
    /// `to`, where the condition holds when the cell is reached (the body may change the
    /// state: a cell the condition's sieve passes by then is passed by).
    pub(crate) fn exec_each(
        &self,
        s: &mut State,
        (cond, sieve): (Option<&Expr>, Option<crate::compile::Sieve>),
        mover: PlayerId,
        (from, target): (CellId, CellId),
        body: impl Fn(&mut State, (CellId, CellId, CellId)),
    ) {
        // The groups the condition finds are kept from cell to cell until the body runs:
        // a condition asking about a cell's group labels the board once, not once a cell.
        let mut memo = Memo::default();
        for c in 0..s.cells.len() as CellId {
            if sieve.is_some_and(|v| !v.tries(s, c)) {
                continue;
            }
            let hit = cond.is_none_or(|cond| {
                let cx = Ctx {
                    memo: Some(&memo),
                    ..self.ctx_at(s, mover, (from, c, target))
                };
                self.eval(cond, &cx) != 0
            });
            if hit {
                body(s, (from, c, target));
                // What the memo kept may be out of date now (an empty one has nothing).
                if !memo.is_empty() {
                    memo = Memo::default();
                }
            }
        }
    }

    /// Runs statements with `from`, `to` and the decision's cell (`target`, which `each
    /// cell` does not rebind).
    pub(crate) fn exec_at(
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
                                let slot = self.zone_slot(*z, p.owner(), self.held_as(p.kind()));
                                s.zones[slot] = s.zones[slot].saturating_add(1);
                            }
                        }
                    }
                }
                Stmt::Each(cond, body) => {
                    let sieve = match cond {
                        Some(Expr::Code(n, _)) => self.sieves.get(*n as usize).copied(),
                        _ => None,
                    };
                    self.exec_each(s, (cond.as_ref(), sieve), mover, (from, target), |s, at| {
                        self.exec_at(s, body, mover, at)
                    })
                }
                Stmt::Along(w, body) => {
                    self.exec_along(s, w, mover, (from, to, target), |s, at| {
                        self.exec_at(s, body, mover, at)
                    })
                }
                Stmt::Sow {
                    cell,
                    track,
                    skip,
                    last,
                } => self.exec_sow(
                    s,
                    (cell, *track, skip.as_ref(), *last),
                    mover,
                    (from, to, target),
                ),
                Stmt::Pour(a, b) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let (a, b) = (self.eval(a, &cx), self.eval(b, &cx));
                    self.exec_pour(s, a, b);
                }
                Stmt::TrackWalk {
                    track,
                    backwards,
                    inclusive,
                    from: start,
                    cond,
                    body,
                } => self.exec_track_walk(
                    s,
                    (*track, *backwards, *inclusive),
                    start,
                    cond,
                    body,
                    mover,
                    (from, to, target),
                ),
                Stmt::EachInGroup(c, cond, body) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    for t in self.group_of(c, cond, &cx) {
                        self.exec_at(s, body, mover, (from, t, target));
                    }
                }
                Stmt::Convert(c, who) => {
                    let cx = self.ctx_at(s, mover, (from, to, target));
                    let (c, who) = (self.eval(c, &cx), self.eval(who, &cx));
                    self.exec_convert(s, c, who);
                }
                Stmt::Change(c, kind) => {
                    let c = self.eval(c, &self.ctx_at(s, mover, (from, to, target)));
                    self.exec_change(s, c, *kind);
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
