//! Issue 17, item 10: concert (2.0.02) written armament first — the armament's move and
//! then the Self's are the same simultaneous concert as the Self's and then the armament's,
//! the armament judged from the Self's new square; anything else is still refused.

use super::*;

const CONCERT: &str = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1RS1/4/4/4 w - 0 1 2 8 1";

/// The position after `moves`, compared with the one after `same` (the other writing).
fn same_concert(g: &Game, position: &str, moves: &[&str], same: &[&str]) -> String {
    let end = after(g, position, moves);
    assert_eq!(end, after(g, position, same), "{moves:?} and {same:?}");
    assert!(end.contains(" b "), "the turn is over: {end}");
    end
}

#[test]
fn the_sword_may_move_first_and_the_self_into_its_old_square() {
    let g = game();
    // The writings: the Sword X4 to X6, the Self Y4 to X4 where it stood.
    assert_eq!(read_text(&g, CONCERT, "1. $X6 SX4"), ["$X6", "SX4"]);
    let end = same_concert(&g, CONCERT, &["$X6", "SX4"], &["SX4", "$X6"]);
    assert!(
        end.starts_with("4/4/4/1sr1/4/4/4/4/4/4/1R2/4/1S2/4/4/4 b"),
        "{end}"
    );
    // And the Sword to X7 past X5, the Self to X5.
    assert_eq!(read_text(&g, CONCERT, "1. $X7 SX5"), ["$X7", "SX5"]);
    same_concert(&g, CONCERT, &["$X7", "SX5"], &["SX5", "$X7"]);
}

#[test]
fn the_self_after_its_armament_passes_the_armament_s_new_square() {
    let g = game();
    // The Sword X4 to Y5, the Self Y4 to Y6 through Y5: neither blocks the other.
    same_concert(&g, CONCERT, &["$Y5", "SY6"], &["SY6", "$Y5"]);
}

#[test]
fn the_armament_is_judged_from_the_self_s_new_square() {
    let g = game();
    // The Self on X6 (second measure), the Sword on X8: the Sword to X10 (third measure),
    // then the Self may stay in the second measure but not return to the first.
    let p = "4/4/4/1sr1/4/4/4/4/1R2/4/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["$X10"]);
    let t = of(&g, &s, "S");
    for ok in ["SX5", "SX7", "SW7", "SY5"] {
        assert!(t.contains(&ok.to_string()), "{ok}: {t:?}");
    }
    for refused in ["SX4", "SW4", "SY4"] {
        assert!(!t.contains(&refused.to_string()), "{refused}: {t:?}");
    }
    // Only the Self may follow, or the turn ends (no second armament, no other piece).
    let t = played(&g, &s);
    assert!(t.iter().all(|m| m.starts_with('S') || m == "---"), "{t:?}");
    let e = tessel::record::from_game_text(&g, "veney", &[], Some(p.to_string()), "1. $X10 SX4")
        .expect_err("not a concert");
    assert!(e.contains("SX4"), "{e}");
}

#[test]
fn a_self_move_after_another_piece_s_move_is_no_concert() {
    let g = game();
    // An engagement's move ends the turn: the Self does not follow it.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/2E1/1RS1/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["eY6"]);
    assert!(g.position_string(&s).contains(" b "));
    // A Sword that moved by stepping stone and on again has made its two moves.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/1E2/1RS1/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["$X5", "$X6"]);
    assert!(g.position_string(&s).contains(" b "));
    // The Self then its armament, then the Self again: no third move.
    let mut s = at(&g, CONCERT);
    play(&g, &mut s, &["SX5", "$X7"]);
    assert!(g.position_string(&s).contains(" b "));
}

#[test]
fn the_dagger_and_the_guard_may_move_first_too() {
    let g = game();
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1DS1/4/4/4 w - 0 1 2 8 1";
    same_concert(&g, p, &["DX6", "SX4"], &["SX4", "DX6"]);
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1GS1/4/4/R3 w - 0 1 2 8 1";
    same_concert(&g, p, &["GX5", "SX4"], &["SX4", "GX5"]);
}

