//! The look-ahead condition `no_reply`: after a decision, the player to decide next has
//! no legal decision. It is asked in `forbid`, on the position the decision leaves.
//!
//! The look-ahead goes one level deep: while one is running (the next player's decisions
//! are being tried, each against the `forbid` rules), a `no_reply` asked again — the
//! next player's own look-ahead — counts as false, so the search never recurses further.
//! So a rule "a drop may not checkmate" asks whether the player in check has a reply,
//! and counts as legal any reply that would itself be a mating drop.

use crate::game::ruleset::{Game, Scratch};
use crate::state::State;
use std::cell::{Cell, RefCell};

thread_local! {
    /// Whether a look-ahead is running on this thread.
    static LOOKING: Cell<bool> = const { Cell::new(false) };
    /// Scratch space kept between look-aheads, so that one is not made for each.
    static SPARE: RefCell<Option<Scratch>> = const { RefCell::new(None) };
}

/// Clears the running mark when a look-ahead ends (even by unwinding).
struct Running;

impl Drop for Running {
    fn drop(&mut self) {
        LOOKING.with(|l| l.set(false));
    }
}

impl Game {
    /// Whether the player to decide in `s` has no legal decision (at the start of a turn,
    /// none but passing); false when asked inside another look-ahead.
    pub(crate) fn no_reply(&self, s: &State) -> bool {
        if LOOKING.with(|l| l.replace(true)) {
            return false;
        }
        let _running = Running;
        let mut scratch = SPARE
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| Scratch {
                state: s.clone(),
                moves: Vec::new(),
            });
        let stuck = !self.has_legal(s, &mut scratch);
        SPARE.with(|p| *p.borrow_mut() = Some(scratch));
        stuck
    }
}
