//! What a turn may hold: stepping stones, concert, feign, shift, dying checkmates, capture by
//! the Cloak, the Dagger Throw, glare, the free engagement, presence, control and disarm.

use super::*;

#[test]
fn a_stepping_stone_grants_the_same_piece_a_second_move() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    // The Sword leaps onto its own engagement on X5: the engagement goes to the reserve and
    // the Sword may move again, and only the Sword — or the Self in concert, the other way
    // to a second move (or the turn ends with `---`).
    play(&g, &mut s, &["$X5"]);
    assert_eq!(s.to_move, 0, "still white's turn");
    let t = played(&g, &s);
    assert!(
        t.iter()
            .all(|m| m.starts_with('$') || m.starts_with('S') || m == "---"),
        "{t:?}"
    );
    assert!(t.contains(&"$X8".to_string()), "{t:?}");
    assert!(
        g.position_string(&s).contains(" w DGLJUEdglju "),
        "{}",
        g.position_string(&s)
    );
    play(&g, &mut s, &["$X8"]);
    assert_eq!(s.to_move, 1, "never a third move");
}

#[test]
fn an_armament_moves_in_concert_with_the_self() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["SY3"]);
    let t = texts(&g, &s);
    assert!(
        t.iter().any(|m| m.starts_with('$')),
        "the Sword in concert: {t:?}"
    );
    assert!(
        !t.iter().any(|m| m.starts_with('C') || m.starts_with('B')),
        "{t:?}"
    );
    assert!(
        !t.iter().any(|m| m.contains('*')),
        "no placing or withdrawing: {t:?}"
    );
    // Ending the turn after the Self's move is not a pass.
    play(&g, &mut s, &["---"]);
    assert_eq!(s.to_move, 1);
    assert_eq!(g.var(&s, "passes", 0), Some(0));
    // A move that grants nothing ends the turn by itself.
    play(&g, &mut s, &["CY11"]);
    assert_eq!(s.to_move, 0);
}

#[test]
fn the_cloak_and_the_self_change_places_by_feign() {
    let g = game();
    let s = g.start_state(0).expect("start");
    // The Cloak on W4 is not next to the Self on Y4; bring it to X3... here directly:
    assert!(!texts(&g, &s)
        .iter()
        .any(|m| m.ends_with('~') && m.starts_with('S')));
    let p = "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/1C2/2S1/4 w - 0 1 2 8 1";
    assert_eq!(
        after(&g, p, &["SX3~"]),
        "R2r/4/4/1s2/4/4/4/4/4/4/4/4/4/1S2/2C1/4 b - 0 1 2 8 1",
        "a double-move: the turn ends"
    );
}

#[test]
fn the_balance_shifts_with_a_blade_within_its_constraints() {
    let g = game();
    // Balance on W3, Sword on Z1, Self on Y2: the Sword may go to W3 (first measure).
    let p = "4/4/4/1s2/4/4/4/4/4/4/4/4/4/B3/2S1/3R w - 0 1 2 8 1";
    let end = after(&g, p, &["$W3~"]);
    assert!(
        end.starts_with("4/4/4/1s2/4/4/4/4/4/4/4/4/4/R3/2S1/3B b"),
        "{end}"
    );
    // A Balance in the third measure is out of the Sword's reach.
    let s = at(&g, "4/4/4/1s2/4/4/B3/4/4/4/4/4/4/4/2S1/3R w - 0 1 2 8 1");
    assert!(!texts(&g, &s)
        .iter()
        .any(|m| m.starts_with('$') && m.ends_with('~')));
}

#[test]
fn a_touched_player_may_answer_with_a_dying_checkmate() {
    let g = game();
    // White's Sword on W8 touches black's Self on X9; black's Sword on Y9 can take white's
    // Self on X8 in return.
    let p = "4/4/4/4/4/4/4/1sr1/RS2/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["$tX9#"]);
    let mut scratch = g.scratch();
    assert!(
        g.status(&s, &mut scratch).is_none(),
        "the game goes on for the dying move"
    );
    let t = played(&g, &s);
    assert_eq!(
        t,
        vec!["$tX8##".to_string(), "---".to_string()],
        "only the answer, or passing"
    );
    let mut both = s.clone();
    play(&g, &mut both, &["$tX8##"]);
    let o = g.status(&both, &mut scratch).expect("over");
    assert_eq!(o.ending, "double checkmate");
    assert_eq!(o.scores, vec![0.0, 0.0], "both have lost");
    let mut declined = s.clone();
    play(&g, &mut declined, &["---"]);
    let o = g.status(&declined, &mut scratch).expect("over");
    assert_eq!(o.winner(), Some(0));
    // Without an answer, it is over at once.
    let p = "4/4/4/4/4/4/4/1s2/RS2/4/4/4/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["$tX9#"]);
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by touch", Some(0))
    );
}

