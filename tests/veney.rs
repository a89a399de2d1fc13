//! Veney (rulesets/veney.tessel), first slice: the Self's lunges by measure, the Sword's
//! range and leaps, engagements, Cloak and Balance, fending to the reserve, placing and
//! withdrawing, the two-pass rule, checkmate by touch, notation and perft regressions.
//!
//! Positions list the steps from 16 down to 1, each as lines W X Y Z; then whose turn,
//! the reserves, consecutive passes and the move number.

mod common;

use common::{play, texts};
use tessel_interpreter::{Game, State};

fn game() -> Game {
    common::load("rulesets/veney.tessel", &[])
}

fn at(g: &Game, position: &str) -> State {
    g.parse_position(position, 0)
        .unwrap_or_else(|e| panic!("{position}: {}", e.message))
}

/// The decisions of a piece (by its letter) in Veney notation, sorted.
fn of(g: &Game, s: &State, letter: &str) -> Vec<String> {
    let mut t: Vec<String> = texts(g, s)
        .into_iter()
        .filter(|m| m.starts_with(letter))
        .collect();
    t.sort();
    t
}

/// The decisions the agents may take (not resigning or offering a draw).
fn played(g: &Game, s: &State) -> Vec<String> {
    texts(g, s)
        .into_iter()
        .filter(|m| m != "resign" && !m.starts_with("draw"))
        .collect()
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn the_standard_baseline_and_its_first_moves() {
    let g = game();
    let s = g.start_state(0).expect("start");
    assert_eq!(
        g.position_string(&s),
        "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUdglju 0 1 2 8 1"
    );
    let t = texts(&g, &s);
    // The Sword leaps its own engagement on X5 and reaches its Self's measure and the next.
    for m in [
        "$X8", "$Z6", "CX6", "BW7", "eW8", "SY3", "---", "*W4", "D*X3", "U*W8",
    ] {
        assert!(t.contains(&m.to_string()), "{m} in {t:?}");
    }
    assert!(
        !t.contains(&"$X9".to_string()),
        "the third measure is out of reach"
    );
    assert!(
        !t.iter().any(|m| m == "*X4" || m == "*Y4"),
        "no withdrawing the Sword or Self"
    );
}

#[test]
fn perft_from_the_start_is_kept_as_a_regression() {
    // Our own numbers for this slice (no published figures exist): they change when the
    // ruleset grows, and then are updated here on purpose.
    let g = game();
    let s = g.start_state(0).expect("start");
    // Decisions, not turns: a double-move is two; resigning and offering a draw count.
    assert_eq!(g.perft(&s, 1), 95);
    assert_eq!(g.perft(&s, 2), 8012);
    assert_eq!(g.perft(&s, 3), 674506);
}

#[test]
fn the_self_lunges_four_three_two_one_and_returns_one_two_three_four() {
    let g = game();
    // White's Self alone on X2 (first measure), X6 (second), X10 (third), X14 (fourth).
    for (cell, board, ahead, back) in [
        ("X2", "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/4/1S2/4", 4, 1),
        ("X6", "R2r/4/4/4/4/4/1s2/4/4/4/1S2/4/4/4/4/4", 3, 2),
        ("X10", "R2r/4/4/4/4/4/1S2/4/4/4/4/4/4/4/1s2/4", 2, 3),
        ("X14", "R2r/4/1S2/4/4/4/4/4/4/4/4/4/4/4/1s2/4", 1, 4),
    ] {
        let s = at(&g, &format!("{board} w - 0 1"));
        let row: i32 = cell[1..].parse().expect("step");
        let t = of(&g, &s, "S");
        let straight: Vec<i32> = t
            .iter()
            .filter(|m| m.as_bytes()[1] == b'X')
            .map(|m| m[2..].parse::<i32>().expect("step") - row)
            .collect();
        let furthest_ahead = straight.iter().copied().max().unwrap_or(0);
        let furthest_back = -straight.iter().copied().min().unwrap_or(0);
        assert_eq!(
            (furthest_ahead, furthest_back),
            (ahead, back.min(row - 1)),
            "from {cell}: {t:?}"
        );
    }
}

#[test]
fn the_self_never_leaps_and_fends_but_never_takes() {
    let g = game();
    // A black engagement on X4 blocks the lunge from X2; the Self may fend it only by
    // stepping next to it first: here it fends the Cloak on Y3.
    let s = at(
        &g,
        "R2r/4/4/1s2/4/4/4/4/4/4/4/4/1e2/2c1/1S2/4 w - 0 1 2 8 1",
    );
    let t = of(&g, &s, "S");
    assert!(
        !t.iter().any(|m| m.ends_with("X5") || m.ends_with("X6")),
        "{t:?}"
    );
    assert!(t.contains(&"SfY3".to_string()), "{t:?}");
    let mut s = s;
    play(&g, &mut s, &["SfY3", "---"]);
    assert_eq!(
        g.position_string(&s),
        "R2r/4/4/1s2/4/4/4/4/4/4/4/4/1e2/2S1/4/4 b c 0 1 2 8 1",
        "the Cloak is fended into black's reserve"
    );
}

#[test]
fn the_sword_stays_in_reach_of_its_self_and_never_leaps_the_self() {
    let g = game();
    // White: Self on Y2, Sword on Y1 behind it, an engagement on W11 (third measure).
    let s = at(&g, "4/4/4/4/4/E3/4/4/4/4/4/1s2/4/4/2S1/2R1 w - 0 1 2 8 1");
    let t = of(&g, &s, "$");
    // Straight up the Y line is blocked by its own Self.
    assert!(!t.iter().any(|m| m.starts_with("$Y")), "{t:?}");
    // The first and second measures are in reach, and step 11 holds an engagement.
    assert!(
        t.contains(&"$W3".to_string()) && t.contains(&"$Z2".to_string()),
        "{t:?}"
    );
    let s = at(&g, "4/4/4/4/4/E3/4/4/4/4/4/1s2/4/4/S3/3R w - 0 1 2 8 1");
    let t = of(&g, &s, "$");
    assert!(t.contains(&"$Z8".to_string()), "second measure: {t:?}");
    assert!(
        !t.contains(&"$Z9".to_string()),
        "third measure, no engagement there: {t:?}"
    );
    assert!(
        t.contains(&"$Z11".to_string()),
        "step 11 holds an engagement: {t:?}"
    );
}

#[test]
fn the_sword_touches_the_self_for_checkmate() {
    let g = game();
    // Both Selves in their own side's second measure... the black Self on X9 is within one
    // measure of white's Self on X6: the Sword on W8 reaches it.
    let s = at(&g, "4/4/4/4/4/4/4/1s2/R3/4/1S2/4/4/4/4/4 w - 0 1 2 8 1");
    let t = of(&g, &s, "$");
    assert!(t.contains(&"$tX9#".to_string()), "{t:?}");
    let mut s = s;
    play(&g, &mut s, &["$tX9#"]);
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(o.ending, "checkmate by touch");
    assert_eq!(o.winner(), Some(0), "white wins");
}

#[test]
fn engagements_advance_up_to_three_on_their_side_and_fend_diagonally() {
    let g = game();
    let s = at(&g, "R2r/4/4/1s2/4/4/4/4/1c2/4/E3/4/4/4/1S2/4 w - 0 1 2 8 1");
    assert_eq!(
        of(&g, &s, "e"),
        sorted("eW7 eW8"),
        "the centre line stops it"
    );
    let s = at(&g, "R2r/4/4/1s2/4/4/1c2/E3/4/4/4/4/4/4/1S2/4 w - 0 1 2 8 1");
    assert_eq!(
        of(&g, &s, "e"),
        sorted("eW10 efX10"),
        "one step on the other side, and the fend"
    );
}

#[test]
fn two_engagements_that_fend_on_one_square_are_told_apart_by_their_line() {
    let g = game();
    let s = at(
        &g,
        "R2r/4/4/1s2/4/4/4/4/4/4/1c2/E1E1/4/4/1S2/4 w - 0 1 2 8 1",
    );
    let t = of(&g, &s, "e");
    assert!(
        t.contains(&"eWfX6".to_string()) && t.contains(&"eYfX6".to_string()),
        "{t:?}"
    );
    let mut s2 = s.clone();
    play(&g, &mut s2, &["eYfX6"]);
    assert!(g
        .position_string(&s2)
        .starts_with("R2r/4/4/1s2/4/4/4/4/4/4/1E2/E3/"));
}

#[test]
fn pieces_are_placed_beside_the_self_and_withdrawn_from_their_own_side() {
    let g = game();
    let s = at(&g, "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/E3/1S2/4 w C 0 1 2 8 1");
    let t = of(&g, &s, "C*");
    assert_eq!(t, sorted("C*W1 C*X1 C*Y1 C*X3 C*Y3 C*Y2 C*W2"));
    let mut s2 = s.clone();
    play(&g, &mut s2, &["*W3"]);
    assert_eq!(
        g.position_string(&s2),
        "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/4/1S2/4 b EC 0 1 2 8 1",
        "the engagement goes back to the reserve"
    );
}

#[test]
fn a_pass_answered_by_a_pass_obliges_the_first_to_move() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["---", "---"]);
    assert!(!texts(&g, &s).contains(&"---".to_string()));
    play(&g, &mut s, &["eX6"]);
    assert!(texts(&g, &s).contains(&"---".to_string()));
}

#[test]
fn random_games_end_by_checkmate() {
    use rand::SeedableRng;
    let g = game();
    for seed in 0..20 {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut scratch = g.scratch();
        let o = g
            .random_playout(&mut s, &mut rng, 5000, &mut scratch)
            .expect("ends");
        assert!(o.ending.contains("checkmate"), "{}", o.ending);
    }
}

/// The position after playing `moves` from `position`.
fn after(g: &Game, position: &str, moves: &[&str]) -> String {
    let mut s = at(g, position);
    play(g, &mut s, moves);
    g.position_string(&s)
}

#[test]
fn blades_shatter_the_lantern_and_fend_the_rest() {
    let g = game();
    // White's Sword on X6 (Self on X3), black's Lantern on X8 and Cloak on W7.
    let p = "4/4/4/1s2/4/4/4/4/1l2/c3/1R2/4/4/1S2/4/4 w - 0 1 2 8 1";
    assert_eq!(
        after(&g, p, &["$tX8"]),
        "4/4/4/1s2/4/4/4/4/1R2/c3/4/4/4/1S2/4/4 b - 0 1 2 8 1 l",
        "the Lantern goes to the discard"
    );
    assert_eq!(
        after(&g, p, &["$fW7"]),
        "4/4/4/1s2/4/4/4/4/1l2/R3/4/4/4/1S2/4/4 b c 0 1 2 8 1",
        "the Cloak goes back to black's reserve"
    );
}

