//! Issue 17, items 10-14: concert is simultaneous, intention after concert, glare against
//! the Dagger Throw, the flailing Lantern's support for disarm, control against a
//! Jutsu-based disarm, who starts, and opposition.

use super::*;

const CONCERT: &str = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1RS1/4/4/4 w - 0 1 2 8 1";

#[test]
fn in_concert_the_sword_passes_the_self_s_new_square() {
    let g = game();
    // The Self Y4 to X5, the Sword X4 to X7 through X5, where the Self now stands.
    read_text(&g, CONCERT, "1. SX5 $X7");
    let end = after(&g, CONCERT, &["SX5", "$X7"]);
    assert!(
        end.starts_with("4/4/4/1sr1/4/4/4/4/4/1R2/4/1S2/4/4/4/4 b"),
        "{end}"
    );
    // Alone, the Sword may not pass its Self.
    let s = at(&g, "4/4/4/1sr1/4/4/4/4/4/4/4/1S2/1R2/4/4/4 w - 0 1 2 8 1");
    assert!(!of(&g, &s, "$").contains(&"$X7".to_string()));
}

#[test]
fn in_concert_the_self_goes_into_the_sword_s_old_square() {
    let g = game();
    // Written Self first (the seed picks up "both pieces in one hand, Self first"): the
    // Self Y4 to X4 where the Sword stood, the Sword X4 to X6.
    read_text(&g, CONCERT, "1. SX4 $X6");
    let end = after(&g, CONCERT, &["SX4", "$X6"]);
    assert!(
        end.starts_with("4/4/4/1sr1/4/4/4/4/4/4/1R2/4/1S2/4/4/4 b"),
        "{end}"
    );
    // The Sword must then move: neither a pass nor another piece's move.
    let mut s = at(&g, CONCERT);
    play(&g, &mut s, &["SX4"]);
    let t = played(&g, &s);
    assert!(
        !t.is_empty() && t.iter().all(|m| m.starts_with('$')),
        "{t:?}"
    );
}

#[test]
fn intention_is_enacted_after_a_concert_self_move() {
    let g = game();
    let p = "r3/4/4/1s2/4/3J/1c2/4/4/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    let d = read_text(&g, p, "1. !$tX10, SX14; 2. SY6 $tX10!");
    assert_eq!(d.last().map(String::as_str), Some("$tX10!"), "{d:?}");
}

#[test]
fn glare_prevents_a_dagger_throw() {
    let g = game();
    // White's Dagger on X6 in line with black's Self on X13: the throw is offered...
    let p = "4/4/4/1s1r/4/4/4/1e2/4/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1";
    assert!(texts(&g, &at(&g, p)).contains(&"D~".to_string()));
    // ...but not while black's Lantern on W8 glares at white's Self on W5.
    let p = "4/4/4/1s1r/4/4/4/1e2/l3/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, p)).contains(&"D~".to_string()));
}

#[test]
fn a_flailing_lantern_supports_disarm() {
    let g = game();
    // Black's Sword on Z11, within its range (black's Self on X14): white's Sword on Y10
    // may not take it alone.
    let p = "4/4/1s2/4/4/3r/2R1/4/4/4/S3/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(!of(&g, &at(&g, p), "$").contains(&"$tZ11".to_string()));
    // White's Lantern on Z3, out of its Self's measure, flails up the Z line to Z11 (the
    // measure beyond the Self's): it sees the Sword, which is disadvantaged.
    let p = "4/4/1s2/4/4/3r/2R1/4/4/4/S3/4/4/3L/4/4 w - 0 1 2 8 1";
    assert!(of(&g, &at(&g, p), "L").contains(&"LZ10".to_string()));
    assert!(of(&g, &at(&g, p), "$").contains(&"$tZ11".to_string()));
}

#[test]
fn control_vetoes_a_disarm_that_relies_on_the_jutsu() {
    let g = game();
    // White's Jutsu on Z8 sees black's Sword on Z10 (two squares): white's Sword on Y9
    // disarms it...
    let p = "4/4/4/4/1s2/4/3r/2R1/3J/4/2S1/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(of(&g, &at(&g, p), "$").contains(&"$tZ10".to_string()));
    // ...unless black's Balance (W11) stands in the measure of black's Self (X12): control
    // keeps the Jutsu's attack out of that measure.
    let p = "4/4/4/4/1s2/b3/3r/2R1/3J/4/2S1/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(!of(&g, &at(&g, p), "$").contains(&"$tZ10".to_string()));
}

#[test]
fn who_starts_on_the_baseline_is_an_option() {
    // By default white (as the position says); by advantage, the player named; or drawn
    // at random as the game begins.
    let g = game();
    assert_eq!(g.start_state(0).expect("start").to_move, 0);
    let g = common::load("rulesets/veney.tessel", &[("first", "black_starts")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(s.to_move, 1);
    assert!(of(&g, &s, "S").contains(&"SX14".to_string()), "black moves");
    let g = common::load("rulesets/veney.tessel", &[("first", "random")]);
    for (outcome, who) in [("_first=1", 0), ("_first=2", 1)] {
        let mut s = g.start_state(0).expect("start");
        assert_eq!(g.chance_outcomes(&s).map(|o| o.len()), Some(2));
        chance(&g, &mut s, outcome);
        assert_eq!(s.to_move, who, "{outcome}");
    }
}

#[test]
fn opposition_keeps_the_sword_in_its_range_and_pushes_the_blade_before_it() {
    let g = game();
    // White's Sword on X1, black's Sword on X3, white's Self on Y9 (third measure): the
    // Sword may land only in the second measure (its range), never past the centre line,
    // and the blade goes to the square just beyond it (X9 at most).
    let p = "4/4/4/1s2/4/4/4/2S1/4/4/4/4/4/1r2/4/1R2 w - 0 1 2 8 1";
    let s = at(&g, p);
    assert_eq!(of(&g, &s, "$~"), sorted("$~X5 $~X6 $~X7 $~X8"));
    let end = after(&g, p, &["$~X8"]);
    assert!(
        end.starts_with("4/4/4/1s2/4/4/4/1rS1/1R2/4/4/4/4/4/4/4 b"),
        "{end}"
    );
}

#[test]
fn in_concert_the_self_goes_into_the_dagger_s_or_the_guard_s_square() {
    let g = game();
    // The Dagger on X4, the Self on Y4: the Self to X4, the Dagger on to X6.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1DS1/4/4/4 w - 0 1 2 8 1";
    let end = after(&g, p, &["SX4", "DX6"]);
    assert!(
        end.starts_with("4/4/4/1sr1/4/4/4/4/4/4/1D2/4/1S2/4/4/4 b"),
        "{end}"
    );
    // The Guard on X4: to X5 (the step just beyond the Self's measure), not X6.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1GS1/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["SX4"]);
    let t = played(&g, &s);
    assert!(
        t.contains(&"GX5".to_string()) && !t.contains(&"GX6".to_string()),
        "{t:?}"
    );
    assert!(t.iter().all(|m| m.starts_with('G')), "{t:?}");
}
