//! Mu (rulesets/mu.tessel) against the seed, issue 18: oscillation played out, territory
//! accessible from the Wall, virgin fragments, the table's size, the pictures.
//!
//! Positions are on the small table (`table=3`); the cells are named as in tests/mu.rs.

mod common;

use common::{play, stack, texts};
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

// ---- 2. Territory accessible from the Wall ---------------------------------------------------

/// The counts when the game is over (the position must have every player passed).
fn counted(g: &Game, p: &str) -> Vec<i64> {
    let s = at(g, p);
    let mut scratch = g.scratch();
    let o = g
        .status(&s, &mut scratch)
        .expect("every player passed: over");
    o.values
}

#[test]
fn an_empty_section_a_piece_on_the_wall_can_move_into_is_territory() {
    // The section a7 b7 a6, walled in; red's 2-piece on d7 does not touch it, but moves two
    // cells along the Wall, d7 → c7 → b7, into it.
    let g = game(&[]);
    let p = "3[rr]/5/6/7/6/5/4 r 2 14 2 0 ccww/cwwww/wwwwww/wwwwwww/wwwwww/wwwww/wwww ..../...../....../......./....../...../....";
    assert_eq!(counted(&g, p), vec![3, 0]);
    // A lone man on d7 reaches only c7: no one reaches the section.
    let p = "3r/5/6/7/6/5/4 r 2 14 2 0 ccww/cwwww/wwwwww/wwwwwww/wwwwww/wwwww/wwww ..../...../....../......./....../...../....";
    assert_eq!(counted(&g, p), vec![0, 0]);
    // Blue's 2-piece on c5 reaches a7 (c5 → b6 → a7): the section is accessible to both.
    let p = "3[rr]/5/2[bb]3/7/6/5/4 r 2 14 2 0 ccww/cwwww/wwwwww/wwwwwww/wwwwww/wwwww/wwww ..../...../....../......./....../...../....";
    assert_eq!(counted(&g, p), vec![0, 0], "neutral");
}

/// A one-colour section over its critical mass oscillates: every cell keeps passing men on,
/// so at the end of the turn each ends exactly one below capacity (the Wall: at capacity),
/// the empty ones too, in the section's colour.
#[test]
fn an_oscillating_section_is_trimmed_and_filled_to_one_below_capacity() {
    let g = game(&[]);
    // The Commonwealth b4 c4 d4 e4 (capacities 1, 2, 2, 1: critical mass 2) holding three
    // red men on b4.
    let p = "4/5/6/1[rrr]5/6/5/4 r 2 14 0 0 ..../...../....../.cccc../....../...../.... ..../...../....../......./....../...../....";
    let mut s = at(&g, p);
    assert_eq!(texts(&g, &s), vec!["pass"], "it oscillates: no explosion");
    play(&g, &mut s, &["pass"]);
    let cells: Vec<String> = ["b4", "c4", "d4", "e4"]
        .iter()
        .map(|c| stack(&g, &s, c))
        .collect();
    assert_eq!(cells, vec!["-", "r", "r", "-"]);
    // Blue's section oscillates too in red's turn: filled with blue.
    let p = "4/5/6/1[bbb]5/6/5/4 r 2 14 0 0 ..../...../....../.cccc../....../...../.... ..../...../....../......./....../...../....";
    let mut s = at(&g, p);
    play(&g, &mut s, &["pass"]);
    let cells: Vec<String> = ["b4", "c4", "d4", "e4"]
        .iter()
        .map(|c| stack(&g, &s, c))
        .collect();
    assert_eq!(cells, vec!["-", "b", "b", "-"]);
    // The Wall b4 c4 d4 e4 (capacities 1, 2, 2, 1: six in all) holding seven red men.
    let p = "4/5/6/1[rrrrrrr]5/6/5/4 r 2 14 0 0 ..../...../....../.wwww../....../...../.... ..../...../....../......./....../...../....";
    let mut s = at(&g, p);
    assert_eq!(texts(&g, &s), vec!["pass"], "it oscillates: no explosion");
    play(&g, &mut s, &["pass"]);
    let cells: Vec<String> = ["b4", "c4", "d4", "e4"]
        .iter()
        .map(|c| stack(&g, &s, c))
        .collect();
    assert_eq!(cells, vec!["r", "rr", "rr", "r"]);
}

// ---- 3. Virgin fragments -----------------------------------------------------------------------

#[test]
fn a_virgin_fragment_between_two_sections_joins_neither() {
    // Red's section a7 b7 a6 and blue's d7 e6; the virgin c7 touches both. Sections never
    // merge: c7 counts for no one, as the Wall it would become if it exploded.
    let g = game(&[]);
    let p = "r3/4b/6/7/6/5/4 r 2 14 2 0 ccvc/cwwwc/wwwwww/wwwwwww/wwwwww/wwwww/wwww ..../...../....../......./....../...../....";
    assert_eq!(counted(&g, p), vec![3, 2]);
    let p = "r3/4b/6/7/6/5/4 r 2 14 2 0 ccwc/cwwwc/wwwwww/wwwwwww/wwwwww/wwwww/wwww ..../...../....../......./....../...../....";
    assert_eq!(counted(&g, p), vec![3, 2], "with c7 as Wall");
    // A fragment of two cells (c7 and c6) touching only red's section counts with it.
    let p = "r3/5/6/7/6/5/4 r 2 14 2 0 ccvw/cwvww/wwwwww/wwwwwww/wwwwww/wwwww/wwww ..../...../....../......./....../...../....";
    assert_eq!(counted(&g, p), vec![5, 0]);
    // A fragment touching no section counts for no one.
    let p = "r3/5/6/7/6/5/4 r 2 14 2 0 ccww/cwwww/wwwwww/wwvvwww/wwwwww/wwwww/wwww ..../...../....../......./....../...../....";
    assert_eq!(counted(&g, p), vec![3, 0]);
}