#[test]
fn the_technical_pieces_take_each_other_in_their_loops() {
    let g = game();
    // Cloak and Lantern take each other; Balance takes Jutsu; Guard takes Balance; Jutsu
    // takes Guard; two Jutsus negate each other.
    let cases = [
        // Cloak on W5 takes the Lantern on X7.
        (
            "R2r/4/4/1s2/4/4/4/4/4/1l2/4/C3/4/1S2/4/4 w - 0 1 2 8 1",
            "CtX7",
            "l",
        ),
        // Lantern on X3 (in its Self's measure, Self on Z2) takes the Cloak on X1.
        (
            "R2r/4/4/1s2/4/4/4/4/4/4/4/4/1L2/4/3S/1c2 w - 0 1 2 8 1",
            "LtX1",
            "c",
        ),
        // Balance on W1 takes the Jutsu on Y3.
        (
            "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/2j1/1S2/B3 w - 0 1 2 8 1",
            "BtY3",
            "j",
        ),
        // Guard on X2 (Self on Y1) takes the Balance on X4.
        (
            "R2r/4/4/1s2/4/4/4/4/4/4/4/4/1b2/4/1G2/2S1 w - 0 1 2 8 1",
            "GtX4",
            "b",
        ),
        // Jutsu on W2 takes the Guard on W4.
        (
            "R2r/4/4/1s2/4/4/4/4/4/4/4/4/g3/4/J3/2S1 w - 0 1 2 8 1",
            "JtW4",
            "g",
        ),
    ];
    for (p, m, lost) in cases {
        let end = after(&g, p, &[m]);
        assert!(end.ends_with(&format!(" {lost}")), "{m}: {end}");
    }
    // Jutsu takes Jutsu: both are lost.
    let end = after(
        &g,
        "R2r/4/4/1s2/4/4/4/4/4/4/4/4/j3/4/J3/2S1 w - 0 1 2 8 1",
        &["JtW4"],
    );
    assert!(end.ends_with(" Jj"), "{end}");
    assert!(
        end.starts_with("R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/4/4/2S1"),
        "{end}"
    );
}

#[test]
fn the_ruin_is_inert_and_moves_without_a_path() {
    let g = game();
    // White's Ruin on W1 (Self on X2, first measure): anywhere open in the first and second
    // measures; it neither takes nor is taken.
    let s = at(&g, "R2r/4/4/1s2/4/4/4/4/4/4/4/c3/4/4/1S2/U3 w - 0 1 2 8 1");
    let t = of(&g, &s, "U");
    assert!(
        t.contains(&"UZ8".to_string()) && t.contains(&"UY1".to_string()),
        "{t:?}"
    );
    assert!(
        !t.iter().any(|m| m.contains('f') || m.contains('t')),
        "{t:?}"
    );
    assert!(!t.contains(&"UW9".to_string()), "third measure: {t:?}");
    // Black's Cloak beside it cannot take or fend it.
    let s = at(&g, "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/c3/1S2/1U2 b - 0 1 2 8 1");
    assert!(!of(&g, &s, "C").iter().any(|m| m.ends_with("X1")));
}

#[test]
fn dagger_guard_and_lantern_keep_close_to_their_self() {
    let g = game();
    // The Dagger never leaps: the engagement on X5 blocks it.
    let s = at(
        &g,
        "R2r/4/4/1s2/4/4/4/4/4/4/4/1E2/1D2/4/2S1/4 w - 0 1 2 8 1",
    );
    let t = of(&g, &s, "D");
    assert!(!t
        .iter()
        .any(|m| m.starts_with("DX") && m[2..].parse::<u32>().unwrap_or(0) > 5));
    assert!(
        t.contains(&"DW4".to_string()) || t.contains(&"DW3".to_string()),
        "{t:?}"
    );
    // The Guard: the Self's measure and one step beyond (step 5), no further.
    let s = at(&g, "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/4/1G2/2S1 w - 0 1 2 8 1");
    let t = of(&g, &s, "G");
    assert!(
        t.contains(&"GX5".to_string()) && !t.contains(&"GX6".to_string()),
        "{t:?}"
    );
    // The Lantern moves two squares or more, inside its Self's measure.
    let s = at(&g, "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/4/L3/2S1 w - 0 1 2 8 1");
    let t = of(&g, &s, "L");
    assert_eq!(t, sorted("LW4 LY2 LY4 LZ2"), "{t:?}");
}

#[test]
fn the_jutsu_blinks_to_the_same_square_of_another_measure() {
    let g = game();
    let s = at(&g, "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/4/2S1/J3 w - 0 1 2 8 1");
    let t = of(&g, &s, "J");
    for m in ["JW5", "JW9", "JW13", "JX2", "JW3", "JY3"] {
        assert!(t.contains(&m.to_string()), "{m}: {t:?}");
    }
}

#[test]
fn without_the_ruin_no_player_has_one() {
    let g = common::load("rulesets/veney.tessel", &[("with_ruin", "false")]);
    let s = g.start_state(0).expect("start");
    assert!(g.position_string(&s).contains(" w DGLJdglj 0 1"));
}

#[test]
fn a_stepping_stone_grants_the_same_piece_a_second_move() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    // The Sword leaps onto its own engagement on X5: the engagement goes to the reserve and
    // the Sword may move again, and only the Sword (or the turn ends with `---`).
    play(&g, &mut s, &["$X5"]);
    assert_eq!(s.to_move, 0, "still white's turn");
    let t = played(&g, &s);
    assert!(t.iter().all(|m| m.starts_with('$') || m == "---"), "{t:?}");
    assert!(t.contains(&"$X8".to_string()), "{t:?}");
    assert!(
        g.position_string(&s).contains(" w DGLJUEdglju "),
        "{}",
        g.position_string(&s)
    );
    play(&g, &mut s, &["$X8"]);
    assert_eq!(s.to_move, 1, "never a third move");
}

#[test]
fn an_armament_moves_in_concert_with_the_self() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["SY3"]);
    let t = texts(&g, &s);
    assert!(
        t.iter().any(|m| m.starts_with('$')),
        "the Sword in concert: {t:?}"
    );
    assert!(
        !t.iter().any(|m| m.starts_with('C') || m.starts_with('B')),
        "{t:?}"
    );
    assert!(
        !t.iter().any(|m| m.contains('*')),
        "no placing or withdrawing: {t:?}"
    );
    // Ending the turn after the Self's move is not a pass.
    play(&g, &mut s, &["---"]);
    assert_eq!(s.to_move, 1);
    assert_eq!(g.var(&s, "passes", 0), Some(0));
    // A move that grants nothing ends the turn by itself.
    play(&g, &mut s, &["CY11"]);
    assert_eq!(s.to_move, 0);
}

#[test]
fn the_cloak_and_the_self_change_places_by_feign() {
    let g = game();
    let s = g.start_state(0).expect("start");
    // The Cloak on W4 is not next to the Self on Y4; bring it to X3... here directly:
    assert!(!texts(&g, &s)
        .iter()
        .any(|m| m.ends_with('~') && m.starts_with('S')));
    let p = "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/1C2/2S1/4 w - 0 1 2 8 1";
    assert_eq!(
        after(&g, p, &["SX3~"]),
        "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/1S2/2C1/4 b - 0 1 2 8 1",
        "a double-move: the turn ends"
    );
}

#[test]
fn the_balance_shifts_with_a_blade_within_its_constraints() {
    let g = game();
    // Balance on W3, Sword on Z1, Self on Y2: the Sword may go to W3 (first measure).
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/4/4/B3/2S1/3R w - 0 1 2 8 1";
    let end = after(&g, p, &["$W3~"]);
    assert!(
        end.starts_with("4/4/4/1s2/4/4/4/4/4/4/4/4/4/R3/2S1/3B b"),
        "{end}"
    );
    // A Balance in the third measure is out of the Sword's reach.
    let s = at(&g, "4/4/4/1s2/4/4/B3/4/4/4/4/4/4/4/2S1/3R w - 0 1 2 8 1");
    assert!(!texts(&g, &s)
        .iter()
        .any(|m| m.starts_with('$') && m.ends_with('~')));
}

#[test]
fn a_touched_player_may_answer_with_a_dying_checkmate() {
    let g = game();
    // White's Sword on W8 touches black's Self on X9; black's Sword on Y9 can take white's
    // Self on X8 in return.
    let p = "4/4/4/4/4/4/4/1sr1/RS2/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["$tX9#"]);
    let mut scratch = g.scratch();
    assert!(
        g.status(&s, &mut scratch).is_none(),
        "the game goes on for the dying move"
    );
    let t = played(&g, &s);
    assert_eq!(
        t,
        vec!["$tX8##".to_string(), "---".to_string()],
        "only the answer, or passing"
    );
    let mut both = s.clone();
    play(&g, &mut both, &["$tX8##"]);
    let o = g.status(&both, &mut scratch).expect("over");
    assert_eq!(o.ending, "double checkmate");
    assert_eq!(o.scores, vec![0.0, 0.0], "both have lost");
    let mut declined = s.clone();
    play(&g, &mut declined, &["---"]);
    let o = g.status(&declined, &mut scratch).expect("over");
    assert_eq!(o.winner(), Some(0));
    // Without an answer, it is over at once.
    let p = "4/4/4/4/4/4/4/1s2/RS2/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["$tX9#"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by touch", Some(0))
    );
}

#[test]
fn with_no_blade_on_the_board_a_player_is_checkmated_and_no_dagger_comes_in() {
    let g = game();
    let mut scratch = g.scratch();
    let s = at(&g, "4/4/4/1s2/4/4/4/4/4/4/4/4/4/4/2S1/4 w D 0 1 2 8 1");
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by disarm", Some(1))
    );
    assert_eq!(o.scores, vec![0.0, 1.0]);
}

