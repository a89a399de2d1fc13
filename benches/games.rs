//! The speed suite (benches/suite.txt) under criterion: for each bundled ruleset and main
//! option set, seeded random playouts (decisions a second is what a player and an analysis
//! feel) and a shallow perft. Compare a change with the commit before it in one run:
//! `cargo bench --bench games -- --save-baseline before` on the old commit, then
//! `cargo bench --bench games -- --baseline before` on the new.
//! One entry only: `cargo bench --bench games -- 'veney'`.

use criterion::{black_box, Criterion, Throughput};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::time::Duration;
use tessel_interpreter::Game;

/// Plays `games` seeded random games from the start; returns the decisions made.
fn playouts(g: &Game, games: u64) -> u64 {
    let start = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    let mut decisions = 0;
    for i in 0..games {
        let mut s = start.clone();
        s.reseed(i);
        let mut rng = Pcg64Mcg::seed_from_u64(i);
        g.random_playout(&mut s, &mut rng, 10_000, &mut scratch);
        decisions += u64::from(s.ply - start.ply);
    }
    decisions
}

fn main() {
    let entries = tessel::speed::suite(tessel::speed::SUITE).expect("the suite reads");
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for e in &entries {
        let loaded = tessel::load(&e.ruleset, &e.options).expect("found");
        let g = Game::new(loaded.compiled.program.expect("compiles"));
        let start = g.start_state(0).expect("start");
        // A fifth of the suite's playouts (at least one): the same games every run.
        let games = (e.playouts / 5).max(1);
        let decisions = playouts(&g, games);
        let mut group = c.benchmark_group(e.label());
        group.throughput(Throughput::Elements(decisions));
        group.bench_function(format!("{games} playouts"), |b| {
            b.iter(|| playouts(&g, black_box(games)))
        });
        group.throughput(Throughput::Elements(g.perft(&start, e.depth)));
        group.bench_function(format!("perft({})", e.depth), |b| {
            b.iter(|| g.perft(black_box(&start), e.depth))
        });
        group.finish();
    }
    c.final_summary();
}
