//! òicustiỳtac (rulesets/oicustiytac.tessel): scripted turns for each of the ten rules
//! and both `overmove` settings.

mod common;

use common::{play, texts};
use tessel_interpreter::{Game, State};

fn game(options: &[(&str, &str)]) -> Game {
    common::load("rulesets/oicustiytac.tessel", options)
}

/// A position after rule 1's draw (the bag is empty: person 0 plays black).
fn at(g: &Game, position: &str) -> State {
    let s = g.parse_position(position, 0).expect("position");
    assert!(s.pending.is_empty(), "no draw from an empty bag");
    s
}

/// Why a move the stones could make is not allowed (the `forbid` reason), if it is not.
fn why_not(g: &Game, s: &State, text: &str) -> Option<String> {
    let mut pseudo = Vec::new();
    g.pseudo_moves(s, &mut pseudo);
    let m = g.parse_move(text, &pseudo).ok()?;
    g.forbid_reason(s, m).map(str::to_string)
}

fn points(g: &Game, s: &State) -> (i64, i64) {
    (
        g.var(s, "points", 0).expect("points"),
        g.var(s, "points", 1).expect("points"),
    )
}

/// Resolves chance events with the given outcomes, in order, by their notation.
fn draw(g: &Game, s: &mut State, outcomes: &[&str]) {
    for text in outcomes {
        let all = g.chance_outcomes(s).expect("a draw waits");
        let i = (0..all.len())
            .find(|&i| g.chance_text(s, tessel_interpreter::Move::chance(i as u16)) == *text)
            .unwrap_or_else(|| panic!("{text} is not an outcome"));
        g.apply(s, tessel_interpreter::Move::chance(i as u16));
    }
}

#[test]
fn rule_1_five_stones_each_from_the_bag() {
    let g = game(&[]);
    let mut s = g.start_state(0).expect("start");
    // Thirty stones in the bag: the first draw is white or black, half and half.
    let outcomes = g.chance_outcomes(&s).expect("the draw waits");
    assert_eq!(outcomes.len(), 2);
    assert!((outcomes[0].1 - 0.5).abs() < 1e-12);
    // Person 0 draws three whites, person 1 two: person 0 plays black.
    draw(
        &g,
        &mut s,
        &["hand=o", "hand=o", "hand=o", "hand=x", "hand=x"],
    );
    draw(
        &g,
        &mut s,
        &["hand=o", "hand=o", "hand=x", "hand=x", "hand=x"],
    );
    assert!(s.pending.is_empty(), "no tie, no more drawing");
    assert_eq!(g.people(&s), [0, 1], "person 1 plays black");
    assert!(g.position_string(&s).ends_with(" 10o10x 3o2x/2o3x 1"));
    // After the draw, a white stone left in the bag is 10 in 20.
    let mut s = g.start_state(0).expect("start");
    draw(
        &g,
        &mut s,
        &["hand=o", "hand=o", "hand=x", "hand=x", "hand=x"],
    );
    draw(
        &g,
        &mut s,
        &["hand=o", "hand=o", "hand=x", "hand=x", "hand=x"],
    );
    // Tied at two whites: one more each; both white is still a tie.
    let p = g.chance_outcomes(&s).expect("a tie draws again");
    assert!((p[0].1 - 11.0 / 20.0).abs() < 1e-12, "{p:?}");
    draw(&g, &mut s, &["hand=o", "hand=o"]);
    assert!(!s.pending.is_empty(), "still tied");
    // White against black: the white stone wins the right, for person 1.
    draw(&g, &mut s, &["hand=x", "hand=o"]);
    assert!(s.pending.is_empty());
    assert_eq!(g.people(&s), [1, 0], "person 2 plays black");
    // The hands change sides with the people: black's part holds person 2's draw.
    assert!(
        g.position_string(&s).ends_with(" 8o8x 4o3x/3o4x 1"),
        "{}",
        g.position_string(&s)
    );
}

#[test]
fn rules_3_and_4_whelping_and_crossing() {
    let g = game(&[]);
    let s = at(&g, "10/10 b 15B15W - - - - 1");
    // Black whelps only into its six rightmost traps.
    assert_eq!(
        texts(&g, &s),
        ["B@e1", "B@f1", "B@g1", "B@h1", "B@i1", "B@j1"]
    );
    let mut s = at(&g, "10/4B5 b 14B15W - - - - 1");
    play(&g, &mut s, &["e1e2"]);
    assert_eq!(g.position_string(&s), "4B5/10 b 14B15W - - - - 1");
    // Rule 6: the stone has moved; it may not move again this turn.
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("e2")));
}

