//! Veney notation: the seed's examples, game texts that round-trip, seeded random games.

use super::*;

#[test]
fn the_seed_s_notation_examples_parse_and_replay() {
    let g = game();
    let start = "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUdglju 0 1 2 8 1";
    // (position, the seed's example as written, the decisions as Tessel writes them)
    let examples: &[(&str, &str, &[&str])] = &[
        // Self to X4, the Sword in concert takes the Lantern on Z5.
        (
            "4/4/4/1sr1/4/4/4/4/4/4/4/3l/2S1/3R/4/4 w - 0 1 2 8 1",
            "1. SX4 $tZ5",
            &["SX4", "$tZ5"],
        ),
        // The Sword takes its own engagement on W7 (a stepping stone) and goes on to X8.
        (
            "4/4/4/1sr1/4/4/4/4/4/E3/4/4/R1S1/4/4/4 w - 0 1 2 8 1",
            "1. $W7 $X8",
            &["$W7", "$X8"],
        ),
        // Black's Balance to Z15, into the measure of its Self and of white's Jutsu: it
        // fends the Jutsu by control.
        (
            "1rs1/4/J3/4/b3/4/4/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1",
            "1. BZ15 BfJ~",
            &["BZ15", "BfJ~"],
        ),
        // The Lantern placed on Y9, in line with black's Self: glare fends the Jutsu.
        (
            "4/3j/4/1rs1/4/4/RS2/4/4/4/4/4/4/4/4/4 w L 0 1 2 8 1",
            "1. L*Y9 LfJ~",
            &["L*Y9", "LfJ~"],
        ),
        // The engagement on the W line fends the Cloak; the Lantern behind it, revealed,
        // glares (the seed writes it `LtJ~` here).
        (
            "4/4/3j/4/1sr1/4/4/4/4/4/1c2/E3/4/RLS1/4/4 w - 0 1 2 8 1",
            "1. WfC LtJ~",
            &["efX6", "LfJ~"],
        ),
        // A meta-move, then the Balance fends on Y9.
        (
            "4/4/4/1sr1/4/4/4/2e1/4/B3/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. a+ BfY9",
            &["a+", "BfY9"],
        ),
        // The Dagger fends the Balance on white's side, and so takes the Jutsu.
        (
            "4/4/4/1sr1/4/4/4/4/4/1b2/4/1D2/R1S1/4/4/4 w j 0 1 2 8 1",
            "1. DfBtJ~",
            &["DfX7tJ~"],
        ),
        // The Cloak leaps onto the Sword on Z12: blade capture.
        (
            "4/4/4/1s2/3r/4/2C1/4/4/4/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. CZ12~",
            &["CZ12~"],
        ),
        // The complex turn of 2.0.16: meta-move, the Self lunges, the Lantern flails in
        // concert to take the Cloak, and glare fends the Jutsu.
        (
            "4/j3/4/1r2/3s/4/4/4/3c/4/4/4/1RS1/4/3L/4 w - 0 1 2 8 1",
            "1. aw SY7 LtZ8 LfJ~",
            &["aw", "SY7", "LtZ8", "LfJ~"],
        ),
        // Which engagement fends on X8: the one on the Y line.
        (
            "4/4/4/1sr1/4/4/4/4/1e2/E1E1/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. eYfX8",
            &["eYfX8"],
        ),
        // The Sword takes the Self on X13: checkmate.
        (
            "4/4/4/1s2/1R2/4/4/1S2/4/4/4/4/4/4/4/4 w - 0 1 2 8 1",
            "1. $tX13#",
            &["$tX13#"],
        ),
        // Declaring an intention, and enacting it on the next turn.
        (
            "r3/4/4/1s2/4/3J/1l2/4/4/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1",
            "1. !$tX10, SX14; 2. $tX10!",
            &["!$tX10", "SX14", "---", "$tX10!"],
        ),
        // The Jutsu to W7, from where it sees the Lantern on X7 (same measure): then an
        // intention is declared, which is no second move and ends the turn.
        (
            "4/4/4/1sr1/4/4/4/J3/4/1l2/4/4/1RS1/4/4/4 w - 0 1 2 8 1",
            "1. JW7 !$tX7, SX14;",
            &["JW7", "!$tX7", "SX14", "---"],
        ),
        // Cast Lantern, and cast Cloak with its repositioning moves (where each landed
        // is not written: the throws are drawn from the game's seed, as in play).
        (
            "4/4/4/1sr1/4/4/4/4/4/3B/4/E3/1RS1/4/4/4 w L 0 1 2 8 1",
            "1. ~L, SX14;",
            &["~L", "_cast_die=3", "cast_at=X12", "~", "SX14", "---"],
        ),
        (
            "4/4/4/1sr1/4/4/4/4/b3/4/4/E3/1RS1/C3/4/4 w - 0 1 2 8 1",
            "1. ~C SW3 $X6",
            &["~C", "_cast_die=3", "cast_at=X12", "~", "SW3~", "$X6~"],
        ),
        // Placing the Guard beside the Self; a retreat, which resets the board.
        (
            "4/4/4/1sr1/4/4/RS2/4/4/4/4/4/4/4/4/4 w G 0 1 2 8 1",
            "1. G*Y9",
            &["G*Y9"],
        ),
        (
            "4/4/4/bs1c/e3/4/4/4/4/4/4/EEE1/4/1R2/D3/2S1 w E 0 1 2 8 1 C",
            "1. ==",
            &["=="],
        ),
        // Withdrawing the Guard (the seed names the piece: `*G`).
        (
            "4/4/4/1sr1/4/4/4/4/4/4/4/4/1RS1/G3/4/4 w - 0 1 2 8 1",
            "1. *G",
            &["*W3"],
        ),
        // Shift: black's Balance (W13) and Sword (Y10) change places.
        (
            "4/4/4/bs2/4/4/2r1/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1",
            "1. ... BY10~$W13",
            &["$W13~"],
        ),
        // The free engagement moved into play, and meta-moves.
        (start, "1. aX8", &["aX8"]),
        (
            start,
            "1. aw SZ5, a- SY12; 2. az $X6, a+ eW11;",
            &[
                "aw", "SZ5", "---", "a-", "SY12", "---", "az", "$X6", "---", "a+", "eW11",
            ],
        ),
        // The seed's turn pairs (from a position where they are all legal: white has a
        // second Lantern, flailing from W2).
        (
            "4/4/1s2/4/1c2/2r1/L3/2E1/4/e3/4/R3/2S1/4/L3/4 w - 0 1 2 8 1",
            "1. SZ5 $fW7, CtW10; 2. LtW10, SX13 $fY9; 3. az LW4, $X10; ...",
            &[
                "SZ5", "$fW7", "CtW10", "LtW10", "---", "SX13", "$fY9", "az", "LW4", "---", "$X10",
                "---",
            ],
        ),
    ];
    for (position, text, want) in examples {
        let got = read_text(&g, position, text);
        assert_eq!(got, *want, "{text}");
    }
    // Untenable moves are never legal here, so the penalty marker `U` never arises.
    let e = tessel::record::from_game_text(
        &g,
        "veney",
        &[],
        Some("4/4/4/1s2/4/4/4/4/4/4/4/4/1RS1/4/4/4 w - 0 1 2 8 1".into()),
        "1. $Y9U#",
    )
    .expect_err("untenable");
    assert!(e.contains("decision 1 ($Y9U#)"), "{e}");
}

