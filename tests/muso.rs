//! Muso (rulesets/muso.tessel): each movement pattern, the stack and water rules, kili
//! refill, setup, scores and every ending.

mod common;

use common::{play, texts};
use tessel_interpreter::{Game, State};

fn game(options: &[(&str, &str)]) -> Game {
    common::load("rulesets/muso.tessel", options)
}

/// A position after setup, in FERN: from `BOARD r|b` and the kili reserves (`4/4`).
fn at(g: &Game, board_and_turn: &str, reserves: &str) -> State {
    let (board, turn) = board_and_turn.split_once(' ').expect("board and turn");
    let side = if turn == "r" { "l" } else { "p" };
    g.parse_position(&format!("{board} 0/0 {reserves} {side} 0"), 0)
        .expect("position")
}

/// The origin and destination of a move in Muso notation (`c2xb3`, `h4i4^`, `e2e1+`).
fn ends(m: &str) -> Option<(String, String)> {
    let plain: String = m.chars().filter(|c| !"x^+".contains(*c)).collect();
    (plain.len() == 4 && plain.as_bytes()[1].is_ascii_digit())
        .then(|| (plain[..2].to_string(), plain[2..].to_string()))
}

/// The cells a piece on `from` can reach, sorted (each once).
fn targets(g: &Game, s: &State, from: &str) -> Vec<String> {
    let mut t: Vec<String> = texts(g, s)
        .iter()
        .filter_map(|m| ends(m))
        .filter(|(f, _)| f == from)
        .map(|(_, to)| to)
        .collect();
    t.sort();
    t.dedup();
    t
}

/// The position after each decision that reads `text` (with `#rule` when several do).
fn after(g: &Game, s: &State, text: &str) -> String {
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(s, &mut legal, &mut tmp);
    let m = g
        .parse_move(text, &legal)
        .unwrap_or_else(|e| panic!("{text}: {e}; legal: {:?}", texts(g, s)));
    let mut t = s.clone();
    g.apply(&mut t, m);
    g.position_string(&t)
}

fn cells(list: &str) -> Vec<String> {
    list.split_whitespace().map(str::to_string).collect()
}

#[test]
fn waso_leaps_one_or_two_diagonally_and_keeps_off_water() {
    let g = game(&[]);
    // c3: b2, d4 and a1 are telo; the waso leaps over the pipi on d2.
    let s = at(&g, "9/9/9/9/2W6/3P5/9 r", "4/4");
    assert_eq!(targets(&g, &s, "c3"), cells("a5 b4 d2 e1 e5"));
    // d2 holds its own pipi: it may stack there (one target, by stacking).
    assert!(after(&g, &s, "c3d2").starts_with("9/9/9/i7i/9/3P-W5/9"));
}

#[test]
fn kijetesantakalu_jumps_like_a_knight() {
    let g = game(&[]);
    let s = at(&g, "9/9/9/i8/2U6/9/9 r", "4/4");
    // From c3: a2, b1 and e4 are telo; a4 holds a kili, which it may stack on.
    assert_eq!(targets(&g, &s, "c3"), cells("a4 b5 d1 d5 e2"));
}

#[test]
fn akesi_and_kala_are_aquatic() {
    let g = game(&[]);
    let s = at(&g, "9/9/9/9/2A6/9/9 r", "4/4");
    // One diagonally (b2 and d4 are telo: allowed), or exactly two orthogonally.
    assert_eq!(targets(&g, &s, "c3"), cells("a3 b2 b4 c1 c5 d2 d4 e3"));
    let s = at(&g, "9/9/9/9/9/1K7/9 r", "4/4");
    assert_eq!(targets(&g, &s, "b2"), cells("a1 a2 a3 b1 b3 c1 c2 c3"));
}

