//! The course of a game: setup in turns, retreat, intention, the shadow, opposition,
//! deflection, flailing, resigning and draws, en passant, no contest, the free engagement's reset.

use super::*;

#[test]
fn setup_in_turns_places_the_starting_pieces_and_initiative_says_who_begins() {
    use rand::SeedableRng;
    let g = common::load("rulesets/veney.tessel", &[("setup", "turns")]);
    let mut s = g.start_state(0).expect("start");
    while let Some(m) = g.sample_chance(&mut s) {
        g.apply(&mut s, m);
    }
    let t = texts(&g, &s);
    // White places first: criticals and technicals on step 4, engagements on steps 5-8.
    assert!(
        t.contains(&"S*W4".to_string()) && t.contains(&"e*Z8".to_string()),
        "{t:?}"
    );
    assert!(
        !t.contains(&"S*W5".to_string()) && !t.contains(&"---".to_string()),
        "{t:?}"
    );
    // One engagement per line.
    play(&g, &mut s, &["e*X8", "e*X9"]);
    let t = texts(&g, &s);
    assert!(!t.iter().any(|m| m.starts_with("e*X")), "{t:?}");
    // White's engagements far forward (steps 8, 8, 7, 7: 10 points) against black's on its
    // own first engaging step (0 points): white begins, whatever the draw.
    let mut s = g.start_state(0).expect("start");
    while let Some(m) = g.sample_chance(&mut s) {
        g.apply(&mut s, m);
    }
    play(
        &g,
        &mut s,
        &[
            "e*W8", "e*W12", "e*X8", "e*X12", "e*Y7", "e*Y12", "e*Z7", "e*Z12", "S*Y4", "S*X13",
            "$*X4", "$*Y13", "C*W4", "C*Z13", "B*Z4", "B*W13",
        ],
    );
    assert_eq!(s.to_move, 0, "white has the initiative");
    assert!(texts(&g, &s).contains(&"---".to_string()), "play has begun");
    // One point each (an engagement on the sixth step): the engagement nearer the centre
    // point decides, whatever the draw: white's on X6 against black's on W11, and black's
    // on Y11 against white's on W6.
    for seed in 0..4 {
        for (placing, first) in [
            (
                [
                    "e*W5", "e*W11", "e*X6", "e*X12", "e*Y5", "e*Y12", "e*Z5", "e*Z12",
                ],
                0,
            ),
            (
                [
                    "e*W6", "e*W12", "e*X5", "e*X12", "e*Y5", "e*Y11", "e*Z5", "e*Z12",
                ],
                1,
            ),
        ] {
            let mut s = g.start_state(seed).expect("start");
            while let Some(m) = g.sample_chance(&mut s) {
                g.apply(&mut s, m);
            }
            play(&g, &mut s, &placing);
            play(
                &g,
                &mut s,
                &[
                    "S*Y4", "S*X13", "$*X4", "$*Y13", "C*W4", "C*Z13", "B*Z4", "B*W13",
                ],
            );
            assert_eq!(s.to_move, first, "seed {seed}: {placing:?}");
        }
    }
    // Random games with setup in turns end.
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    let mut scratch = g.scratch();
    let mut t = g.start_state(3).expect("start");
    let o = g
        .random_playout(&mut t, &mut rng, 5000, &mut scratch)
        .expect("ends");
    assert!(o.ending.contains("checkmate"), "{}", o.ending);
}

#[test]
fn a_retreat_off_the_first_step_resets_the_board() {
    let g = game();
    // White's Self on Y1, its Sword on X3 and a Dagger on W2; a white Cloak is in the
    // discard (lost), one engagement in reserve; black's Self on X13.
    let p = "4/4/4/bs1c/e3/4/4/4/4/4/4/EEE1/4/1R2/D3/2S1 w E 0 1 2 8 1 C";
    let s = at(&g, p);
    assert!(texts(&g, &s).contains(&"==".to_string()));
    let mut t = s.clone();
    play(&g, &mut t, &["=="]);
    // Baselines again with what was on the board; the Dagger to the reserve; the lost
    // Cloak stays lost; black (Balance W13, Self X13, Cloak Z13, one engagement) resets too.
    assert_eq!(
        g.position_string(&t),
        "4/4/4/bs1c/eeee/4/4/4/4/4/4/EEEE/1RS1/4/4/4 b D 0 1 2 8 1 C"
    );
    assert_eq!(g.var(&t, "retreats_made", 0), Some(1));
    // Once is the limit by default; and not with the opposing Self on one's own side.
    let p = "4/4/4/4/4/4/4/4/1s2/4/4/4/4/1R2/4/2S1 w - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, p)).contains(&"==".to_string()));
}

