//! Chess perft(4) and random playouts by the Tessel interpreter beside the same work by
//! the hand-written `shakmaty` crate, and the ratio of the two.
//! Run: `cargo bench --bench perft`.

use criterion::{black_box, Criterion};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use shakmaty::{Chess, Position};
use std::time::Instant;
use tessel_interpreter::Game;

fn chess() -> Game {
    let loaded = tessel::load("rulesets/chess.tessel", &[]).expect("chess is found");
    Game::new(loaded.compiled.program.expect("chess compiles"))
}

/// Random games by tessel, with the ruleset's defaults (fifty-move rule, 600-ply limit).
fn tessel_playouts(g: &Game, games: u64) -> u64 {
    let start = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    let mut plies = 0;
    for i in 0..games {
        let mut s = start.clone();
        let mut rng = Pcg64Mcg::seed_from_u64(i);
        g.random_playout(&mut s, &mut rng, u32::MAX, &mut scratch);
        plies += s.ply as u64;
    }
    plies
}

/// The same games by shakmaty: checkmate, stalemate, fifty-move rule at 100 plies, 600 plies.
fn shakmaty_playouts(games: u64) -> u64 {
    let mut plies = 0;
    for i in 0..games {
        let mut pos = Chess::default();
        let mut rng = Pcg64Mcg::seed_from_u64(i);
        let mut ply = 0u64;
        loop {
            if pos.halfmoves() >= 100 || ply >= 600 {
                break;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.random_range(0..moves.len())];
            pos.play_unchecked(m);
            ply += 1;
        }
        plies += ply;
    }
    plies
}

fn time<T>(f: impl Fn() -> T) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

fn main() {
    let g = chess();
    let start = g.start_state(0).expect("start");
    let mut c = Criterion::default().configure_from_args().sample_size(10);
    {
        let mut group = c.benchmark_group("chess perft(4)");
        group.bench_function("tessel", |b| b.iter(|| g.perft(black_box(&start), 4)));
        group.bench_function("shakmaty", |b| {
            b.iter(|| shakmaty::perft(black_box(&Chess::default()), 4))
        });
        group.finish();
    }
    {
        let mut group = c.benchmark_group("chess random playouts (20 games)");
        group.bench_function("tessel", |b| b.iter(|| tessel_playouts(&g, 20)));
        group.bench_function("shakmaty", |b| b.iter(|| shakmaty_playouts(20)));
        group.finish();
    }
    c.final_summary();

    // One line of figures for the README: rates and ratios, best of three runs.
    let nodes = 197_281f64;
    let t_tessel = time(|| g.perft(&start, 4));
    let t_shak = time(|| shakmaty::perft(&Chess::default(), 4));
    let games = 100f64;
    let p_tessel = time(|| tessel_playouts(&g, 100));
    let p_shak = time(|| shakmaty_playouts(100));
    println!(
        "perft(4): tessel {:.2}M nodes/s, shakmaty {:.2}M nodes/s (bulk-counted leaves), ratio {:.1}x",
        nodes / t_tessel / 1e6,
        nodes / t_shak / 1e6,
        t_tessel / t_shak
    );
    println!(
        "random playouts: tessel {:.0}/s, shakmaty {:.0}/s, ratio {:.1}x",
        games / p_tessel,
        games / p_shak,
        p_tessel / p_shak
    );
}