#[test]
fn the_cloak_captures_a_blade_which_is_cut_free_on_a_later_turn() {
    let g = game();
    // Black's Cloak on W6 leaps onto white's Sword on X4: the Sword is pinned.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/c3/4/1R2/4/2S1/4 b - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["CX4~"]);
    let t = texts(&g, &s);
    assert!(
        !t.iter().any(|m| m.starts_with('$')),
        "the Sword is pinned: {t:?}"
    );
    assert!(
        !t.iter().any(|m| m.ends_with("X4~") || m.contains("fX4")),
        "not at once: {t:?}"
    );
    // White waits a turn (the Self steps), black passes; now white cuts the Sword free.
    play(&g, &mut s, &["SY1", "---", "---"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"tX4~".to_string()), "{t:?}");
    play(&g, &mut s, &["tX4~"]);
    let end = g.position_string(&s);
    assert!(end.contains("/1R2/"), "the Sword is free: {end}");
    assert!(end.ends_with(" c"), "the Cloak is taken: {end}");
}

#[test]
fn the_sword_changes_places_with_an_adjacent_blade_on_the_far_side() {
    let g = game();
    // White's Sword on X10, black's Sword on Y11, both on black's side; white's Self on X7.
    let p = "4/4/4/3s/4/2r1/1R2/4/4/1S2/4/4/4/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    assert!(texts(&g, &s).contains(&"$Y11~".to_string()));
    let end = after(&g, p, &["$Y11~"]);
    assert!(end.starts_with("4/4/4/3s/4/2R1/1r2/"), "{end}");
    // On white's own side there is no cavazione.
    let s = at(&g, "4/4/4/3s/4/4/4/4/2r1/1R2/4/1S2/4/4/4/4 w - 0 1 2 8 1");
    assert!(!texts(&g, &s).iter().any(|m| m.ends_with('~')));
}

#[test]
fn the_dagger_is_thrown_with_stick_dice() {
    let g = game();
    // White's Dagger on X6, Self on W5 (second measure); black's Self on X13 (fourth), an
    // engagement between them on X9: in line. 2 + 2 measures apart = 4 sticks.
    let p = "4/4/4/1s1r/4/4/4/1e2/4/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"D~".to_string()));
    play(&g, &mut s, &["D~"]);
    let outcomes = g.chance_outcomes(&s).expect("the sticks are thrown");
    assert_eq!(outcomes.len(), 5, "0 to 4 of white's colour");
    let all = outcomes.iter().find(|(v, _)| *v == 4).expect("all four").1;
    assert!((all - 1.0 / 16.0).abs() < 1e-9);
    let throw = |s: &mut State, v: i64| {
        let outcomes = g.chance_outcomes(s).expect("sticks");
        let i = outcomes.iter().position(|(x, _)| *x == v).expect("outcome");
        g.apply(s, tessel_interpreter::Move::chance(i as u16));
    };
    let mut hit = s.clone();
    throw(&mut hit, 4);
    play(&g, &mut hit, &["Dt#"]);
    assert!(
        g.position_string(&hit).starts_with("4/4/4/1D1r/"),
        "{}",
        g.position_string(&hit)
    );
    let mut scratch = g.scratch();
    let o = g
        .status(&hit, &mut scratch)
        .expect("no dying checkmate for black here");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by touch", Some(0))
    );
    let mut missed = s.clone();
    throw(&mut missed, 2);
    play(&g, &mut missed, &["D-"]);
    let end = g.position_string(&missed);
    assert!(
        end.contains("/4/S1R1/") && end.ends_with(" D"),
        "the Dagger is lost: {end}"
    );
    // One stick off-colour: a short success. The Dagger is lost, and white puts its Self
    // and then its Sword anywhere on its side behind black's Self's step, without taking.
    let mut short = s.clone();
    throw(&mut short, 3);
    play(&g, &mut short, &["D-~"]);
    let t = texts(&g, &short);
    assert!(
        t.contains(&"SZ8~".to_string()) && !t.contains(&"SZ9~".to_string()),
        "{t:?}"
    );
    play(&g, &mut short, &["SZ8~", "$W1~"]);
    let end = g.position_string(&short);
    assert!(
        end.contains("/3S/") && end.ends_with(" D") && end.contains(" b "),
        "{end}"
    );
    // A Cloak in the way stops the throw; an engagement does not.
    let s = at(
        &g,
        "4/4/4/1s1r/4/4/4/1c2/4/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1",
    );
    assert!(!texts(&g, &s).contains(&"D~".to_string()));
}

#[test]
fn the_lantern_glares_the_jutsu_away() {
    let g = game();
    // White's Lantern on Z3 sees black's Self on Z13 up the Z line; black's Jutsu on W10.
    let p = "4/4/4/1r1s/4/4/j3/4/4/4/4/4/4/3L/1SR1/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"LfJ~".to_string()));
    play(&g, &mut s, &["LfJ~"]);
    let end = g.position_string(&s);
    assert!(
        end.contains("/4/4/4/4/4/4/4/4/4/3L/") && end.contains(" b j 1 1"),
        "{end}"
    );
    // A Guard in the line blocks it.
    let s = at(&g, "4/4/4/1r1s/4/4/j3/4/4/3G/4/4/4/3L/1SR1/4 w - 0 1 2 8 1");
    assert!(!texts(&g, &s).contains(&"LfJ~".to_string()));
}

#[test]
fn the_free_engagement_meta_moves_enters_play_and_is_moved_by_its_possessor() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    // A meta-move is no move: the same player then moves.
    play(&g, &mut s, &["a+"]);
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    assert!(
        !t.iter().any(|m| m == "a+" || m == "aw"),
        "one meta-move a turn: {t:?}"
    );
    // Into play on one of the four squares around its point (now between steps 9 and 10).
    assert!(
        t.contains(&"aX10".to_string()) && !t.contains(&"aX8".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["aX10"]);
    assert_eq!(s.to_move, 1);
    // X10 is light: white possesses it, black may not move it.
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with('a')));
    play(&g, &mut s, &["eW11"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"aX11".to_string()), "white moves it: {t:?}");
    // Fended, it goes back to the centre, out of play.
    let p = "4/4/4/1s1r/4/4/e3/1A2/4/4/4/4/1S1R/4/4/4 b - 0 0 2 8 1";
    let end = after(&g, p, &["efX9"]);
    assert!(end.ends_with(" w - 0 1 2 8 2"), "{end}");
}

#[test]
fn a_meta_move_then_a_pass_is_a_pass() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["aw", "---"]);
    assert_eq!(g.var(&s, "passes", 0), Some(1));
}

#[test]
fn the_jutsu_s_presence_and_the_balance_s_control_close_a_measure() {
    let g = game();
    // Black's Self on X9 (third measure from white's end), next to white's Self's measure?
    // White's Self and Jutsu in the second measure (steps 5-8): black places nothing there.
    let p = "4/4/4/4/4/4/4/1s1r/J3/1S1R/4/4/4/4/4/4 b c 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "C*");
    assert!(
        !t.is_empty() && t.iter().all(|m| m[3..].parse::<u32>().unwrap_or(0) >= 9),
        "{t:?}"
    );
    // Black's Balance beside black's Self in the fourth measure: white's Jutsu cannot enter.
    let p = "4/4/4/b1s1/4/4/4/4/4/4/4/J3/1S1R/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "J");
    assert!(
        t.iter()
            .all(|m| m[m.len() - 2..].parse::<u32>().map_or(true, |r| r < 13)),
        "{t:?}"
    );
    assert!(t.contains(&"JW9".to_string()), "{t:?}");
}

#[test]
fn an_overextended_or_disadvantaged_armament_is_disarmed() {
    let g = game();
    // Black's Sword on X8 while black's Self is on X16: two measures apart, overextended.
    // White's Sword on X7 (Self on X6) takes it.
    let p = "1s2/4/4/4/4/4/4/4/1r2/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    assert!(of(&g, &s, "$").contains(&"$tX8".to_string()));
    let mut t = s.clone();
    play(&g, &mut t, &["$tX8"]);
    let mut scratch = g.scratch();
    let o = g.status(&t, &mut scratch).expect("black has no blade left");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by disarm", Some(0))
    );
    // Within its constraints (black's Self on X12) and seen by no technical piece: not
    // disarmed.
    let p = "4/4/4/4/1s2/4/4/4/1r2/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(!of(&g, &at(&g, p), "$").contains(&"$tX8".to_string()));
    // The same, with white's Balance on Z6 seeing X8 along the diagonal: disadvantaged.
    let p = "4/4/4/4/1s2/4/4/4/1r2/1R2/1S1B/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(of(&g, &at(&g, p), "$").contains(&"$tX8".to_string()));
}

#[test]
fn setup_in_turns_places_the_starting_pieces_and_initiative_says_who_begins() {
    use rand::SeedableRng;
    let g = common::load("rulesets/veney.tessel", &[("setup", "turns")]);
    let mut s = g.start_state(0).expect("start");
    while let Some(m) = g.sample_chance(&mut s) {
        g.apply(&mut s, m);
    }
    let t = texts(&g, &s);
    // White places first: criticals and technicals on step 4, engagements on steps 5-8.
    assert!(
        t.contains(&"S*W4".to_string()) && t.contains(&"e*Z8".to_string()),
        "{t:?}"
    );
    assert!(
        !t.contains(&"S*W5".to_string()) && !t.contains(&"---".to_string()),
        "{t:?}"
    );
    // One engagement per line.
    play(&g, &mut s, &["e*X8", "e*X9"]);
    let t = texts(&g, &s);
    assert!(!t.iter().any(|m| m.starts_with("e*X")), "{t:?}");
    // White's engagements far forward (steps 8, 8, 7, 7: 10 points) against black's on its
    // own first engaging step (0 points): white begins, whatever the draw.
    let mut s = g.start_state(0).expect("start");
    while let Some(m) = g.sample_chance(&mut s) {
        g.apply(&mut s, m);
    }
    play(
        &g,
        &mut s,
        &[
            "e*W8", "e*W12", "e*X8", "e*X12", "e*Y7", "e*Y12", "e*Z7", "e*Z12", "S*Y4", "S*X13",
            "$*X4", "$*Y13", "C*W4", "C*Z13", "B*Z4", "B*W13",
        ],
    );
    assert_eq!(s.to_move, 0, "white has the initiative");
    assert!(texts(&g, &s).contains(&"---".to_string()), "play has begun");
    // One point each (an engagement on the sixth step): the engagement nearer the centre
    // point decides, whatever the draw: white's on X6 against black's on W11, and black's
    // on Y11 against white's on W6.
    for seed in 0..4 {
        for (placing, first) in [
            (
                [
                    "e*W5", "e*W11", "e*X6", "e*X12", "e*Y5", "e*Y12", "e*Z5", "e*Z12",
                ],
                0,
            ),
            (
                [
                    "e*W6", "e*W12", "e*X5", "e*X12", "e*Y5", "e*Y11", "e*Z5", "e*Z12",
                ],
                1,
            ),
        ] {
            let mut s = g.start_state(seed).expect("start");
            while let Some(m) = g.sample_chance(&mut s) {
                g.apply(&mut s, m);
            }
            play(&g, &mut s, &placing);
            play(
                &g,
                &mut s,
                &[
                    "S*Y4", "S*X13", "$*X4", "$*Y13", "C*W4", "C*Z13", "B*Z4", "B*W13",
                ],
            );
            assert_eq!(s.to_move, first, "seed {seed}: {placing:?}");
        }
    }
    // Random games with setup in turns end.
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    let mut scratch = g.scratch();
    let mut t = g.start_state(3).expect("start");
    let o = g
        .random_playout(&mut t, &mut rng, 5000, &mut scratch)
        .expect("ends");
    assert!(o.ending.contains("checkmate"), "{}", o.ending);
}

