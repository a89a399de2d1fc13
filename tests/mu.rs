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

mod common;

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

// ---- Establishing the playing area ----------------------------------------------------

#[test]
fn the_first_segment_lies_in_the_middle_and_others_touch_the_board_with_two_cells() {
    let g = common::load("rulesets/mu.tessel", &[("table", "4"), ("segments", "2")]);
    let mut s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), vec!["lay@e5"]);
    play(&g, &mut s, &["lay@e5"]);
    assert_eq!(stack(&g, &s, "e5"), "r");
    for c in ["e5", "f5", "d5", "e6", "e4", "d6", "f4"] {
        assert_eq!(layer(&g, &s, c), 1, "{c} is virgin");
    }
    let blue = texts(&g, &s);
    // g6's segment touches the board with f6 and g5; h5's only with g5.
    assert!(blue.contains(&"lay@g6".to_string()), "{blue:?}");
    assert!(!blue.contains(&"lay@h5".to_string()), "{blue:?}");
    // Overlapping the red segment is not laying.
    assert!(!blue.contains(&"lay@f5".to_string()));
    assert!(
        !blue.iter().any(|m| !m.starts_with("lay@")),
        "only laying: {blue:?}"
    );
}

#[test]
fn clearing_leaves_each_player_one_segment_filled_with_seven_men() {
    let g = common::load("rulesets/mu.tessel", &[("table", "4"), ("segments", "2")]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["lay@e5", "lay@g6"]);
    for _ in 0..2 {
        let first = texts(&g, &s)[0].clone();
        play(&g, &mut s, &[&first]);
    }
    assert_eq!(stage(&g, &s), 1, "all segments laid: clearing");
    assert_eq!(
        texts(&g, &s)
            .iter()
            .filter(|m| m.starts_with("clear@"))
            .count(),
        2,
        "red clears one of two segments"
    );
    play(&g, &mut s, &["clear@e5"]);
    assert!(texts(&g, &s).contains(&"clear@g6".to_string()));
    play(&g, &mut s, &["clear@g6"]);
    assert_eq!(stage(&g, &s), 2, "play begins");
    assert_eq!(g.program.players.len(), 2);
    let red = s
        .cells
        .iter()
        .filter(|p| !p.is_none() && p.owner() == 0)
        .count();
    let blue = s
        .cells
        .iter()
        .filter(|p| !p.is_none() && p.owner() == 1)
        .count();
    assert_eq!((red, blue), (7, 7), "seven men each, one a cell");
    assert_eq!(s.to_move, 0, "the first player moves first");
    assert!(texts(&g, &s).contains(&"pass".to_string()));
}

#[test]
fn random_assembly_is_legal_and_seeded() {
    let build = |seed: u64| {
        let g = common::load(
            "rulesets/mu.tessel",
            &[("setup", "random"), ("players", "3")],
        );
        let mut s = g.start_state(seed).expect("start");
        settle(&g, &mut s);
        assert_eq!(stage(&g, &s), 2, "the random assembly reaches play");
        for p in 0..3 {
            let men = s
                .cells
                .iter()
                .filter(|x| !x.is_none() && x.owner() == p)
                .count();
            assert_eq!(men, 7, "player {p} has one filled segment");
        }
        let segments = (0..g.board.cells())
            .filter(|&c| g.var(&s, "centre", c) == Some(1))
            .count();
        assert_eq!(segments, 21, "three players lay seven segments each");
        g.position_string(&s)
    };
    assert_eq!(build(7), build(7), "the same seed gives the same board");
    assert_ne!(build(7), build(8));
}

