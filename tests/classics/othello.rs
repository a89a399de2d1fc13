//! Othello (rulesets/othello.tessel): flips along the eight lines, passing, the end.

use super::common::{load, play, texts};
use super::{perft_is, position, random_games_end};

/// Perft from the start. Source: Aart Bik, "Perft for Reversi" (2009-02),
/// https://aartbik.blogspot.com/2009/02/perft-for-reversi.html — 1: 4, 2: 12, 3: 56,
/// 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216, 9: 3005288 (passes start at depth 9).
#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let g = load("othello", &[]);
    let s = g.start_state(0).expect("start");
    perft_is(&g, &s, &[4, 12, 56, 244, 1396, 8200, 55092], "");
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_8_and_9_match_the_published_counts() {
    let g = load("othello", &[]);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 8), 390216);
    assert_eq!(g.perft(&s, 9), 3005288);
}

#[test]
fn a_disc_turns_over_the_lines_it_closes() {
    let g = load("othello", &[]);
    let mut s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["d3", "c4", "f5", "e6"]);
    play(&g, &mut s, &["d3"]);
    assert_eq!(g.position_string(&s), "8/8/8/3XO3/3XX3/3X4/8/8 w");
    // White's c3 closes d4 against e5, diagonally.
    play(&g, &mut s, &["c3"]);
    assert_eq!(g.position_string(&s), "8/8/8/3XO3/3OX3/2OX4/8/8 b");
}

/// A player who cannot outflank passes; the game ends when neither can move.
#[test]
fn a_stuck_player_passes_and_the_game_ends_when_neither_can_move() {
    let g = load("othello", &[]);
    // White to move, with no disc to outflank: only a pass; black can still play h1.
    let s = position(&g, "8/8/8/8/8/8/8/XXXXXXO1 w");
    assert_eq!(texts(&g, &s), ["pass"]);
    let mut s2 = s.clone();
    play(&g, &mut s2, &["pass", "h1"]);
    let mut scratch = g.scratch();
    let o = g.status(&s2, &mut scratch).expect("over: neither can move");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("neither can move", Some(0))
    );
    assert_eq!(g.perft(&s2, 1), 0);
}

#[test]
fn random_games_end_with_the_board_counted() {
    let g = load("othello", &[]);
    for (ending, plies) in random_games_end(&g, 20, 200) {
        assert_eq!(ending, "neither can move");
        assert!((9..=70).contains(&plies), "{plies}");
    }
}