#[test]
fn a_retreat_off_the_first_step_resets_the_board() {
    let g = game();
    // White's Self on Y1, its Sword on X3 and a Dagger on W2; a white Cloak is in the
    // discard (lost), one engagement in reserve; black's Self on X13.
    let p = "4/4/4/bs1c/e3/4/4/4/4/4/4/EEE1/4/1R2/D3/2S1 w E 0 1 2 8 1 C";
    let s = at(&g, p);
    assert!(texts(&g, &s).contains(&"==".to_string()));
    let mut t = s.clone();
    play(&g, &mut t, &["=="]);
    // Baselines again with what was on the board; the Dagger to the reserve; the lost
    // Cloak stays lost; black (Balance W13, Self X13, Cloak Z13, one engagement) resets too.
    assert_eq!(
        g.position_string(&t),
        "4/4/4/bs1c/eeee/4/4/4/4/4/4/EEEE/1RS1/4/4/4 b D 0 1 2 8 1 C"
    );
    assert_eq!(g.var(&t, "retreats_made", 0), Some(1));
    // Once is the limit by default; and not with the opposing Self on one's own side.
    let p = "4/4/4/4/4/4/4/4/1s2/4/4/4/4/1R2/4/2S1 w - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, p)).contains(&"==".to_string()));
}

#[test]
fn an_intention_is_declared_and_enacted_on_the_next_turn() {
    let g = game();
    let p = "r3/4/4/1s2/4/3J/1c2/4/4/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"!$tX10".to_string()));
    play(&g, &mut s, &["!$tX10"]);
    assert_eq!(s.to_move, 1, "declaring ends the turn");
    assert_eq!(g.var(&s, "passes", 0), Some(1), "and counts as a pass");
    play(&g, &mut s, &["SX14", "---"]);
    assert!(texts(&g, &s).contains(&"$tX10!".to_string()));
    play(&g, &mut s, &["$tX10!"]);
    let end = g.position_string(&s);
    // The Sword struck without moving; the Cloak is fended, the Jutsu back in reserve.
    assert!(end.starts_with("r3/4/1s2/4/4/4/4/4/4/1R2/1S2/"), "{end}");
    assert!(end.contains(" b Jc "), "{end}");
    // Not enacted at once, nor later than the next turn.
    let mut s = at(&g, p);
    play(
        &g,
        &mut s,
        &["!$tX10", "SX14", "---", "SY5", "---", "SX13", "---"],
    );
    assert!(!texts(&g, &s).iter().any(|m| m.ends_with('!')), "too late");
}

#[test]
fn fending_the_balance_on_one_s_own_side_stabs_the_shadow() {
    let g = game();
    // Black's Balance on W6 (white's side), black's Jutsu in reserve: white's Sword on X5
    // fends the Balance and the Jutsu is taken.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/b3/1R2/1S2/4/4/4 w j 0 1 2 8 1";
    let end = after(&g, p, &["$fW6tJ~"]);
    assert!(
        end.contains(" b b 0 1 2 8 1 j"),
        "Balance to the reserve, Jutsu lost: {end}"
    );
    // On black's side it is only fended.
    let p = "4/4/4/1s1r/4/4/4/3b/4/1R2/1S2/4/4/4/4/4 w j 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "$");
    assert!(
        t.contains(&"$fZ9".to_string()) && !t.iter().any(|m| m.contains("tJ")),
        "{t:?}"
    );
}

#[test]
fn the_sword_pushes_an_opposing_blade_in_opposition() {
    let g = game();
    // White's Sword on X5 (Self on W4); black's Sword on X7, on white's side; black's Self
    // on X13 blocks the line beyond X12.
    let p = "4/4/4/1s2/4/4/4/4/4/1r2/4/1R2/S3/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "$~");
    assert_eq!(t, sorted("$~X8 $~X9 $~X10 $~X11 $~X12"), "{t:?}");
    let end = after(&g, p, &["$~X10"]);
    assert!(
        end.starts_with("4/4/4/1s2/4/4/1r2/4/4/1R2/4/4/S3/"),
        "{end}"
    );
    // Not when the blade is on black's side.
    let p = "4/4/4/1s2/4/4/4/1r2/4/4/4/1R2/S3/4/4/4 w - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, p)).iter().any(|m| m.starts_with("$~")));
}

#[test]
fn the_guard_deflects_an_armament() {
    let g = game();
    // White's Guard on X4, Self on Y3; black's Sword on X5 (white's side), black's Self on
    // X13: pushed on until it crosses back onto black's side (X9); the Guard takes X5.
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/1r2/1G2/2S1/4/4 w - 0 1 2 8 1";
    let end = after(&g, p, &["GX5~"]);
    assert!(
        end.starts_with("4/4/4/1s2/4/4/4/1r2/4/4/4/1G2/4/2S1/"),
        "{end}"
    );
    // Sideways: pushed until blocked (the edge).
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/4/1Gr1/2S1/4/4 w - 0 1 2 8 1";
    let end = after(&g, p, &["GY4~"]);
    assert!(end.contains("/2GR/") || end.contains("/2Gr/"), "{end}");
    // Backward, toward white's end: one square.
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/4/1G2/1r1S/4/4 w - 0 1 2 8 1";
    let end = after(&g, p, &["GX3~"]);
    assert!(end.contains("/4/1G1S/1r2/"), "{end}");
    // No open square beyond: no deflection.
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/1E2/1r2/1GS1/4/4 w - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, p))
        .iter()
        .any(|m| m.starts_with('G') && m.ends_with('~')));
}

#[test]
fn the_lantern_flails_when_its_self_has_moved_on() {
    let g = game();
    // White's Lantern on X2 (first measure); white's Self has gone on to X6 (second). The
    // Lantern swings into the second or the third measure, sliding through the first and
    // leaping the engagement on X5.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/1S2/1E2/4/4/1L2/3R w - 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "L");
    for m in ["LX7", "LX8", "LX9", "LX12"] {
        assert!(t.contains(&m.to_string()), "{m}: {t:?}");
    }
    assert!(
        !t.contains(&"LX4".to_string()) && !t.contains(&"LX13".to_string()),
        "{t:?}"
    );
    // Blocked in its own measure, it cannot swing that way.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/1S2/1E2/4/1E2/1L2/3R w - 0 1 2 8 1";
    let t = of(&g, &at(&g, p), "L");
    assert!(!t.iter().any(|m| m.starts_with("LX")), "{t:?}");
}

#[test]
fn a_player_may_resign_or_agree_to_a_draw() {
    let g = game();
    let mut scratch = g.scratch();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["resign"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("resignation", Some(1)));
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["draw?", "eX6"]);
    assert!(texts(&g, &s).contains(&"draw!".to_string()));
    play(&g, &mut s, &["draw!"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(o.ending, "draw by agreement");
    // An offer lasts one turn.
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["draw?", "eX6", "eX11", "eW6"]);
    assert!(!texts(&g, &s).contains(&"draw!".to_string()));
}

#[test]
fn an_engagement_that_advanced_past_another_is_fended_en_passant() {
    let g = game();
    // White's engagement on X5 advances to X7, passing X6, which black's engagement on W7
    // threatens: black fends it on X6 as if it had moved one square.
    let p = "4/4/4/1s1r/4/4/4/4/4/e3/4/1E2/2S1/2R1/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["eX7"]);
    assert!(
        texts(&g, &s).contains(&"efX6~".to_string()),
        "{:?}",
        texts(&g, &s)
    );
    play(&g, &mut s, &["efX6~"]);
    let end = g.position_string(&s);
    assert!(
        end.starts_with("4/4/4/1s1r/4/4/4/4/4/4/1e2/4/2S1/2R1/"),
        "{end}"
    );
    assert!(end.contains(" w E "), "the engagement is fended: {end}");
    // The free engagement, in black's possession on W6 (a dark square), does the same.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/A3/4/1E2/3S/3R/4 w - 0 0 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["eX6"]);
    assert!(
        texts(&g, &s).contains(&"afX5~".to_string()),
        "{:?}",
        texts(&g, &s)
    );
    play(&g, &mut s, &["afX5~"]);
    let end = g.position_string(&s);
    assert!(
        end.contains("/4/4/1A2/4/3S/") && end.contains(" w E "),
        "{end}"
    );
}

#[test]
fn a_glaring_lantern_keeps_the_jutsu_out() {
    let g = game();
    // White's Lantern on X3 glares up the X line at black's Self on X13 (the Sword and the
    // engagements between do not shade it): black's Jutsu stays in reserve.
    let p = "4/4/4/1s1r/1e2/4/4/4/4/4/4/1E2/1R2/1LS1/4/4 b j 0 1 2 8 1";
    let s = at(&g, p);
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("J*")));
    // A white Cloak between them shades the Self.
    let p = "4/4/4/1s1r/1e2/4/4/4/1C2/4/4/1E2/1R2/1LS1/4/4 b j 0 1 2 8 1";
    assert!(texts(&g, &at(&g, p)).iter().any(|m| m.starts_with("J*")));
}

