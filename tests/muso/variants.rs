//! The variants: kawa, four players, three players on the corner board.

use super::*;

#[test]
fn kawa_board_pieces_and_no_passing() {
    let g = kawa(&[]);
    let mut s = g.start_state(0).expect("start");
    assert_eq!(
        g.position_string(&s),
        "8/2pppp2/8/1i4i1/8/2PPPP2/8 0/0 4/4 l 0 2W2K2w2k"
    );
    // Four placements a side, then Red moves; no passing.
    play(&g, &mut s, &["W@c1", "K@d1", "K@e1", "W@f1"]);
    assert_eq!(s.to_move, 1);
    play(&g, &mut s, &["w@c7", "k@d7", "k@e7", "w@f7"]);
    assert_eq!(
        g.position_string(&s),
        "2wkkw2/2pppp2/8/1i4i1/8/2PPPP2/2WKKW2 0/0 4/4 l 0"
    );
    assert!(!texts(&g, &s).contains(&"Pass".to_string()));
}

#[test]
fn kawa_waso_and_kala_patterns() {
    let g = kawa(&[]);
    // The waso on d4 jumps two away off the lines: twelve cells (b2 and f2, h... all dry).
    let s = g
        .parse_position("8/8/8/1i1W2i1/8/8/8 0/0 4/4 l 0", 0)
        .expect("position");
    assert_eq!(
        targets(&g, &s, "d4"),
        cells("b2 b3 b5 b6 c2 c6 e2 e6 f2 f3 f5 f6")
    );
    // The kala on d4: eight neighbours and two away orthogonally, jumping over a piece.
    let s = g
        .parse_position("8/8/3P4/1i1K2i1/8/8/8 0/0 4/4 l 0", 0)
        .expect("position");
    assert_eq!(
        targets(&g, &s, "d4"),
        cells("b4 c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f4")
    );
    // Without `kala_leaps`, the pipi on d5 blocks d6 (it can still stack on the pipi).
    let g = kawa(&[("kala_leaps", "false")]);
    let s = g
        .parse_position("8/8/3P4/1i1K2i1/8/8/8 0/0 4/4 l 0", 0)
        .expect("position");
    assert!(!targets(&g, &s, "d4").contains(&"d6".to_string()));
    assert!(targets(&g, &s, "d4").contains(&"d5".to_string()));
}

#[test]
fn seeded_random_kawa_games_end() {
    for options in [&[][..], &[("kala_leaps", "false")][..]] {
        let g = kawa(options);
        let mut scratch = g.scratch();
        for seed in 0..10 {
            let mut s = g.start_state(seed).expect("start");
            let mut agent = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            let o = g.random_playout(&mut s, &mut agent, 5000, &mut scratch);
            assert!(o.is_some(), "seed {seed} did not end");
        }
    }
}

fn four() -> Game {
    common::load("rulesets/muso-4p.tessel", &[])
}

fn kawa(options: &[(&str, &str)]) -> Game {
    common::load("rulesets/muso-kawa.tessel", options)
}

