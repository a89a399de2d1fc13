//! Muso notation: moves, FERN positions, game texts, results, the agreed draw.

use super::*;

#[test]
fn muso_notation_reads_and_writes_every_kind_of_move() {
    let g = game(&[]);
    // A red kala on a red pipi at c3; black pipi on d4 (telo) and b4; a red waso on c4.
    let s = at(&g, "9/9/9/1p1p5/2P-K6/9/9 r", "4/4");
    let t = texts(&g, &s);
    for m in ["c3b3", "c3xb4", "c3xd4", "c3d3+", "c3xb4+", "Pass"] {
        assert!(t.contains(&m.to_string()), "{m} in {t:?}");
    }
    // Every decision reads back as itself.
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    for text in &t {
        let m = g.parse_move(text, &legal).expect("reads");
        assert_eq!(&g.move_text_among(&legal, m), text);
    }
    // Stacking, and `pass` in any case.
    let s = at(&g, "9/9/9/i7i/2K6/2P6/9 r", "4/4");
    assert!(texts(&g, &s).contains(&"c3c2^".to_string()));
    let mut legal = Vec::new();
    g.legal_moves(&s, &mut legal, &mut tmp);
    assert!(g.parse_move("pass", &legal).is_ok_and(|m| m.is_pass()));
}

#[test]
fn fern_positions_read_and_write_back_the_same() {
    let g = game(&[]);
    for fern in [
        "2uusaa2/2ppppp2/9/i7i/9/2PPPPP2/2KKSWW2 0/0 4/4 l 0",
        "2uus1a2/2p1ppp2/3i-a5/8i/2i-P6/3PPPP2/2KKSWW2 1/0 2/3 p 7",
        "9/2ppppp2/9/i7i/9/2PPPPP2/9 0/0 4/4 l 0 2W2U2A2KS2w2u2a2ks",
    ] {
        let s = g.parse_position(fern, 0).expect(fern);
        assert_eq!(g.position_string(&s), fern);
    }
    // The start is the setup, with the boxes as the sixth field.
    let s = g.start_state(0).expect("start");
    assert_eq!(
        g.position_string(&s),
        "9/2ppppp2/9/i7i/9/2PPPPP2/9 0/0 4/4 l 0 2W2U2A2KS2w2u2a2ks"
    );
    // Replayed moves print back: a capture counts for the side that lost the piece.
    let mut s = g
        .parse_position("2uusaa2/2ppppp2/9/i7i/9/2PPPPP2/2KKSWW2 0/0 4/4 l 0", 0)
        .expect("fern");
    play(&g, &mut s, &["c2c3", "d6d5", "c3c4", "d5xc4"]);
    assert_eq!(
        g.position_string(&s),
        "2uusaa2/2p1ppp2/9/i1p5i/9/3PPPP2/2KKSWW2 1/0 4/4 l 4"
    );
    // Mistakes are errors, not panics.
    for bad in [
        "2uusaa2/2ppppp2/9/i7i/9/2PPPPP2/2KKSWW2 0 4/4 l 0",
        "2uusaa2/2ppppp2/9/i7i/9/2PPPPP2/2KKSWW2 0/0 4/4/4 l 0",
        "-i/9/9/9/9/9/9 0/0 4/4 l 0",
        "2uusaa2/2ppppp2/9/i7i/9/2PPPPP2/2KKSWW2 0/0 4/4 x 0",
    ] {
        assert!(g.parse_position(bad, 0).is_err(), "{bad}");
    }
}

fn record_of(decisions: &[&str], options: &[(&str, &str)]) -> tessel::record::Record {
    let opts: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let mut r = tessel::record::Record::new("muso", &opts, 0, None);
    r.decisions = decisions.iter().map(|d| d.to_string()).collect();
    r
}