#[test]
fn rule_5_diagonally_left_out_of_the_opponents_land() {
    let g = game(&[]);
    let s = at(&g, "4B5/10 b 14B15W - - - - 1");
    let t = texts(&g, &s);
    for m in ["e2d1", "e2c1", "e2b1"] {
        assert!(t.contains(&m.to_string()), "{m} in {t:?}");
    }
    assert!(!t.contains(&"e2a1".to_string()) && !t.contains(&"e2f1".to_string()));
    // White's left is the other way: from d1 to e2, f2, g2.
    let s = at(&g, "10/3W6 w 15B14W - - - - 1");
    let t = texts(&g, &s);
    for m in ["d1e2", "d1f2", "d1g2"] {
        assert!(t.contains(&m.to_string()), "{m} in {t:?}");
    }
}

#[test]
fn rule_2_three_from_one_trap_is_the_turn() {
    let g = game(&[]);
    let mut s = at(&g, "10/4[BBB]5 b 12B15W - - - - 1");
    let t = texts(&g, &s);
    assert!(t.contains(&"e1e2*3".to_string()), "{t:?}");
    play(&g, &mut s, &["e1e2*3"]);
    assert_eq!(s.to_move, 1, "three stones together end the turn");
    assert_eq!(g.position_string(&s), "4[BBB]5/10 w 12B15W - - - - 1");
}

#[test]
fn rule_2_over_move_penalty_and_forbid() {
    let g = game(&[]);
    let mut s = at(&g, "10/10 b 15B15W - - - - 1");
    play(&g, &mut s, &["B@e1", "B@f1", "B@g1"]);
    // White must first bring down a black stone of its choice, for 3 points.
    assert_eq!(
        texts(&g, &s),
        ["bring_down@e1", "bring_down@f1", "bring_down@g1"]
    );
    play(&g, &mut s, &["bring_down@f1"]);
    assert_eq!(points(&g, &s), (0, 3));
    assert_eq!(g.position_string(&s), "10/4B1B3 w 12B15W - B - - 1");
    assert!(
        texts(&g, &s).iter().any(|m| m.starts_with("W@")),
        "then white plays its turn"
    );

    let g = game(&[("overmove", "forbid")]);
    let mut s = at(&g, "10/10 b 15B15W - - - - 1");
    play(&g, &mut s, &["B@e1", "B@f1"]);
    assert_eq!(texts(&g, &s), ["pass"]);
    assert_eq!(
        why_not(&g, &s, "B@g1").as_deref(),
        Some("rule 2: at most two stones a turn, or three from one trap")
    );
}

#[test]
fn rule_7_outnumbered_traps() {
    let g = game(&[]);
    let rule7 = Some(
        "rule 7: a trap you moved into would hold two more of your opponent's stones than yours"
            .to_string(),
    );
    // One white stone may not end the turn in a trap of three black stones...
    let s = at(&g, "4W5/4[BBB]5 w 12B14W - - - - 1");
    assert_eq!(why_not(&g, &s, "e2e1"), rule7);
    // ...two may.
    let mut s = at(&g, "4[WW]5/4[BBB]5 w 12B13W - - - - 1");
    play(&g, &mut s, &["e2e1", "e2e1", "pass"]);
    assert_eq!(s.to_move, 0);
    // Three black and one white at the start: one more white stone is enough.
    let mut s = at(&g, "4W5/4[BBBW]5 w 11B13W - - - - 1");
    play(&g, &mut s, &["e2e1", "pass"]);
    assert_eq!(s.to_move, 0);
    // Four black and no white: it takes three white stones (here, three together).
    let strict = game(&[("overmove", "forbid")]);
    let mut s = at(&strict, "4[WWW]5/4[BBBB]5 w 11B12W - - - - 1");
    // One or two are too few: the turn cannot end so.
    play(&strict, &mut s, &["e2e1"]);
    assert!(!texts(&strict, &s).contains(&"pass".to_string()), "one");
    play(&strict, &mut s, &["e2e1"]);
    assert!(!texts(&strict, &s).contains(&"pass".to_string()), "two");
    let mut s = at(&g, "4[WWW]5/4[BBBB]5 w 11B12W - - - - 1");
    play(&g, &mut s, &["e2e1*3"]);
    // Seven stones: rule 9 brings two black ones down (6 points to white).
    assert_eq!(g.position_string(&s), "10/4[BBWWW]5 b 11B12W - 2B - - 2");
    assert_eq!(points(&g, &s), (0, 6));
}