#[test]
fn soweli_rides_orthogonally_and_stops_at_water() {
    let g = game(&[]);
    let s = at(&g, "9/9/9/i1S6/9/9/9 r", "4/4");
    // East: d4 is telo, which it cannot enter alone nor pass. West: b4, and the kili on a4.
    assert_eq!(targets(&g, &s, "c4"), cells("a4 b4 c1 c2 c3 c5 c6 c7"));
    // On the telo cell d4 stands its own pipi: it may stack there, not go on to e4.
    let s = at(&g, "9/9/9/2SP5/9/9/9 r", "4/4");
    let t = targets(&g, &s, "c4");
    assert!(
        t.contains(&"d4".to_string()) && !t.contains(&"e4".to_string()),
        "{t:?}"
    );
}

#[test]
fn pipi_moves_orthogonally_and_captures_diagonally() {
    let g = game(&[]);
    // c3: moves to b3 c2 c4 d3; a black pipi on d4 (telo) and one on b4.
    let s = at(&g, "9/9/9/1p1p5/2P6/9/9 r", "4/4");
    // It captures b4; d4 is a single piece on telo, which a pipi may not capture.
    assert_eq!(targets(&g, &s, "c3"), cells("b3 b4 c2 c4 d3"));
    // A pipi never captures orthogonally.
    let s = at(&g, "9/9/9/2p6/2P6/9/9 r", "4/4");
    assert!(!targets(&g, &s, "c3").contains(&"c4".to_string()));
}

/// The boards after each decision from `from` to `to` (a plain move and a carry can both
/// go there), sorted.
fn boards(g: &Game, s: &State, from_to: &str) -> Vec<String> {
    let mut b: Vec<String> = texts(g, s)
        .iter()
        .filter(|m| ends(m).is_some_and(|(f, t)| format!("{f}{t}") == from_to))
        .map(|m| {
            after(g, s, m)
                .split(' ')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    b.sort();
    b
}

#[test]
fn stacks_hold_two_and_only_the_top_moves() {
    let g = game(&[]);
    // A red kala stacks on its own pipi at c4 ...
    let s = at(&g, "9/9/9/2P6/2K6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3c4"), ["9/9/9/i1P-K5i/9/9/9"]);
    // ... but not on a stack of two.
    let s = at(&g, "9/9/9/2P-W6/2K6/9/9 r", "4/4");
    assert!(!targets(&g, &s, "c3").contains(&"c4".to_string()));
    // The top moves alone (the pipi stays, trapped no more) or carries the pipi.
    let s = at(&g, "9/9/9/9/2P-K6/9/9 r", "4/4");
    assert_eq!(
        boards(&g, &s, "c3d3"),
        ["9/9/9/i7i/2PK5/9/9", "9/9/9/i7i/3P-K5/9/9"]
    );
    // The pipi beneath cannot move on its own.
    for m in texts(&g, &s)
        .iter()
        .filter(|m| ends(m).is_some_and(|(f, _)| f == "c3"))
    {
        let rows: Vec<String> = after(&g, &s, m).split('/').map(str::to_string).collect();
        assert_ne!(rows[4], "2K6", "{m}: the pipi moved from under the kala");
    }
}

#[test]
fn captures_take_the_top_of_a_stack_and_carry_captures_a_single_piece() {
    let g = game(&[]);
    // The kala captures the black waso on top of a black pipi: the pipi stays, trapped.
    let s = at(&g, "9/9/9/3p-w5/2K6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2p-K4i/9/9/9"]);
    // A carrying stack captures a single unstacked enemy ...
    let s = at(&g, "9/9/9/3p5/2P-K6/9/9 r", "4/4");
    assert_eq!(
        boards(&g, &s, "c3d4"),
        ["9/9/9/i2K4i/2P6/9/9", "9/9/9/i2P-K4i/9/9/9"]
    );
    // ... but not the top of a stack (that would make three).
    let s = at(&g, "9/9/9/3p-w5/2P-K6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2p-K4i/2P6/9/9"]);
    // The captured pieces are out of play, in their owner's part of `out`.
    let s = at(&g, "9/9/9/3p5/2K6/9/9 r", "4/4");
    assert_eq!(after(&g, &s, "c3d4"), "9/9/9/i2K4i/9/9/9 0/1 3/3 p 1");
}