#[test]
fn with_the_house_option_quiet_play_is_drawn_by_no_contest() {
    let g = common::load("rulesets/veney.tessel", &[("no_contest", "2")]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["eX6", "eX11"]);
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("two quiet turns");
    assert_eq!(o.ending, "draw by no contest");
    // Without it, play goes on.
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["eX6", "eX11"]);
    assert!(g.status(&s, &mut scratch).is_none());
}

#[test]
fn the_possessed_free_engagement_is_a_stepping_stone_and_is_leapt() {
    let g = game();
    // The free engagement on X6 (a light square: white's). White's Sword on X4 leaps it to
    // X7; or steps onto it, sending it back to the centre, and moves again.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/1A2/4/1RS1/4/4/4 w - 0 0 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "$");
    assert!(
        t.contains(&"$X7".to_string()) && t.contains(&"$X6".to_string()),
        "{t:?}"
    );
    let mut t = s.clone();
    play(&g, &mut t, &["$X6"]);
    assert_eq!(t.to_move, 0, "a second move by the Sword");
    assert_eq!(
        g.var(&t, "free_out", 0),
        Some(1),
        "the free engagement is back in the centre"
    );
    // Black does not possess it: black's Sword cannot leap it.
    let p = "4/4/4/4/1r2/4/4/4/4/4/1A2/4/1s2/4/4/2S1 b - 0 0 2 8 1";
    let t = of(&g, &at(&g, p), "$");
    assert!(!t.contains(&"$X5".to_string()), "{t:?}");
}

#[test]
fn a_free_engagement_pushed_back_and_forth_may_be_reset() {
    let g = game();
    // The free engagement on W7 (light: white's). White pushes it to X7 (dark: black's),
    // black pushes it back, white pushes it to X7 again: back to where it just came from
    // twice in a row. Black, to move, may send it to the centre and then move as usual.
    let p = "4/4/4/1s1r/4/4/4/4/4/A3/4/4/1RS1/4/4/4 w - 0 0 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["aX7", "aW7"]);
    assert!(
        !texts(&g, &s).contains(&"a=".to_string()),
        "not after one return"
    );
    play(&g, &mut s, &["aX7"]);
    assert!(
        texts(&g, &s).contains(&"a=".to_string()),
        "{:?}",
        texts(&g, &s)
    );
    play(&g, &mut s, &["a="]);
    assert_eq!(s.to_move, 1, "then black moves as usual");
    assert_eq!(g.var(&s, "free_out", 0), Some(1));
    assert!(!texts(&g, &s).contains(&"a=".to_string()));
    assert!(!texts(&g, &s).contains(&"==".to_string()));
    // Quibbling: back into play, back and forth again, and reset again, with no other
    // piece moving: either player may now reset the whole board.
    let mut quibble = s.clone();
    play(&g, &mut quibble, &["aX8", "aX9", "aX8", "aX9", "a="]);
    assert!(texts(&g, &quibble).contains(&"==".to_string()));
    play(&g, &mut quibble, &["=="]);
    assert_eq!(quibble.to_move, 0, "the other player's turn follows");
    assert!(
        g.position_string(&quibble).starts_with("4/4/4/1sr1/eeee/"),
        "{}",
        g.position_string(&quibble)
    );
    assert_eq!(
        g.var(&quibble, "retreats_made", 1),
        Some(0),
        "not a retreat"
    );
    // Another piece moving in between ends the run.
    play(
        &g,
        &mut s,
        &[
            "aX8", "SY5", "---", "SX14", "---", "aX9", "aX8", "aX9", "a=",
        ],
    );
    assert!(!texts(&g, &s).contains(&"==".to_string()));
}

/// Reads a game text in Veney notation from `position`, as `tessel replay --position`
/// does; the decisions as the game writes them.
fn read_text(g: &Game, position: &str, text: &str) -> Vec<String> {
    tessel::record::from_game_text(g, "veney", &[], Some(position.to_string()), text)
        .unwrap_or_else(|e| panic!("`{text}` from {position}: {e}"))
        .decisions
}

#[test]
fn the_seed_s_notation_examples_parse_and_replay() {
    let g = game();
    let start = "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUdglju 0 1 2 8 1";
    // (position, the seed's example as written, the decisions as Tessel writes them)
    let examples: &[(&str, &str, &[&str])] = &[
        // Self to X4, the Sword in concert takes the Lantern on Z5.
        (
            "4/4/4/1sr1/4/4/4/4/4/4/4/3l/2S1/3R/4/4 w - 0 1 2 8 1",
            "1. SX4 $tZ5",
            &["SX4", "$tZ5"],
        ),
        // The Sword takes its own engagement on W7 (a stepping stone) and goes on to X8.
        (
            "4/4/4/1sr1/4/4/4/4/4/E3/4/4/R1S1/4/4/4 w - 0 1 2 8 1",
            "1. $W7 $X8",
            &["$W7", "$X8"],
        ),
        // Black's Balance to Z15, into the measure of its Self and of white's Jutsu: it
        // fends the Jutsu by control.
        (
            "1rs1/4/J3/4/b3/4/4/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1",
            "1. BZ15 BfJ~",
            &["BZ15", "BfJ~"],
        ),
        // The Lantern placed on Y9, in line with black's Self: glare fends the Jutsu.
        (
            "4/3j/4/1rs1/4/4/RS2/4/4/4/4/4/4/4/4/4 w L 0 1 2 8 1",
            "1. L*Y9 LfJ~",
            &["L*Y9", "LfJ~"],
        ),
        // The engagement on the W line fends the Cloak; the Lantern behind it, revealed,
        // glares (the seed writes it `LtJ~` here).
        (
            "4/4/3j/4/1sr1/4/4/4/4/4/1c2/E3/4/RLS1/4/4 w - 0 1 2 8 1",
            "1. WfC LtJ~",
            &["efX6", "LfJ~"],
        ),
        // A meta-move, then the Balance fends on Y9.
        (
            "4/4/4/1sr1/4/4/4/2e1/4/B3/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. a+ BfY9",
            &["a+", "BfY9"],
        ),
        // The Dagger fends the Balance on white's side, and so takes the Jutsu.
        (
            "4/4/4/1sr1/4/4/4/4/4/1b2/4/1D2/R1S1/4/4/4 w j 0 1 2 8 1",
            "1. DfBtJ~",
            &["DfX7tJ~"],
        ),
        // The Cloak leaps onto the Sword on Z12: blade capture.
        (
            "4/4/4/1s2/3r/4/2C1/4/4/4/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. CZ12~",
            &["CZ12~"],
        ),
        // The complex turn of 2.0.16: meta-move, the Self lunges, the Lantern flails in
        // concert to take the Cloak, and glare fends the Jutsu.
        (
            "4/j3/4/1r2/3s/4/4/4/3c/4/4/4/1RS1/4/3L/4 w - 0 1 2 8 1",
            "1. aw SY7 LtZ8 LfJ~",
            &["aw", "SY7", "LtZ8", "LfJ~"],
        ),
        // Which engagement fends on X8: the one on the Y line.
        (
            "4/4/4/1sr1/4/4/4/4/1e2/E1E1/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. eYfX8",
            &["eYfX8"],
        ),
        // The Sword takes the Self on X13: checkmate.
        (
            "4/4/4/1s2/1R2/4/4/1S2/4/4/4/4/4/4/4/4 w - 0 1 2 8 1",
            "1. $tX13#",
            &["$tX13#"],
        ),
        // Declaring an intention, and enacting it on the next turn.
        (
            "r3/4/4/1s2/4/3J/1l2/4/4/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1",
            "1. !$tX10, SX14; 2. $tX10!",
            &["!$tX10", "SX14", "---", "$tX10!"],
        ),
        // The Jutsu to W7, from where it sees the Lantern on X7 (same measure): then an
        // intention is declared, which is no second move and ends the turn.
        (
            "4/4/4/1sr1/4/4/4/J3/4/1l2/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. JW7 !$tX7, SX14;",
            &["JW7", "!$tX7", "SX14", "---"],
        ),
        // Cast Lantern, and cast Cloak with its repositioning moves (where each landed
        // is not written: the throws are drawn from the game's seed, as in play).
        (
            "4/4/4/1sr1/4/4/4/4/4/3B/4/E3/1RS1/4/4/4 w L 0 1 2 8 1",
            "1. ~L, SX14;",
            &["~L", "_cast_die=3", "cast_at=X12", "~", "SX14", "---"],
        ),
        (
            "4/4/4/1sr1/4/4/4/4/b3/4/4/E3/1RS1/C3/4/4 w - 0 1 2 8 1",
            "1. ~C SW3 $X6",
            &["~C", "_cast_die=3", "cast_at=X12", "~", "SW3~", "$X6~"],
        ),
        // Placing the Guard beside the Self; a retreat, which resets the board.
        (
            "4/4/4/1sr1/4/4/RS2/4/4/4/4/4/4/4/4/4 w G 0 1 2 8 1",
            "1. G*Y9",
            &["G*Y9"],
        ),
        (
            "4/4/4/bs1c/e3/4/4/4/4/4/4/EEE1/4/1R2/D3/2S1 w E 0 1 2 8 1 C",
            "1. ==",
            &["=="],
        ),
        // Withdrawing the Guard (the seed names the piece: `*G`).
        (
            "4/4/4/1sr1/4/4/4/4/4/4/4/4/1RS1/G3/4/4 w - 0 1 2 8 1",
            "1. *G",
            &["*W3"],
        ),
        // Shift: black's Balance (W13) and Sword (Y10) change places.
        (
            "4/4/4/bs2/4/4/2r1/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1",
            "1. ... BY10~$W13",
            &["$W13~"],
        ),
        // The free engagement moved into play, and meta-moves.
        (start, "1. aX8", &["aX8"]),
        (
            start,
            "1. aw SZ5, a- SY12; 2. az $X6, a+ eW11;",
            &[
                "aw", "SZ5", "---", "a-", "SY12", "---", "az", "$X6", "a+", "eW11",
            ],
        ),
        // The seed's turn pairs (from a position where they are all legal: white has a
        // second Lantern, flailing from W2).
        (
            "4/4/1s2/4/1c2/2r1/L3/2E1/4/e3/4/R3/2S1/4/L3/4 w - 0 1 2 8 1",
            "1. SZ5 $fW7, CtW10; 2. LtW10, SX13 $fY9; 3. az LW4, $X10; ...",
            &[
                "SZ5", "$fW7", "CtW10", "LtW10", "SX13", "$fY9", "az", "LW4", "$X10",
            ],
        ),
    ];
    for (position, text, want) in examples {
        let got = read_text(&g, position, text);
        assert_eq!(got, *want, "{text}");
    }
    // Untenable moves are never legal here, so the penalty marker `U` never arises.
    let e = tessel::record::from_game_text(
        &g,
        "veney",
        &[],
        Some("4/4/4/1s2/4/4/4/4/4/4/4/4/1RS1/4/4/4 w - 0 1 2 8 1".into()),
        "1. $Y9U#",
    )
    .expect_err("untenable");
    assert!(e.contains("decision 1 ($Y9U#)"), "{e}");
}

