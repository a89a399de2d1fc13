//! Positions met before (`repeated(position)`, `repeated(board)`): threefold repetition
//! and a board that may not come back (tests/data/check/ok/repetition.tessel).

use super::*;

const SHUFFLE: &str = "tests/data/check/ok/repetition.tessel";

#[test]
fn the_third_time_a_position_comes_back_the_game_is_drawn() {
    let g = game(SHUFFLE);
    let mut s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    play(&g, &mut s, &["a1b1", "d1c1", "b1a1", "c1d1"]);
    assert!(g.status(&s, &mut scratch).is_none(), "twice is not enough");
    play(&g, &mut s, &["a1b1", "d1c1", "b1a1"]);
    assert!(
        g.status(&s, &mut scratch).is_none(),
        "black to move: only twice"
    );
    play(&g, &mut s, &["c1d1"]);
    let o = g.status(&s, &mut scratch).expect("the start, a third time");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("threefold repetition", None)
    );
    // A copy kept from earlier has a history of its own.
    let mut early = g.start_state(0).expect("start");
    play(&g, &mut early, &["a1b1", "d1c1", "b1a1", "c1d1"]);
    assert!(g.status(&early, &mut scratch).is_none());
}

#[test]
fn a_board_that_may_not_come_back_leaves_the_step_back_out() {
    let g = common::load(SHUFFLE, &[("no_return", "true")]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["a1b1", "d1c1"]);
    assert_eq!(texts(&g, &s), ["b1a1"]);
    play(&g, &mut s, &["b1a1"]);
    // Black's c1d1 would bring back the start board; c1b1 makes a new one.
    assert_eq!(texts(&g, &s), ["c1b1"]);
}
