//! Which decisions are legal: the candidates the rules offer (piece moves, a pass,
//! actions), less those a `forbid` rule rules out, and the `manual` actions set apart.

use super::ruleset::{Game, Move, Scratch};
use crate::eval::Ctx;
use crate::memo::Kept;
use crate::state::State;
use std::cell::RefCell;
use tessel_lang::ir::{self, CellId, PlayerId, NO_CELL};

thread_local! {
    /// States to try decisions on, kept between look-aheads so that one is not made
    /// (allocated) for each: a look-ahead takes one and gives it back.
    static SPARE: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
}

/// How many decisions deep the turn-end look-ahead goes (a turn's `max` is at most 1,000;
/// free decisions do not count towards it, so without a bound they could go on for ever).
const LOOK_AHEAD_DEPTH: usize = 1000;

/// How many steps the turn-end look-ahead takes at most before it answers that the turn
/// cannot be ended (a search that branches at every decision grows without practical end).
const LOOK_AHEAD_TRIES: u32 = 200_000;

/// A state to try decisions on (its contents are overwritten before use).
fn spare(s: &State) -> State {
    SPARE
        .with(|p| p.borrow_mut().pop())
        .unwrap_or_else(|| s.clone())
}

impl Game {
    /// Legal moves of the player to move, ignoring endings.
    pub fn legal_moves(&self, s: &State, out: &mut Vec<Move>, tmp: &mut State) {
        out.clear();
        if let Some(outcomes) = self.chance_outcomes(s) {
            out.extend((0..outcomes.len() as u16).map(Move::chance));
            return;
        }
        self.candidates(s, out);
        if !self.program.forbids.is_empty() && s.window_owner.is_none() {
            // Where positions are recorded, the position the decisions start from is
            // recorded (hashed) once, not once for each decision tried.
            let recorded = self.program.tracks_positions.then(|| {
                let mut r = spare(s);
                r.copy_from(s);
                self.record_position(&mut r);
                r
            });
            out.retain(|m| {
                let play = |t: &mut State| match &recorded {
                    Some(r) => {
                        t.copy_from(r);
                        self.apply_recorded(t, *m);
                    }
                    None => {
                        t.copy_from(s);
                        self.apply(t, *m);
                    }
                };
                play(tmp);
                let ended = tmp.turns != s.turns;
                !self.forbidden(tmp, s.to_move, ended)
                    && (ended || self.can_finish_turn_on(tmp, s.turns, play))
            });
            if let Some(r) = recorded {
                SPARE.with(|p| p.borrow_mut().push(r));
            }
        }
        if !self.program.prefers.is_empty() && s.window_owner.is_none() {
            self.keep_preferred(s, out);
        }
        if out.is_empty() && self.program.turn.pass_when_stuck {
            out.push(Move::pass());
        }
    }

    /// The decisions the rules offer before `forbid`: piece moves, a pass, and actions
    /// (only the forced actions, when any is offered).
    fn candidates(&self, s: &State, out: &mut Vec<Move>) {
        let mover = s.to_move;
        if s.window_owner.is_some() {
            // A reaction window: the player asked answers with a reaction, or passes —
            // unless a `forced` reaction is offered, which leaves only the forced ones.
            self.reactions(s, out);
            if out
                .iter()
                .any(|m| self.program.actions[m.rule as usize].forced)
            {
                out.retain(|m| self.program.actions[m.rule as usize].forced);
            } else {
                out.push(Move::pass());
            }
            return;
        }
        let kept = Kept::new(self, mover, None);
        self.pseudo_moves_kept(s, &kept, out);
        let cx = |from, to| self.ctx(s, mover, from, to, None).keeping(&kept);
        if let Some(cond) = &self.program.turn.pass {
            if self.eval(cond, &cx(NO_CELL, NO_CELL)) != 0 {
                out.push(Move::pass());
            }
        }
        if self.program.actions.is_empty() {
            return;
        }
        let mut forced = false;
        // One context for the decision; each candidate cell's is this one moved there.
        let base = cx(NO_CELL, NO_CELL);
        for (i, a) in self.program.actions.iter().enumerate() {
            if !a.reaction && self.action_moves(&base, &kept, (i, a), out) {
                forced |= a.forced;
            }
        }
        if forced {
            out.retain(|m| m.is_action() && self.program.actions[m.rule as usize].forced);
        }
    }