#[test]
fn four_players_set_up_in_turn_and_score_their_own_corners() {
    let g = four();
    let mut s = g.start_state(0).expect("start");
    // Red places its three pieces on the home space and its neighbours, then White.
    let t = texts(&g, &s);
    assert!(
        t.contains(&"rW@i9".to_string()) && !t.contains(&"rW@g9".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["rW@i9", "rA@h9", "rS@i8"]);
    assert_eq!(s.to_move, 1, "white places next");
    play(&g, &mut s, &["wU@i1", "wK@h1", "wS@i2"]);
    play(&g, &mut s, &["bW@a1", "bA@b1", "bS@a2"]);
    play(&g, &mut s, &["yW@a9", "yA@b9", "yS@a8"]);
    assert_eq!(s.to_move, 0, "then Red moves first");
    assert!(
        g.position_string(&s).ends_with(" 3/3/3/3 r 0"),
        "{}",
        g.position_string(&s)
    );
    // A kili in a home area scores for that corner's player only: i9 is Red's, a1 Black's.
    let s = g
        .parse_position("8i/9/4i4/9/2i3i2/9/4i4/9/i8 3/3/3/3 r 0", 0)
        .expect("position");
    let points: Vec<i64> = (0..4)
        .map(|p| g.var(&s, "points", p).expect("points"))
        .collect();
    assert_eq!(points, [1, 0, 1, 0]);
}

#[test]
fn seeded_random_four_player_games_end() {
    let g = four();
    let mut scratch = g.scratch();
    for seed in 0..10 {
        let mut s = g.start_state(seed).expect("start");
        let mut agent = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        let o = g.random_playout(&mut s, &mut agent, 5000, &mut scratch);
        assert!(o.is_some(), "seed {seed} did not end");
    }
}

fn three() -> Game {
    common::load("rulesets/muso-3p.tessel", &[])
}

#[test]
fn three_players_on_the_corner_board_set_up_in_turn_and_score_their_own_corners() {
    // Issue 18, item 1: the 3-player game on the 9x9 corner board.
    let g = three();
    let mut s = g.start_state(0).expect("start");
    assert!(
        g.position_string(&s).starts_with(
            "6(rP)2/7(rP)1/4i3(rP)/9/2i3i2/9/(bP)3i3(wP)/1(bP)5(wP)1/2(bP)3(wP)2 3/3/3/3 r 0"
        ),
        "{}",
        g.position_string(&s)
    );
    play(&g, &mut s, &["rW@i9", "rA@h9", "rS@i8"]);
    assert_eq!(s.to_move, 1, "white places next");
    play(&g, &mut s, &["wU@i1", "wK@h1", "wS@i2"]);
    play(&g, &mut s, &["bW@a1", "bA@b1", "bS@a2"]);
    assert_eq!(s.to_move, 0, "then Red moves first");
    assert!(
        g.position_string(&s).ends_with(" 3/3/3/3 r 0"),
        "{}",
        g.position_string(&s)
    );
    // Red, White, Black, then Red again.
    play(&g, &mut s, &["pass", "pass", "pass"]);
    assert_eq!(s.to_move, 0);
    // The empty corner (a9) is nobody's home: a kili there scores for no one.
    let s = g
        .parse_position("i7i/9/4i4/9/2i3i2/9/4i4/9/i7i 3/3/3/3 r 0", 0)
        .expect("position");
    let points: Vec<i64> = (0..3)
        .map(|p| g.var(&s, "points", p).expect("points"))
        .collect();
    assert_eq!(points, [1, 1, 1]);
}

#[test]
fn seeded_random_three_player_games_end() {
    let g = three();
    let mut scratch = g.scratch();
    for seed in 0..10 {
        let mut s = g.start_state(seed).expect("start");
        let mut agent = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        let o = g.random_playout(&mut s, &mut agent, 5000, &mut scratch);
        assert!(o.is_some(), "seed {seed} did not end");
    }
}

#[test]
fn three_players_are_muso_4p_with_three_seated_and_resigning_pays_the_other_two() {
    // Issue 18: one ruleset for three and four players. muso-3p.tessel extends
    // muso-4p.tessel and seats its first three players; the base's rules are written for
    // any number of players (`each player`).
    let text = std::fs::read_to_string("rulesets/muso-3p.tessel").expect("muso-3p");
    assert!(
        text.contains("extends \"muso-4p.tessel\""),
        "a variant of the four-player file"
    );
    assert!(text.lines().count() < 40, "a short variant");
    let g = three();
    assert_eq!(g.program.players, ["red", "white", "black"]);
    assert!(
        g.program.options.iter().all(|o| o.name != "players"),
        "three, not a choice"
    );
    // After setup, White resigns: its pieces leave, Red and Black gain 3 each.
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["rW@i9", "rA@h9", "rS@i8"]);
    play(&g, &mut s, &["wU@i1", "wK@h1", "wS@i2"]);
    play(&g, &mut s, &["bW@a1", "bA@b1", "bS@a2"]);
    play(&g, &mut s, &["pass", "resign"]);
    let points: Vec<i64> = (0..3)
        .map(|p| g.var(&s, "_bonus", p).expect("bonus"))
        .collect();
    assert_eq!(points, [3, 0, 3]);
    assert_eq!(
        g.var(&s, "points", 0),
        Some(3),
        "no kili held yet: the 3 points"
    );
}