#[test]
fn fate_may_decide_who_goes_first() {
    let g = common::load("rulesets/mu.tessel", &[("first", "fate"), ("players", "3")]);
    let mut firsts = Vec::new();
    for seed in 0..20 {
        let mut s = g.start_state(seed).expect("start");
        while let Some(m) = g.sample_chance(&mut s) {
            g.apply(&mut s, m);
        }
        let first = s.to_move;
        assert_eq!(texts(&g, &s), vec!["lay@m13"]);
        play(&g, &mut s, &["lay@m13"]);
        assert_eq!(s.to_move, (first + 1) % 3, "play runs on in seat order");
        firsts.push(first);
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts, vec![0, 1, 2], "each player may begin");
    // By default the first player named begins.
    let g = game(&[]);
    assert_eq!(g.start_state(0).expect("start").to_move, 0);
}

#[test]
fn a_saved_board_reads_back_to_the_same_position() {
    let g = common::load("rulesets/mu.tessel", &[("setup", "random")]);
    let mut s = g.start_state(3).expect("start");
    settle(&g, &mut s);
    play(&g, &mut s, &["pass"]);
    let text = g.position_string(&s);
    let back = g.parse_position(&text, 0).expect("reads back");
    assert_eq!(g.position_string(&back), text);
    assert_eq!(texts(&g, &back), texts(&g, &s), "the same decisions");
}

// ---- Moves -------------------------------------------------------------------------------

#[test]
fn a_piece_moves_exactly_its_height_over_pieces_and_top_men_move_too() {
    let g = game(&[]);
    let s = at(
        &g,
        &Setup {
            pieces: &[("d4", "rr"), ("d5", "b"), ("e4", "b")],
            centres: "d4",
            ..Setup::default()
        },
    );
    // The top man moves one cell, the column of two exactly two cells, over d5 and e4.
    assert_eq!(
        targets(&g, &s, "d4"),
        sorted("b4 b6 c4 c5 d2 d3 d5 d6 e3 e4 f2 f4")
    );
    let mut t = s.clone();
    play(&g, &mut t, &["d4d6"]);
    assert_eq!(stack(&g, &t, "d6"), "rr");
    assert_eq!(stack(&g, &t, "d4"), "-");
    let mut t = s.clone();
    play(&g, &mut t, &["d4e4"]);
    assert_eq!(stack(&g, &t, "e4"), "r", "captures by replacement");
    assert_eq!(stack(&g, &t, "d4"), "r", "one man stays");
}

#[test]
fn a_piece_lands_on_its_own_colour_as_one_column_and_captures_any_size() {
    let g = game(&[]);
    let s = at(
        &g,
        &Setup {
            pieces: &[("d4", "r"), ("e4", "r"), ("c4", "bbb")],
            centres: "d4",
            ..Setup::default()
        },
    );
    let mut t = s.clone();
    play(&g, &mut t, &["d4e4"]);
    assert_eq!(stack(&g, &t, "e4"), "rr");
    let mut t = s.clone();
    play(&g, &mut t, &["d4c4"]);
    assert_eq!(
        stack(&g, &t, "c4"),
        "r",
        "a single man captures a column of three"
    );
}

#[test]
fn nothing_moves_onto_or_over_the_out_of_bounds() {
    let g = game(&[]);
    let s = at(
        &g,
        &Setup {
            layers: &[("e4 c5", '.')],
            pieces: &[("d4", "rr")],
            centres: "d4",
            ..Setup::default()
        },
    );
    let t = targets(&g, &s, "d4");
    assert!(!t.contains(&"f4".to_string()), "over e4: {t:?}");
    assert!(!t.contains(&"e4".to_string()) && !t.contains(&"b6".to_string()));
    assert!(t.contains(&"d6".to_string()) && t.contains(&"b4".to_string()));
}

#[test]
fn one_move_per_segment_occupied_as_the_turn_began() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &Setup {
            pieces: &[("d4", "r"), ("e4", "r"), ("g4", "r")],
            centres: "d4 g4",
            ..Setup::default()
        },
    );
    assert!(!targets(&g, &s, "e4").is_empty());
    play(&g, &mut s, &["d4d5"]);
    assert!(targets(&g, &s, "e4").is_empty(), "d4's segment has moved");
    assert!(!targets(&g, &s, "g4").is_empty(), "g4's has not");
    play(&g, &mut s, &["g4f5"]);
    assert_eq!(texts(&g, &s), vec!["pass"]);
    play(&g, &mut s, &["pass"]);
    assert_eq!(s.to_move, 1);
}

