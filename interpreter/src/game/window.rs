//! Reaction windows: a window opens when a decision asks players to answer; the
//! `reaction` actions the player asked may take, and an answer (which may end the turn).

use super::ruleset::{Game, Move};
use crate::memo::Kept;
use crate::state::State;
use tessel_lang::ir::{PlayerId, NO_CELL};

impl Game {
    /// Opens a reaction window if a decision of `owner`'s asked players to answer: the
    /// first one asked is to move, and the turn ends as the window closes if `ends_turn`.
    /// Whether a window opened.
    #[inline]
    pub(super) fn open_window(&self, s: &mut State, owner: PlayerId, ends_turn: bool) -> bool {
        let Some(&first) = s.asking.first() else {
            return false;
        };
        s.window_owner = Some(owner);
        s.window_ends_turn = ends_turn;
        s.to_move = first;
        true
    }

    /// The `reaction` actions the player asked in a reaction window may take.
    /// (As the other actions are offered: the part of a condition that reads no cell asked
    /// once, the values that read none kept for the state.)
    pub(super) fn reactions(&self, s: &State, out: &mut Vec<Move>) {
        let asked = s.to_move;
        let kept = Kept::new(self, asked, None);
        let base = self.ctx(s, asked, NO_CELL, NO_CELL, None).keeping(&kept);
        for (i, a) in self.program.actions.iter().enumerate() {
            if a.reaction {
                self.action_moves(&base, &kept, (i, a), out);
            }
        }
    }

    /// A decision in a reaction window: a pass declines (the next player is asked); a
    /// `reaction` action answers and closes the window.
    pub(super) fn answer(&self, s: &mut State, m: Move) {
        let asked = s.to_move;
        s.ply += 1;
        if m.is_action() {
            if let Some(a) = self.program.actions.get(m.rule as usize) {
                s.asking.clear();
                let block = self.block_of.action(m.rule as usize);
                self.run(s, (block, &a.effects), asked, m.to, m.to);
            }
        } else if !s.asking.is_empty() {
            s.asking.remove(0);
        }
        match s.asking.first() {
            Some(&next) => s.to_move = next,
            None => {
                let owner = s.window_owner.take().unwrap_or(asked);
                s.to_move = owner;
                let ends = std::mem::take(&mut s.window_ends_turn) || s.end_turn_pending;
                s.end_turn_pending = false;
                if ends {
                    self.pass_turn(s, owner);
                }
            }
        }
    }
}
