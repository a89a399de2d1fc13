//! Untenable moves (2.0.22): offered when the option allows, called or standing, their penalties;
//! the Death Spell.

use super::*;

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