#[test]
fn a_dying_checkmate_is_written_with_two_marks_and_game_texts_round_trip() {
    let g = game();
    let p = "4/4/4/4/4/4/4/1sr1/RS2/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    assert_eq!(read_text(&g, p, "1. $tX9#, $tX8##;"), ["$tX9#", "$tX8##"]);
    // A whole random game written as a text and read back is the same game.
    let mut record = tessel::record::Record::new("veney", &[], 3, None);
    let mut s = g.start_state(3).expect("start");
    common::play_recorded(&g, &mut s, &mut record, &[], 3, 300, false);
    let text = tessel::record::game_text(&g, &record).expect("writes");
    assert!(text.starts_with("1. ") && text.contains(", ") && text.contains(';'));
    let back = tessel::record::from_game_text(&g, "veney", &[], None, &text).expect("reads");
    assert_eq!(back.decisions, record.decisions, "{text}");
}

#[test]
fn glare_may_follow_a_move_that_reveals_it_and_control_fends_a_sitting_jutsu() {
    let g = game();
    // Glare is not there at first (black's Cloak stands in the line), so the engagement's
    // fend would end the turn, but it reveals the glare: the turn stays open for it.
    let p = "4/4/3j/4/1sr1/4/4/4/4/4/1c2/E3/4/RLS1/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(!texts(&g, &s).contains(&"LfJ~".to_string()));
    play(&g, &mut s, &["efX6"]);
    assert_eq!(s.to_move, 0);
    assert_eq!(sorted("--- LfJ~"), {
        let mut t = played(&g, &s);
        t.sort();
        t
    });
    // A move that reveals nothing ends the turn as before.
    let mut s = at(&g, p);
    play(&g, &mut s, &["eW6"]);
    assert_eq!(s.to_move, 1);
    // Control: black's Balance comes into the measure of its Self and of white's Jutsu.
    let p = "1rs1/4/J3/4/b3/4/4/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(!texts(&g, &s).contains(&"BfJ~".to_string()));
    play(&g, &mut s, &["BZ15"]);
    assert!(texts(&g, &s).contains(&"BfJ~".to_string()));
    let mut fended = s.clone();
    play(&g, &mut fended, &["BfJ~"]);
    assert_eq!(fended.to_move, 0, "invoking control ends the turn");
    assert!(
        g.position_string(&fended).contains(" w J "),
        "the Jutsu fended"
    );
    // Not on a later turn: black lets it pass, and after white's move it is gone.
    play(&g, &mut s, &["---", "SY5"]);
    assert!(!texts(&g, &s).contains(&"BfJ~".to_string()));
    // Nor when the Balance only moves about inside that measure.
    let p = "1rs1/4/J3/b3/4/4/4/4/4/4/4/4/1RS1/4/4/4 b - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["---", "SY5", "---"]);
    play(&g, &mut s, &["BX14"]);
    assert!(!texts(&g, &s).contains(&"BfJ~".to_string()));
}

#[test]
fn both_players_may_meta_move_on_their_turns() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["aw", "eW6"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"az".to_string()) && t.contains(&"a-".to_string()),
        "{t:?}"
    );
}

#[test]
fn seeded_random_games_of_a_thousand_decisions_end_or_go_on_without_a_panic() {
    use rand::SeedableRng;
    for options in [
        &[][..],
        &[("setup", "turns"), ("retreats", "3")][..],
        &[("with_ruin", "false"), ("no_contest", "40")][..],
    ] {
        let g = common::load("rulesets/veney.tessel", options);
        for seed in 0..12 {
            let mut s = g.start_state(seed).expect("start");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut scratch = g.scratch();
            let _ = g.random_playout(&mut s, &mut rng, 1000, &mut scratch);
            // Wherever it stopped, the position reads back and its decisions are found.
            let back = at(&g, &g.position_string(&s));
            let mut legal = Vec::new();
            g.decisions(&back, &mut scratch, &mut legal);
        }
    }
}