#[test]
fn the_wall_is_crossed_from_outside_only_over_the_movers_own_men() {
    let g = game(&[]);
    let s = |wall: &str| {
        at(
            &g,
            &Setup {
                layers: &[("d4", 'w')],
                pieces: &[("c4", "rr"), ("e5", "r"), ("d4", wall)],
                centres: "c4 e5",
                ..Setup::default()
            },
        )
    };
    let empty = at(
        &g,
        &Setup {
            layers: &[("d4", 'w')],
            pieces: &[("c4", "rr"), ("e5", "r")],
            centres: "c4 e5",
            ..Setup::default()
        },
    );
    assert!(!targets(&g, &empty, "c4").contains(&"e4".to_string()));
    assert!(targets(&g, &s("r"), "c4").contains(&"e4".to_string()));
    assert!(!targets(&g, &s("b"), "c4").contains(&"e4".to_string()));
    // Never onto the Wall from outside: e5's man cannot step onto d4.
    assert!(!targets(&g, &empty, "e5").contains(&"d4".to_string()));
    assert!(!targets(&g, &s("r"), "e5").contains(&"d4".to_string()));
}

#[test]
fn from_the_wall_a_piece_moves_along_over_and_onto_the_wall() {
    let g = game(&[]);
    let s = at(
        &g,
        &Setup {
            // Wall capacities 1, 2, 2, 1: the column of two on c4 is at rest.
            layers: &[("b4 c4 d4 e4", 'w')],
            pieces: &[("c4", "rr"), ("d4", "b")],
            centres: "c5",
            ..Setup::default()
        },
    );
    let t = targets(&g, &s, "c4");
    assert!(
        t.contains(&"e4".to_string()),
        "over a blue man on the Wall, onto the Wall: {t:?}"
    );
    assert!(
        t.contains(&"d4".to_string()),
        "the top man captures on the Wall: {t:?}"
    );
    assert!(t.contains(&"c6".to_string()), "and off the Wall: {t:?}");
}

// ---- Explosions ------------------------------------------------------------------------

#[test]
fn a_move_into_a_capacity_three_virgin_cell_explodes_in_a_chain_and_captures() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &Setup {
            pieces: &[("d4", "rrr"), ("b7", "rr"), ("a6", "bb")],
            centres: "d4",
            ..Setup::default()
        },
    );
    play(&g, &mut s, &["d4a7"]);
    // a7 has three virgin neighbours: it explodes as part of the move.
    assert_eq!(texts(&g, &s), vec!["explode@a7"]);
    play(&g, &mut s, &["explode@a7"]);
    assert_eq!(layer(&g, &s, "a7"), 2, "a Commonwealth cell");
    assert_eq!(stack(&g, &s, "a7"), "r", "it sprouted a man");
    assert_eq!(
        stack(&g, &s, "a6"),
        "r",
        "the blue column is captured by the explosion"
    );
    assert_eq!(stack(&g, &s, "b6"), "r");
    // b7 now holds three with three virgin neighbours: the chain goes on.
    assert_eq!(stack(&g, &s, "b7"), "rrr");
    assert_eq!(texts(&g, &s), vec!["explode@b7"]);
    play(&g, &mut s, &["explode@b7"]);
    assert_eq!(layer(&g, &s, "b7"), 2);
    assert_eq!(stack(&g, &s, "b7"), "r");
    assert_eq!(stack(&g, &s, "b6"), "rr");
    assert_eq!(stack(&g, &s, "c7"), "r");
    assert_eq!(stack(&g, &s, "c6"), "r");
    assert!(
        texts(&g, &s).contains(&"pass".to_string()),
        "the chain has come to rest"
    );
}