#[test]
fn water_stops_the_land_pieces_but_not_their_stacking() {
    let g = game(&[]);
    // A waso may not land alone on telo, nor capture a single piece there ...
    let s = at(&g, "9/9/9/3p5/2W6/9/9 r", "4/4");
    assert!(!targets(&g, &s, "c3").contains(&"d4".to_string()));
    // ... but it may stack on its own piece there, and capture the top of a stack.
    let s = at(&g, "9/9/9/3P5/2W6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2P-W4i/9/9/9"]);
    let s = at(&g, "9/9/9/3p-w5/2W6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2p-W4i/9/9/9"]);
    // A land stack may not carry onto telo; a kala's stack may.
    let s = at(&g, "9/9/9/9/9/2P-W6/9 r", "4/4");
    assert!(boards(&g, &s, "c2b1").is_empty());
    let s = at(&g, "9/9/9/9/9/2P-K6/9 r", "4/4");
    assert_eq!(
        boards(&g, &s, "c2b1"),
        ["9/9/9/i7i/9/2P6/1K7", "9/9/9/i7i/9/9/1P-K7"]
    );
}

#[test]
fn kili_refill_from_each_kasi_reserve() {
    let g = game(&[]);
    // The kala carries the kili off a4; a4 takes one from its reserve (2 left, then 1).
    let s = at(&g, "9/9/9/i-K7i/9/9/9 r", "2/0");
    assert_eq!(
        boards(&g, &s, "a4b5"),
        ["9/9/1K7/i7i/9/9/9", "9/9/1i-K7/i7i/9/9/9"]
    );
    let mut t = s.clone();
    play(&g, &mut t, &["a4b5+"]);
    assert!(
        g.position_string(&t).ends_with(" 1/0 p 1"),
        "{}",
        g.position_string(&t)
    );
    // With the reserve empty, nothing comes.
    let s = at(&g, "9/9/9/i-K7i/9/9/9 r", "0/0");
    assert!(after(&g, &s, "a4b5+").starts_with("9/9/1i-K7/8i/"));
}

#[test]
fn setup_places_five_back_rank_pieces_each_choosing_faces() {
    let g = game(&[]);
    let mut s = g.start_state(0).expect("start");
    let t = texts(&g, &s);
    assert_eq!(t.len(), 25, "five kinds on five cells: {t:?}");
    assert!(!t.contains(&"Pass".to_string()), "no passing during setup");
    // Two waso: both two-faced bird pieces are used, so no kijetesantakalu is left.
    play(&g, &mut s, &["W@c1", "W@d1"]);
    assert!(!texts(&g, &s).iter().any(|m| m.starts_with("U@")));
    play(&g, &mut s, &["S@e1", "K@f1", "A@g1"]);
    assert_eq!(s.to_move, 1, "Red's five placements are its first turn");
    play(&g, &mut s, &["u@c7", "u@d7", "s@e7", "a@f7", "k@g7"]);
    assert_eq!(
        g.position_string(&s),
        "2uusak2/2ppppp2/9/i7i/9/2PPPPP2/2WWSKA2 0/0 4/4 l 0"
    );
    // Red moves first; passing is allowed now.
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"Pass".to_string()) && t.contains(&"c2c3".to_string()),
        "{t:?}"
    );
}

fn points(g: &Game, s: &State) -> (i64, i64) {
    (
        g.var(s, "points", 0).expect("points"),
        g.var(s, "points", 1).expect("points"),
    )
}

#[test]
fn kili_score_in_the_home_area_or_under_a_piece_for_both() {
    let g = game(&[]);
    // d2: a kili alone in Red's home area; e2: under a black pipi in Red's home area
    // (both score); c5: under a red waso; f6: under a red kala in Black's home area (both).
    let s = at(&g, "9/5i-K3/2i-W6/i7i/9/3ii-p4/9 r", "4/4");
    assert_eq!(points(&g, &s), (4, 2));
}

#[test]
fn the_game_ends_when_the_kili_are_gone_and_is_scored() {
    let g = game(&[]);
    // No kili on a kasi space and none in reserve: over, Red ahead 1 to 0.
    let s = at(&g, "9/9/9/9/9/3i5/2P6 b", "0/0");
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("no kili left", Some(0)));
    // Level scores draw.
    let s = at(&g, "9/3i5/9/9/9/3i5/2P6 b", "0/0");
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(o.winner(), None);
    assert_eq!(o.scores, [0.5, 0.5]);
}