#[test]
fn an_intention_is_declared_and_enacted_on_the_next_turn() {
    let g = game();
    let p = "r3/4/4/1s2/4/3J/1c2/4/4/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"!$tX10".to_string()));
    play(&g, &mut s, &["!$tX10"]);
    assert_eq!(s.to_move, 1, "declaring ends the turn");
    assert_eq!(g.var(&s, "passes", 0), Some(1), "and counts as a pass");
    play(&g, &mut s, &["SX14", "---"]);
    assert!(texts(&g, &s).contains(&"$tX10!".to_string()));
    play(&g, &mut s, &["$tX10!"]);
    let end = g.position_string(&s);
    // The Sword struck without moving; the Cloak is fended, the Jutsu back in reserve.
    assert!(end.starts_with("r3/4/1s2/4/4/4/4/4/4/1R2/1S2/"), "{end}");
    assert!(end.contains(" b Jc "), "{end}");
    // Not enacted at once, nor later than the next turn.
    let mut s = at(&g, p);
    play(
        &g,
        &mut s,
        &["!$tX10", "SX14", "---", "SY5", "---", "SX13", "---"],
    );
    assert!(!texts(&g, &s).iter().any(|m| m.ends_with('!')), "too late");
}

#[test]
fn fending_the_balance_on_one_s_own_side_stabs_the_shadow() {
    let g = game();
    // Black's Balance on W6 (white's side), black's Jutsu in reserve: white's Sword on X5
    // fends the Balance and the Jutsu is taken.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/b3/1R2/1S2/4/4/4 w j 0 1 2 8 1";
    let end = after(&g, p, &["$fW6tJ~", "---"]);
    assert!(
        end.contains(" b b 0 1 2 8 1 j"),
        "Balance to the reserve, Jutsu lost: {end}"
    );
    // On black's side it is only fended.
    let p = "4/4/4/1s1r/4/4/4/3b/4/1R2/1S2/4/4/4/4/4 w j 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "$");
    assert!(
        t.contains(&"$fZ9".to_string()) && !t.iter().any(|m| m.contains("tJ")),
        "{t:?}"
    );
}

#[test]
fn the_sword_pushes_an_opposing_blade_in_opposition() {
    let g = game();
    // White's Sword on X5 (Self on W4); black's Sword on X7, on white's side. Written
    // with the Sword's new square, which never lies beyond the centre line; the blade is
    // pushed onto the square just beyond it.
    let p = "4/4/4/1s2/4/4/4/4/4/1r2/4/1R2/S3/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "$~");
    assert_eq!(t, sorted("$~X7 $~X8"), "{t:?}");
    let end = after(&g, p, &["$~X8"]);
    assert!(
        end.starts_with("4/4/4/1s2/4/4/4/1r2/1R2/4/4/4/S3/"),
        "{end}"
    );
    // Not when the blade is on black's side.
    let p = "4/4/4/1s2/4/4/4/1r2/4/4/4/1R2/S3/4/4/4 w - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, p)).iter().any(|m| m.starts_with("$~")));
}

