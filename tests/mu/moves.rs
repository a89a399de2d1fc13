//! Moves: a piece moves its height, lands and captures, the Out of Bounds, one move per segment, the Wall.

use super::*;

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
