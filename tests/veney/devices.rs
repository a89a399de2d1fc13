//! The devices and house variants: cast pieces, hirakamae, concealed setup, flailing, self-disarm
//! by a missed throw, the Dagger Throw's odds and the hug.

use super::*;

#[test]
fn a_cast_lantern_makes_a_fire_dance_square() {
    let g = game();
    // Measure 3 is empty between the Selves (Y4, X13); measure 2 holds an engagement.
    let p = "4/4/4/1sr1/4/4/4/4/4/3B/4/E3/1RS1/4/4/4 w L 0 1 2 8 1";
    let s = at(&g, p);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"~L".to_string()) && !t.contains(&"~L+".to_string()),
        "{t:?}"
    );
    // Not into a measure with a piece in it, nor without the piece to cast.
    let busy = "4/4/4/1sr1/4/4/4/e3/4/3B/4/E3/1RS1/4/4/4 w L 0 1 2 8 1";
    assert!(!texts(&g, &at(&g, busy)).iter().any(|m| m.starts_with('~')));
    assert!(!texts(&g, &at(&g, &p.replace(" w L ", " w - ")))
        .iter()
        .any(|m| m.starts_with('~')));
    // Thrown: it lands on X9 and is discarded; X9 is white's fire square.
    let mut s = s;
    play(&g, &mut s, &["~L"]);
    chance(&g, &mut s, "_cast_die=5");
    chance(&g, &mut s, "cast_at=X9");
    play(&g, &mut s, &["~"]);
    assert_eq!(s.to_move, 1, "a cast is a move");
    assert!(
        g.position_string(&s).ends_with(" L"),
        "{}",
        g.position_string(&s)
    );
    // The Balance enters it, and may move again from there.
    play(&g, &mut s, &["SX14", "---", "BX9"]);
    assert_eq!(s.to_move, 0);
    assert!(texts(&g, &s).contains(&"BW10".to_string()));
    // A throw that falls outside: the Lantern is lost, no square.
    let mut s = at(&g, p);
    play(&g, &mut s, &["~L"]);
    chance(&g, &mut s, "_cast_die=1");
    chance(&g, &mut s, "cast_at=X9");
    play(&g, &mut s, &["~", "SX14", "---", "BX9"]);
    assert_eq!(s.to_move, 1, "no fire dance");
}

#[test]
fn a_cast_cloak_repositions_and_sets_a_trap() {
    let g = game();
    let p = "4/4/4/1sr1/4/4/4/4/b3/4/4/E3/1RS1/C3/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["~C"]);
    chance(&g, &mut s, "_cast_die=6");
    chance(&g, &mut s, "cast_at=Y10");
    play(&g, &mut s, &["~"]);
    // The Self and then a blade, anywhere on white's side behind step 10 (or staying).
    let t = texts(&g, &s);
    assert!(
        t.contains(&"SW2~".to_string())
            && t.contains(&"SY4~".to_string())
            && t.contains(&"---".to_string()),
        "{t:?}"
    );
    assert!(
        !t.contains(&"SW10~".to_string()) && !t.contains(&"SW5~".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["SW2~"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"$X8~".to_string()) && t.contains(&"$X4~".to_string()),
        "{t:?}"
    );
    assert!(!t.contains(&"$W8~".to_string()), "no taking: {t:?}");
    play(&g, &mut s, &["$W3~"]);
    assert_eq!(s.to_move, 1);
    let end = g.position_string(&s);
    assert!(end.contains("/E3/4/R3/S3/4 b - "), "{end}");
    // Black's Balance enters the cast square: white may spring the trap, and then put its
    // Self and blade back, now taking.
    play(&g, &mut s, &["BY10"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"~tY10".to_string()), "{t:?}");
    play(&g, &mut s, &["~tY10"]);
    assert!(
        g.position_string(&s).ends_with(" Cb"),
        "the Balance is discarded: {}",
        g.position_string(&s)
    );
    let t = texts(&g, &s);
    assert!(
        t.contains(&"SX4~".to_string()) && t.contains(&"eW6".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["SX4~", "$W4~"]);
    assert_eq!(s.to_move, 1);
    // Spent: no second trap.
    play(&g, &mut s, &["SW13"]);
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("~t")));
}