#[test]
fn with_no_blade_on_the_board_a_player_is_checkmated_and_no_dagger_comes_in() {
    let g = game();
    let mut scratch = g.scratch();
    let s = at(&g, "4/4/4/1s2/4/4/4/4/4/4/4/4/4/4/2S1/4 w D 0 1 2 8 1");
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by disarm", Some(1))
    );
    assert_eq!(o.scores, vec![0.0, 1.0]);
}

#[test]
fn the_cloak_captures_a_blade_which_is_cut_free_on_a_later_turn() {
    let g = game();
    // Black's Cloak on W6 leaps onto white's Sword on X4: the Sword is pinned.
    let p = "4/4/4/1s1r/4/4/4/4/4/4/c3/4/1R2/4/2S1/4 b - 0 1 2 8 1";
    let mut s = at(&g, p);
    play(&g, &mut s, &["CX4~"]);
    let t = texts(&g, &s);
    assert!(
        !t.iter().any(|m| m.starts_with('$')),
        "the Sword is pinned: {t:?}"
    );
    assert!(
        !t.iter().any(|m| m.ends_with("X4~") || m.contains("fX4")),
        "not at once: {t:?}"
    );
    // White waits a turn (the Self steps), black passes; now white cuts the Sword free.
    play(&g, &mut s, &["SY1", "---", "---"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"tX4~".to_string()), "{t:?}");
    play(&g, &mut s, &["tX4~"]);
    let end = g.position_string(&s);
    assert!(end.contains("/1R2/"), "the Sword is free: {end}");
    assert!(end.ends_with(" c"), "the Cloak is taken: {end}");
}

#[test]
fn the_sword_changes_places_with_an_adjacent_blade_on_the_far_side() {
    let g = game();
    // White's Sword on X10, black's Sword on Y11, both on black's side; white's Self on X7.
    let p = "4/4/4/3s/4/2r1/1R2/4/4/1S2/4/4/4/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    assert!(texts(&g, &s).contains(&"$Y11~".to_string()));
    let end = after(&g, p, &["$Y11~"]);
    assert!(end.starts_with("4/4/4/3s/4/2R1/1r2/"), "{end}");
    // On white's own side there is no cavazione.
    let s = at(&g, "4/4/4/3s/4/4/4/4/2r1/1R2/4/1S2/4/4/4/4 w - 0 1 2 8 1");
    assert!(!texts(&g, &s).iter().any(|m| m.ends_with('~')));
}

#[test]
fn the_dagger_is_thrown_with_stick_dice() {
    let g = game();
    // White's Dagger on X6, Self on W5 (second measure); black's Self on X13 (fourth), an
    // engagement between them on X9: in line. 2 + 2 measures apart = 4 sticks.
    let p = "4/4/4/1s1r/4/4/4/1e2/4/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"D~".to_string()));
    play(&g, &mut s, &["D~"]);
    let outcomes = g.chance_outcomes(&s).expect("the sticks are thrown");
    assert_eq!(outcomes.len(), 5, "0 to 4 of white's colour");
    let all = outcomes.iter().find(|(v, _)| *v == 4).expect("all four").1;
    assert!((all - 1.0 / 16.0).abs() < 1e-9);
    let throw = |s: &mut State, v: i64| {
        let outcomes = g.chance_outcomes(s).expect("sticks");
        let i = outcomes.iter().position(|(x, _)| *x == v).expect("outcome");
        g.apply(s, tessel_interpreter::Move::chance(i as u16));
    };
    let mut hit = s.clone();
    throw(&mut hit, 4);
    play(&g, &mut hit, &["Dt#"]);
    assert!(
        g.position_string(&hit).starts_with("4/4/4/1D1r/"),
        "{}",
        g.position_string(&hit)
    );
    let mut scratch = g.scratch();
    let o = g
        .status(&hit, &mut scratch)
        .expect("no dying checkmate for black here");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by touch", Some(0))
    );
    let mut missed = s.clone();
    throw(&mut missed, 2);
    play(&g, &mut missed, &["D-"]);
    let end = g.position_string(&missed);
    assert!(
        end.contains("/4/S1R1/") && end.ends_with(" D"),
        "the Dagger is lost: {end}"
    );
    // One stick off-colour: a short success. The Dagger is lost, and white puts its Self
    // and then its Sword anywhere on its side behind black's Self's step, without taking.
    let mut short = s.clone();
    throw(&mut short, 3);
    play(&g, &mut short, &["D-~"]);
    let t = texts(&g, &short);
    assert!(
        t.contains(&"SZ8~".to_string()) && !t.contains(&"SZ9~".to_string()),
        "{t:?}"
    );
    play(&g, &mut short, &["SZ8~", "$W1~"]);
    let end = g.position_string(&short);
    assert!(
        end.contains("/3S/") && end.ends_with(" D") && end.contains(" b "),
        "{end}"
    );
    // A Cloak in the way stops the throw; an engagement does not.
    let s = at(
        &g,
        "4/4/4/1s1r/4/4/4/1c2/4/4/1D2/S1R1/4/4/4/4 w - 0 1 2 8 1",
    );
    assert!(!texts(&g, &s).contains(&"D~".to_string()));
}

