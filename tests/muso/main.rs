//! Muso (rulesets/muso.tessel): each movement pattern, the stack and water rules, kili
//! refill, setup, scores and every ending.

#[path = "../common/mod.rs"]
mod common;

mod course;
mod notation;
mod pieces;
mod variants;

use common::{play, texts};
use tessel_interpreter::{Game, State};

fn game(options: &[(&str, &str)]) -> Game {
    common::load("rulesets/muso.tessel", options)
}

/// A position after setup, in FERN: from `BOARD r|b` and the kili reserves (`4/4`).
fn at(g: &Game, board_and_turn: &str, reserves: &str) -> State {
    let (board, turn) = board_and_turn.split_once(' ').expect("board and turn");
    let side = if turn == "r" { "l" } else { "p" };
    g.parse_position(&format!("{board} 0/0 {reserves} {side} 0"), 0)
        .expect("position")
}

/// The origin and destination of a move in Muso notation (`c2xb3`, `h4i4^`, `e2e1+`).
fn ends(m: &str) -> Option<(String, String)> {
    let plain: String = m.chars().filter(|c| !"x^+".contains(*c)).collect();
    (plain.len() == 4 && plain.as_bytes()[1].is_ascii_digit())
        .then(|| (plain[..2].to_string(), plain[2..].to_string()))
}

/// The cells a piece on `from` can reach, sorted (each once).
fn targets(g: &Game, s: &State, from: &str) -> Vec<String> {
    let mut t: Vec<String> = texts(g, s)
        .iter()
        .filter_map(|m| ends(m))
        .filter(|(f, _)| f == from)
        .map(|(_, to)| to)
        .collect();
    t.sort();
    t.dedup();
    t
}

/// The position after each decision that reads `text` (with `#rule` when several do).
fn after(g: &Game, s: &State, text: &str) -> String {
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(s, &mut legal, &mut tmp);
    let m = g
        .parse_move(text, &legal)
        .unwrap_or_else(|e| panic!("{text}: {e}; legal: {:?}", texts(g, s)));
    let mut t = s.clone();
    g.apply(&mut t, m);
    g.position_string(&t)
}

fn cells(list: &str) -> Vec<String> {
    list.split_whitespace().map(str::to_string).collect()
}