#[test]
fn a_cast_dagger_begins_shima() {
    let g = game();
    // White's Self on Y8 (measure 2), black's on X13: measure 3 lies open between them.
    let p = "4/4/4/1sr1/4/4/4/4/2S1/4/4/4/1R2/4/4/4 w DGLJUdglju 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"~D".to_string()));
    play(&g, &mut s, &["~D"]);
    chance(&g, &mut s, "_cast_die=3");
    chance(&g, &mut s, "cast_at=X9");
    play(&g, &mut s, &["~"]);
    // Every reserve piece but Daggers (and engagements) is discarded.
    let end = g.position_string(&s);
    assert!(end.contains(" b d 0 "), "{end}");
    assert_eq!(g.var(&s, "_shima", 0), Some(1));
    // The Self enters the cast square: the Dagger may come back beside it.
    play(&g, &mut s, &["SX14", "---", "SX9"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"D*W10~".to_string()) && t.contains(&"---".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["D*W10~"]);
    assert!(
        g.position_string(&s).starts_with("4/4/1s2/2r1/4/4/D3/1S2/"),
        "{}",
        g.position_string(&s)
    );
    // In Shima a draw by agreement is both players' loss.
    play(&g, &mut s, &["draw?", "SX13", "---"]);
    play(&g, &mut s, &["draw!"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(o.ending, "draw in Shima: both lose");
    assert_eq!(o.winner(), None);
}

#[test]
fn hirakamae_lets_the_enstanced_player_pass_and_the_adversary_not() {
    let g = game();
    // White's Sword beside its Self on step 3, nothing else in the first measure.
    let p = "4/4/2r1/1s2/4/4/4/4/4/4/4/4/4/RS2/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["---"]);
    assert_eq!(g.var(&s, "kamae", 0), Some(1), "hirakamae begins");
    assert!(
        !texts(&g, &s).contains(&"---".to_string()),
        "black may not pass"
    );
    play(&g, &mut s, &["SX12", "---", "---", "SX13", "---", "---"]);
    assert_eq!(s.to_move, 1, "white passes as often as it likes");
    play(&g, &mut s, &["SX12", "---"]);
    // White's move ends it, and another piece may move after it (not the Sword again).
    play(&g, &mut s, &["$W4"]);
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"SY4".to_string()) && !t.iter().any(|m| m.starts_with('$')),
        "{t:?}"
    );
    play(&g, &mut s, &["SY4"]);
    assert_eq!(s.to_move, 1);
    assert_eq!(g.var(&s, "kamae", 0), Some(2), "once a game");
    // Not in the stance with another piece in the measure; not without `devices`.
    let crowded = "4/4/2r1/1s2/4/4/4/4/4/4/4/4/3E/RS2/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, crowded);
    play(&g, &mut s, &["---"]);
    assert_eq!(g.var(&s, "kamae", 0), Some(0));
    let plain = common::load("rulesets/veney.tessel", &[("devices", "false")]);
    let mut s = at(&plain, p);
    play(&plain, &mut s, &["---"]);
    assert!(texts(&plain, &s).contains(&"---".to_string()));
}

#[test]
fn concealed_setup_keeps_each_choice_off_the_board_until_both_have_chosen() {
    let g = common::load("rulesets/veney.tessel", &[("setup", "concealed")]);
    let mut s = g.start_state(0).expect("start");
    while let Some(m) = g.sample_chance(&mut s) {
        g.apply(&mut s, m);
    }
    let t = texts(&g, &s);
    assert!(
        t.contains(&"S*W4".to_string())
            && t.contains(&"e*Z8".to_string())
            && !t.contains(&"---".to_string()),
        "{t:?}"
    );
    // White chooses everything first; nothing shows on the board.
    play(
        &g,
        &mut s,
        &[
            "e*W8", "e*X7", "e*Y6", "e*Z5", "S*Y4", "$*X4", "C*W4", "B*Z4",
        ],
    );
    assert_eq!(s.to_move, 1, "then black chooses");
    assert!(g
        .position_string(&s)
        .starts_with("4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4 "));
    // One engagement per line, on black's own side.
    play(&g, &mut s, &["e*W12"]);
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("e*W")));
    play(
        &g,
        &mut s,
        &[
            "e*X12", "e*Y12", "e*Z12", "S*X13", "$*Y13", "C*Z13", "B*W13",
        ],
    );
    // Revealed together; white has the initiative (3 + 2 + 1 against 0).
    let end = g.position_string(&s);
    assert!(
        end.starts_with("4/4/4/bsrc/eeee/4/4/4/E3/1E2/2E1/3E/CRSB/4/4/4 w"),
        "{end}"
    );
    assert!(texts(&g, &s).contains(&"---".to_string()), "play has begun");
}