    /// The moves of action `i` (`a`) for the player `base` names (`base`: their context in
    /// the state examined, `kept` its values, no cell yet): its part that reads no cell is
    /// asked once, then the rest at each cell it may hold at. Whether it offered any.
    #[inline(always)]
    pub(super) fn action_moves(
        &self,
        base: &Ctx,
        kept: &Kept,
        (i, a): (usize, &ir::Action),
        out: &mut Vec<Move>,
    ) -> bool {
        let (s, mover) = (base.s, base.mover);
        let (guard, occupied, rest) = &self.action_guard[i];
        if guard.as_ref().is_some_and(|g| self.eval(g, base) == 0) {
            return false;
        }
        let start = out.len();
        let mut every = false;
        let cells: &[CellId] = if !a.on_cells {
            &[NO_CELL]
        } else if let Some(Some(per)) = self.action_cells.get(i) {
            per.get(mover as usize)
                .or(per.first())
                .map_or(&[], |v| v.as_slice())
        } else {
            every = true;
            &self.all_cells
        };
        let sieve = match rest {
            Some(ir::Expr::Code(n, _)) => self.sieves.get(*n as usize).copied(),
            _ => None,
        };
        // The guard held: the conjuncts that look at the cell decide.
        let mut try_cell = |c: CellId| {
            if *occupied && s.cells[c as usize].is_none() {
                return;
            }
            if rest
                .as_ref()
                .is_none_or(|cond| self.eval(cond, &base.moving_to(c, c)) != 0)
            {
                out.push(Move::action(i as u8, c));
            }
        };
        // Where the cell part places the cell: only there.
        let within = match self.action_within.get(i) {
            Some(Some(w)) if a.on_cells => self.withins.get(*w as usize),
            _ => None,
        };
        if let Some(w) = within {
            // The rest of the cell part decides where the cells are exactly those.
            let (allowed, rest) = w.placed(self, base, rest.as_ref());
            let offer = |c: CellId| {
                if (!*occupied || !s.cells[c as usize].is_none())
                    && rest.is_none_or(|cond| self.eval(cond, &base.moving_to(c, c)) != 0)
                {
                    out.push(Move::action(i as u8, c));
                }
            };
            let tries = |c: &CellId| sieve.is_none_or(|v| v.tries(s, *c));
            if every {
                crate::compile::ones(allowed.words())
                    .filter(tries)
                    .for_each(offer);
            } else {
                cells
                    .iter()
                    .copied()
                    .filter(|&c| allowed.has(c) && tries(&c))
                    .for_each(offer);
            }
            return out.len() > start;
        }
        match sieve {
            // Every cell the sieve tries, listed once for the state (the actions on every
            // cell often share a sieve of per-cell variables)…
            Some(v) if every && v.reads_vars() => {
                kept.sieved(s, v).iter().for_each(|&c| try_cell(c))
            }
            // … or through where the pieces stand.
            Some(v) if every => crate::compile::cells(s, v, Some(kept)).for_each(try_cell),
            _ => cells
                .iter()
                .filter(|&&c| sieve.is_none_or(|v| v.tries(s, c)))
                .for_each(|&c| try_cell(c)),
        }
        out.len() > start
    }

    /// With `forbid at turn end` rules, a decision inside a turn is legal only if the turn
    /// can still end without breaking one: is there a way on from `s`, in the same turn
    /// (`turns` turns played), to a legal end? A pass is tried first. The search is depth
    /// first with its own stack (a turn may hold up to 1,000 decisions: recursion would
    /// overflow the thread's stack).
    fn can_finish_turn(&self, s: &State, turns: u32) -> bool {
        if !self.program.forbids.iter().any(|f| f.at_turn_end) || !s.pending.is_empty() {
            return true;
        }
        // A `no_reply` asked during this search is false (a look-ahead inside a
        // look-ahead).
        let most = self.turn_end_tries();
        crate::look_ahead::within(|| self.turn_end_search(s, turns, most))
    }

    /// [`Game::can_finish_turn`] on a state the caller has no more use for, which `redo`
    /// makes again: the commonest answer, a pass that ends the turn well, is tried on `t`
    /// itself, with no copy of the state made for it; where that is not the answer, `t`
    /// is made again and the whole search runs (trying the pass once more: the same
    /// answer as the search alone gives).
    fn can_finish_turn_on(&self, t: &mut State, turns: u32, redo: impl Fn(&mut State)) -> bool {
        if !self.program.forbids.iter().any(|f| f.at_turn_end) || !t.pending.is_empty() {
            return true;
        }
        let most = self.turn_end_tries();
        crate::look_ahead::within(|| {
            if self.pass_first(t) {
                let mover = t.to_move;
                self.apply(t, Move::pass());
                let ended = t.turns != turns;
                if !self.forbidden(t, mover, ended) && (ended || !t.pending.is_empty()) {
                    return true;
                }
                redo(t);
            }
            self.turn_end_search(t, turns, most)
        })
    }

