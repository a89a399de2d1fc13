//! The table: sized from players × segments, and a laying that cannot be completed ends
//! the game with a message rather than an unequal game.

use super::*;

/// Plays the laying: chance's throws, and the first legal decision each time (laying
/// "by hand"), until laying has ended; then the segments each player has laid.
fn lay_all(g: &Game, s: &mut State) -> Vec<usize> {
    let mut scratch = g.scratch();
    for _ in 0..1_000 {
        if g.status(s, &mut scratch).is_some() || stage(g, s) > 0 {
            break;
        }
        if let Some(m) = g.sample_chance(s) {
            g.apply(s, m);
            continue;
        }
        let first = texts(g, s)[0].clone();
        play(g, s, &[&first]);
    }
    let players = g.program.players.len();
    let mut each = vec![0; players];
    for c in 0..g.board.cells() {
        let p = s.cells[c];
        if g.var(s, "centre", c) == Some(1) && !p.is_none() {
            each[p.owner() as usize] += 1;
        }
    }
    each
}

#[test]
fn two_to_eight_players_lay_all_their_segments_at_random_and_by_hand() {
    for players in 2..=8usize {
        for setup in ["random", "turns"] {
            let g = common::load(
                "rulesets/mu.tessel",
                &[("players", &players.to_string()), ("setup", setup)],
            );
            for seed in 0..2 {
                let mut s = g.start_state(seed).expect("start");
                let each = lay_all(&g, &mut s);
                assert_eq!(
                    each,
                    vec![7; players],
                    "{players} players, setup={setup}, seed {seed}: seven segments each"
                );
                assert_eq!(stage(&g, &s), 1, "clearing follows");
                assert!(g.status(&s, &mut g.scratch()).is_none(), "the game goes on");
            }
        }
    }
}

#[test]
fn the_table_is_sized_from_players_and_segments() {
    // Radius 6 + players × segments / 7: 3R(R+1)+1 cells.
    let cells =
        |options: &[(&str, &str)]| common::load("rulesets/mu.tessel", options).board.cells();
    assert_eq!(cells(&[]), 3 * 8 * 9 + 1, "2 × 7 segments: radius 8");
    assert_eq!(
        cells(&[("players", "6")]),
        3 * 12 * 13 + 1,
        "6 × 7: radius 12"
    );
    assert_eq!(
        cells(&[("players", "8")]),
        3 * 14 * 15 + 1,
        "8 × 7: radius 14"
    );
    assert_eq!(
        cells(&[("players", "8"), ("segments", "8")]),
        3 * 15 * 16 + 1,
        "8 × 8: radius 15"
    );
    // Up to eight segments each, as the seed says: more counts as eight.
    assert_eq!(
        cells(&[("players", "8"), ("segments", "20")]),
        3 * 15 * 16 + 1
    );
    // A table given outright is used as given.
    assert_eq!(cells(&[("players", "8"), ("table", "20")]), 3 * 20 * 21 + 1);
}

#[test]
fn a_table_too_small_for_the_segments_ends_the_game_saying_so() {
    let g = common::load("rulesets/mu.tessel", &[("table", "3"), ("segments", "2")]);
    let mut s = g.start_state(0).expect("start");
    let each = lay_all(&g, &mut s);
    assert_eq!(
        each,
        vec![1, 0],
        "red lays the middle segment, blue finds no room"
    );
    let end = g.status(&s, &mut g.scratch()).expect("the game ends");
    assert_eq!(
        end.ending,
        "the table is full: 3 segments could not be laid (raise the option table)"
    );
    assert_eq!(end.scores, vec![0.5, 0.5], "no game was played: a draw");
}
