//! The `tessel` command's library: the bundled rulesets and standard library, the loader
//! that finds rules files, and loading a game for the subcommands and tests.
#![forbid(unsafe_code)]

pub mod bundle;
pub mod render;

pub use bundle::{load, Loaded};