    /// How many steps the turn-end search takes at most: inside a `no_reply` look-ahead,
    /// which runs this for each decision it tries, a smaller bound keeps the two searches
    /// together bounded.
    fn turn_end_tries(&self) -> u32 {
        if crate::look_ahead::running() {
            crate::look_ahead::TRIES_WITHIN
        } else {
            LOOK_AHEAD_TRIES
        }
    }

    /// The search of [`Game::can_finish_turn`], at most `most` steps.
    fn turn_end_search(&self, s: &State, turns: u32, most: u32) -> bool {
        let mover = s.to_move;
        // Each level: a state of the turn, the decisions from it not tried yet (last first
        // out), and what is still to be tried before them: a pass (2), tried first where
        // one is offered as it usually ends the turn at once, then the rules' other
        // decisions, looked for only once it fails (1).
        let mut t = spare(s);
        // The commonest answer first, with nothing made for the search: a pass that ends
        // the turn well.
        let (next, mut stage) = self.level_of(s);
        let mut after_pass = None;
        if stage == 2 {
            stage = 1;
            t.copy_from(s);
            self.apply(&mut t, Move::pass());
            let ended = t.turns != turns;
            if !self.forbidden(&t, mover, ended) {
                if ended || !t.pending.is_empty() {
                    SPARE.with(|p| p.borrow_mut().push(t));
                    return true;
                }
                // The turn goes on after the pass: the search starts there.
                let mut level = spare(&t);
                std::mem::swap(&mut level, &mut t);
                after_pass = Some(self.level(level));
            }
        }
        let mut first = spare(s);
        first.copy_from(s);
        let mut levels: Vec<(State, Vec<Move>, u8)> = vec![(first, next, stage)];
        levels.extend(after_pass);
        let mut tried = 0u32;
        let found = loop {
            let Some((at, left, stage)) = levels.last_mut() else {
                break false;
            };
            // A bounded search: past the bounds no way to the turn's end is found.
            tried += 1;
            if tried > most {
                break false;
            }
            let m = match (*stage, left.pop()) {
                (2, _) => {
                    *stage = 1;
                    Move::pass()
                }
                (_, Some(m)) => m,
                (1, None) => {
                    *stage = 0;
                    self.candidates(at, left);
                    left.retain(|m| !m.is_pass());
                    left.reverse();
                    continue;
                }
                (_, None) => {
                    if let Some((done, _, _)) = levels.pop() {
                        SPARE.with(|p| p.borrow_mut().push(done));
                    }
                    continue;
                }
            };
            t.copy_from(at);
            self.apply(&mut t, m);
            let ended = t.turns != turns;
            if self.forbidden(&t, mover, ended) {
                continue;
            }
            if ended || !t.pending.is_empty() {
                break true;
            }
            // Go on from here: the turn goes on after this decision (free decisions may go
            // on without end: no deeper than the bound).
            if levels.len() >= LOOK_AHEAD_DEPTH {
                continue;
            }
            let mut level = spare(&t);
            std::mem::swap(&mut level, &mut t);
            levels.push(self.level(level));
        };
        SPARE.with(|p| {
            let mut p = p.borrow_mut();
            p.push(t);
            p.extend(levels.into_iter().map(|(st, _, _)| st));
        });
        found
    }

    /// A level of [`Game::can_finish_turn`]'s search at `s`: a pass to try first where one
    /// is offered (not when a forced action may be, which would leave no pass), the other
    /// decisions looked for once it fails; else every decision, the first to try last.
    fn level(&self, s: State) -> (State, Vec<Move>, u8) {
        let (next, stage) = self.level_of(&s);
        (s, next, stage)
    }

    /// What a level at `s` tries, and its stage (see [`Game::can_finish_turn`]).
    fn level_of(&self, s: &State) -> (Vec<Move>, u8) {
        if self.pass_first(s) {
            return (Vec::new(), 2);
        }
        let mut next = Vec::new();
        self.candidates(s, &mut next);
        next.reverse();
        (next, 0)
    }

