//! Blade capture (2.0.06, the Cloak's special move): a blade under a capturing Cloak is
//! held. It is not opposed, cast, shifted, dragged by feign or leapt; neither it nor its
//! Cloak supports disarm of another armament; the capture is an attack on the blade (it
//! counts as disadvantage), and disarming the captured blade fends the Cloak (issue 17).

use super::common::{play, texts};
use super::{at, game, of};
use tessel_interpreter::Game;

/// Whether the decision is offered at the position.
fn offered(g: &Game, position: &str, text: &str) -> bool {
    texts(g, &at(g, position)).iter().any(|m| m == text)
}

/// Whether the game text reads from the position (`tessel replay --position`).
fn reads(g: &Game, position: &str, text: &str) -> bool {
    tessel::record::from_game_text(g, "veney", &[], Some(position.to_string()), text).is_ok()
}

#[test]
fn a_blade_captured_by_ones_own_cloak_is_not_opposed() {
    let g = game();
    // White's Cloak holds black's Sword on X7; white's Sword on X4 is in line with it, both
    // on white's side. Pushing it would fend black's Sword from under the Cloak.
    let p = "4/4/4/4/4/s3/4/4/4/1[rC]2/4/4/1RS1/4/4/4 w - 0 1 2 8 1";
    assert!(!offered(&g, p, "$~X8"), "{:?}", texts(&g, &at(&g, p)));
    assert!(!reads(&g, p, "1. $~X8"));
    // Free, the same blade is opposed.
    let free = "4/4/4/4/4/s3/4/4/4/1r2/4/4/1RS1/4/4/4 w - 0 1 2 8 1";
    assert!(offered(&g, free, "$~X8"));
}

#[test]
fn a_capturing_cloak_is_cast_off_its_blade_which_stays() {
    let g = game();
    // White casts its Cloak, which holds black's Sword on X7: the Cloak is picked up off the
    // board, releasing the blade (reading: "picking it up off the board"; the Cloak's owner
    // "may move it back off, releasing the blade"). Black's Sword stays on X7.
    let p = "4/4/4/1s2/4/4/4/4/4/e[rC]2/4/4/1RS1/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(
        &g,
        &mut s,
        &["~C", "_cast_die=3", "cast_at=X10", "~", "SY4~", "$X4~"],
    );
    let end = g.position_string(&s);
    assert!(end.contains("/er2/"), "black's Sword stays, free: {end}");
    assert!(
        g.status(&s, &mut g.scratch()).is_none(),
        "no checkmate: {end}"
    );
}

#[test]
fn a_captured_dagger_is_not_cast() {
    let g = game();
    // White's Dagger on X7 is held by black's Cloak: it cannot be picked up to cast.
    let p = "4/4/4/1sr1/4/4/4/4/4/e[Dc]2/4/4/1RS1/4/4/4 w - 0 1 2 8 1";
    assert!(!offered(&g, p, "~D"), "{:?}", texts(&g, &at(&g, p)));
    assert!(!reads(&g, p, "1. ~D _cast_die=3 cast_at=X10 ~"));
    // With a Dagger in reserve, that one is cast; the captured one stays held.
    let mut s = at(
        &g,
        "4/4/4/1sr1/4/4/4/4/4/e[Dc]2/4/4/1RS1/4/4/4 w D 0 1 2 8 1",
    );
    play(&g, &mut s, &["~D", "_cast_die=3", "cast_at=X10", "~"]);
    let end = g.position_string(&s);
    assert!(end.contains("/e[Dc]2/"), "the captured Dagger stays: {end}");
}

#[test]
fn a_captured_sword_is_not_shifted() {
    let g = game();
    // White's Sword on X4 is held by black's Cloak; the Balance on Z2 may not trade places
    // with it.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1[Rc]S1/4/3B/4 w - 0 1 2 8 1";
    assert!(!offered(&g, p, "$Z2~"), "{:?}", texts(&g, &at(&g, p)));
    // Free, it is.
    let free = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1RS1/4/3B/4 w - 0 1 2 8 1";
    assert!(offered(&g, free, "$Z2~"));
}