#[test]
fn the_flailing_lantern_uses_stepping_stones_within_one_measure() {
    let g = game();
    // White's Lantern on W2 (first measure) flails: its Self is on Y7 (second measure).
    // It swings onto its engagement on W10 (third measure), and may move again there.
    let p = "4/4/4/1sr1/4/4/E3/4/4/1RS1/4/4/4/4/L3/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["LW10"]);
    assert_eq!(s.to_move, 0, "a stepping stone");
    let t = of(&g, &s, "L");
    assert!(
        t.contains(&"LY12".to_string()) && t.contains(&"LW12".to_string()),
        "{t:?}"
    );
    assert!(
        !t.contains(&"LY8".to_string()) && !t.contains(&"LW14".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["LY12"]);
    assert_eq!(s.to_move, 1);
    // A stone in the Self's measure ends the flailing: the second move stays there.
    let p = "4/4/4/1sr1/4/4/4/4/4/1RS1/E3/4/4/4/L3/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["LW6"]);
    let t = of(&g, &s, "L");
    assert!(
        t.contains(&"LW8".to_string()) && !t.contains(&"LW10".to_string()),
        "{t:?}"
    );
}

#[test]
fn a_missed_throw_of_the_last_blade_is_checkmate_by_self_disarm() {
    let g = game();
    // White's only blade is the Dagger on X5, in line with black's Self on X13.
    let mut s = at(&g, "4/4/4/1s1r/4/4/4/4/4/4/4/1D2/4/2S1/4/4 w - 0 1 2 8 1");
    play(&g, &mut s, &["D~"]);
    chance(&g, &mut s, "_sticks=0");
    play(&g, &mut s, &["D-"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(o.ending, "checkmate by self-disarm");
    assert_eq!(o.winner(), Some(1));
}

#[test]
fn dagger_throw_odds_may_be_flat_one_in_n() {
    // R1: with a die of N faces, a 1 hits and anything else misses; no short success.
    let g = common::load("rulesets/veney.tessel", &[("throw_odds", "d6")]);
    let p = "4/4/4/1s1r/4/4/4/1e2/4/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["D~"]);
    let outcomes = g.chance_outcomes(&s).expect("the die is thrown");
    assert_eq!(outcomes.len(), 6);
    let throw = |s: &mut State, v: i64| {
        let outcomes = g.chance_outcomes(s).expect("die");
        let i = outcomes.iter().position(|(x, _)| *x == v).expect("outcome");
        g.apply(s, tessel_interpreter::Move::chance(i as u16));
    };
    let mut hit = s.clone();
    throw(&mut hit, 1);
    assert_eq!(texts(&g, &hit), ["Dt#"]);
    let mut missed = s.clone();
    throw(&mut missed, 2);
    assert_eq!(texts(&g, &missed), ["D-"]);
    let g = common::load("rulesets/veney.tessel", &[("throw_odds", "d20")]);
    let mut s = at(&g, p);
    play(&g, &mut s, &["D~"]);
    assert_eq!(g.chance_outcomes(&s).expect("d20").len(), 20);
}

#[test]
fn with_the_hug_a_draw_is_settled_by_dagger_or_self() {
    let g = common::load("rulesets/veney.tessel", &[("hug", "true")]);
    let mut scratch = g.scratch();
    let agreed = || {
        let mut s = g.start_state(0).expect("start");
        play(&g, &mut s, &["draw?", "eX6", "draw!"]);
        s
    };
    let s = agreed();
    assert!(g.status(&s, &mut scratch).is_none(), "no draw yet");
    let mut t = texts(&g, &s);
    t.sort();
    assert_eq!(t, ["betray", "hug"]);
    for (white, black, ending, winner) in [
        ("hug", "hug", "the hug: the draw stands", None),
        (
            "betray",
            "hug",
            "the hug betrayed by white: checkmate",
            Some(0),
        ),
        (
            "hug",
            "betray",
            "the hug betrayed by black: checkmate",
            Some(1),
        ),
        ("betray", "betray", "the hug: double checkmate", None),
    ] {
        let mut s = agreed();
        play(&g, &mut s, &[white]);
        assert!(g.status(&s, &mut scratch).is_none(), "black has not chosen");
        play(&g, &mut s, &[black]);
        let o = g.status(&s, &mut scratch).expect("settled");
        assert_eq!((o.ending.as_str(), o.winner()), (ending, winner));
        if white == "betray" && black == "betray" {
            assert_eq!(o.scores, vec![0.0, 0.0], "both lose");
        }
    }
}
