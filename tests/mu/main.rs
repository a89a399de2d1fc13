//! Mu (rulesets/mu.tessel): laying and clearing segments, moves, the Wall's movement rules,
//! explosions and chain reactions, oscillation, territory, and whole seeded games.
//!
//! Positions are built on a small table (`table=3`, 37 cells):
//!
//! ```text
//! rank 7:       a7 b7 c7 d7
//! rank 6:     a6 b6 c6 d6 e6
//! rank 5:   a5 b5 c5 d5 e5 f5
//! rank 4: a4 b4 c4 d4 e4 f4 g4
//! rank 3:   b3 c3 d3 e3 f3 g3
//! rank 2:     c2 d2 e2 f2 g2
//! rank 1:       d1 e1 f1 g1
//! ```
//! `e`/`w` go along a rank, `ne` keeps the letter one rank up (d4 → d5), `nw` goes one
//! letter back one rank up (d4 → c5), `sw` keeps the letter one rank down (d4 → d3), `se`
//! one letter on one rank down (d4 → e3).

#[path = "../common/mod.rs"]
mod common;

mod explosions;
mod games;
mod moves;
mod setup;
mod table;
mod territory;

use common::{play, stack, texts};
use rand::SeedableRng;
use std::collections::HashMap;
use tessel_interpreter::{Game, State};

fn game(options: &[(&str, &str)]) -> Game {
    let mut all = vec![("table", "3")];
    all.extend_from_slice(options);
    common::load("rulesets/mu.tessel", &all)
}

/// A position in play (stage 2): `layers` lists cells per layer character (`v` Virginity,
/// `c` Commonwealth, `w` Wall, `.` Out of Bounds), every other cell being `rest`; `pieces`
/// gives stacks bottom first (`rr`); `centres` the segment centres.
struct Setup<'a> {
    rest: char,
    layers: &'a [(&'a str, char)],
    pieces: &'a [(&'a str, &'a str)],
    centres: &'a str,
    turn: &'a str,
    idle: u32,
}

impl Default for Setup<'_> {
    fn default() -> Self {
        Setup {
            rest: 'v',
            layers: &[],
            pieces: &[],
            centres: "",
            turn: "r",
            idle: 0,
        }
    }
}

fn position(g: &Game, setup: &Setup) -> String {
    let names = &g.program.board.cells;
    let rows = g.program.board.rows.as_ref().expect("a hexagon");
    let mut layer: HashMap<&str, char> = HashMap::new();
    for (cells, ch) in setup.layers {
        for c in cells.split_whitespace() {
            assert!(names.iter().any(|n| n == c), "no cell {c}");
            layer.insert(c, *ch);
        }
    }
    let pieces: HashMap<&str, &str> = setup.pieces.iter().copied().collect();
    let centres: Vec<&str> = setup.centres.split_whitespace().collect();
    let (mut board, mut layers, mut marks) = (Vec::new(), Vec::new(), Vec::new());
    for (_, row) in rows {
        let (mut b, mut l, mut m) = (String::new(), String::new(), String::new());
        let mut run = 0;
        for &c in row {
            let name = names[c as usize].as_str();
            l.push(*layer.get(name).unwrap_or(&setup.rest));
            m.push(if centres.contains(&name) { 'o' } else { '.' });
            match pieces.get(name) {
                None => run += 1,
                Some(stack) => {
                    if run > 0 {
                        b += &run.to_string();
                        run = 0;
                    }
                    if stack.len() == 1 {
                        b += stack;
                    } else {
                        b += &format!("[{stack}]");
                    }
                }
            }
        }
        if run > 0 {
            b += &run.to_string();
        }
        board.push(b);
        layers.push(l);
        marks.push(m);
    }
    format!(
        "{} {} 2 14 {} 0 {} {}",
        board.join("/"),
        setup.turn,
        setup.idle,
        layers.join("/"),
        marks.join("/")
    )
}

fn at(g: &Game, setup: &Setup) -> State {
    let p = position(g, setup);
    g.parse_position(&p, 0)
        .unwrap_or_else(|e| panic!("{p}: {}", e.message))
}

fn cell(g: &Game, name: &str) -> usize {
    g.board.cell_by_name(name).expect("cell") as usize
}

fn layer(g: &Game, s: &State, name: &str) -> i64 {
    g.var(s, "layer", cell(g, name)).expect("layer")
}

/// The cells a piece on `from` may move to this turn.
fn targets(g: &Game, s: &State, from: &str) -> Vec<String> {
    let mut t: Vec<String> = texts(g, s)
        .iter()
        .filter_map(|m| m.strip_prefix(from).map(str::to_string))
        .filter(|rest| rest.as_bytes().first().is_some_and(u8::is_ascii_lowercase))
        .collect();
    t.sort();
    t
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Resolves chance and plays every decision that is the only one, as `tessel play` does.
fn settle(g: &Game, s: &mut State) {
    for _ in 0..10_000 {
        if let Some(m) = g.sample_chance(s) {
            g.apply(s, m);
            continue;
        }
        let t = texts(g, s);
        if t.len() != 1 || t[0] == "pass" {
            return;
        }
        play(g, s, &[&t[0]]);
    }
    panic!("no end to the only decisions");
}

fn stage(g: &Game, s: &State) -> i64 {
    g.var(s, "stage", 0).expect("stage")
}