#[test]
fn a_dying_checkmate_is_written_with_two_marks_and_game_texts_round_trip() {
    let g = game();
    let p = "4/4/4/4/4/4/4/1sr1/RS2/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    assert_eq!(read_text(&g, p, "1. $tX9#, $tX8##;"), ["$tX9#", "$tX8##"]);
    // A whole random game written as a text and read back is the same game.
    let mut record = tessel::record::Record::new("veney", &[], 3, None);
    let mut s = g.start_state(3).expect("start");
    common::play_recorded(&g, &mut s, &mut record, &[], 3, 300, false);
    let text = tessel::record::game_text(&g, &record).expect("writes");
    assert!(text.starts_with("1. ") && text.contains(", ") && text.contains(';'));
    let back = tessel::record::from_game_text(&g, "veney", &[], None, &text).expect("reads");
    assert_eq!(back.decisions, record.decisions, "{text}");
}

#[test]
fn glare_may_follow_a_move_that_reveals_it_and_control_fends_a_sitting_jutsu() {
    let g = game();
    // Glare is not there at first (black's Cloak stands in the line), so the engagement's
    // fend would end the turn, but it reveals the glare: the turn stays open for it.
    let p = "4/4/3j/4/1sr1/4/4/4/4/4/1c2/E3/4/RLS1/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(!texts(&g, &s).contains(&"LfJ~".to_string()));
    play(&g, &mut s, &["efX6"]);
    assert_eq!(s.to_move, 0);
    assert_eq!(sorted("--- LfJ~"), {
        let mut t = played(&g, &s);
        t.sort();
        t
    });
    // A move that reveals nothing ends the turn as before.
    let mut s = at(&g, p);
    play(&g, &mut s, &["eW6"]);
    assert_eq!(s.to_move, 1);
    // Control: black's Balance comes into the measure of its Self and of white's Jutsu.
    let p = "1rs1/4/J3/4/b3/4/4/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(!texts(&g, &s).contains(&"BfJ~".to_string()));
    play(&g, &mut s, &["BZ15"]);
    assert!(texts(&g, &s).contains(&"BfJ~".to_string()));
    let mut fended = s.clone();
    play(&g, &mut fended, &["BfJ~"]);
    assert_eq!(fended.to_move, 0, "invoking control ends the turn");
    assert!(
        g.position_string(&fended).contains(" w J "),
        "the Jutsu fended"
    );
    // Not on a later turn: black lets it pass, and after white's move it is gone.
    play(&g, &mut s, &["---", "SY5"]);
    assert!(!texts(&g, &s).contains(&"BfJ~".to_string()));
    // Nor when the Balance only moves about inside that measure.
    let p = "1rs1/4/J3/b3/4/4/4/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["---", "SY5", "---"]);
    play(&g, &mut s, &["BX14"]);
    assert!(!texts(&g, &s).contains(&"BfJ~".to_string()));
}

#[test]
fn both_players_may_meta_move_on_their_turns() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["aw", "eW6"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"az".to_string()) && t.contains(&"a-".to_string()),
        "{t:?}"
    );
}

#[test]
fn seeded_random_games_of_a_thousand_decisions_end_or_go_on_without_a_panic() {
    use rand::SeedableRng;
    for options in [
        &[][..],
        &[("setup", "turns"), ("retreats", "3")][..],
        &[("with_ruin", "false"), ("no_contest", "40")][..],
    ] {
        let g = common::load("rulesets/veney.tessel", options);
        for seed in 0..12 {
            let mut s = g.start_state(seed).expect("start");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut scratch = g.scratch();
            let _ = g.random_playout(&mut s, &mut rng, 1000, &mut scratch);
            // Wherever it stopped, the position reads back and its decisions are found.
            let back = at(&g, &g.position_string(&s));
            let mut legal = Vec::new();
            g.decisions(&back, &mut scratch, &mut legal);
        }
    }
}

/// Resolves a chance event by its outcome's text (`cast_at=X9`).
fn chance(g: &Game, s: &mut State, text: &str) {
    let n = g.chance_outcomes(s).expect("a throw is waiting").len();
    let m = (0..n as u16)
        .map(tessel_interpreter::Move::chance)
        .find(|m| g.chance_text(s, *m) == text)
        .unwrap_or_else(|| panic!("{text} is not an outcome"));
    g.apply(s, m);
}

#[test]
fn a_cast_lantern_makes_a_fire_dance_square() {
    let g = game();
    // Measure 3 is empty between the Selves (Y4, X13); measure 2 holds an engagement.
    let p = "4/4/4/1sr1/4/4/4/4/4/3B/4/E3/1RS1/4/4/4 w L 0 1 2 8 1";
    let s = at(&g, p);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"~L".to_string()) && !t.contains(&"~L+".to_string()),
        "{t:?}"
    );
    // Not into a measure with a piece in it, nor without the piece to cast.
    let busy = "4/4/4/1sr1/4/4/4/e3/4/3B/4/E3/1RS1/4/4/4 w L 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, busy)).iter().any(|m| m.starts_with('~')));
    assert!(!texts(&g, &at(&g, &p.replace(" w L ", " w - ")))
        .iter()
        .any(|m| m.starts_with('~')));
    // Thrown: it lands on X9 and is discarded; X9 is white's fire square.
    let mut s = s;
    play(&g, &mut s, &["~L"]);
    chance(&g, &mut s, "_cast_die=5");
    chance(&g, &mut s, "cast_at=X9");
    play(&g, &mut s, &["~"]);
    assert_eq!(s.to_move, 1, "a cast is a move");
    assert!(
        g.position_string(&s).ends_with(" L"),
        "{}",
        g.position_string(&s)
    );
    // The Balance enters it, and may move again from there.
    play(&g, &mut s, &["SX14", "---", "BX9"]);
    assert_eq!(s.to_move, 0);
    assert!(texts(&g, &s).contains(&"BW10".to_string()));
    // A throw that falls outside: the Lantern is lost, no square.
    let mut s = at(&g, p);
    play(&g, &mut s, &["~L"]);
    chance(&g, &mut s, "_cast_die=1");
    chance(&g, &mut s, "cast_at=X9");
    play(&g, &mut s, &["~", "SX14", "---", "BX9"]);
    assert_eq!(s.to_move, 1, "no fire dance");
}

#[test]
fn a_cast_cloak_repositions_and_sets_a_trap() {
    let g = game();
    let p = "4/4/4/1sr1/4/4/4/4/b3/4/4/E3/1RS1/C3/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["~C"]);
    chance(&g, &mut s, "_cast_die=6");
    chance(&g, &mut s, "cast_at=Y10");
    play(&g, &mut s, &["~"]);
    // The Self and then a blade, anywhere on white's side behind step 10 (or staying).
    let t = texts(&g, &s);
    assert!(
        t.contains(&"SW2~".to_string())
            && t.contains(&"SY4~".to_string())
            && t.contains(&"---".to_string()),
        "{t:?}"
    );
    assert!(
        !t.contains(&"SW10~".to_string()) && !t.contains(&"SW5~".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["SW2~"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"$X8~".to_string()) && t.contains(&"$X4~".to_string()),
        "{t:?}"
    );
    assert!(!t.contains(&"$W8~".to_string()), "no taking: {t:?}");
    play(&g, &mut s, &["$W3~"]);
    assert_eq!(s.to_move, 1);
    let end = g.position_string(&s);
    assert!(end.contains("/E3/4/R3/S3/4 b - "), "{end}");
    // Black's Balance enters the cast square: white may spring the trap, and then put its
    // Self and blade back, now taking.
    play(&g, &mut s, &["BY10"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"~tY10".to_string()), "{t:?}");
    play(&g, &mut s, &["~tY10"]);
    assert!(
        g.position_string(&s).ends_with(" Cb"),
        "the Balance is discarded: {}",
        g.position_string(&s)
    );
    let t = texts(&g, &s);
    assert!(
        t.contains(&"SX4~".to_string()) && t.contains(&"eW6".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["SX4~", "$W4~"]);
    assert_eq!(s.to_move, 1);
    // Spent: no second trap.
    play(&g, &mut s, &["SW13"]);
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("~t")));
}

