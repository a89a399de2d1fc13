//! Establishing the playing area: segments laid and cleared, random assembly, who goes first, saved boards.

use super::*;

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
        assert_eq!(
            texts(&g, &s),
            vec!["lay@j10"],
            "the middle of a table of radius 9"
        );
        play(&g, &mut s, &["lay@j10"]);
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