#[test]
fn feign_does_not_drag_a_captured_blade() {
    let g = game();
    // White's Cloak on X5 holds black's Sword, next to white's Self on Y4.
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/1[rC]2/2S1/R3/4/4 w - 0 1 2 8 1";
    assert!(!offered(&g, p, "SX5~"), "{:?}", texts(&g, &at(&g, p)));
    let free = "4/4/4/1s2/4/4/4/4/4/4/4/1C2/2S1/R3/4/4 w - 0 1 2 8 1";
    assert!(offered(&g, free, "SX5~"));
}

#[test]
fn the_cloak_does_not_leave_and_recapture_by_stepping_stone() {
    let g = game();
    // White's Cloak on Y12 holds black's Sword; its engagement on W11 is a stepping stone.
    // "You may not make a double-move by stepping stone to leave and immediately recapture
    // a blade."
    let p = "4/4/4/1s2/2[rC]1/E3/4/4/2S1/4/4/4/1R2/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["CW11"]);
    let t = of(&g, &s, "C");
    assert!(!t.contains(&"CY12~".to_string()), "{t:?}");
    assert!(!reads(&g, p, "1. CW11 CY12~"));
    // Another of the Cloak's second moves is still there.
    assert!(!t.is_empty(), "the stepping stone's second move: {t:?}");
}

#[test]
fn the_sword_does_not_leap_its_cloak_while_it_captures() {
    let g = game();
    // White's Cloak on Y11 holds black's Dagger; white's Sword on Y10 is behind it.
    let p = "4/4/4/1sr1/4/2[dC]1/2R1/4/2S1/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    let t = of(&g, &at(&g, p), "$");
    assert!(!t.contains(&"$Y12".to_string()), "{t:?}");
    // A free Cloak it leaps.
    let free = "4/4/4/1sr1/4/2C1/2R1/4/2S1/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(of(&g, &at(&g, free), "$").contains(&"$Y12".to_string()));
}

#[test]
fn a_capturing_cloak_does_not_support_disarm_of_another_armament() {
    let g = game();
    // White's Cloak on Y11 holds black's Dagger; black's Sword on W12 is a knight's leap
    // from it. "While a blade is captured by the Cloak, neither the blade nor the Cloak can
    // contribute disadvantage to the disarm of a separate armament."
    let p = "4/4/4/1s2/r3/2[dC]1/R3/4/2S1/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(!offered(&g, p, "$tW12"), "{:?}", texts(&g, &at(&g, p)));
    // A free Cloak there does.
    let free = "4/4/4/1s2/r3/2C1/R3/4/2S1/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(offered(&g, free, "$tW12"));
}

#[test]
fn disarming_a_captured_blade_fends_the_cloak() {
    let g = game();
    // White's Cloak on Y12 holds black's Sword; white's Sword on Y10 sees it. "Blade capture
    // is an attack on the blade, thus it may contribute to disadvantage conditions for
    // disarm. Disarming a captured blade fends the Cloak."
    let p = "4/4/4/1s2/2[rC]1/4/B1R1/4/2S1/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(offered(&g, p, "$tY12"), "{:?}", texts(&g, &at(&g, p)));
    let mut s = at(&g, p);
    play(&g, &mut s, &["$tY12"]);
    let end = g.position_string(&s);
    assert!(
        end.starts_with("4/4/4/1s2/2R1/4/B3/"),
        "the Sword on Y12: {end}"
    );
    assert!(
        end.contains(" w C ") || end.contains(" b C "),
        "the Cloak fended: {end}"
    );
    assert!(end.ends_with(" r"), "black's Sword is taken: {end}");
    // Black's only blade is gone: checkmate by disarm.
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by disarm", Some(0))
    );
}

