//! Action ids: every distinct decision of a game as one integer, the same in every state
//! and every run (the fields of the decision packed into 128 bits). A state finds the
//! decision an id names among those it offers.

use tessel_interpreter::Move;

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
}
