//! The course of a game: setup, scoring, the ending by passes and quiet moves, trades, resigning.

use super::*;

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
