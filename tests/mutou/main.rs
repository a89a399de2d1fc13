//! MuTou (rulesets/mutou.tessel): the set layouts for 2 to 10 players, the standard
//! distribution of shakken, Walker/Angler/Jagger moves paid in wafer-points, wafer
//! accounting (rest, the bank and banked entitlements, extra moves, defeat), capture with
//! the transfer of shakken, and whole seeded games.

#[path = "../common/mod.rs"]
mod common;

mod area;
mod moves;
mod rounds;
mod seed_fixes;

use common::{across, cell, play, texts};
use rand::SeedableRng;
use tessel_interpreter::{Game, Piece, State};

const MUTOU: &str = "rulesets/mutou.tessel";

/// The ruleset with options; without `choices`, played without called choices (the
/// tests of choices ask for them), so that each test sees only what it is about.
fn game(options: &[(&str, &str)]) -> Game {
    let mut all: Vec<(&str, &str)> = options.to_vec();
    if !options.iter().any(|(k, _)| *k == "choices") {
        all.push(("choices", "off"));
    }
    common::load(MUTOU, &all)
}

fn var(g: &Game, s: &State, name: &str, index: usize) -> i64 {
    g.var(s, name, index)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

fn set(g: &Game, s: &mut State, name: &str, index: usize, value: i64) {
    assert!(g.set_var(s, name, index, value), "{name}[{index}]");
}

/// The cells holding `player`'s bases.
fn bases(g: &Game, s: &State, player: u8) -> Vec<usize> {
    (0..g.board.cells())
        .filter(|&c| !s.cells[c].is_none() && s.cells[c].owner() == player)
        .collect()
}

/// A board with only the bases given: (cell, owner, [blood, walker, angler, jagger, rand]).
fn only(g: &Game, s: &mut State, pieces: &[(&str, u8, [i64; 5])]) {
    for c in 0..g.board.cells() {
        s.cells[c] = Piece::NONE;
    }
    s.buried.clear();
    for p in 0..g.players() {
        set(g, s, "blood", p, 0);
    }
    for &(name, owner, shakken) in pieces {
        let c = cell(g, name);
        s.cells[c] = Piece::new(0, owner);
        for (v, n) in [
            "bloods_on",
            "walkers_on",
            "anglers_on",
            "jaggers_on",
            "rands_on",
        ]
        .iter()
        .zip(shakken)
        {
            set(g, s, v, c, n);
        }
        set(g, s, "_seat", c, owner as i64);
        let b = var(g, s, "blood", owner as usize);
        set(g, s, "blood", owner as usize, b + shakken[0]);
    }
    // As a turn begins again: what the turn works out from the board (reach) is redone.
    g.begin_turn(s);
}

/// The start of a game of `g` with only the bases given on the board (see `only`), a turn
/// of the first player begun, with `points` wafer-points for it when given.
fn position(g: &Game, pieces: &[(&str, u8, [i64; 5])], points: Option<i64>) -> State {
    let mut s = g.start_state(0).expect("start");
    only(g, &mut s, pieces);
    if let Some(p) = points {
        set(g, &mut s, "points", 0, p);
    }
    s
}

/// The moves of the piece on `from`, as destinations, sorted.
fn moves_from(g: &Game, s: &State, from: &str) -> Vec<String> {
    let mut t: Vec<String> = texts(g, s)
        .into_iter()
        .filter_map(|m| m.strip_prefix(from).map(str::to_string))
        .collect();
    t.sort();
    t
}

fn random_game(players: &str, seed: u64) -> (String, u32) {
    let g = game(&[("players", players), ("choices", "on")]);
    let mut s = g.start_state(seed).expect("start");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut scratch = g.scratch();
    let o = g
        .random_playout(&mut s, &mut rng, 200_000, &mut scratch)
        .expect("the game ends");
    (o.ending, s.ply)
}