#[test]
fn the_lantern_glares_the_jutsu_away() {
    let g = game();
    // White's Lantern on Z3 sees black's Self on Z13 up the Z line; black's Jutsu on W10.
    let p = "4/4/4/1r1s/4/4/j3/4/4/4/4/4/4/3L/1SR1/4 w - 0 1 2 8 1";
    let mut s = at(&g, p);
    assert!(texts(&g, &s).contains(&"LfJ~".to_string()));
    play(&g, &mut s, &["LfJ~"]);
    let end = g.position_string(&s);
    assert!(
        end.contains("/4/4/4/4/4/4/4/4/4/3L/") && end.contains(" b j 1 1"),
        "{end}"
    );
    // A Guard in the line blocks it.
    let s = at(&g, "4/4/4/1r1s/4/4/j3/4/4/3G/4/4/4/3L/1SR1/4 w - 0 1 2 8 1");
    assert!(!texts(&g, &s).contains(&"LfJ~".to_string()));
}

#[test]
fn the_free_engagement_meta_moves_enters_play_and_is_moved_by_its_possessor() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    // A meta-move is no move: the same player then moves.
    play(&g, &mut s, &["a+"]);
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    assert!(
        !t.iter().any(|m| m == "a+" || m == "aw"),
        "one meta-move a turn: {t:?}"
    );
    // Into play on one of the four squares around its point (now between steps 9 and 10).
    assert!(
        t.contains(&"aX10".to_string()) && !t.contains(&"aX8".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["aX10"]);
    assert_eq!(s.to_move, 1);
    // X10 is light: white possesses it, black may not move it.
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with('a')));
    play(&g, &mut s, &["eW11"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"aX11".to_string()), "white moves it: {t:?}");
    // Fended, it goes back to the centre, out of play.
    let p = "4/4/4/1s1r/4/4/e3/1A2/4/4/4/4/1S1R/4/4/4 b - 0 0 2 8 1";
    let end = after(&g, p, &["efX9"]);
    assert!(end.ends_with(" w - 0 1 2 8 2"), "{end}");
}

#[test]
fn a_meta_move_then_a_pass_is_a_pass() {
    let g = game();
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["aw", "---"]);
    assert_eq!(g.var(&s, "passes", 0), Some(1));
}

#[test]
fn the_jutsu_s_presence_and_the_balance_s_control_close_a_measure() {
    let g = game();
    // Black's Self on X9 (third measure from white's end), next to white's Self's measure?
    // White's Self and Jutsu in the second measure (steps 5-8): black places nothing there.
    let p = "4/4/4/4/4/4/4/1s1r/J3/1S1R/4/4/4/4/4/4 b c 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "C*");
    assert!(
        !t.is_empty() && t.iter().all(|m| m[3..].parse::<u32>().unwrap_or(0) >= 9),
        "{t:?}"
    );
    // Black's Balance beside black's Self in the fourth measure: white's Jutsu cannot enter.
    let p = "4/4/4/b1s1/4/4/4/4/4/4/4/J3/1S1R/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    let t = of(&g, &s, "J");
    assert!(
        t.iter()
            .all(|m| m[m.len() - 2..].parse::<u32>().map_or(true, |r| r < 13)),
        "{t:?}"
    );
    assert!(t.contains(&"JW9".to_string()), "{t:?}");
}

#[test]
fn an_overextended_or_disadvantaged_armament_is_disarmed() {
    let g = game();
    // Black's Sword on X8 while black's Self is on X16: two measures apart, overextended.
    // White's Sword on X7 (Self on X6) takes it.
    let p = "1s2/4/4/4/4/4/4/4/1r2/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    let s = at(&g, p);
    assert!(of(&g, &s, "$").contains(&"$tX8".to_string()));
    let mut t = s.clone();
    play(&g, &mut t, &["$tX8"]);
    let mut scratch = g.scratch();
    let o = g.status(&t, &mut scratch).expect("black has no blade left");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("checkmate by disarm", Some(0))
    );
    // Within its constraints (black's Self on X12) and seen by no technical piece: not
    // disarmed.
    let p = "4/4/4/4/1s2/4/4/4/1r2/1R2/1S2/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(!of(&g, &at(&g, p), "$").contains(&"$tX8".to_string()));
    // The same, with white's Balance on Z6 seeing X8 along the diagonal: disadvantaged.
    let p = "4/4/4/4/1s2/4/4/4/1r2/1R2/1S1B/4/4/4/4/4 w - 0 1 2 8 1";
    assert!(of(&g, &at(&g, p), "$").contains(&"$tX8".to_string()));
}
