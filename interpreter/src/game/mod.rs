//! A compiled game and the one interface every tool uses — whose node it is, the legal
//! decisions, applying one, results — one file per part. `ruleset` holds the types and
//! does not evaluate expressions; `eval` and `movegen` build on it, and the files that
//! decide, apply and end turns build on them.

mod build;
mod chance;
mod endings;
mod legal;
mod perft;
mod play;
mod prefer;
pub(crate) mod ruleset;
mod stack;
mod turn;
mod vars;
mod window;

pub(crate) use build::reads_cell;
pub use ruleset::{Actor, Game, Move, Outcome, Path, Scratch};
