//! Connect Four (rulesets/connect-four.tessel): gravity drops, four in a row.

use super::common::{load, play, texts};
use super::random_games_end;
use std::collections::HashSet;

/// Distinct positions after n plies. Source: OEIS A212693, "Number of legal 7 X 6
/// ConnectFour positions after n plies" (John Tromp), https://oeis.org/A212693 — 1, 7,
/// 49, 238, 1120, 4263, 16422, 54859, 184275, … (positions, not move sequences: a game
/// won is not continued).
#[test]
fn positions_after_each_ply_match_the_published_counts() {
    let g = load("connect-four", &[]);
    let mut scratch = g.scratch();
    let mut level = vec![g.start_state(0).expect("start")];
    let mut moves = Vec::new();
    for &published in &[7usize, 49, 238, 1120, 4263, 16422, 54859] {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for s in &level {
            g.decisions(s, &mut scratch, &mut moves);
            for &m in &moves {
                let mut t = s.clone();
                g.apply(&mut t, m);
                if seen.insert(g.position_string(&t)) {
                    next.push(t);
                }
            }
        }
        assert_eq!(next.len(), published);
        level = next;
    }
}

#[test]
fn discs_fall_and_four_in_a_row_wins() {
    let g = load("connect-four", &[]);
    let mut s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]);
    play(&g, &mut s, &["d1", "d2", "e1", "e2", "f1", "f2"]);
    assert!(texts(&g, &s).contains(&"d3".to_string()));
    play(&g, &mut s, &["g1"]);
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("four in a row", Some(0)));
}

#[test]
fn random_games_end_by_a_line_or_a_full_board() {
    let g = load("connect-four", &[]);
    for (ending, plies) in random_games_end(&g, 50, 100) {
        assert!(
            (ending == "four in a row" && (7..=42).contains(&plies))
                || (ending == "board full" && plies == 42),
            "{ending} after {plies}"
        );
    }
}
