//! The subcommands of `tessel`, one module each (flags, help text and work), and `game`:
//! what they share, the game they load and the position it starts from.
//!
//! Each module has its arguments (a clap `Args` struct whose doc comment and `after_help`
//! are the subcommand's help) and `run`, which gives the exit code: `Ok` when the command
//! ran to its end, `Err` when it was stopped (its message already printed).

pub mod agents;
pub mod analyze;
pub mod bench;
pub mod check;
pub mod game;
pub mod list;
pub mod moves;
pub mod options;
pub mod perft;
pub mod play;
pub mod plugin;
pub mod random;
pub mod render;
pub mod replay;
pub mod rules;
pub mod serve;