#[test]
fn game_texts_in_muso_notation_read_and_write_back_the_same() {
    let g = game(&[]);
    let setup = [
        "A@c1", "U@d1", "S@e1", "W@f1", "K@g1", "k@c7", "w@d7", "s@e7", "u@f7", "a@g7",
    ];
    let mut moves: Vec<&str> = setup.to_vec();
    moves.extend(["c2c3", "d6d5", "c3c4", "d5xc4", "Pass"]);
    let text = tessel::record::game_text(&g, &record_of(&moves, &[])).expect("text");
    assert_eq!(
        text,
        "0. [4] AUSWK KWSUA\n1. c2c3 d6d5\n2. c3c4 d5xc4\n3. Pass\n"
    );
    let back = tessel::record::from_game_text(&g, "muso", &[], None, &text).expect("reads");
    assert_eq!(back.decisions, moves);
    assert_eq!(tessel::record::game_text(&g, &back).expect("text"), text);
    // A wrong move or a wrong opening is an error that says where.
    let bad = "0. [4] AUSWK KWSUA\n1. c2c3 d6d4\n";
    let e = tessel::record::from_game_text(&g, "muso", &[], None, bad).expect_err("d6d4");
    assert!(e.contains("d6d4"), "{e}");
    let e =
        tessel::record::from_game_text(&g, "muso", &[], None, "0. AUSWK\n").expect_err("opening");
    assert!(e.contains("line 1"), "{e}");
}

#[test]
fn finished_games_end_with_the_result_and_effectively_zero_scores_in_parentheses() {
    let opts = [("competitive", "true")];
    let g = game(&opts);
    let setup = [
        "A@c1", "U@d1", "S@e1", "W@f1", "K@g1", "k@c7", "w@d7", "s@e7", "u@f7", "a@g7",
    ];
    let mut moves: Vec<&str> = setup.to_vec();
    moves.extend(["Pass", "Pass", "Pass"]);
    let text = tessel::record::game_text(&g, &record_of(&moves, &opts)).expect("text");
    assert!(text.ends_with("2. Pass\n(0)-(0)\n"), "{text}");
    let owned: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let back = tessel::record::from_game_text(&g, "muso", &owned, None, &text).expect("reads");
    assert_eq!(
        back.result.as_deref(),
        Some("three passes (effectively zero)")
    );
    // A random game, start to end, prints back the same.
    let g = game(&[]);
    let mut s = g.start_state(5).expect("start");
    let mut scratch = g.scratch();
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(5);
    let mut decisions = Vec::new();
    let mut legal = Vec::new();
    while g.status(&s, &mut scratch).is_none() {
        g.legal_moves(&s, &mut legal, &mut scratch.state);
        g.drop_manual(&mut legal);
        let m = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
        decisions.push(g.move_text(&s, m));
        g.apply(&mut s, m);
    }
    let texts: Vec<&str> = decisions.iter().map(String::as_str).collect();
    let text = tessel::record::game_text(&g, &record_of(&texts, &[])).expect("text");
    let back = tessel::record::from_game_text(&g, "muso", &[], None, &text).expect("reads");
    assert_eq!(tessel::record::game_text(&g, &back).expect("text"), text);
    assert!(
        text.lines().last().is_some_and(|l| l.contains('-')),
        "{text}"
    );
}

