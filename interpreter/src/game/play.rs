//! Applying a decision: `apply`, and `play_decision` in its steps — a pass, an action, a
//! drop, a piece's move (landing, capturing, pushing, carrying per-piece values), its
//! effects — up to the end of the decision (a window opens, or the turn ends).

use super::ruleset::{Game, Move, Rule};
use crate::state::{LastMove, Piece, State};
use tessel_lang::ir::{self, CellId, PlayerId, NEUTRAL, NO_CELL};

impl Game {
    /// Plays a decision. The decision should come from [`Game::decisions`].
    pub fn apply(&self, s: &mut State, m: Move) {
        self.play_decision(s, m, true);
        if s.restart_pending {
            self.restart(s);
        }
    }

    /// [`Game::apply`] on a state whose position is already recorded as the one decided
    /// at (`record_position`): the decisions tried from one position hash it once.
    pub(crate) fn apply_recorded(&self, s: &mut State, m: Move) {
        self.play_decision(s, m, false);
        if s.restart_pending {
            self.restart(s);
        }
    }

    /// A decision, step by step: a chance outcome, an answer in a reaction window, or a
    /// decision of the player to move — a pass, an action, a piece's move or drop.
    #[inline(always)] // as before it had two callers: `apply` stays one function
    fn play_decision(&self, s: &mut State, m: Move, record: bool) {
        if m.is_chance() {
            self.play_chance(s, m);
            return;
        }
        let mover = s.to_move;
        if record {
            self.record_position(s);
        }
        if s.window_owner.is_some() {
            self.answer(s, m);
            return;
        }
        self.reset_turn_vars(s);
        if m.is_pass() {
            self.play_pass(s, mover);
        } else if m.is_action() {
            self.play_action(s, m, mover);
        } else {
            self.play_move(s, m, mover);
        }
    }

    /// A pass: it is the last move, `after move` runs, and the turn ends.
    fn play_pass(&self, s: &mut State, mover: PlayerId) {
        s.last = LastMove {
            from: NO_CELL,
            to: NO_CELL,
            kind: Move::PASS_KIND,
            captured: false,
            pass: true,
            steps: 0,
            jumps: 0,
            jumped: NO_CELL,
        };
        if !self.program.after_move.is_empty() {
            self.run(s, self.after_move(), mover, NO_CELL, NO_CELL);
        }
        s.ply += 1;
        self.finish_decision(s, mover, true);
    }

    /// An action: its effects and `after move` run; one that is not `free` is a step of
    /// the turn.
    fn play_action(&self, s: &mut State, m: Move, mover: PlayerId) {
        let Some(a) = self.program.actions.get(m.rule as usize) else {
            return;
        };
        s.last = LastMove {
            from: NO_CELL,
            to: m.to,
            kind: Move::ACTION_KIND,
            captured: false,
            pass: false,
            steps: 0,
            jumps: 0,
            jumped: NO_CELL,
        };
        // An action on a cell sees it as both `from` and `to` (`to` is rebound inside
        // `each cell` and `count_cells`; `from` keeps the action's cell).
        let block = self.block_of.action(m.rule as usize);
        self.run(s, (block, &a.effects), mover, m.to, m.to);
        if !self.program.after_move.is_empty() {
            self.run(s, self.after_move(), mover, NO_CELL, m.to);
        }
        s.ply += 1;
        if !a.free {
            s.turn_step += 1;
        }
        let ends = (!a.free && s.turn_step as u32 >= self.program.turn.max) || s.end_turn_pending;
        self.finish_decision(s, mover, ends);
    }

