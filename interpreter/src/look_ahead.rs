//! The look-ahead condition `no_reply`: after a decision, the player to decide next has
//! no legal decision. It is asked in `forbid`, on the position the decision leaves.
//!
//! The look-ahead goes one level deep: while one is running (the next player's decisions
//! are being tried, each against the `forbid` rules), a `no_reply` asked again — the
//! next player's own look-ahead — counts as false, so the search never recurses further.
//! The same holds inside the turn-end look-ahead of `forbid at turn end`, which tries
//! many decisions in a row (and takes fewer steps inside a `no_reply` look-ahead).
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

/// How many steps a turn-end look-ahead (`forbid at turn end`) takes at most inside a
/// `no_reply` look-ahead, which runs one for each decision it tries.
pub(crate) const TRIES_WITHIN: u32 = 2_000;

/// Whether a look-ahead is running on this thread.
pub(crate) fn running() -> bool {
    LOOKING.with(|l| l.get())
}

/// Runs `f` as a look-ahead (the turn-end search): a `no_reply` asked in it is false.
pub(crate) fn within<R>(f: impl FnOnce() -> R) -> R {
    if LOOKING.with(|l| l.replace(true)) {
        return f();
    }
    let _running = Running;
    f()
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