#[test]
fn the_guard_deflects_an_armament() {
    let g = game();
    // White's Guard on X4, Self on Y3; black's Sword on X5 (white's side), black's Self on
    // X13: pushed on until it crosses back onto black's side (X9); the Guard takes X5.
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/1r2/1G2/2S1/4/4 w - 0 1 2 8 1";
    let end = after(&g, p, &["GX5~"]);
    assert!(
        end.starts_with("4/4/4/1s2/4/4/4/1r2/4/4/4/1G2/4/2S1/"),
        "{end}"
    );
    // Sideways: pushed until blocked (the edge).
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/4/1Gr1/2S1/4/4 w - 0 1 2 8 1";
    let end = after(&g, p, &["GY4~"]);
    assert!(end.contains("/2GR/") || end.contains("/2Gr/"), "{end}");
    // Backward, toward white's end: one square.
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/4/1G2/1r1S/4/4 w - 0 1 2 8 1";
    let end = after(&g, p, &["GX3~"]);
    assert!(end.contains("/4/1G1S/1r2/"), "{end}");
    // No open square beyond: no deflection.
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/1E2/1r2/1GS1/4/4 w - 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, p))
        .iter()
        .any(|m| m.starts_with('G') && m.ends_with('~')));
}

#[test]
fn the_lantern_flails_when_its_self_has_moved_on() {
    let g = game();
    // White's Lantern on X2 (first measure); white's Self has gone on to X6 (second). The
    // Lantern swings into the second or the third measure, sliding through the first and
    // leaping the engagement on X5.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/1S2/1E2/4/4/1L2/3R w - 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "L");
    for m in ["LX7", "LX8", "LX9", "LX12"] {
        assert!(t.contains(&m.to_string()), "{m}: {t:?}");
    }
    assert!(
        !t.contains(&"LX4".to_string()) && !t.contains(&"LX13".to_string()),
        "{t:?}"
    );
    // Blocked in its own measure, it cannot swing that way.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/1S2/1E2/4/1E2/1L2/3R w - 0 1 2 8 1";
    let t = of(&g, &at(&g, p), "L");
    assert!(!t.iter().any(|m| m.starts_with("LX")), "{t:?}");
}

#[test]
fn a_player_may_resign_or_agree_to_a_draw() {
    let g = game();
    let mut scratch = g.scratch();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["resign"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("resignation", Some(1)));
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["draw?", "eX6"]);
    assert!(texts(&g, &s).contains(&"draw!".to_string()));
    play(&g, &mut s, &["draw!"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(o.ending, "draw by agreement");
    // An offer lasts one turn.
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["draw?", "eX6", "eX11", "eW6"]);
    assert!(!texts(&g, &s).contains(&"draw!".to_string()));
}

#[test]
fn an_engagement_that_advanced_past_another_is_fended_en_passant() {
    let g = game();
    // White's engagement on X5 advances to X7, passing X6, which black's engagement on W7
    // threatens: black fends it on X6 as if it had moved one square.
    let p = "4/4/4/1s1r/4/4/4/4/4/e3/4/1E2/2S1/2R1/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["eX7"]);
    assert!(
        texts(&g, &s).contains(&"efX6~".to_string()),
        "{:?}",
        texts(&g, &s)
    );
    play(&g, &mut s, &["efX6~"]);
    let end = g.position_string(&s);
    assert!(
        end.starts_with("4/4/4/1s1r/4/4/4/4/4/4/1e2/4/2S1/2R1/"),
        "{end}"
    );
    assert!(end.contains(" w E "), "the engagement is fended: {end}");
    // The free engagement, in black's possession on W6 (a dark square), does the same.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/A3/4/1E2/3S/3R/4 w - 0 0 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["eX6"]);
    assert!(
        texts(&g, &s).contains(&"afX5~".to_string()),
        "{:?}",
        texts(&g, &s)
    );
    play(&g, &mut s, &["afX5~"]);
    let end = g.position_string(&s);
    assert!(
        end.contains("/4/4/1A2/4/3S/") && end.contains(" w E "),
        "{end}"
    );
}

