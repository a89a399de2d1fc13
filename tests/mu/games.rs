//! Whole seeded games, and the board at rest after every turn.

use super::*;

fn random_game(players: &str, seed: u64) -> (String, u64) {
    let g = common::load(
        "rulesets/mu.tessel",
        &[("setup", "random"), ("players", players)],
    );
    let mut s = g.start_state(seed).expect("start");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut scratch = g.scratch();
    let o = g
        .random_playout(&mut s, &mut rng, 400_000, &mut scratch)
        .expect("the game ends");
    (o.ending, s.ply as u64)
}

#[test]
fn seeded_random_games_for_two_players_end() {
    for seed in 1..3 {
        let (ending, plies) = random_game("2", seed);
        assert_eq!(ending, "every player passed", "seed {seed}");
        assert!(plies > 100);
        assert_eq!(random_game("2", seed), (ending, plies), "replayable");
    }
}

#[test]
fn a_seeded_random_game_for_six_players_ends() {
    let (ending, _) = random_game("6", 1);
    assert_eq!(ending, "every player passed");
}

#[test]
fn at_the_end_of_every_turn_the_board_is_at_rest() {
    // A whole random game: whenever a turn ends, no man stands Out of Bounds, every column
    // is of one colour, and every cell holds less than it would explode with (the Wall: no
    // more than its capacity).
    use rand::Rng;
    let g = common::load(
        "rulesets/mu.tessel",
        &[("setup", "random"), ("players", "3")],
    );
    let mut s = g.start_state(4).expect("start");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
    let mut scratch = g.scratch();
    let mut moves = Vec::new();
    let n = g.board.cells();
    let neighbours =
        |c: usize| -> Vec<usize> { g.board.neighbours(c as u16).map(|t| t as usize).collect() };
    let mut turns_checked = 0;
    for _ in 0..200_000 {
        if let Some(m) = g.sample_chance(&mut s) {
            g.apply(&mut s, m);
            continue;
        }
        if g.status(&s, &mut scratch).is_some() {
            break;
        }
        g.decisions(&s, &mut scratch, &mut moves);
        let m = moves[rng.random_range(0..moves.len())];
        let turns = s.turns;
        g.apply(&mut s, m);
        if s.turns == turns || stage(&g, &s) != 2 {
            continue;
        }
        turns_checked += 1;
        for c in 0..n {
            let layer = g.var(&s, "layer", c).expect("layer");
            let around = |want: &[i64]| {
                neighbours(c)
                    .into_iter()
                    .filter(|&t| want.contains(&g.var(&s, "layer", t).unwrap_or(0)))
                    .count()
            };
            let top = s.cells[c];
            let under: Vec<_> = s
                .buried
                .iter()
                .filter(|(bc, _)| *bc as usize == c)
                .collect();
            let height = if top.is_none() { 0 } else { 1 + under.len() };
            if height == 0 {
                continue;
            }
            assert_ne!(layer, 0, "a man Out of Bounds");
            assert!(
                under.iter().all(|(_, p)| p.owner() == top.owner()),
                "a column of two colours"
            );
            match layer {
                1 => assert!(height < around(&[1]), "virgin cell at capacity"),
                2 => assert!(
                    height < around(&[1, 2]).max(1),
                    "Commonwealth cell at capacity"
                ),
                _ => assert!(height <= around(&[3]), "Wall cell over capacity"),
            }
        }
    }
    assert!(turns_checked > 100, "{turns_checked} turns");
}
