//! Action ids: every distinct decision of a game as one integer, the same in every state
//! and every run (the fields of the decision packed into 128 bits). A state finds the
//! decision an id names among those it offers. A chain of jumps keeps the first 40 bits of
//! its path (its length and the first jumps: 17 on four directions, 6 of a `far` jump on a
//! 10 x 10 board).

use tessel_interpreter::Move;

/// The bits of a jump's path an id keeps.
const PATH_BITS: u32 = 40;

/// The id of a decision.
pub fn id(m: Move) -> u128 {
    (m.from as u128)
        | (m.to as u128) << 16
        | (m.kind as u128) << 32
        | (m.rule as u128) << 40
        | (m.promo as u128) << 48
        | (m.sub as u128) << 56
        | (m.count as u128) << 64
        | (m.aux as u128) << 72
        | (m.path.bits() & ((1 << PATH_BITS) - 1)) << 88
}