#[test]
fn the_fairy_pieces_are_technical_and_never_move_in_concert() {
    // Issue 17 item 15: veney-fairy calls its pieces technical pieces; technical pieces do
    // not move in concert with the Self (only the armaments do).
    let g = super::common::load("rulesets/veney-fairy.tessel", &[]);
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/2S1/1R2/4/O1TK w - 0 1 2 8 1";
    let mut s = at(&g, p);
    let first = texts(&g, &s);
    for letter in ["O", "T", "K"] {
        assert!(first.iter().any(|m| m.starts_with(letter)), "{first:?}");
    }
    play(&g, &mut s, &["SY5"]);
    let t = texts(&g, &s);
    assert!(
        t.iter().any(|m| m.starts_with('$')),
        "the Sword in concert: {t:?}"
    );
    assert!(
        !t.iter()
            .any(|m| m.starts_with('O') || m.starts_with('T') || m.starts_with('K')),
        "no fairy piece in concert: {t:?}"
    );
}

#[test]
fn a_capturing_cloak_is_withdrawn_off_its_blade() {
    let g = game();
    // White withdraws its Cloak, which holds black's Sword on X7 (on white's side): the
    // Cloak goes to the reserve, the blade stays, released (it was not black's last blade
    // lost to the reserve: no checkmate by disarm).
    let p = "4/4/4/1s2/4/4/4/4/4/e[rC]2/4/4/1RS1/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["*X7"]);
    let end = g.position_string(&s);
    assert!(end.contains("/er2/") && end.contains(" b C "), "{end}");
    assert!(g.status(&s, &mut g.scratch()).is_none(), "{end}");
}

#[test]
fn a_held_sword_is_not_repositioned_after_a_short_success() {
    let g = game();
    // White's Sword on Y5 is held by black's Cloak; the Dagger on X6 is thrown at black's
    // Self on X13 (4 sticks) and falls short by one: the Self is repositioned, the held
    // Sword is not, and the turn ends.
    let p = "4/4/4/1s1r/4/4/4/1e2/4/4/1D2/S1[Rc]1/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["D~", "_sticks=3", "D-~", "SZ8~"]);
    let end = g.position_string(&s);
    assert!(end.contains("/4/3S/") || end.contains("/3S/"), "{end}");
    assert!(end.contains("[Rc]") && end.contains(" b "), "{end}");
}

#[test]
fn once_the_sword_is_lost_the_dagger_disarms_a_captured_blade() {
    let g = game();
    // White has no Sword; its Cloak on Y12 holds black's Dagger, its Dagger on Y10 sees it.
    let p = "4/4/4/1s2/2[dC]1/4/2D1/4/2S1/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["DtY12"]);
    let end = g.position_string(&s);
    assert!(
        end.starts_with("4/4/4/1s2/2D1/4/4/") && end.contains(" b C ") && end.ends_with(" d"),
        "{end}"
    );
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by disarm", Some(0))
    );
    // With the Sword on the board, the Sword disarms, not the Dagger.
    let p = "4/4/4/1s2/2[dC]1/4/2D1/4/2S1/4/4/4/R3/4/4/4 w - 0 1 2 8 1";
    assert!(!offered(&g, p, "DtY12"));
}

#[test]
fn a_held_blade_beside_the_self_is_no_hirakamae_stance() {
    // White's only blade, its Sword, is held under black's Cloak beside the Self: the
    // seed's stance is "one's only blade piece beside the Self … in an otherwise empty
    // measure", and a held blade is the Cloak's, not free beside the Self.
    let g = game();
    let held = "4/4/2r1/1s2/4/4/4/4/4/4/4/4/4/[Rc]S2/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, held);
    play(&g, &mut s, &["---"]);
    assert_eq!(g.var(&s, "kamae", 0), Some(0), "no hirakamae");
}

#[test]
fn a_held_sword_neither_declares_nor_enacts_an_intention() {
    let g = game();
    // White's Jutsu on Z11 and Sword on X7 see black's Lantern on X10.
    let free = "r3/4/4/1s2/4/3J/1l2/4/4/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(offered(&g, free, "!$tX10"));
    // Held under black's Cloak, the Sword strikes nothing.
    let held = "r3/4/4/1s2/4/3J/1l2/4/4/1[Rc]2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(!offered(&g, held, "!$tX10"));
}
