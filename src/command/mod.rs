//! The subcommands of `tessel`, one module each (flags, help text and work), and `game`:
//! what they share, the game they load and the position it starts from.

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