#[test]
fn a_glaring_lantern_keeps_the_jutsu_out() {
    let g = game();
    // White's Lantern on X3 glares up the X line at black's Self on X13 (the Sword and the
    // engagements between do not shade it): black's Jutsu stays in reserve.
    let p = "4/4/4/1s1r/1e2/4/4/4/4/4/4/1E2/1R2/1LS1/4/4 b j 0 1 2 8 1";
    let s = at(&g, p);
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("J*")));
    // A white Cloak between them shades the Self.
    let p = "4/4/4/1s1r/1e2/4/4/4/1C2/4/4/1E2/1R2/1LS1/4/4 b j 0 1 2 8 1";
    assert!(texts(&g, &at(&g, p)).iter().any(|m| m.starts_with("J*")));
}

#[test]
fn with_the_house_option_quiet_play_is_drawn_by_no_contest() {
    let g = common::load("rulesets/veney.tessel", &[("no_contest", "2")]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["eX6", "eX11"]);
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("two quiet turns");
    assert_eq!(o.ending, "draw by no contest");
    // Without it, play goes on.
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["eX6", "eX11"]);
    assert!(g.status(&s, &mut scratch).is_none());
}

#[test]
fn the_possessed_free_engagement_is_a_stepping_stone_and_is_leapt() {
    let g = game();
    // The free engagement on X6 (a light square: white's). White's Sword on X4 leaps it to
    // X7; or steps onto it, sending it back to the centre, and moves again.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/1A2/4/1RS1/4/4/4 w - 0 0 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "$");
    assert!(
        t.contains(&"$X7".to_string()) && t.contains(&"$X6".to_string()),
        "{t:?}"
    );
    let mut t = s.clone();
    play(&g, &mut t, &["$X6"]);
    assert_eq!(t.to_move, 0, "a second move by the Sword");
    assert_eq!(
        g.var(&t, "free_out", 0),
        Some(1),
        "the free engagement is back in the centre"
    );
    // Black does not possess it: black's Sword cannot leap it.
    let p = "4/4/4/4/1r2/4/4/4/4/4/1A2/4/1s2/4/4/2S1 b - 0 0 2 8 1";
    let t = of(&g, &at(&g, p), "$");
    assert!(!t.contains(&"$X5".to_string()), "{t:?}");
}

#[test]
fn a_free_engagement_pushed_back_and_forth_may_be_reset() {
    let g = game();
    // The free engagement on W7 (light: white's). White pushes it to X7 (dark: black's),
    // black pushes it back, white pushes it to X7 again: back to where it just came from
    // twice in a row. Black, to move, may send it to the centre and then move as usual.
    let p = "4/4/4/1s1r/4/4/4/4/4/A3/4/4/1RS1/4/4/4 w - 0 0 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["aX7", "aW7"]);
    assert!(
        !texts(&g, &s).contains(&"a=".to_string()),
        "not after one return"
    );
    play(&g, &mut s, &["aX7"]);
    assert!(
        texts(&g, &s).contains(&"a=".to_string()),
        "{:?}",
        texts(&g, &s)
    );
    play(&g, &mut s, &["a="]);
    assert_eq!(s.to_move, 1, "then black moves as usual");
    assert_eq!(g.var(&s, "free_out", 0), Some(1));
    assert!(!texts(&g, &s).contains(&"a=".to_string()));
    assert!(!texts(&g, &s).contains(&"==".to_string()));
    // Quibbling: back into play, back and forth again, and reset again, with no other
    // piece moving: either player may now reset the whole board.
    let mut quibble = s.clone();
    play(&g, &mut quibble, &["aX8", "aX9", "aX8", "aX9", "a="]);
    assert!(texts(&g, &quibble).contains(&"==".to_string()));
    play(&g, &mut quibble, &["=="]);
    assert_eq!(quibble.to_move, 0, "the other player's turn follows");
    assert!(
        g.position_string(&quibble).starts_with("4/4/4/1sr1/eeee/"),
        "{}",
        g.position_string(&quibble)
    );
    assert_eq!(
        g.var(&quibble, "retreats_made", 1),
        Some(0),
        "not a retreat"
    );
    // Another piece moving in between ends the run.
    play(
        &g,
        &mut s,
        &[
            "aX8", "SY5", "---", "SX14", "---", "aX9", "aX8", "aX9", "a=",
        ],
    );
    assert!(!texts(&g, &s).contains(&"==".to_string()));
}