    /// A piece's move or drop: the pieces go, the move is recorded, a plug-in piece's
    /// attributes go along, the rule's effects and `after move` run; it is a step of the
    /// turn.
    fn play_move(&self, s: &mut State, m: Move, mover: PlayerId) {
        // A jump's jumps, found on the position before it (`chain.rs`).
        let jumps = if m.path.is_empty() {
            Vec::new()
        } else {
            self.jumps_of(s, m)
        };
        let captured = if m.from == NO_CELL {
            self.drop_piece(s, m, mover)
        } else {
            self.move_piece(s, m, mover)
        };
        let rule = &self.rules[mover as usize][m.kind as usize][m.rule as usize];
        self.record_move(s, rule, m, captured);
        self.carry_attributes(s, rule, m);
        if !jumps.is_empty() {
            s.last.jumps = m.path.len();
            self.jump_effects(s, (rule.block, &rule.effects), &jumps, mover);
            if !self.program.after_move.is_empty() {
                self.run(s, self.after_move(), mover, m.from, m.to);
            }
        } else {
            self.run_effects(s, rule, m, mover);
        }
        s.ply += 1;
        s.turn_step += 1;
        let ends = s.turn_step as u32 >= self.program.turn.max || s.end_turn_pending;
        self.finish_decision(s, mover, ends);
    }

    /// A drop from the zone named by the rule; whether it captured.
    fn drop_piece(&self, s: &mut State, m: Move, mover: PlayerId) -> bool {
        if let ir::Atom::Drop(z) = self.rules[mover as usize][m.kind as usize][m.rule as usize].atom
        {
            let slot = self.zone_slot(z, mover, m.kind);
            s.zones[slot] = s.zones[slot].saturating_sub(1);
        }
        let captured = self.land(s, m, mover);
        self.fresh_values(s, m.to);
        let kind = if m.promo != 0 { m.promo - 1 } else { m.kind };
        let track = self.program.tracks_turn_moves;
        s.cells[m.to as usize] = Piece::new(kind, mover)
            .with_moved(true)
            .with_turn_moved(track);
        captured
    }

    /// A piece on the board moves: a trade, the top piece alone, or a group or a piece
    /// from a pile; whether it captured.
    fn move_piece(&self, s: &mut State, m: Move, mover: PlayerId) -> bool {
        let rule = &self.rules[mover as usize][m.kind as usize][m.rule as usize];
        let target = s.cells[m.to as usize];
        if rule.converting
            && !target.is_none()
            && target.owner() != mover
            && target.owner() != NEUTRAL
        {
            self.trade(s, m, mover, target)
        } else if rule.group <= 1 && !rule.group_any && !rule.carry && !self.program.piles {
            self.move_top(s, m, mover)
        } else {
            self.move_group(s, rule, m, mover)
        }
    }

    /// A trade (`converting`): the piece there changes allegiance; the moving piece leaves
    /// play. It counts as a capture.
    fn trade(&self, s: &mut State, m: Move, mover: PlayerId, target: Piece) -> bool {
        self.keep_taken(s, m.from);
        let _ = self.lift(s, m.from);
        s.cells[m.to as usize] = target.with_owner(mover).with_moved(true);
        if self.royal.contains(target.kind()) {
            s.royal_hint[mover as usize & 15] = m.to;
        }
        true
    }

    /// The common case: the top piece moves alone; whether it captured.
    fn move_top(&self, s: &mut State, m: Move, mover: PlayerId) -> bool {
        let piece = self.lift(s, m.from);
        if self.royal.contains(piece.kind()) {
            s.royal_hint[mover as usize & 15] = m.to;
        }
        self.displace(s, m);
        let captured = self.land(s, m, mover);
        self.move_values(s, m);
        s.cells[m.to as usize] = self.landed(piece, m);
        captured
    }

    /// A group, or a piece picked from a pile: take them, then land them in order;
    /// whether they captured.
    fn move_group(&self, s: &mut State, rule: &Rule, m: Move, mover: PlayerId) -> bool {
        let like = |p: Piece| {
            p.owner() == mover && p.kind() == m.kind && u8::from(p.turn_moved()) == m.sub
        };
        let mut taken = Vec::with_capacity(rule.group as usize);
        let count = if rule.carry {
            1 + s.buried.iter().filter(|(c, _)| *c == m.from).count() as u32
        } else if rule.group_any {
            u32::from(m.count.max(1))
        } else {
            rule.group.max(1)
        };
        for _ in 0..count {
            let p = if self.program.piles && !rule.carry {
                self.take_one(s, m.from, like)
            } else {
                Some(self.lift(s, m.from)).filter(|p| !p.is_none())
            };
            match p {
                Some(p) => taken.push(p),
                None => break,
            }
        }
        self.displace(s, m);
        let captured = self.land(s, m, mover);
        self.move_values(s, m);
        // The first taken was on top, and stays on top.
        let carry = rule.carry;
        for (i, &p) in taken.iter().enumerate().rev() {
            let under = s.cells[m.to as usize];
            if !under.is_none() {
                s.buried.push((m.to, under));
            }
            // What is carried is not promoted, and stays as it was.
            s.cells[m.to as usize] = if carry && i > 0 {
                p.with_moved(true)
            } else {
                self.landed(p, m)
            };
            if self.royal.contains(p.kind()) {
                s.royal_hint[mover as usize & 15] = m.to;
            }
        }
        captured
    }