#[test]
fn the_lantern_may_move_first_and_the_self_into_its_old_square() {
    let g = game();
    // The Lantern X4 slides to X2 in the Self's measure; the Self goes to X4 where it
    // stood (the Lantern is in play: it moves "instead of an armament in concert").
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1LS1/4/4/R3 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["LX2"]);
    let t = of(&g, &s, "S");
    assert!(t.contains(&"SX4".to_string()), "{t:?}");
    // Into the second measure the Lantern's slide would have been a flail that does not
    // swing there: no concert.
    assert!(
        !t.contains(&"SY6".to_string()) && !t.contains(&"SY5".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["SX4"]);
    assert!(
        g.position_string(&s)
            .starts_with("4/4/4/1sr1/4/4/4/4/4/4/4/4/1S2/4/1L2/R3 b"),
        "{}",
        g.position_string(&s)
    );
    // Written Self first: the Self into the Lantern's square, the Lantern lifted slides on
    // in its Self's measure (and only it moves).
    same_concert(&g, p, &["SX4", "LX2"], &["LX2", "SX4"]);
    let mut s = at(&g, p);
    play(&g, &mut s, &["SX4"]);
    assert_eq!(played(&g, &s), ["LX1", "LX2", "LZ2", "LZ4"]);
}

#[test]
fn the_self_after_its_armament_passes_the_armament_s_old_square() {
    let g = game();
    // The Sword on X5 between the Self on Y4 and W6: the Sword to X7, the Self through X5.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/1R2/2S1/4/4/4 w - 0 1 2 8 1";
    let end = same_concert(&g, p, &["$X7", "SW6"], &["SW6", "$X7"]);
    assert!(
        end.starts_with("4/4/4/1sr1/4/4/4/4/4/1R2/S3/4/4/4/4/4 b"),
        "{end}"
    );
    // Written Self first, the Sword passed must move on (no pass, no other piece), within
    // range of the Self's new square (the third measure, not the fourth), and onto the
    // square the Self left.
    let mut s = at(&g, p);
    play(&g, &mut s, &["SW6"]);
    let t = played(&g, &s);
    assert!(t.iter().all(|m| m.starts_with('$')), "{t:?}");
    assert!(
        t.contains(&"$Y4".to_string()) && t.contains(&"$X12".to_string()),
        "{t:?}"
    );
    // Two armaments in the way: no concert passes both.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/2D1/2R1/2S1/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "S");
    assert!(
        !t.contains(&"SY7".to_string()) && !t.contains(&"SY8".to_string()),
        "{t:?}"
    );
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/1D2/2S1/R3/4/4 w - 0 1 2 8 1";
    same_concert(&g, p, &["SW6", "DX7"], &["DX7", "SW6"]);
    // But not through a stepping stone the Sword took there (the Self moving first would
    // have met the engagement).
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/1E2/2S1/1R2/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["$X5"]);
    assert!(!of(&g, &s, "S").contains(&"SW6".to_string()));
}

#[test]
fn a_concert_written_armament_first_is_written_and_read_back() {
    let g = game();
    let mut record = tessel::record::Record::new("veney", &[], 0, Some(CONCERT.to_string()));
    let mut s = at(&g, CONCERT);
    for m in ["$X6", "SX4", "SY12", "---", "$X7"] {
        play(&g, &mut s, &[m]);
        record.decisions.push(m.to_string());
    }
    let text = tessel::record::game_text(&g, &record).expect("writes");
    assert!(text.starts_with("1. $X6 SX4, SY12"), "{text}");
    let back = tessel::record::from_game_text(&g, "veney", &[], Some(CONCERT.to_string()), &text)
        .expect("reads");
    assert_eq!(back.decisions, record.decisions, "{text}");
    // A lone Sword move ends its turn with `,` as any move that allowed a second.
    assert_eq!(
        read_text(&g, CONCERT, "1. $X6, SY12; 2. SX5"),
        ["$X6", "---", "SY12", "---", "SX5"]
    );
}

#[test]
fn an_armament_lifted_in_concert_always_has_a_way_on() {
    use rand::{Rng, SeedableRng};
    // Random games: whenever the Self has lifted its armament (no pass is offered then),
    // the armament has a move; no game is left without a decision.
    let g = game();
    let (mut lifted, mut scratch, mut legal) = (0, g.scratch(), Vec::new());
    for seed in 0..24 {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        for _ in 0..1500 {
            if g.chance_outcomes(&s).is_some() {
                let mut probe = s.clone();
                let m = g.sample_chance(&mut probe).expect("an outcome");
                g.apply(&mut s, m);
                continue;
            }
            if g.status(&s, &mut scratch).is_some() {
                break;
            }
            g.decisions(&s, &mut scratch, &mut legal);
            assert!(!legal.is_empty(), "stuck: {}", g.position_string(&s));
            if s.turn_step > 0 && !legal.iter().any(|m| m.is_pass()) {
                lifted += 1;
            }
            legal.retain(|m| !g.is_manual(m));
            let m = legal[rng.random_range(0..legal.len())];
            g.apply(&mut s, m);
        }
    }
    assert!(lifted > 0, "no lift met");
}
