//! The look-ahead condition `no_reply` and `checked(PLAYER)` in `forbid`
//! (tests/data/check/ok/drop-mate.tessel, reply-left.tessel).

use super::*;

const DROP_MATE: &str = "tests/data/check/ok/drop-mate.tessel";
const REPLY_LEFT: &str = "tests/data/check/ok/reply-left.tessel";

#[test]
fn a_drop_that_checkmates_is_left_out_and_a_drop_that_checks_is_not() {
    let g = game(DROP_MATE);
    let s = g.start_state(0).expect("start");
    let moves = texts(&g, &s);
    // a2 would mate (b3 is the guard's, b2 and the guard the chief's); b3 and b2 check.
    assert!(!moves.iter().any(|m| m.contains("a2")), "{moves:?}");
    assert!(moves.iter().any(|m| m.contains("b3")), "{moves:?}");
    assert!(moves.iter().any(|m| m.contains("b2")), "{moves:?}");
    let mut all = Vec::new();
    g.candidate_decisions(&s, &mut all);
    let mate = all
        .iter()
        .find(|m| g.move_text_among(&all, **m).contains("a2"))
        .expect("the drop on a2 is a candidate");
    assert_eq!(
        g.forbid_reason(&s, *mate),
        Some("a drop may not give checkmate")
    );
}

#[test]
fn a_look_ahead_inside_a_look_ahead_counts_as_false() {
    let g = game(REPLY_LEFT);
    let s = g.start_state(0).expect("start");
    // Three drops for a, two answers for b each (a's last drop would be refused, but that
    // is asked inside b's look-ahead, where `no_reply` is false), then none for a.
    assert_eq!(g.perft(&s, 1), 3);
    assert_eq!(g.perft(&s, 2), 6);
    assert_eq!(g.perft(&s, 3), 0);
}

/// `no_reply` with a turn of free decisions and a `forbid at turn end` that no turn can
/// meet: each look-ahead runs inside the other, and the two stay bounded (a `no_reply`
/// inside the turn-end search is false; the turn-end search inside a `no_reply` is short).
#[test]
fn a_look_ahead_with_a_turn_end_look_ahead_stays_bounded() {
    let g = inline(
        r#"game "t" players white black board grid 3 x 3
        var ticks = 0
        piece man M m { inert }
        action tick on cells free if empty(to) then set ticks += 1
        turn { max 10 }
        forbid no_reply
        forbid at turn end ticks < 2000
        start "2m/3/M2 w""#,
    );
    let s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    let mut out = Vec::new();
    let started = std::time::Instant::now();
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert!(out.is_empty(), "{out:?}");
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}