#[test]
fn the_mover_chooses_between_two_cells_ready_to_explode() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &Setup {
            pieces: &[("d4", "rrr"), ("b7", "rr"), ("a6", "rr")],
            centres: "d4",
            ..Setup::default()
        },
    );
    play(&g, &mut s, &["d4a7", "explode@a7"]);
    assert_eq!(texts(&g, &s), vec!["explode@a6", "explode@b7"]);
    let mut first_a6 = s.clone();
    play(&g, &mut first_a6, &["explode@a6"]);
    assert!(texts(&g, &first_a6).contains(&"explode@b7".to_string()));
    let mut first_b7 = s.clone();
    play(&g, &mut first_b7, &["explode@b7"]);
    assert!(texts(&g, &first_b7).contains(&"explode@a6".to_string()));
}

#[test]
fn a_last_bridge_becomes_wall_and_keeps_its_overcapacity() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &Setup {
            layers: &[("c4 e4", 'c'), ("d5", 'w')],
            pieces: &[("d4", "rr"), ("d2", "rr")],
            centres: "d2",
            ..Setup::default()
        },
    );
    // d4 has three virgin neighbours (c5 d3 e3); four men make one over capacity.
    play(&g, &mut s, &["d2d4"]);
    assert_eq!(texts(&g, &s), vec!["explode@d4"]);
    play(&g, &mut s, &["explode@d4"]);
    assert_eq!(layer(&g, &s, "d4"), 3, "between two sections: the Wall");
    assert_eq!(
        stack(&g, &s, "d4"),
        "r",
        "the overcapacity stays; nothing sprouts"
    );
    for c in ["c5", "d3", "e3"] {
        assert_eq!(stack(&g, &s, c), "r", "{c}");
    }
    // Next to the Wall cell d5 its capacity is one: it holds its man past the turn's end.
    play(&g, &mut s, &["pass"]);
    assert_eq!(stack(&g, &s, "d4"), "r");
}

#[test]
fn an_isolated_wall_cell_holds_no_man_at_the_end_of_the_turn() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &Setup {
            layers: &[("c4 e4", 'c')],
            pieces: &[("d4", "rrr"), ("d2", "rr")],
            centres: "d2",
            ..Setup::default()
        },
    );
    play(&g, &mut s, &["d2d4", "explode@d4"]);
    assert_eq!(layer(&g, &s, "d4"), 3);
    assert_eq!(
        stack(&g, &s, "d4"),
        "r",
        "over its capacity of none, oscillating"
    );
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("explode")));
    play(&g, &mut s, &["pass"]);
    assert_eq!(stack(&g, &s, "d4"), "-", "trimmed to capacity");
}

#[test]
fn a_commonwealth_cell_explodes_on_capacity_and_keeps_its_overcapacity() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &Setup {
            layers: &[("d4", 'c')],
            pieces: &[("d4", "rrrrr"), ("d2", "rr")],
            centres: "d2",
            ..Setup::default()
        },
    );
    play(&g, &mut s, &["d2d4"]);
    assert_eq!(texts(&g, &s), vec!["explode@d4"]);
    play(&g, &mut s, &["explode@d4"]);
    assert_eq!(layer(&g, &s, "d4"), 2, "stays Commonwealth");
    assert_eq!(stack(&g, &s, "d4"), "r", "seven men, six given away");
    for c in ["e4", "c4", "d5", "d3", "c5", "e3"] {
        assert_eq!(stack(&g, &s, c), "r", "{c}");
    }
}

#[test]
fn an_oscillating_wall_section_is_trimmed_to_capacity() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &Setup {
            layers: &[("d5 d4 d3", 'w')],
            pieces: &[("d4", "rrrrr"), ("d5", "r")],
            ..Setup::default()
        },
    );
    // Capacities 1, 2, 1 hold four men at rest; six oscillate: no explosion is offered.
    assert_eq!(texts(&g, &s), vec!["pass"]);
    play(&g, &mut s, &["pass"]);
    assert_eq!(stack(&g, &s, "d4"), "rr");
    assert_eq!(stack(&g, &s, "d5"), "r");
    assert_eq!(stack(&g, &s, "d3"), "-");
}

