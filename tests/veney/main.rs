//! Veney (rulesets/veney.tessel) played through, one file per part of the seed; the position
//! helpers the parts share are here.
//!
//! Positions list the steps from 16 down to 1, each as lines W X Y Z; then whose turn,
//! the reserves, consecutive passes and the move number.

#[path = "../common/mod.rs"]
mod common;

mod capture;
mod concert;
mod course;
mod devices;
mod notation;
mod pieces;
mod seed_fixes;
mod sets;
mod turns;
mod untenable;

use common::{play, texts};
use tessel_interpreter::{Game, State};

fn game() -> Game {
    common::load("rulesets/veney.tessel", &[])
}

fn at(g: &Game, position: &str) -> State {
    g.parse_position(position, 0)
        .unwrap_or_else(|e| panic!("{position}: {}", e.message))
}

/// The decisions of a piece (by its letter) in Veney notation, sorted.
fn of(g: &Game, s: &State, letter: &str) -> Vec<String> {
    let mut t: Vec<String> = texts(g, s)
        .into_iter()
        .filter(|m| m.starts_with(letter))
        .collect();
    t.sort();
    t
}

/// The decisions the agents may take (not resigning or offering a draw).
fn played(g: &Game, s: &State) -> Vec<String> {
    texts(g, s)
        .into_iter()
        .filter(|m| m != "resign" && !m.starts_with("draw"))
        .collect()
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// The position after playing `moves` from `position`.
fn after(g: &Game, position: &str, moves: &[&str]) -> String {
    let mut s = at(g, position);
    play(g, &mut s, moves);
    g.position_string(&s)
}

/// Reads a game text in Veney notation from `position`, as `tessel replay --position`
/// does; the decisions as the game writes them.
fn read_text(g: &Game, position: &str, text: &str) -> Vec<String> {
    tessel::record::from_game_text(g, "veney", &[], Some(position.to_string()), text)
        .unwrap_or_else(|e| panic!("`{text}` from {position}: {e}"))
        .decisions
}

/// Resolves a chance event by its outcome's text (`cast_at=X9`).
fn chance(g: &Game, s: &mut State, text: &str) {
    let n = g.chance_outcomes(s).expect("a throw is waiting").len();
    let m = (0..n as u16)
        .map(tessel_interpreter::Move::chance)
        .find(|m| g.chance_text(s, *m) == text)
        .unwrap_or_else(|| panic!("{text} is not an outcome"));
    g.apply(s, m);
}
