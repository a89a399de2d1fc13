//! The Tessel interpreter: a compiled ruleset ([`Game`]) and its states. It shows every
//! game as a tree of decisions: whose node it is, the legal decisions, applying one, and
//! the result at the end.
//!
//! The whole pipeline, from rules text to a perft count:
//! ```
//! use tessel_lang::{compile, MapLoader};
//! use tessel_interpreter::Game;
//! let rules = r#"
//!     game "Two chiefs"
//!     players white black
//!     board grid 3 x 3
//!     piece chief K k { royal  move step n e s w ne nw se sw }
//!     forbid checked
//!     start "k2/3/2K w"
//! "#;
//! let program = compile("kings", rules, &MapLoader(Default::default()), &[])
//!     .program
//!     .expect("the rules are valid");
//! let game = Game::new(program);
//! let start = game.start_state(7).expect("the start position is valid");
//! assert_eq!(game.perft(&start, 1), 2); // b1 and c2; b2 stands next to the other chief
//! assert_eq!(game.position_string(&start), "k2/3/2K w");
//! ```
#![forbid(unsafe_code)]

pub mod agent;
pub mod area;
mod attacks;
pub mod board;
mod chain;
mod code;
mod compile;
mod eval;
mod exec;
pub mod game;
mod groups;
mod lines;
mod look_ahead;
mod memo;
mod movegen;
pub mod notation;
pub mod plugin;
pub mod position;
mod reads;
pub mod repetition;
mod sowing;
pub mod state;

pub use agent::{Agent, Mind};
pub use game::{Actor, Game, Move, Outcome, Path, Scratch};
pub use notation::MoveError;
pub use position::PositionError;
pub use state::{Piece, State};