#[test]
fn competitive_resignation_is_effectively_zero_and_the_move_limit_scores() {
    // Black resigns while ahead: effectively zero, so Black loses however many kili.
    let g = game(&[("competitive", "true")]);
    let mut s = g
        .parse_position("3i5/2i6/2i-w6/i7i/9/2P6/9 0/0 4/4 p 1", 0)
        .expect("position");
    play(&g, &mut s, &["resign"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("resigned", Some(0)));
    assert_eq!(g.var(&s, "ez", 1), Some(1));
    // The move limit ends a long game and scores it.
    let g = game(&[("max_plies", "2")]);
    let mut s = at(&g, "9/2p6/9/i7i/9/2P6/3i5 r", "4/4");
    play(&g, &mut s, &["c2c3", "c6c5"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("move limit", Some(0)));
}

#[test]
fn the_header_no_longer_says_muso_notation_is_missing() {
    // Issue 18, item 5: records are written in Muso notation (the tests above), so the
    // header must not list it as "not yet here".
    let text = std::fs::read_to_string("rulesets/muso.tessel").expect("ruleset");
    let header: String = text
        .lines()
        .take_while(|l| l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!header.contains("Not yet here"), "{header}");
    assert!(header.contains("Muso notation"), "{header}");
}

#[test]
fn an_agreed_draw_is_offered_then_accepted_or_declined() {
    // Issue 18, item 2: the addendum's sixth ending, "players agree to a draw".
    let g = game(&[("competitive", "true")]);
    let start = at(&g, "9/2p6/9/i7i/9/2P5i/9 r", "4/4");
    // Red offers, which leaves Red's move to make; Black may accept on its turn.
    let mut s = start.clone();
    play(&g, &mut s, &["draw?"]);
    assert_eq!(s.to_move, 0, "the offer does not use up the turn");
    assert!(!texts(&g, &s).contains(&"draw?".to_string()), "one offer");
    play(&g, &mut s, &["c2c3"]);
    assert_eq!(s.to_move, 1);
    assert!(texts(&g, &s).contains(&"draw!".to_string()));
    play(&g, &mut s, &["draw!"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("draw by agreement (effectively zero)", None)
    );
    assert_eq!((g.var(&s, "ez", 0), g.var(&s, "ez", 1)), (Some(1), Some(1)));
    // Black declines by playing on: the offer lapses.
    let mut s = start.clone();
    play(&g, &mut s, &["draw?", "c2c3", "c6c5"]);
    assert!(g.status(&s, &mut g.scratch()).is_none());
    assert!(!texts(&g, &s).contains(&"draw!".to_string()));
    play(&g, &mut s, &["c3c4"]);
    assert!(
        !texts(&g, &s).contains(&"draw!".to_string()),
        "a declined offer cannot be accepted later"
    );
    // No one can accept their own offer, and the computer players never offer.
    let mut s = start.clone();
    play(&g, &mut s, &["draw?"]);
    assert!(!texts(&g, &s).contains(&"draw!".to_string()));
    let mut legal = Vec::new();
    g.legal_moves(&start, &mut legal, &mut g.empty_state(0));
    g.drop_manual(&mut legal);
    assert!(legal.iter().all(|m| g.move_text(&start, *m) != "draw?"));
    // Without the addendum an agreed draw is a draw too.
    let base = game(&[]);
    let mut s = at(&base, "9/2p6/9/i7i/9/2P5i/9 r", "4/4");
    play(&base, &mut s, &["draw?", "c2c3", "draw!"]);
    let o = base.status(&s, &mut base.scratch()).expect("over");
    assert_eq!(o.winner(), None);
}

#[test]
fn an_agreed_draw_is_written_in_the_game_text() {
    let opts = [("competitive", "true")];
    let g = game(&opts);
    let mut moves = vec![
        "A@c1", "U@d1", "S@e1", "W@f1", "K@g1", "k@c7", "w@d7", "s@e7", "u@f7", "a@g7",
    ];
    moves.extend(["c2c3", "draw?", "d6d5", "draw!"]);
    let text = tessel::record::game_text(&g, &record_of(&moves, &opts)).expect("text");
    let owned: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let back = tessel::record::from_game_text(&g, "muso", &owned, None, &text).expect("reads");
    assert_eq!(back.decisions, moves, "{text}");
    assert_eq!(
        back.result.as_deref(),
        Some("draw by agreement (effectively zero)"),
        "{text}"
    );
    assert!(text.ends_with("(0)-(0)\n"), "{text}");
}

#[test]
fn a_stack_joiner_follows_a_piece_and_is_followed_by_one() {
    // Found by the position fuzzer: `2-1` joined onto an empty cell, and the position read
    // could not be written back.
    let g = game(&[]);
    for board in [
        "3ak-psw-p2/2-1pp1p3/1u7/i7i/3AP-A4/2PPP1P2/2U2SU2",
        "3ak-psw-p2/2pp-2p3/1u7/i7i/3AP-A4/2PPP1P2/2U2SU2",
        "3ak-psw-p2/2pp1p3-/1u7/i7i/3AP-A4/2PPP1P2/2U2SU2",
    ] {
        let text = format!("{board} 0/0 4/4 l 6");
        let err = g.parse_position(&text, 1).expect_err(&text);
        assert!(err.message.contains("join"), "{text}: {}", err.message);
    }
}