#[test]
fn a_player_who_can_only_pass_ends_the_game() {
    // Black's only piece is trapped under a red kala: Black cannot move.
    let s_text = "9/9/9/i2p-K4i/9/9/9 b";
    let g = game(&[]);
    let s = at(&g, s_text, "4/4");
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(o.ending, "no legal move");
    assert_eq!(o.winner(), None, "no kili controlled: 0 to 0");
    // Competitive: the player who cannot move is effectively zero and loses.
    let g = game(&[("competitive", "true")]);
    let s = at(&g, s_text, "4/4");
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(
        (o.ending.as_str(), o.winner()),
        ("no legal move (effectively zero)", Some(0))
    );
}

#[test]
fn competitive_passes_and_quiet_moves_end_the_game_effectively_zero() {
    let g = game(&[("competitive", "true")]);
    let mut s = at(&g, "9/2p6/9/i7i/9/2P6/9 r", "4/4");
    play(&g, &mut s, &["pass", "pass"]);
    assert!(g.status(&s, &mut g.scratch()).is_none());
    play(&g, &mut s, &["pass"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(o.ending, "three passes (effectively zero)");
    assert_eq!(o.winner(), None);
    // Without the addendum, passing goes on.
    let base = game(&[]);
    let mut s = at(&base, "9/2p6/9/i7i/9/2P6/9 r", "4/4");
    play(&base, &mut s, &["pass", "pass", "pass"]);
    assert!(base.status(&s, &mut base.scratch()).is_none());
    // Moves without a capture or a kili carried: 3 moves by each side (issue 18, item 3:
    // the addendum counts moves as chess does, a move pair each; 3 plies used to end it).
    let g = game(&[("competitive", "true"), ("quiet_limit", "3")]);
    let mut s = at(&g, "9/2p6/9/i7i/9/2P6/9 r", "4/4");
    play(&g, &mut s, &["c2d2", "c6d6", "d2e2"]);
    assert!(
        g.status(&s, &mut g.scratch()).is_none(),
        "3 plies are not 3 moves each"
    );
    play(&g, &mut s, &["d6e6", "e2f2"]);
    assert!(g.status(&s, &mut g.scratch()).is_none());
    play(&g, &mut s, &["e6f6"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(
        o.ending,
        "30 moves without a capture or kili moved (effectively zero)"
    );
    // The other reading, each player's move a move: `quiet_count=plies`.
    let g = game(&[
        ("competitive", "true"),
        ("quiet_limit", "3"),
        ("quiet_count", "plies"),
    ]);
    let mut s = at(&g, "9/2p6/9/i7i/9/2P6/9 r", "4/4");
    play(&g, &mut s, &["c2d2", "c6d6", "d2e2"]);
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(
        o.ending,
        "30 moves without a capture or kili moved (effectively zero)"
    );
}

#[test]
fn seeded_random_games_end() {
    let g = game(&[]);
    let mut scratch = g.scratch();
    for seed in 0..20 {
        let mut s = g.start_state(seed).expect("start");
        let mut agent = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        let o = g.random_playout(&mut s, &mut agent, 5000, &mut scratch);
        assert!(o.is_some(), "seed {seed} did not end");
    }
}

#[test]
fn trading_a_kili_on_the_home_space_for_a_piece_out_of_play() {
    let g = game(&[]);
    // Red has a waso out of play and a kili alone on its home space e1.
    let s = g
        .parse_position("9/2p6/9/i7i/9/2PPPPP2/2USiAK2 1/0 4/4 l 0", 0)
        .expect("position");
    let t = texts(&g, &s);
    // Either face of the two-faced piece; nothing else can be traded.
    assert!(t.contains(&"e1=W".to_string()), "{t:?}");
    assert!(t.contains(&"e1=U".to_string()), "{t:?}");
    assert!(!t.contains(&"e1=p".to_string()), "{t:?}");
    assert_eq!(
        after(&g, &s, "e1=U"),
        "9/2p6/9/i7i/9/2PPPPP2/2USUAK2 0/0 4/4 p 1"
    );
    // Not when a piece stands on the kili, nor on another cell.
    let s = g
        .parse_position("9/2p6/9/i7i/9/2PPPPP2/2Uii-SAK2 1/0 4/4 l 0", 0)
        .expect("position");
    assert!(!texts(&g, &s).iter().any(|m| m.contains('=')));
}

#[test]
fn resigning_removes_the_resigners_pieces_and_kili_and_gives_three_points() {
    let g = game(&[]);
    // Black controls two kili (one in its home area, one under its waso); Red one.
    let s = g
        .parse_position("3i5/9/2i-w6/i7i/9/2i-P6/9 0/0 4/4 p 1", 0)
        .expect("position");
    assert_eq!(points(&g, &s), (1, 2));
    let mut t = s.clone();
    play(&g, &mut t, &["resign"]);
    assert_eq!(g.position_string(&t), "9/9/9/i7i/9/2i-P6/9 0/0 4/4 l 2");
    assert_eq!(points(&g, &t), (4, 0));
    let o = g.status(&t, &mut g.scratch()).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("resigned", Some(0)));
    // Agents never resign.
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let before = legal.len();
    g.drop_manual(&mut legal);
    // Two manual decisions: `resign` and (since issue 18, item 2) the offer `draw?`.
    assert_eq!(legal.len(), before - 2);
}

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

#[test]
fn kawa_board_pieces_and_no_passing() {
    let g = kawa(&[]);
    let mut s = g.start_state(0).expect("start");
    assert_eq!(
        g.position_string(&s),
        "8/2pppp2/8/1i4i1/8/2PPPP2/8 0/0 4/4 l 0 2W2K2w2k"
    );
    // Four placements a side, then Red moves; no passing.
    play(&g, &mut s, &["W@c1", "K@d1", "K@e1", "W@f1"]);
    assert_eq!(s.to_move, 1);
    play(&g, &mut s, &["w@c7", "k@d7", "k@e7", "w@f7"]);
    assert_eq!(
        g.position_string(&s),
        "2wkkw2/2pppp2/8/1i4i1/8/2PPPP2/2WKKW2 0/0 4/4 l 0"
    );
    assert!(!texts(&g, &s).contains(&"Pass".to_string()));
}

#[test]
fn kawa_waso_and_kala_patterns() {
    let g = kawa(&[]);
    // The waso on d4 jumps two away off the lines: twelve cells (b2 and f2, h... all dry).
    let s = g
        .parse_position("8/8/8/1i1W2i1/8/8/8 0/0 4/4 l 0", 0)
        .expect("position");
    assert_eq!(
        targets(&g, &s, "d4"),
        cells("b2 b3 b5 b6 c2 c6 e2 e6 f2 f3 f5 f6")
    );
    // The kala on d4: eight neighbours and two away orthogonally, jumping over a piece.
    let s = g
        .parse_position("8/8/3P4/1i1K2i1/8/8/8 0/0 4/4 l 0", 0)
        .expect("position");
    assert_eq!(
        targets(&g, &s, "d4"),
        cells("b4 c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f4")
    );
    // Without `kala_leaps`, the pipi on d5 blocks d6 (it can still stack on the pipi).
    let g = kawa(&[("kala_leaps", "false")]);
    let s = g
        .parse_position("8/8/3P4/1i1K2i1/8/8/8 0/0 4/4 l 0", 0)
        .expect("position");
    assert!(!targets(&g, &s, "d4").contains(&"d6".to_string()));
    assert!(targets(&g, &s, "d4").contains(&"d5".to_string()));
}

#[test]
fn seeded_random_kawa_games_end() {
    for options in [&[][..], &[("kala_leaps", "false")][..]] {
        let g = kawa(options);
        let mut scratch = g.scratch();
        for seed in 0..10 {
            let mut s = g.start_state(seed).expect("start");
            let mut agent = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            let o = g.random_playout(&mut s, &mut agent, 5000, &mut scratch);
            assert!(o.is_some(), "seed {seed} did not end");
        }
    }
}

fn four() -> Game {
    common::load("rulesets/muso-4p.tessel", &[])
}

fn kawa(options: &[(&str, &str)]) -> Game {
    common::load("rulesets/muso-kawa.tessel", options)
}

#[test]
fn four_players_set_up_in_turn_and_score_their_own_corners() {
    let g = four();
    let mut s = g.start_state(0).expect("start");
    // Red places its three pieces on the home space and its neighbours, then White.
    let t = texts(&g, &s);
    assert!(
        t.contains(&"rW@i9".to_string()) && !t.contains(&"rW@g9".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["rW@i9", "rA@h9", "rS@i8"]);
    assert_eq!(s.to_move, 1, "white places next");
    play(&g, &mut s, &["wU@i1", "wK@h1", "wS@i2"]);
    play(&g, &mut s, &["bW@a1", "bA@b1", "bS@a2"]);
    play(&g, &mut s, &["yW@a9", "yA@b9", "yS@a8"]);
    assert_eq!(s.to_move, 0, "then Red moves first");
    assert!(
        g.position_string(&s).ends_with(" 3/3/3/3 r 0"),
        "{}",
        g.position_string(&s)
    );
    // A kili in a home area scores for that corner's player only: i9 is Red's, a1 Black's.
    let s = g
        .parse_position("8i/9/4i4/9/2i3i2/9/4i4/9/i8 3/3/3/3 r 0", 0)
        .expect("position");
    let points: Vec<i64> = (0..4)
        .map(|p| g.var(&s, "points", p).expect("points"))
        .collect();
    assert_eq!(points, [1, 0, 1, 0]);
}

#[test]
fn seeded_random_four_player_games_end() {
    let g = four();
    let mut scratch = g.scratch();
    for seed in 0..10 {
        let mut s = g.start_state(seed).expect("start");
        let mut agent = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        let o = g.random_playout(&mut s, &mut agent, 5000, &mut scratch);
        assert!(o.is_some(), "seed {seed} did not end");
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

fn three() -> Game {
    common::load("rulesets/muso-3p.tessel", &[])
}

#[test]
fn three_players_on_the_corner_board_set_up_in_turn_and_score_their_own_corners() {
    // Issue 18, item 1: the 3-player game on the 9x9 corner board.
    let g = three();
    let mut s = g.start_state(0).expect("start");
    assert!(
        g.position_string(&s).starts_with(
            "6(rP)2/7(rP)1/4i3(rP)/9/2i3i2/9/(bP)3i3(wP)/1(bP)5(wP)1/2(bP)3(wP)2 3/3/3/3 r 0"
        ),
        "{}",
        g.position_string(&s)
    );
    play(&g, &mut s, &["rW@i9", "rA@h9", "rS@i8"]);
    assert_eq!(s.to_move, 1, "white places next");
    play(&g, &mut s, &["wU@i1", "wK@h1", "wS@i2"]);
    play(&g, &mut s, &["bW@a1", "bA@b1", "bS@a2"]);
    assert_eq!(s.to_move, 0, "then Red moves first");
    assert!(
        g.position_string(&s).ends_with(" 3/3/3/3 r 0"),
        "{}",
        g.position_string(&s)
    );
    // Red, White, Black, then Red again.
    play(&g, &mut s, &["pass", "pass", "pass"]);
    assert_eq!(s.to_move, 0);
    // The empty corner (a9) is nobody's home: a kili there scores for no one.
    let s = g
        .parse_position("i7i/9/4i4/9/2i3i2/9/4i4/9/i7i 3/3/3/3 r 0", 0)
        .expect("position");
    let points: Vec<i64> = (0..3)
        .map(|p| g.var(&s, "points", p).expect("points"))
        .collect();
    assert_eq!(points, [1, 1, 1]);
}

#[test]
fn seeded_random_three_player_games_end() {
    let g = three();
    let mut scratch = g.scratch();
    for seed in 0..10 {
        let mut s = g.start_state(seed).expect("start");
        let mut agent = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        let o = g.random_playout(&mut s, &mut agent, 5000, &mut scratch);
        assert!(o.is_some(), "seed {seed} did not end");
    }
}