    /// Whether a level of the search at `s` tries a pass first: one is offered (outside a
    /// reaction window), and no forced action may be, which would leave no pass.
    fn pass_first(&self, s: &State) -> bool {
        s.window_owner.is_none() && self.pass_offered(s) && !self.forced_maybe(s)
    }

    /// Whether a forced action may be offered now: its part that reads no cell holds.
    fn forced_maybe(&self, s: &State) -> bool {
        let cx = self.ctx(s, s.to_move, NO_CELL, NO_CELL, None);
        self.program.actions.iter().enumerate().any(|(i, a)| {
            a.forced
                && !a.reaction
                && self.action_guard[i]
                    .0
                    .as_ref()
                    .is_none_or(|g| self.eval(g, &cx) != 0)
        })
    }

    /// Whether the rules offer the player to move a pass now (`turn { pass if … }`),
    /// outside a reaction window.
    fn pass_offered(&self, s: &State) -> bool {
        self.program.turn.pass.as_ref().is_some_and(|cond| {
            self.eval(cond, &self.ctx(s, s.to_move, NO_CELL, NO_CELL, None)) != 0
        })
    }

    /// Whether the player to move has a legal decision: at the start of a turn, one other
    /// than passing (a player who can only pass cannot move); later in a turn, a pass that
    /// ends it counts.
    pub(crate) fn has_legal(&self, s: &State, scratch: &mut Scratch) -> bool {
        if !s.pending.is_empty() {
            return true;
        }
        let mut buf = std::mem::take(&mut scratch.moves);
        buf.clear();
        self.candidates(s, &mut buf);
        let manual = |m: &Move| self.is_manual(m);
        let found = buf
            .iter()
            .filter(|m| (s.turn_step > 0 || !m.is_pass()) && !manual(m))
            .any(|m| {
                let play = |t: &mut State| {
                    t.copy_from(s);
                    self.apply(t, *m);
                };
                play(&mut scratch.state);
                let ended = scratch.state.turns != s.turns;
                !self.forbidden(&scratch.state, s.to_move, ended)
                    && (ended || self.can_finish_turn_on(&mut scratch.state, s.turns, play))
            });
        scratch.moves = buf;
        found
    }

    /// Whether a `forbid` rule holds after `mover`'s decision.
    /// `turn_ended`: the decision ended the turn, so `forbid at turn end` rules apply too.
    pub fn forbidden(&self, s: &State, mover: PlayerId, turn_ended: bool) -> bool {
        let kept = Kept::sparing(self, mover, None);
        let cx = self
            .ctx(s, mover, s.last.from, s.last.to, None)
            .keeping(&kept);
        self.program
            .forbids
            .iter()
            .any(|f| (turn_ended || !f.at_turn_end) && self.eval(&f.cond, &cx) != 0)
    }

    /// The decisions the rules offer before `forbid` and `prefer` (piece moves, a pass,
    /// actions), for messages about those left out.
    pub fn candidate_decisions(&self, s: &State, out: &mut Vec<Move>) {
        out.clear();
        if self.chance_outcomes(s).is_none() {
            self.candidates(s, out);
        }
    }

    /// Which `forbid` rule a decision breaks, for messages.
    pub fn forbid_reason(&self, s: &State, m: Move) -> Option<&str> {
        let mut t = s.clone();
        self.apply(&mut t, m);
        let cx = self.ctx(&t, s.to_move, m.from, m.to, None);
        let ended = t.turns != s.turns;
        let broken = self
            .program
            .forbids
            .iter()
            .find(|f| (ended || !f.at_turn_end) && self.eval(&f.cond, &cx) != 0);
        match broken {
            Some(f) => Some(f.reason.as_str()),
            // No way to end the turn after it without breaking a turn-end rule.
            None if !ended && !self.can_finish_turn(&t, s.turns) => self
                .program
                .forbids
                .iter()
                .find(|f| f.at_turn_end)
                .map(|f| f.reason.as_str()),
            None => None,
        }
    }

    /// Whether a decision is a `manual` action (resigning and the like).
    pub fn is_manual(&self, m: &Move) -> bool {
        m.is_action()
            && self
                .program
                .actions
                .get(m.rule as usize)
                .is_some_and(|a| a.manual)
    }

    /// Leaves out the `manual` actions (resigning and the like), which agents and random
    /// play never take.
    pub fn drop_manual(&self, moves: &mut Vec<Move>) {
        if self.program.actions.iter().any(|a| a.manual) {
            moves.retain(|m| !self.is_manual(m));
        }
    }
}
