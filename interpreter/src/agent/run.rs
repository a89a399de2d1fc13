//! A player's run of decisions within one turn: the positions the search decided at, and
//! the decisions that lead back to one of them (no progress). A ruleset may let a player
//! decide again and again without moving on — a mark moved from tessel to tessel, a flag
//! set and unset — and a search that rates such a decision no worse than the others can
//! take it forever; a person would not. Such decisions are dropped while another is left.

use crate::game::{Game, Move};
use crate::state::State;
use std::sync::Arc;

/// At most this many positions are remembered in a run (a turn of a thousand decisions
/// is compared with its last ones only).
const KEPT: usize = 64;

/// The positions one player decided at so far in the current turn.
#[derive(Default)]
pub(super) struct Run {
    seen: Vec<State>,
}

impl Run {
    /// `legal` (at `s`) less the decisions after which the same player decides again, in
    /// the same turn, at a position met earlier in the run; all of them when every one
    /// would. `s` joins the run (a new turn or another player starts a new run).
    pub fn onward(&mut self, g: &Game, s: &State, legal: &[Move]) -> Vec<Move> {
        if self
            .seen
            .last()
            .is_some_and(|r| r.to_move != s.to_move || r.turns != s.turns)
        {
            self.seen.clear();
        }
        if !self.seen.iter().any(|r| same_place(r, s)) {
            if self.seen.len() == KEPT {
                self.seen.remove(0);
            }
            self.seen.push(s.clone());
        }
        // A turn's first decision can come back only to where it started: a decision
        // that changes nothing at all, which no ruleset is worth the look for.
        if self.seen.len() < 2 {
            return legal.to_vec();
        }
        let mut t = s.clone();
        let onward: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                t.copy_from(s);
                g.apply(&mut t, m);
                !(t.to_move == s.to_move
                    && t.turns == s.turns
                    && self.seen.iter().any(|r| same_place(r, &t)))
            })
            .collect();
        if onward.is_empty() {
            legal.to_vec()
        } else {
            onward
        }
    }
}

/// The same position for a run: everything a rule can read the same, but the decision
/// counter, the last decision and the history of positions. Whether the turn has begun
/// is not compared either: a turn's first decision only sets the variables that start
/// each turn afresh, which are then equal or the positions differ anyway. A drawn area or a kept
/// position counts as the same only when it is the very same copy (a change makes a
/// new one), so a decision that alters one is never taken for no progress.
fn same_place(a: &State, b: &State) -> bool {
    a.cells == b.cells
        && a.buried == b.buried
        && a.zones == b.zones
        && a.vars == b.vars
        && a.to_move == b.to_move
        && a.turn_step == b.turn_step
        && a.turns == b.turns
        && a.pending == b.pending
        && a.restart_pending == b.restart_pending
        && a.setup_pending == b.setup_pending
        && a.end_turn_pending == b.end_turn_pending
        && a.next_player == b.next_player
        && a.rounds == b.rounds
        && a.asking == b.asking
        && a.window_owner == b.window_owner
        && a.window_ends_turn == b.window_ends_turn
        && same_arc(&a.area, &b.area)
        && a.kept.len() == b.kept.len()
        && a.kept.iter().zip(&b.kept).all(|(x, y)| same_arc(x, y))
}

fn same_arc<T>(x: &Option<Arc<T>>, y: &Option<Arc<T>>) -> bool {
    match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}
