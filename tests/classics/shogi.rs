//! Shogi (rulesets/shogi.tessel): drops, promotion, nifu, pieces with no further move,
//! uchifuzume (the look-ahead `no_reply`), checkmate.
//!
//! Positions are written as SFEN boards: the rows from white's side (top) down, files from
//! black's left, `(+P)` for a promoted piece; the ruleset's files are a–i from black's left
//! and ranks 1–9 from black's side.

use super::common::{load, play, texts};
use super::{perft_is, position, random_games_end};
use tessel_interpreter::Game;

fn shogi() -> Game {
    load("shogi", &[])
}

/// Perft from the start. Source: ak11, 「将棋でPerftしてみたまとめ」 (Qiita, 2015),
/// https://qiita.com/ak11/items/8bd5f2bb0f5b014143c8 — 1: 30, 2: 900, 3: 25,470,
/// 4: 719,731, 5: 19,861,490, 6: 547,581,517, 7: 15,086,269,607 (depth 7 confirmed by
/// Patrice Duhamel in the talkchess thread "Shogi Perft numbers", 2019,
/// http://talkchess.com/forum3/viewtopic.php?f=7&t=71550).
#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let g = shogi();
    let s = g.start_state(0).expect("start");
    perft_is(&g, &s, &[30, 900, 25_470], "");
}

#[test]
#[ignore = "slow: run with --ignored (in release)"]
fn perft_4_and_5_match_the_published_counts() {
    let g = shogi();
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 4), 719_731);
    assert_eq!(g.perft(&s, 5), 19_861_490);
}

/// The positions checkmated at depth 7 that the same page lists (white to move, checked,
/// no legal move): the ruleset agrees that each is checkmate.
#[test]
fn the_published_mates_at_depth_7_are_checkmate() {
    let g = shogi();
    let mut scratch = g.scratch();
    for sfen in [
        "ln(+B)1ggsnl/1r2k2b1/ppppSpppp/4p4/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w - 4",
        "ln1g1gsnl/1r1Bk2b1/ppppSpppp/4p4/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w - 4",
        "ln2Bgsnl/1rsGk2b1/pppppp1pp/9/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w P 4",
        "lns3snl/1rgkG(+B)1b1/pppppp1pp/9/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w P 4",
    ] {
        let s = g.parse_position(sfen, 0).expect(sfen);
        assert_eq!(g.perft(&s, 1), 0, "{sfen}");
        let o = g.status(&s, &mut scratch).expect(sfen);
        assert_eq!(o.ending, "checkmate", "{sfen}");
    }
}

/// White's king in the corner (a9), its knight beside it, black's gold on b7: a pawn
/// dropped on a8 would mate, so it is not offered; a gold dropped there mates, and a pawn
/// that steps there mates too.
#[test]
fn a_pawn_drop_may_not_checkmate_but_a_gold_drop_or_a_pawn_move_may() {
    let g = shogi();
    let mut scratch = g.scratch();
    let s = g
        .parse_position("kn7/9/1G7/9/9/9/9/9/4K4 b P 1", 0)
        .expect("pawn in hand");
    let moves = texts(&g, &s);
    assert!(!moves.contains(&"P@a8".to_string()), "{moves:?}");
    assert!(moves.contains(&"P@e5".to_string()), "{moves:?}");
    let mut all = Vec::new();
    g.candidate_decisions(&s, &mut all);
    let drop = all
        .iter()
        .find(|m| g.move_text_among(&all, **m) == "P@a8")
        .expect("a candidate");
    assert_eq!(
        g.forbid_reason(&s, *drop),
        Some("a pawn drop may not give checkmate")
    );

    let mut s = g
        .parse_position("kn7/9/1G7/9/9/9/9/9/4K4 b G 1", 0)
        .expect("gold in hand");
    play(&g, &mut s, &["G@a8"]);
    assert_eq!(
        g.status(&s, &mut scratch).expect("over").ending,
        "checkmate"
    );

    let mut s = g
        .parse_position("kn7/9/PG7/9/9/9/9/9/4K4 b - 1", 0)
        .expect("pawn on a7");
    play(&g, &mut s, &["a7a8=P"]);
    assert_eq!(
        g.status(&s, &mut scratch).expect("over").ending,
        "checkmate"
    );
}

/// A pawn drop that checks but leaves the king a way out is legal.
#[test]
fn a_pawn_drop_that_checks_without_mating_is_legal() {
    let g = shogi();
    let s = position(&g, "k8/9/9/9/9/9/9/9/4K4 b P 1");
    assert!(texts(&g, &s).contains(&"P@a8".to_string()));
}

/// Nifu: no pawn drop on a file holding the player's unpromoted pawn (a tokin does not
/// count); no pawn or lance drop on the last rank, no knight drop on the last two.
#[test]
fn drops_keep_nifu_and_leave_every_piece_a_move() {
    let g = shogi();
    let s = position(&g, "4k4/9/9/9/4P4/9/(+P)8/9/4K4 b PLN 1");
    let moves = texts(&g, &s);
    let on = |piece: &str, cell: &str| moves.contains(&format!("{piece}@{cell}"));
    assert!(!on("P", "e3") && !on("P", "e8"), "nifu");
    assert!(
        on("P", "a4") && on("P", "d3"),
        "a tokin on a file does not count"
    );
    assert!(!on("P", "a9") && !on("L", "a9") && on("L", "a8"));
    assert!(!on("N", "a9") && !on("N", "a8") && on("N", "a7"));
}

/// Promotion: optional in the zone, forced where the piece could not move again; a
/// captured promoted piece goes to the hand unpromoted.
#[test]
fn promotion_is_offered_forced_or_not_and_undone_in_hand() {
    let g = shogi();
    let s = position(&g, "4k4/P8/2N6/5L3/9/9/9/9/4K4 b - 1");
    let moves = texts(&g, &s);
    assert!(moves.contains(&"a8a9=+P".to_string()));
    assert!(!moves.iter().any(|m| m == "a8a9=P" || m == "a8a9"));
    // A knight landing on rank 9 must promote; on rank 8 it may.
    assert!(moves.contains(&"c7b9=+N".to_string()) && !moves.contains(&"c7b9=N".to_string()));
    assert!(moves.contains(&"f6f8=+L".to_string()) && moves.contains(&"f6f8=L".to_string()));
    // Black's tokin on e5 taken by white's gold: white holds a pawn.
    let mut s = position(&g, "4k4/9/9/4g4/4(+P)4/9/9/9/4K4 w - 1");
    play(&g, &mut s, &["e6e5"]);
    let written = g.position_string(&s);
    assert!(written.ends_with(" p 2"), "{written}");
}

/// Seeded random games from the start end by checkmate (or the move limit), every one.
#[test]
fn seeded_random_games_play_to_their_end() {
    let g = shogi();
    let ends = random_games_end(&g, 8, 1000);
    assert!(ends.iter().all(|(e, _)| matches!(
        e.as_str(),
        "checkmate" | "no moves" | "sennichite" | "move limit"
    )));
    assert!(ends.iter().any(|(e, _)| e == "checkmate"), "{ends:?}");
}
