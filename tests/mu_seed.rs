//! Mu (rulesets/mu.tessel) against the seed, issue 18: oscillation played out, territory
//! accessible from the Wall, virgin fragments, the table's size, the pictures.
//!
//! Positions are on the small table (`table=3`); the cells are named as in tests/mu.rs.

mod common;

use common::{play, texts};
use tessel_interpreter::{Game, State};

fn game(options: &[(&str, &str)]) -> Game {
    let mut all = vec![("table", "3")];
    all.extend_from_slice(options);
    common::load("rulesets/mu.tessel", &all)
}

fn at(g: &Game, p: &str) -> State {
    g.parse_position(p, 0)
        .unwrap_or_else(|e| panic!("{p}: {}", e.message))
}

/// The men on a cell, bottom first (`rr`), or `-` when empty.
fn stack(g: &Game, s: &State, name: &str) -> String {
    let c = common::cell(g, name);
    let mut out: String = s
        .buried
        .iter()
        .filter(|(bc, _)| *bc as usize == c)
        .map(|(_, p)| g.symbol(*p))
        .collect();
    if !s.cells[c].is_none() {
        out += &g.symbol(s.cells[c]);
    }
    if out.is_empty() {
        "-".into()
    } else {
        out
    }
}

// ---- 1. Oscillation ----------------------------------------------------------------------

/// The issue's `osc.txt`: a three-cell Commonwealth section c4 d4 e4 (capacities 1, 2, 1,
/// critical mass one) holding blue's man on d4; red brings two men from c6 to c4.
const OSC: &str = "4/2[rr]2/2r3/3b3/6/5/4 r 2 14 0 0 vvvv/vvvvv/vwwww./vwccc../v...../vvvvv/vvvv ..../..o../....../......./....../...../....";

#[test]
fn an_oscillating_section_explodes_out_before_it_is_trimmed() {
    let g = game(&[]);
    let mut s = at(&g, OSC);
    play(&g, &mut s, &["c6c4"]);
    // Three men over a critical mass of one, but of two colours: the explosions are played
    // out, capturing as they land.
    assert_eq!(texts(&g, &s), vec!["explode@c4"], "c4 explodes");
    play(&g, &mut s, &["explode@c4"]);
    assert_eq!(stack(&g, &s, "d4"), "r", "c4's man captures blue's d4");
    // Now all red and over its critical mass: it provably cycles, and is trimmed.
    assert_eq!(texts(&g, &s), vec!["pass"]);
    play(&g, &mut s, &["pass"]);
    assert_eq!(stack(&g, &s, "c4"), "-", "trimmed to one below capacity");
    assert_eq!(stack(&g, &s, "d4"), "r", "one below capacity");
    assert_eq!(stack(&g, &s, "e4"), "-");
}
