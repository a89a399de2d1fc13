//! The interpreter on small rules files that use zones, drops, multi-decision turns and
//! passing (tests/data/check/ok/), one file per concern of the engine.

#[path = "../common/mod.rs"]
mod common;

mod agents;
mod attacks_and_rides;
mod boards;
mod chance;
mod compiled;
mod look_ahead;
mod notation;
mod repetition;
mod sowing;
mod stacks;
mod turns;
mod zones;

use common::{play, texts};
use tessel_interpreter::{Game, Move};

const HEX: &str = "tests/data/check/ok/hex-board.tessel";
const DICE: &str = "tests/data/check/ok/dice-race.tessel";
const BAG: &str = "tests/data/check/ok/bag-draw.tessel";
const HAND: &str = "tests/data/check/ok/hand-and-double-moves.tessel";
const PILES: &str = "tests/data/check/ok/piles-and-rounds.tessel";
const STUCK: &str = "tests/data/check/ok/stuck-passes.tessel";

fn game(path: &str) -> Game {
    common::load(path, &[])
}

fn inline(rules: &str) -> Game {
    let c = tessel_lang::compile("inline", rules, &tessel::bundle::BundleLoader, &[]);
    let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.message.clone()).collect();
    Game::new(c.program.unwrap_or_else(|| panic!("{msgs:?}")))
}