    /// A piece as it lands on the move's target: it has moved (this turn too, where the
    /// ruleset tracks that), and is promoted if the move promotes.
    #[inline]
    fn landed(&self, p: Piece, m: Move) -> Piece {
        // No piece (a move replayed where its piece is gone): nothing lands, and no flag
        // makes an empty cell look occupied.
        if p.is_none() {
            return p;
        }
        let mut p = p
            .with_moved(true)
            .with_turn_moved(self.program.tracks_turn_moves);
        if m.promo != 0 {
            p = p.with_kind(m.promo - 1);
        }
        p
    }

    /// The move as the last move, for what reads it (`captured`, `steps`, …).
    fn record_move(&self, s: &mut State, rule: &Rule, m: Move, captured: bool) {
        s.last = LastMove {
            from: m.from,
            to: m.to,
            kind: m.kind,
            captured,
            pass: false,
            jumps: 0,
            jumped: NO_CELL,
            // Worked out only for rulesets that read it (a ride's distance is a walk).
            steps: if self.program.uses_steps {
                self.steps_of(s, rule, m)
            } else {
                0
            },
        };
    }

    /// A plug-in's piece takes its attributes along, and the move may set the first.
    fn carry_attributes(&self, s: &mut State, rule: &Rule, m: Move) {
        if let ir::Atom::Plugin { attrs, .. } = &rule.atom {
            for (k, &a) in attrs.iter().enumerate() {
                let slot = self.var_slot[a as usize];
                // A `per piece` attribute has gone along already.
                if m.from != NO_CELL && !self.program.vars[a as usize].per_piece {
                    // A pushed or swapped piece takes its own along (the mover's cell
                    // may be where it goes).
                    let mine = s.vars[slot + m.from as usize];
                    if m.aux < Move::OFF_BOARD {
                        s.vars[slot + m.aux as usize] = s.vars[slot + m.to as usize];
                    }
                    s.vars[slot + m.to as usize] = mine;
                }
                if k == 0 && m.count > 0 {
                    s.vars[slot + m.to as usize] = i64::from(m.count - 1);
                }
            }
        }
    }

    /// The rule's effects, then the ruleset's `after move`.
    fn run_effects(&self, s: &mut State, rule: &Rule, m: Move, mover: PlayerId) {
        if !rule.effects.is_empty() {
            self.run(s, (rule.block, &rule.effects), mover, m.from, m.to);
        }
        if !self.program.after_move.is_empty() {
            self.run(s, self.after_move(), mover, m.from, m.to);
        }
    }

    /// A jump move's effects, one jump after another, each with its `from`, `to` and
    /// `jumped` (the jumps found on the position before the move).
    pub(crate) fn jump_effects(
        &self,
        s: &mut State,
        effects: (Option<u32>, &[ir::Stmt]),
        jumps: &[(CellId, CellId, CellId)],
        mover: PlayerId,
    ) {
        for &(from, to, mid) in jumps {
            s.last.jumped = mid;
            self.run(s, effects, mover, from, to);
        }
        s.last.jumped = NO_CELL;
    }

    /// The end of a decision of `mover`'s turn: a reaction window it opened is asked
    /// first (the turn ends, if it `ends`, as the window closes); else the turn ends now
    /// if it `ends`.
    fn finish_decision(&self, s: &mut State, mover: PlayerId, ends: bool) {
        s.end_turn_pending = false;
        if !self.open_window(s, mover, ends) && ends {
            self.pass_turn(s, mover);
        }
    }