#[test]
fn rule_8_bringing_home() {
    let g = game(&[]);
    // Black's home traps are a1 and b1; a stone must stay in the trap.
    let s = at(&g, "10/[BB]9 b 13B15W - - - - 1");
    assert!(texts(&g, &s).contains(&"bring_home@a1".to_string()));
    let s = at(&g, "10/B9 b 14B15W - - - - 1");
    assert!(!texts(&g, &s).contains(&"bring_home@a1".to_string()));
    let s = at(&g, "10/[BW]9 b 14B14W - - - - 1");
    let mut s = s;
    play(&g, &mut s, &["bring_home@a1", "pass"]);
    assert_eq!(g.position_string(&s), "10/W9 w 14B14W B - - - 1");
    assert_eq!(points(&g, &s), (2, 0));
    // A stone that moved into the home trap this turn may not also be brought home.
    let mut s = at(&g, "1B8/W9 b 14B14W - - - - 1");
    play(&g, &mut s, &["b2a1"]);
    assert!(!texts(&g, &s).contains(&"bring_home@a1".to_string()));
}

#[test]
fn rule_9_own_stones_over_five_go_to_the_opponent() {
    let g = game(&[]);
    // Black moves a sixth stone into a trap of five black: its own stone comes down,
    // and the opponent scores it.
    let mut s3 = at(&g, "10/3B[BBBBB]5 b 9B15W - - - - 1");
    play(&g, &mut s3, &["B@e1", "pass"]);
    assert_eq!(g.position_string(&s3), "10/3B[BBBBB]5 w 8B15W - B - - 1");
    assert_eq!(points(&g, &s3), (0, 3));
}

#[test]
fn rule_10_rounds_and_the_match() {
    // With a goal of 3 points, one stone brought down wins the round.
    let g = game(&[("goal", "3"), ("rounds", "2")]);
    let mut s = at(&g, "4W5/4[BBBBB]5 w 10B14W - - - - 1");
    play(&g, &mut s, &["e2e1"]);
    // Six stones: white brings one black stone down, reaches 3 points and wins the
    // round; the next round starts afresh, and the white person now plays black.
    play(&g, &mut s, &["pass"]);
    assert_eq!(s.rounds, 1);
    assert_eq!(g.position_string(&s), "10/10 b 15B15W - - 15o15x - 2");
    assert_eq!(
        g.people(&s),
        [1, 0],
        "person 2 won as white and plays black now"
    );
}

#[test]
fn rule_10_people_not_colours_win_rounds_and_the_match() {
    // Issue 18, òicustiỳtac 1: the round's winner plays black in the next round — the
    // person changes colour — and the match goes to the person who wins `rounds` rounds.
    let g = game(&[("goal", "3"), ("rounds", "2")]);
    let mut s = at(&g, "4W5/4[BBBBB]5 w 10B14W - - - - 1");
    assert_eq!(g.people(&s), [0, 1], "person 1 plays black, person 2 white");
    // Round 1: person 2, playing white, brings a black stone down and wins it.
    play(&g, &mut s, &["e2e1", "pass"]);
    assert_eq!(s.rounds, 1);
    assert_eq!(g.people(&s), [1, 0], "person 2 plays black in round 2");
    assert_eq!(g.people_score(&s), Some(vec![0, 1]));
    // Round 2: person 1, now white, moves three stones; person 2, black, brings one
    // down (3 points) and wins the round: two rounds, the match.
    play(&g, &mut s, &["B@e1", "pass", "W@a2", "W@b2", "W@c2"]);
    play(&g, &mut s, &["bring_down@a2", "B@f1", "pass"]);
    assert_eq!(g.people_score(&s), Some(vec![0, 2]));
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("the match is over");
    assert_eq!(o.ending, "match (won playing black)");
    let winner = o.winner().expect("a winner");
    assert_eq!(g.people(&s)[winner], 1, "person 2 wins the match");
}