#[test]
fn a_cast_dagger_begins_shima() {
    let g = game();
    // White's Self on Y8 (measure 2), black's on X13: measure 3 lies open between them.
    let p = "4/4/4/1sr1/4/4/4/4/2S1/4/4/4/1R2/4/4/4 w DGLJUdglju 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"~D".to_string()));
    play(&g, &mut s, &["~D"]);
    chance(&g, &mut s, "_cast_die=3");
    chance(&g, &mut s, "cast_at=X9");
    play(&g, &mut s, &["~"]);
    // Every reserve piece but Daggers (and engagements) is discarded.
    let end = g.position_string(&s);
    assert!(end.contains(" b d 0 "), "{end}");
    assert_eq!(g.var(&s, "_shima", 0), Some(1));
    // The Self enters the cast square: the Dagger may come back beside it.
    play(&g, &mut s, &["SX14", "---", "SX9"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"D*W10~".to_string()) && t.contains(&"---".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["D*W10~"]);
    assert!(
        g.position_string(&s).starts_with("4/4/1s2/2r1/4/4/D3/1S2/"),
        "{}",
        g.position_string(&s)
    );
    // In Shima a draw by agreement is both players' loss.
    play(&g, &mut s, &["draw?", "SX13", "---"]);
    play(&g, &mut s, &["draw!"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(o.ending, "draw in Shima: both lose");
    assert_eq!(o.winner(), None);
}

#[test]
fn hirakamae_lets_the_enstanced_player_pass_and_the_adversary_not() {
    let g = game();
    // White's Sword beside its Self on step 3, nothing else in the first measure.
    let p = "4/4/2r1/1s2/4/4/4/4/4/4/4/4/4/RS2/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["---"]);
    assert_eq!(g.var(&s, "kamae", 0), Some(1), "hirakamae begins");
    assert!(
        !texts(&g, &s).contains(&"---".to_string()),
        "black may not pass"
    );
    play(&g, &mut s, &["SX12", "---", "---", "SX13", "---", "---"]);
    assert_eq!(s.to_move, 1, "white passes as often as it likes");
    play(&g, &mut s, &["SX12", "---"]);
    // White's move ends it, and another piece may move after it (not the Sword again).
    play(&g, &mut s, &["$W4"]);
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"SY4".to_string()) && !t.iter().any(|m| m.starts_with('$')),
        "{t:?}"
    );
    play(&g, &mut s, &["SY4"]);
    assert_eq!(s.to_move, 1);
    assert_eq!(g.var(&s, "kamae", 0), Some(2), "once a game");
    // Not in the stance with another piece in the measure; not without `devices`.
    let crowded = "4/4/2r1/1s2/4/4/4/4/4/4/4/4/3E/RS2/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, crowded);
    play(&g, &mut s, &["---"]);
    assert_eq!(g.var(&s, "kamae", 0), Some(0));
    let plain = common::load("rulesets/veney.tessel", &[("devices", "false")]);
    let mut s = at(&plain, p);
    play(&plain, &mut s, &["---"]);
    assert!(texts(&plain, &s).contains(&"---".to_string()));
}

#[test]
fn concealed_setup_keeps_each_choice_off_the_board_until_both_have_chosen() {
    let g = common::load("rulesets/veney.tessel", &[("setup", "concealed")]);
    let mut s = g.start_state(0).expect("start");
    while let Some(m) = g.sample_chance(&mut s) {
        g.apply(&mut s, m);
    }
    let t = texts(&g, &s);
    assert!(
        t.contains(&"S*W4".to_string())
            && t.contains(&"e*Z8".to_string())
            && !t.contains(&"---".to_string()),
        "{t:?}"
    );
    // White chooses everything first; nothing shows on the board.
    play(
        &g,
        &mut s,
        &[
            "e*W8", "e*X7", "e*Y6", "e*Z5", "S*Y4", "$*X4", "C*W4", "B*Z4",
        ],
    );
    assert_eq!(s.to_move, 1, "then black chooses");
    assert!(g
        .position_string(&s)
        .starts_with("4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4 "));
    // One engagement per line, on black's own side.
    play(&g, &mut s, &["e*W12"]);
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("e*W")));
    play(
        &g,
        &mut s,
        &[
            "e*X12", "e*Y12", "e*Z12", "S*X13", "$*Y13", "C*Z13", "B*W13",
        ],
    );
    // Revealed together; white has the initiative (3 + 2 + 1 against 0).
    let end = g.position_string(&s);
    assert!(
        end.starts_with("4/4/4/bsrc/eeee/4/4/4/E3/1E2/2E1/3E/CRSB/4/4/4 w"),
        "{end}"
    );
    assert!(texts(&g, &s).contains(&"---".to_string()), "play has begun");
}

