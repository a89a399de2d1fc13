//! Tic-tac-toe (rulesets/tic-tac-toe.tessel) and gomoku (rulesets/gomoku.tessel): marks
//! placed until a line is made.

use super::common::{load, play, texts};
use super::{perft_is, random_games_end};
use tessel_interpreter::{Game, State};

/// Every complete game from `s`, by result: (first player wins, second wins, draws).
fn games(g: &Game, s: &State, scratch: &mut tessel_interpreter::Scratch) -> [u64; 3] {
    if let Some(o) = g.status(s, scratch) {
        return match o.winner() {
            Some(0) => [1, 0, 0],
            Some(_) => [0, 1, 0],
            None => [0, 0, 1],
        };
    }
    let mut moves = Vec::new();
    g.decisions(s, scratch, &mut moves);
    let mut n = [0; 3];
    for m in moves {
        let mut t = s.clone();
        g.apply(&mut t, m);
        let k = games(g, &t, scratch);
        (0..3).for_each(|i| n[i] += k[i]);
    }
    n
}

/// Source: the number of possible games of tic-tac-toe, 255,168 (131,184 won by the first
/// player, 77,904 by the second, 46,080 drawn) — Henry Bottomley, "How many Tic-Tac-Toe
/// (noughts and crosses) games are possible?" (2001), cited in Wikipedia, "Tic-tac-toe",
/// Combinatorics.
#[test]
fn every_complete_game_is_counted_as_published() {
    let g = load("tic-tac-toe", &[]);
    let s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    let n = games(&g, &s, &mut scratch);
    assert_eq!(n, [131184, 77904, 46080]);
    assert_eq!(n.iter().sum::<u64>(), 255168);
    // Perft counts sequences, ended games not continued: 9, 72, 504, 3024, 15120.
    perft_is(&g, &s, &[9, 72, 504, 3024, 15120], "");
}

#[test]
fn three_in_a_row_wins() {
    let g = load("tic-tac-toe", &[]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["a1", "b1", "b2", "c1"]);
    assert!(texts(&g, &s).contains(&"c3".to_string()));
    play(&g, &mut s, &["c3"]);
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("three in a row", Some(0)));
}

#[test]
fn gomoku_five_in_a_row_wins_and_random_games_end() {
    let g = load("gomoku", &[]);
    let mut s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s).len(), 225);
    play(
        &g,
        &mut s,
        &["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2"],
    );
    let mut scratch = g.scratch();
    assert!(g.status(&s, &mut scratch).is_none());
    play(&g, &mut s, &["e1"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("five in a row", Some(0)));
    for (ending, _) in random_games_end(&g, 5, 300) {
        assert!(
            ending == "five in a row" || ending == "board full",
            "{ending}"
        );
    }
    let t = load("tic-tac-toe", &[]);
    for (ending, plies) in random_games_end(&t, 50, 20) {
        assert!(ending != "board full" || plies == 9, "{ending} {plies}");
    }
}