#[test]
fn an_oscillating_commonwealth_section_is_trimmed_to_one_below_capacity() {
    let g = game(&[]);
    // A two-cell section closed by the Out of Bounds: both cells have capacity one.
    let mut s = at(
        &g,
        &Setup {
            layers: &[("e1 f1", 'c'), ("d1 d2 e2 f2 g1", '.')],
            pieces: &[("e1", "r")],
            ..Setup::default()
        },
    );
    assert_eq!(
        texts(&g, &s),
        vec!["pass"],
        "it oscillates: no explosion offered"
    );
    play(&g, &mut s, &["pass"]);
    assert_eq!(stack(&g, &s, "e1"), "-");
    // Three cells in a row hold one man, on the middle one, at rest.
    let s = at(
        &g,
        &Setup {
            layers: &[("d1 e1 f1", 'c'), ("d2 e2 f2 g2 g1 c2", '.')],
            pieces: &[("e1", "r")],
            ..Setup::default()
        },
    );
    let mut t = s.clone();
    play(&g, &mut t, &["pass"]);
    assert_eq!(stack(&g, &t, "e1"), "r");
}

#[test]
fn a_section_that_cycles_below_its_critical_mass_is_stopped_by_the_limit() {
    // A closed triangle of Commonwealth cells (capacity two each) holding 2, 1 and 0 men:
    // within the seed's critical mass (three), yet it fires round for ever. After a cell
    // has exploded `oscillation_limit` times in the turn, the section counts as oscillating.
    let g = game(&[("oscillation_limit", "3")]);
    let mut s = at(
        &g,
        &Setup {
            rest: '.',
            layers: &[("d4 e4 d5", 'c')],
            pieces: &[("d4", "rr"), ("e4", "r")],
            ..Setup::default()
        },
    );
    let mut explosions = 0;
    while let Some(m) = texts(&g, &s).into_iter().find(|m| m.starts_with("explode")) {
        play(&g, &mut s, &[&m]);
        explosions += 1;
        assert!(explosions < 100, "the limit stops it");
    }
    assert_eq!(
        explosions, 7,
        "three rounds, stopped as d4 explodes the third time"
    );
    play(&g, &mut s, &["pass"]);
    for c in ["d4", "e4", "d5"] {
        assert!(
            stack(&g, &s, c).len() <= 1,
            "{c} trimmed to one below capacity"
        );
    }
}

// ---- Territory -----------------------------------------------------------------------

/// Four sections: A (a7 b7 a6), B (d7 d6 e6), C (b3 c3 c2) and D (eight Commonwealth cells
/// and the virgin f2), separated by Wall.
fn counted(pieces: &[(&str, &str)]) -> Vec<i64> {
    let g = game(&[]);
    let s = at(
        &g,
        &Setup {
            rest: 'w',
            layers: &[
                ("a7 b7 a6 d7 d6 e6 b3 c3 c2 e3 f3 g3 e2 g2 e1 f1 g1", 'c'),
                ("f2", 'v'),
            ],
            pieces,
            idle: 2,
            ..Setup::default()
        },
    );
    let mut scratch = g.scratch();
    let o = g
        .status(&s, &mut scratch)
        .expect("every player passed: over");
    assert_eq!(o.ending, "every player passed");
    o.values
}

#[test]
fn territory_is_counted_by_the_four_rules() {
    // A holds only red: red's (3). B holds red and blue: neutral. C is empty and touched
    // on the Wall by red alone (b4): red's (3). D is empty and touched by blue alone (f4):
    // blue's, with its leftover Virginity (9).
    let base = [
        ("a7", "r"),
        ("b7", "rr"),
        ("d7", "r"),
        ("e6", "b"),
        ("b4", "r"),
        ("f4", "b"),
    ];
    assert_eq!(counted(&base), vec![6, 9]);
    // D touched by both colours on the Wall is neutral.
    let mut both = base.to_vec();
    both.push(("g4", "r"));
    assert_eq!(counted(&both), vec![6, 0]);
    // D touched by no piece is neutral.
    let none: Vec<_> = base.iter().copied().filter(|(c, _)| *c != "f4").collect();
    assert_eq!(counted(&none), vec![6, 0]);
    // B with blue alone is blue's.
    let blue_b: Vec<_> = base
        .iter()
        .map(|&(c, p)| if c == "d7" { (c, "b") } else { (c, p) })
        .collect();
    assert_eq!(counted(&blue_b), vec![6, 12]);
}