#[test]
fn the_flailing_lantern_uses_stepping_stones_within_one_measure() {
    let g = game();
    // White's Lantern on W2 (first measure) flails: its Self is on Y7 (second measure).
    // It swings onto its engagement on W10 (third measure), and may move again there.
    let p = "4/4/4/1sr1/4/4/E3/4/4/1RS1/4/4/4/4/L3/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["LW10"]);
    assert_eq!(s.to_move, 0, "a stepping stone");
    let t = of(&g, &s, "L");
    assert!(
        t.contains(&"LY12".to_string()) && t.contains(&"LW12".to_string()),
        "{t:?}"
    );
    assert!(
        !t.contains(&"LY8".to_string()) && !t.contains(&"LW14".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["LY12"]);
    assert_eq!(s.to_move, 1);
    // A stone in the Self's measure ends the flailing: the second move stays there.
    let p = "4/4/4/1sr1/4/4/4/4/4/1RS1/E3/4/4/4/L3/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["LW6"]);
    let t = of(&g, &s, "L");
    assert!(
        t.contains(&"LW8".to_string()) && !t.contains(&"LW10".to_string()),
        "{t:?}"
    );
}

#[test]
fn a_missed_throw_of_the_last_blade_is_checkmate_by_self_disarm() {
    let g = game();
    // White's only blade is the Dagger on X5, in line with black's Self on X13.
    let mut s = at(&g, "4/4/4/1s1r/4/4/4/4/4/4/4/1D2/4/2S1/4/4 w - 0 1 2 8 1");
    play(&g, &mut s, &["D~"]);
    chance(&g, &mut s, "_sticks=0");
    play(&g, &mut s, &["D-"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(o.ending, "checkmate by self-disarm");
    assert_eq!(o.winner(), Some(1));
}

#[test]
fn dagger_throw_odds_may_be_flat_one_in_n() {
    // R1: with a die of N faces, a 1 hits and anything else misses; no short success.
    let g = common::load("rulesets/veney.tessel", &[("throw_odds", "d6")]);
    let p = "4/4/4/1s1r/4/4/4/1e2/4/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["D~"]);
    let outcomes = g.chance_outcomes(&s).expect("the die is thrown");
    assert_eq!(outcomes.len(), 6);
    let throw = |s: &mut State, v: i64| {
        let outcomes = g.chance_outcomes(s).expect("die");
        let i = outcomes.iter().position(|(x, _)| *x == v).expect("outcome");
        g.apply(s, tessel_interpreter::Move::chance(i as u16));
    };
    let mut hit = s.clone();
    throw(&mut hit, 1);
    assert_eq!(texts(&g, &hit), ["Dt#"]);
    let mut missed = s.clone();
    throw(&mut missed, 2);
    assert_eq!(texts(&g, &missed), ["D-"]);
    let g = common::load("rulesets/veney.tessel", &[("throw_odds", "d20")]);
    let mut s = at(&g, p);
    play(&g, &mut s, &["D~"]);
    assert_eq!(g.chance_outcomes(&s).expect("d20").len(), 20);
}

#[test]
fn with_the_hug_a_draw_is_settled_by_dagger_or_self() {
    let g = common::load("rulesets/veney.tessel", &[("hug", "true")]);
    let mut scratch = g.scratch();
    let agreed = || {
        let mut s = g.start_state(0).expect("start");
        play(&g, &mut s, &["draw?", "eX6", "draw!"]);
        s
    };
    let s = agreed();
    assert!(g.status(&s, &mut scratch).is_none(), "no draw yet");
    let mut t = texts(&g, &s);
    t.sort();
    assert_eq!(t, ["betray", "hug"]);
    for (white, black, ending, winner) in [
        ("hug", "hug", "the hug: the draw stands", None),
        (
            "betray",
            "hug",
            "the hug betrayed by white: checkmate",
            Some(0),
        ),
        (
            "hug",
            "betray",
            "the hug betrayed by black: checkmate",
            Some(1),
        ),
        ("betray", "betray", "the hug: double checkmate", None),
    ] {
        let mut s = agreed();
        play(&g, &mut s, &[white]);
        assert!(g.status(&s, &mut scratch).is_none(), "black has not chosen");
        play(&g, &mut s, &[black]);
        let o = g.status(&s, &mut scratch).expect("settled");
        assert_eq!((o.ending.as_str(), o.winner()), (ending, winner));
        if white == "betray" && black == "betray" {
            assert_eq!(o.scores, vec![0.0, 0.0], "both lose");
        }
    }
}

// ---- Asymmetric sets (2.0.23) ----------------------------------------------------------

fn with_sets(white: &str, black: &str) -> Game {
    common::load(
        "rulesets/veney.tessel",
        &[("white_set", white), ("black_set", black)],
    )
}

#[test]
fn each_set_deals_its_own_pieces_from_the_standard_start() {
    // (set, the start with white playing it, the start with black playing it)
    let std = "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4";
    for (set, as_white, as_black) in [
        (
            "standard",
            format!("{std} w DGLJUdglju"),
            format!("{std} w DGLJUdglju"),
        ),
        (
            "archives_assassin",
            "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/1DS1/4/4/4 w 3D5Udglju".into(),
            "4/4/4/1sd1/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJU3d5u".into(),
        ),
        (
            "aristocrat",
            format!("{std} w Ddglju"),
            format!("{std} w DGLJUd"),
        ),
        (
            "ceremonial_guard",
            "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSG/4/4/4 w GL2UCdglju".into(),
            "4/4/4/gsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUgl2uc".into(),
        ),
        (
            "illusionist",
            "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/C1SB/4/4/4 w DGLJUdglju".into(),
            "4/4/4/bs1c/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUdglju".into(),
        ),
        (
            "incomplete",
            format!("{std} w dglju"),
            format!("{std} w DGLJU"),
        ),
    ] {
        for (g, want) in [
            (with_sets(set, "standard"), as_white),
            (with_sets("standard", set), as_black),
        ] {
            let p = g.position_string(&g.start_state(0).expect("start"));
            assert_eq!(p, format!("{want} 0 1 2 8 1"), "{set}");
        }
    }
}

#[test]
fn the_illusionist_s_cloak_lantern_and_jutsu_may_checkmate() {
    // Black's Self on X13 (no Balance: no control); white's Cloak on W11 and Jutsu on X11;
    // white's Self and Lantern below.
    let p = "4/4/4/1src/eeee/CJ2/4/4/4/4/4/EEEE/2S1/4/4/4 w Ldglju 0 1 2 8 1";
    let illusionist = with_sets("illusionist", "standard");
    let t = texts(&illusionist, &at(&illusionist, p));
    assert!(t.contains(&"CtX13#".to_string()), "{t:?}");
    assert!(t.contains(&"JtX13#".to_string()), "{t:?}");
    let standard = game();
    let t = texts(&standard, &at(&standard, p));
    assert!(!t.iter().any(|m| m.ends_with('#')), "{t:?}");
    // The Lantern, sliding within its Self's measure onto the opposing Self.
    let p = "4/4/4/4/4/4/4/4/1s2/4/S2L/4/4/4/4/4 w dglju 0 1 2 8 1";
    let t = texts(&illusionist, &at(&illusionist, p));
    assert!(t.contains(&"LtX8#".to_string()), "{t:?}");
    // Touched, the Illusionist may answer with a dying checkmate by the Cloak.
    let p = "4/4/4/1s2/4/C3/4/4/4/4/4/4/2S1/4/4/4 w dglju 0 1 2 8 1";
    let mut s = at(&illusionist, p);
    play(&illusionist, &mut s, &["CtX13#"]);
    let mut scratch = illusionist.scratch();
    let o = illusionist
        .status(&s, &mut scratch)
        .expect("black cannot answer");
    assert_eq!(o.winner(), Some(0));
}

#[test]
fn a_swordless_player_is_disarmed_only_when_their_set_has_no_blade_left() {
    let mut scratch = game().scratch();
    // The Illusionist with only the Cloak on the board is armed, and so with those that may
    // checkmate in reserve (fended, they come in again); with none of Dagger, Cloak,
    // Lantern, Jutsu on the board or in reserve, disarmed.
    let g = with_sets("illusionist", "standard");
    let armed = "4/4/4/1sr1/4/4/4/4/4/4/4/4/C1S1/4/4/4 w - 0 1 2 8 1";
    assert!(g.status(&at(&g, armed), &mut scratch).is_none());
    let in_reserve = "4/4/4/1sr1/4/4/4/4/4/4/4/4/B1S1/4/4/4 w J 0 1 2 8 1";
    assert!(g.status(&at(&g, in_reserve), &mut scratch).is_none());
    let bare = "4/4/4/1sr1/4/4/4/4/4/4/4/4/B1S1/4/4/4 w G 0 1 2 8 1";
    let o = g.status(&at(&g, bare), &mut scratch).expect("disarmed");
    assert_eq!(o.ending, "checkmate by disarm");
    // The Archives Assassin: a Dagger in reserve is still a blade, and comes in (at most
    // two on the board at a time).
    let g = with_sets("archives_assassin", "standard");
    let one = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1DS1/4/4/4 w 2D 0 1 2 8 1";
    let t = texts(&g, &at(&g, one));
    assert!(t.iter().any(|m| m.starts_with("D*")), "{t:?}");
    let two = "4/4/4/1sr1/4/4/4/4/4/4/4/4/DDS1/4/4/4 w 2D 0 1 2 8 1";
    let t = texts(&g, &at(&g, two));
    assert!(!t.iter().any(|m| m.starts_with("D*")), "{t:?}");
    let stocked = "4/4/4/1sr1/4/4/4/4/4/4/4/4/2S1/4/4/4 w D 0 1 2 8 1";
    assert!(g.status(&at(&g, stocked), &mut scratch).is_none());
    let spent = "4/4/4/1sr1/4/4/4/4/4/4/4/4/2S1/4/4/4 w - 0 1 2 8 1";
    let o = g.status(&at(&g, spent), &mut scratch).expect("disarmed");
    assert_eq!(o.ending, "checkmate by disarm");
}

#[test]
fn a_seeded_random_game_for_every_set_against_the_standard_set() {
    use rand::SeedableRng;
    for set in [
        "archives_assassin",
        "aristocrat",
        "ceremonial_guard",
        "illusionist",
    ] {
        for (white, black) in [(set, "standard"), ("standard", set)] {
            let g = with_sets(white, black);
            let mut s = g.start_state(7).expect("start");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
            let mut scratch = g.scratch();
            let o = g
                .random_playout(&mut s, &mut rng, 20_000, &mut scratch)
                .unwrap_or_else(|| panic!("{white} v {black} ends"));
            assert!(
                o.ending.contains("checkmate") || o.ending.contains("draw"),
                "{white} v {black}: {}",
                o.ending
            );
        }
    }
}

// ---- Untenable moves (2.0.22) -----------------------------------------------------------

fn untenable(penalty: &str) -> Game {
    common::load("rulesets/veney.tessel", &[("untenable", penalty)])
}

const START: &str = "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUdglju 0 1 2 8 1";

#[test]
fn untenable_moves_are_offered_only_when_the_option_allows_them() {
    let t = texts(&game(), &at(&game(), START));
    assert!(!t.iter().any(|m| m.ends_with('U') || m == "U"), "{t:?}");
    let g = untenable("turn");
    let t = texts(&g, &at(&g, START));
    assert!(t.contains(&"$X9U".to_string()), "{t:?}");
    // Within range the Sword's moves are as ever; no call is open at the start.
    assert!(t.contains(&"$X8".to_string()));
    assert!(!t.contains(&"U".to_string()));
}

#[test]
fn an_untenable_move_is_called_at_once_or_stands() {
    let board = |g: &Game, s: &State| {
        g.position_string(s)
            .split(' ')
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut scratch = game().scratch();
    // Turn penalty: reset, and black plays on.
    let g = untenable("turn");
    let mut s = at(&g, START);
    play(&g, &mut s, &["$X9U"]);
    assert!(texts(&g, &s).contains(&"U".to_string()));
    play(&g, &mut s, &["U"]);
    assert_eq!(
        board(&g, &s),
        "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 b"
    );
    assert!(!texts(&g, &s).contains(&"U".to_string()), "called once");
    // Friendly: reset, and white moves again (the call may be typed `call`).
    let g = untenable("friendly");
    let mut s = at(&g, START);
    play(&g, &mut s, &["$X9U", "call"]);
    assert_eq!(
        board(&g, &s),
        "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w"
    );
    // Sudden death: white loses.
    let g = untenable("sudden_death");
    let mut s = at(&g, START);
    play(&g, &mut s, &["$X9U", "U"]);
    let o = g.status(&s, &mut scratch).expect("lost");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("untenable move called: lost by the penalty", Some(1))
    );
    // Piece penalty: the Sword is white's only blade on the board — absolute, white
    // loses; lenient, it is only moved back and the turn skipped.
    let g = untenable("piece_absolute");
    let mut s = at(&g, START);
    play(&g, &mut s, &["$X9U", "U"]);
    assert_eq!(g.status(&s, &mut scratch).expect("lost").winner(), Some(1));
    let g = untenable("piece-lenient");
    let mut s = at(&g, START);
    play(&g, &mut s, &["$X9U", "U"]);
    assert!(g.status(&s, &mut scratch).is_none());
    assert_eq!(
        board(&g, &s),
        "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 b"
    );
    // A Ruin out of range under a piece penalty is discarded.
    let ruin = "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/U3/4 w DGLJdglju 0 1 2 8 1";
    for penalty in ["piece_lenient", "piece_absolute"] {
        let g = untenable(penalty);
        let mut s = at(&g, ruin);
        play(&g, &mut s, &["UW10U", "U"]);
        let p = g.position_string(&s);
        assert!(
            p.starts_with("4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 b"),
            "{p}"
        );
        assert!(p.ends_with(" U"), "the Ruin in the discard: {p}");
    }
    // Not called: it stands, and a later move that repeats it can be called again.
    let g = untenable("turn");
    let mut s = at(&g, START);
    play(&g, &mut s, &["$X9U", "eX11"]);
    assert!(!texts(&g, &s).contains(&"U".to_string()));
    play(&g, &mut s, &["$X10U"]);
    assert!(texts(&g, &s).contains(&"U".to_string()));
    play(&g, &mut s, &["U"]);
    // Back to how white's second turn began: the Sword on X9 (its first untenable move
    // stood), black's engagement on X11; black to move.
    assert_eq!(
        board(&g, &s),
        "4/4/4/bsrc/e1ee/1e2/4/1R2/4/4/4/EEEE/C1SB/4/4/4 b"
    );
}

#[test]
fn a_touched_player_may_cast_a_death_spell_with_the_devices() {
    // Black's Self has been touched; black's Jutsu (X10) can reach white's (X12).
    let p = "4/4/4/2r1/1J2/4/1j2/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1";
    let mut scratch = game().scratch();
    let g = game();
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"JtX12~".to_string()));
    play(&g, &mut s, &["JtX12~"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        (
            "checkmate by touch, with a Death Spell: the loser takes the winner's token",
            Some(0)
        )
    );
    assert!(
        g.position_string(&s).starts_with("4/4/4/2r1/4/4/4/"),
        "both Jutsus lost"
    );
    // Without the devices there is no spell: letting it be is checkmate by touch.
    let g = common::load("rulesets/veney.tessel", &[("devices", "false")]);
    let mut s = at(&g, p);
    assert!(!texts(&g, &s).contains(&"JtX12~".to_string()));
    play(&g, &mut s, &["---"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(o.ending, "checkmate by touch (unanswered)");
    // With the Self still standing, no spell.
    let g = game();
    let standing = "4/4/4/1sr1/1J2/4/1j2/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, standing))
        .iter()
        .any(|m| m.ends_with('~') && m.starts_with("Jt")));
}

#[test]
fn placing_under_presence_and_entering_a_controlled_measure_are_untenable_too() {
    // White's Self in black's Self's measure, where black's Jutsu is present.
    let presence = "4/4/j2S/1s2/4/4/4/4/4/4/4/4/1R2/4/4/4 w C 0 1 2 8 1";
    let t = texts(&game(), &at(&game(), presence));
    assert!(!t.iter().any(|m| m.starts_with("C*")), "{t:?}");
    let g = untenable("piece_lenient");
    let mut s = at(&g, presence);
    let t = texts(&g, &s);
    assert!(t.contains(&"C*Z15U".to_string()), "{t:?}");
    play(&g, &mut s, &["C*Z15U", "U"]);
    let p = g.position_string(&s);
    assert!(
        p.starts_with("4/4/j2S/1s2/4/4/4/4/4/4/4/4/1R2/4/4/4 b - "),
        "{p}"
    );
    assert!(
        p.ends_with(" C"),
        "the Cloak from the reserve to the discard: {p}"
    );
    // White's Jutsu blinking into the measure of black's Balance and Self: under a piece
    // penalty it is fended (back to the reserve), not discarded.
    let control = "4/4/4/bs2/4/4/1J2/4/4/4/4/4/1RS1/4/4/4 w - 0 1 2 8 1";
    let t = texts(&game(), &at(&game(), control));
    assert!(!t.contains(&"JX14".to_string()) && !t.contains(&"JX14U".to_string()));
    let g = untenable("piece_absolute");
    let mut s = at(&g, control);
    play(&g, &mut s, &["JX14U", "U"]);
    assert_eq!(
        g.position_string(&s),
        "4/4/4/bs2/4/4/4/4/4/4/4/4/1RS1/4/4/4 b J 0 1 2 8 1"
    );
}
