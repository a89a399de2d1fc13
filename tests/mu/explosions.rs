//! Explosions and chain reactions in Virginity, the Commonwealth and the Wall; oscillation and its trim.

use super::*;

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
    // Every cell ends at capacity: the empty d3 is filled in the section's colour.
    assert_eq!(stack(&g, &s, "d3"), "r");
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