// ---- Whole games -----------------------------------------------------------------------

fn random_game(players: &str, seed: u64) -> (String, u64) {
    let g = common::load(
        "rulesets/mu.tessel",
        &[("setup", "random"), ("players", players)],
    );
    let mut s = g.start_state(seed).expect("start");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut scratch = g.scratch();
    let o = g
        .random_playout(&mut s, &mut rng, 400_000, &mut scratch)
        .expect("the game ends");
    (o.ending, s.ply as u64)
}

#[test]
fn seeded_random_games_for_two_players_end() {
    for seed in 1..3 {
        let (ending, plies) = random_game("2", seed);
        assert_eq!(ending, "every player passed", "seed {seed}");
        assert!(plies > 100);
        assert_eq!(random_game("2", seed), (ending, plies), "replayable");
    }
}

#[test]
fn a_seeded_random_game_for_six_players_ends() {
    let (ending, _) = random_game("6", 1);
    assert_eq!(ending, "every player passed");
}

#[test]
fn at_the_end_of_every_turn_the_board_is_at_rest() {
    // A whole random game: whenever a turn ends, no man stands Out of Bounds, every column
    // is of one colour, and every cell holds less than it would explode with (the Wall: no
    // more than its capacity).
    use rand::Rng;
    let g = common::load(
        "rulesets/mu.tessel",
        &[("setup", "random"), ("players", "3")],
    );
    let mut s = g.start_state(4).expect("start");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
    let mut scratch = g.scratch();
    let mut moves = Vec::new();
    let n = g.board.cells();
    let neighbours =
        |c: usize| -> Vec<usize> { g.board.neighbours(c as u16).map(|t| t as usize).collect() };
    let mut turns_checked = 0;
    for _ in 0..200_000 {
        if let Some(m) = g.sample_chance(&mut s) {
            g.apply(&mut s, m);
            continue;
        }
        if g.status(&s, &mut scratch).is_some() {
            break;
        }
        g.decisions(&s, &mut scratch, &mut moves);
        let m = moves[rng.random_range(0..moves.len())];
        let turns = s.turns;
        g.apply(&mut s, m);
        if s.turns == turns || stage(&g, &s) != 2 {
            continue;
        }
        turns_checked += 1;
        for c in 0..n {
            let layer = g.var(&s, "layer", c).expect("layer");
            let around = |want: &[i64]| {
                neighbours(c)
                    .into_iter()
                    .filter(|&t| want.contains(&g.var(&s, "layer", t).unwrap_or(0)))
                    .count()
            };
            let top = s.cells[c];
            let under: Vec<_> = s
                .buried
                .iter()
                .filter(|(bc, _)| *bc as usize == c)
                .collect();
            let height = if top.is_none() { 0 } else { 1 + under.len() };
            if height == 0 {
                continue;
            }
            assert_ne!(layer, 0, "a man Out of Bounds");
            assert!(
                under.iter().all(|(_, p)| p.owner() == top.owner()),
                "a column of two colours"
            );
            match layer {
                1 => assert!(height < around(&[1]), "virgin cell at capacity"),
                2 => assert!(
                    height < around(&[1, 2]).max(1),
                    "Commonwealth cell at capacity"
                ),
                _ => assert!(height <= around(&[3]), "Wall cell over capacity"),
            }
        }
    }
    assert!(turns_checked > 100, "{turns_checked} turns");
}
