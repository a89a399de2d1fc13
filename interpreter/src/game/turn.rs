//! Turns: the game's or a round's `setup`, a turn's beginning, the end of a turn (and
//! whose turn is next), and a restart from the start position.

use super::ruleset::Game;
use crate::state::{LastMove, State};
use tessel_lang::ir::{PlayerId, NO_CELL};

impl Game {
    /// Runs the ruleset's `setup` as the game or a round begins, and again once the chance
    /// events its last run started are resolved; when a run starts none, the first turn
    /// begins.
    pub fn run_setup(&self, s: &mut State) {
        s.setup_pending = false;
        if !self.program.setup.is_empty() {
            let before = s.pending.len();
            self.run(
                s,
                (self.block_of.setup, &self.program.setup),
                s.to_move,
                NO_CELL,
                NO_CELL,
            );
            s.setup_pending = s.pending.len() > before;
            // `next turn to …` in setup: who plays first.
            if let Some(p) = s.next_player.take() {
                s.to_move = p;
            }
        }
        if !s.setup_pending {
            self.begin_turn(s);
        }
    }

    /// Runs the statements that begin a turn, for the player to move.
    pub fn begin_turn(&self, s: &mut State) {
        if self.program.tracks_turn_moves {
            for p in s.cells.iter_mut() {
                *p = p.with_turn_moved(false);
            }
            for (_, p) in s.buried.iter_mut() {
                *p = p.with_turn_moved(false);
            }
        }
        if !self.program.turn.start.is_empty() {
            self.run(
                s,
                (self.block_of.turn_start, &self.program.turn.start),
                s.to_move,
                NO_CELL,
                NO_CELL,
            );
        }
    }

    /// A turn's first decision: the variables that go back to their starting value at each
    /// turn do, and the turn has begun.
    #[inline]
    pub(super) fn reset_turn_vars(&self, s: &mut State) {
        if !s.turn_begun {
            for &(slot, n, init) in &self.resets {
                s.vars[slot..slot + n].fill(init);
            }
            s.turn_begun = true;
        }
    }

    /// Ends `mover`'s turn and begins the next player's.
    pub(super) fn pass_turn(&self, s: &mut State, mover: PlayerId) {
        if !self.program.turn.end.is_empty() {
            self.run(
                s,
                (self.block_of.turn_end, &self.program.turn.end),
                mover,
                NO_CELL,
                NO_CELL,
            );
        }
        s.turn_step = 0;
        s.turn_begun = false;
        s.turns += 1;
        s.to_move = match s.next_player.take() {
            Some(p) => p,
            None => ((mover as usize + 1) % self.players) as PlayerId,
        };
        self.begin_turn(s);
    }

    /// Back to the start position: pieces, zones, whose turn; variables not `kept` at
    /// their start values. The seeded generator and kept variables go on.
    pub(super) fn restart(&self, s: &mut State) {
        s.restart_pending = false;
        s.end_turn_pending = false;
        s.rounds += 1;
        s.history.clear();
        let Some(t) = &self.start_template else {
            return;
        };
        s.cells.clone_from(&t.cells);
        s.buried.clone_from(&t.buried);
        s.zones.clone_from(&t.zones);
        self.copy_vars(&mut s.vars, &t.vars, |v| !v.kept);
        s.to_move = t.to_move;
        s.turn_step = 0;
        s.turn_begun = false;
        s.pending.clear();
        s.last = LastMove::default();
        self.find_royals(s);
        self.run_setup(s);
    }
}