#[test]
fn play_names_the_people_their_colours_and_the_match_score() {
    // `tessel play` seats a person, not a colour: person 1 (the human) starts at
    // black's side; after losing round 1 as black they play white in round 2.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args([
            "play",
            "oicustiytac",
            "--option",
            "goal=3",
            "--option",
            "rounds=2",
            "--position",
            "4W5/4[BBBBB]5 w 10B14W - - - - 1",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("tessel runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"e2e1\npass\nB@e1\npass\nW@a2\nW@b2\nW@c2\nbring_down@a2\nB@f1\npass\n")
        .expect("input");
    let out = child.wait_with_output().expect("tessel ends");
    let out = String::from_utf8_lossy(&out.stdout);
    for line in [
        "Round 1: person 1 plays black, person 2 plays white.",
        "white — person 2 to move>",
        "Round 1 is over, won by person 2. Match score: person 1 0, person 2 1.",
        "Round 2: person 2 plays black, person 1 plays white.",
        "Game over: match (won playing black) — black wins.",
        "The match goes to person 2.",
        "Match score: person 1 0, person 2 2.",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
}

#[test]
fn rule_2_the_over_mover_never_brings_down_for_their_own_over_move() {
    // Issue 18, òicustiỳtac 2: black moves three stones (brings three home) and leaves
    // nothing of theirs for white to bring down; the right lapses with white's turn, and
    // black may not bring down a white stone for black's own over-move.
    let g = game(&[]);
    let mut s = at(&g, "W9/[BBW][BW]8 b 12W 12B - - - 1");
    play(
        &g,
        &mut s,
        &["bring_home@a1", "bring_home@a1", "bring_home@b1"],
    );
    assert_eq!(points(&g, &s), (6, 0));
    play(&g, &mut s, &["W@c2", "pass"]);
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    assert!(!t.iter().any(|m| m.starts_with("bring_down")), "{t:?}");
    assert_eq!(points(&g, &s), (6, 0));
}

#[test]
fn rule_2_the_group_move_is_written_apart_and_three_singles_to_one_trap_are_it() {
    // Issue 18, òicustiỳtac 3: the three stones of one trap moving together are written
    // `e1e2*3` (and typed so), a single stone `e1e2`; moving the three one at a time to
    // the same trap is the group move, not an over-move.
    let g = game(&[]);
    let s = at(&g, "10/4[BBB]5 b 12B15W - - - - 1");
    let t = texts(&g, &s);
    assert!(t.contains(&"e1e2*3".to_string()), "{t:?}");
    assert!(t.contains(&"e1e2".to_string()), "{t:?}");
    assert!(!t.iter().any(|m| m.contains('#')), "{t:?}");
    let mut s1 = s.clone();
    play(&g, &mut s1, &["e1e2*3"]);
    assert_eq!(g.position_string(&s1), "4[BBB]5/10 w 12B15W - - - - 1");
    let mut s3 = s.clone();
    play(&g, &mut s3, &["e1e2", "e1e2", "e1e2"]);
    assert_eq!(g.position_string(&s3), "4[BBB]5/10 w 12B15W - - - - 1");
    let t = texts(&g, &s3);
    assert!(
        !t.iter().any(|m| m.starts_with("bring_down")),
        "no penalty: {t:?}"
    );
    // Three single stones from one trap to different traps are still three stones.
    let mut apart = s.clone();
    play(&g, &mut apart, &["e1e2", "e1e2", "B@f1"]);
    assert!(texts(&g, &apart)
        .iter()
        .any(|m| m.starts_with("bring_down")));
}

#[test]
fn option_names_and_words_are_as_the_docs_write_them() {
    // Issue 18, òicustiỳtac 4: `overmove = penalty` (as docs/analysis/oicustiytac.md
    // writes it) is accepted, and no option shows a bookkeeping name (`_penalty`,
    // "the match is _drawn").
    let g = game(&[("overmove", "penalty")]);
    let mut s = at(&g, "10/10 b 15B15W - - - - 1");
    play(&g, &mut s, &["B@e1", "B@f1", "B@g1"]);
    assert!(texts(&g, &s).iter().all(|m| m.starts_with("bring_down")));
    for o in &g.program.options {
        for text in [&o.kind, &o.value, &o.default, &o.doc] {
            assert!(
                !text.contains("_penalty") && !text.contains("_drawn"),
                "{o:?}"
            );
        }
    }
    let turn_limit = g
        .program
        .options
        .iter()
        .find(|o| o.name == "turn_limit")
        .expect("turn_limit");
    assert!(
        turn_limit.doc.contains("the match is drawn"),
        "{turn_limit:?}"
    );
}

#[test]
fn play_shows_rule_1s_draw_by_person_and_who_plays_black() {
    // Issue 18, òicustiỳtac 1: rule 1's draw decides, visibly, which person plays black.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tessel"))
        .args(["play", "oicustiytac", "--seed", "0"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("tessel runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"quit\n")
        .expect("input");
    let out = child.wait_with_output().expect("tessel ends");
    let out = String::from_utf8_lossy(&out.stdout);
    let person1 = out.matches("(person 1, seated at black)").count();
    let person2 = out.matches("(person 2, seated at white)").count();
    assert!(person1 >= 5 && person2 >= 5, "each draws five: {out}");
    assert!(
        out.contains("Round 1: person 2 plays black, person 1 plays white."),
        "{out}"
    );
}
