//! `tessel bench`: a ruleset's speed, perft nodes and random playouts per second.

use super::game::{plugin_check, start, GameArgs, StartArgs};
use clap::Args;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::process::ExitCode;
use std::time::Instant;

/// Measure a ruleset's speed: perft nodes per second and random playouts per second.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel bench chess\n  tessel bench chess --depth 5 --games 500 --json"
)]
pub struct Bench {
    #[command(flatten)]
    game: GameArgs,
    /// Perft depth.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Random playouts to time.
    #[arg(long, default_value_t = 200)]
    games: u64,
    #[command(flatten)]
    start: StartArgs,
    #[arg(long)]
    json: bool,
}

pub fn run(args: Bench) -> Result<ExitCode, ExitCode> {
    let Bench {
        game,
        depth,
        games,
        start: at,
        json,
    } = args;
    let (g, s) = start(&game, &at, 0)?;
    let t = Instant::now();
    let nodes = g.perft(&s, depth);
    let perft_secs = t.elapsed().as_secs_f64();
    plugin_check(&g)?;
    let mut scratch = g.scratch();
    let t = Instant::now();
    let mut plies = 0u64;
    for i in 0..games {
        let mut st = s.clone();
        st.reseed(i);
        let mut rng = Pcg64Mcg::seed_from_u64(i);
        g.random_playout(&mut st, &mut rng, 10_000, &mut scratch);
        plies += (st.ply - s.ply) as u64;
        plugin_check(&g)?;
    }
    let play_secs = t.elapsed().as_secs_f64();
    let per = |n: f64, secs: f64| if secs > 0.0 { n / secs } else { 0.0 };
    if json {
        out!(
            "{}",
            serde_json::json!({
                "depth": depth, "nodes": nodes, "nodes_per_second": per(nodes as f64, perft_secs).round(),
                "games": games, "playouts_per_second": per(games as f64, play_secs),
                "decisions_per_second": per(plies as f64, play_secs).round(),
            })
        );
    } else {
        out!(
            "{}: perft({depth}) {nodes} nodes, {:.2}M nodes/s",
            g.program.title,
            per(nodes as f64, perft_secs) / 1e6
        );
        out!(
            "{games} random playouts: {:.0} playouts/s, {:.2}M decisions/s, mean {:.1} decisions",
            per(games as f64, play_secs),
            per(plies as f64, play_secs) / 1e6,
            plies as f64 / games.max(1) as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}
