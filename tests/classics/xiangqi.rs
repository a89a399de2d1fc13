//! Xiangqi (rulesets/xiangqi.tessel): the published perft counts from the start and from
//! ten test positions, the cannon's screen, the facing generals, stalemate, and seeded
//! random games played to their end.

use super::common::{load, texts};
use super::{perft_is, random_games_end_among};

/// Perft from the start. Source: the Chess Programming Wiki, "Chinese Chess Perft
/// Results", https://www.chessprogramming.org/Chinese_Chess_Perft_Results — 1: 44,
/// 2: 1,920, 3: 79,666, 4: 3,290,240, 5: 133,312,995 (the same numbers are the perft
/// tests of several open engines, e.g. PikaChess's `perfttest.cpp`, which cites the page).
#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let g = load("xiangqi", &[]);
    perft_is(
        &g,
        &g.start_state(0).expect("start"),
        &[44, 1920, 79666],
        "",
    );
}

/// Depth 4 takes about ten seconds in release.
#[test]
#[ignore = "slow: run with --ignored"]
fn perft_4_from_the_start_matches_the_published_count() {
    let g = load("xiangqi", &[]);
    assert_eq!(g.perft(&g.start_state(0).expect("start"), 4), 3290240);
}

/// The test positions of the same page (positions 2 to 11, red to move), depths 1–3.
const POSITIONS: &[(&str, [u64; 3])] = &[
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
        [38, 1128, 43929],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
        [7, 281, 8620],
    ),
    (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
        [25, 424, 9850],
    ),
    (
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
        [28, 516, 14808],
    ),
    (
        "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w",
        [21, 364, 7626],
    ),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w", [28, 222, 6241]),
    ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w", [23, 345, 8124]),
    ("2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w", [21, 195, 3883]),
    (
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
        [30, 830, 22787],
    ),
    (
        "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w",
        [19, 583, 11714],
    ),
];

#[test]
fn perft_from_the_published_test_positions_matches() {
    let g = load("xiangqi", &[]);
    for (fen, counts) in POSITIONS {
        let s = g.parse_position(fen, 0).expect("valid position");
        perft_is(&g, &s, counts, &format!("{fen}, "));
    }
}

/// The cannon moves like a chariot and captures over exactly one piece; the generals may
/// not face each other on an open file.
#[test]
fn the_cannon_needs_one_screen_and_the_generals_may_not_face() {
    let g = load("xiangqi", &[]);
    // Red's cannon on e2 looks up the e file: a red soldier on e4 screens black's
    // chariot on e7; the black soldier on e9 stands behind two pieces.
    let s = g
        .parse_position("3k5/4p4/9/9/4r4/9/4P4/9/4C4/5K3 w", 0)
        .expect("position");
    let t = texts(&g, &s);
    assert!(t.contains(&"e2e6".to_string()), "{t:?}");
    assert!(!t.contains(&"e2e9".to_string()), "{t:?}");
    assert!(t.contains(&"e2e3".to_string()), "{t:?}");
    assert!(!t.contains(&"e2e5".to_string()), "{t:?}");
    // The red general on f1 may step to e1, but on d1 it would face black's general
    // with the d file open.
    assert!(t.contains(&"f1e1".to_string()), "{t:?}");
    assert!(!t.contains(&"f1d1".to_string()), "{t:?}");
}

/// A player who cannot move loses, checked or not.
#[test]
fn stalemate_loses() {
    let g = load("xiangqi", &[]);
    // Black's general on d10 is hemmed in by red's soldiers and the facing general rule,
    // and not in check: black cannot move and loses.
    let s = g
        .parse_position("3k5/2P1P4/9/9/9/9/9/9/9/4K4 b", 0)
        .expect("position");
    assert!(texts(&g, &s).is_empty(), "{:?}", texts(&g, &s));
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!((o.ending.as_str(), o.winner()), ("stalemate", Some(0)));
}

#[test]
fn random_games_end_by_an_ending() {
    let endings = ["checkmate", "stalemate", "move limit"];
    random_games_end_among(&load("xiangqi", &[]), (12, 400), &endings, 300);
}
