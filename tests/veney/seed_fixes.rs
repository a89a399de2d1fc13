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
    assert!(!t.is_empty() && t.iter().all(|m| m.starts_with('$')), "{t:?}");
}

#[test]
fn intention_is_enacted_after_a_concert_self_move() {
    let g = game();
    let p = "r3/4/4/1s2/4/3J/1c2/4/4/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    let d = read_text(&g, p, "1. !$tX10, SX14; 2. SY6 $tX10!");
    assert_eq!(d.last().map(String::as_str), Some("$tX10!"), "{d:?}");
}