    /// Clears the target of a move for the piece to land: a stacking rule buries what
    /// stands there, any other takes it. Whether something was captured.
    fn land(&self, s: &mut State, m: Move, mover: PlayerId) -> bool {
        let rule = self.rules[mover as usize][m.kind as usize].get(m.rule as usize);
        let occupant = s.cells[m.to as usize];
        // `stacking` lands on anything; `merging` on the mover's own pieces.
        let stacking = rule.is_some_and(|r| {
            r.stacking || (r.merging && !occupant.is_none() && occupant.owner() == mover)
        });
        if stacking && !occupant.is_none() {
            s.buried.push((m.to, occupant));
            s.cells[m.to as usize] = Piece::NONE;
            return false;
        }
        if !occupant.is_none() && !self.travelling.is_empty() {
            self.keep_taken(s, m.to);
        }
        let into = rule.and_then(|r| r.captures_into);
        if self.program.capture_top && !occupant.is_none() {
            // Only the top piece is taken; the mover lands on what it covered.
            let top = self.lift(s, m.to);
            let zone = into.map(|z| (z, true)).or(self.program.captures_to);
            if let Some((zone, to_owner)) = zone {
                let who = if to_owner { top.owner() } else { mover };
                if !(to_owner && top.owner() == NEUTRAL) {
                    let slot = self.zone_slot(zone, who, self.held_as(top.kind()));
                    s.zones[slot] = s.zones[slot].saturating_add(1);
                }
            }
            let under = s.cells[m.to as usize];
            if !under.is_none() {
                s.buried.push((m.to, under));
                s.cells[m.to as usize] = Piece::NONE;
            }
            return true;
        }
        match into {
            Some(zone) => self.send_cell(s, m.to, zone, true, mover),
            None => self.take_cell(s, m.to, mover),
        }
    }

    /// A plug-in's push or swap: the piece on top of `m.to` goes to `m.aux` (over what
    /// is there); one pushed off the board stays for `land` to take.
    fn displace(&self, s: &mut State, m: Move) {
        if m.aux >= Move::OFF_BOARD {
            return;
        }
        let p = self.lift(s, m.to);
        let under = s.cells[m.aux as usize];
        if !under.is_none() {
            s.buried.push((m.aux, under));
        }
        s.cells[m.aux as usize] = p;
        if self.royal.contains(p.kind()) && p.owner() != NEUTRAL {
            s.royal_hint[p.owner() as usize & 15] = m.aux;
        }
    }

    /// `per piece` values after a move: the mover's go along, and a piece it pushed or
    /// swapped takes its own.
    fn move_values(&self, s: &mut State, m: Move) {
        if self.travelling.is_empty() {
            return;
        }
        if m.aux == m.from {
            for &(slot, _) in &self.travelling {
                s.vars.swap(slot + m.from as usize, slot + m.to as usize);
            }
            return;
        }
        if m.aux < Move::OFF_BOARD {
            self.carry_values(s, m.to, m.aux);
        }
        self.carry_values(s, m.from, m.to);
    }

    /// How many move units a move by `rule` travels: a step's link cost, a leap's path
    /// length, a ride's distance; 0 for a drop.
    fn steps_of(&self, s: &State, rule: &Rule, m: Move) -> u32 {
        if m.from == NO_CELL {
            return 0;
        }
        let board = self.bd(s);
        match &rule.atom {
            ir::Atom::Step(dirs) => dirs
                .iter()
                .filter(|&&d| board.step(m.from, d) == m.to)
                .map(|&d| board.cost(m.from, d))
                .min()
                .unwrap_or(1),
            ir::Atom::Leap(paths) => paths
                .iter()
                .filter(|p| board.walk(m.from, p) == m.to)
                .map(|p| p.len() as u32)
                .min()
                .unwrap_or(1),
            ir::Atom::Ride { paths, .. } => paths
                .iter()
                .filter_map(|p| {
                    let mut c = m.from;
                    for k in 1..=self.board.cells() as u32 {
                        c = board.walk(c, p);
                        if c == NO_CELL || c == m.from {
                            return None;
                        }
                        if c == m.to {
                            return Some(k);
                        }
                    }
                    None
                })
                .min()
                .unwrap_or(1),
            _ => 1,
        }
    }
}
