//! `tessel perft`: decision sequences counted to a depth, in all or per first move.

use super::game::{plugin_check, start, GameArgs, StartArgs};
use clap::Args;
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;

/// Count decision sequences to a depth (perft).
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel perft chess --depth 4\n  tessel perft chess --depth 3 --divide\n  tessel perft chess --depth 5 --json"
)]
pub struct Perft {
    #[command(flatten)]
    game: GameArgs,
    #[arg(long, short)]
    depth: u32,
    #[command(flatten)]
    start: StartArgs,
    /// Count per first move.
    #[arg(long)]
    divide: bool,
    /// Print `{"depth":N,"nodes":N,"seconds":S,"nps":R}`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Perft) -> Result<ExitCode, ExitCode> {
    let Perft {
        game,
        depth,
        start: at,
        divide,
        json,
    } = args;
    let (g, s) = start(&game, &at, 0)?;
    let t = Instant::now();
    let nodes = if divide {
        let parts = g.perft_divide(&s, depth);
        let mut all = Vec::new();
        let mut tmp = g.empty_state(0);
        g.legal_moves(&s, &mut all, &mut tmp);
        for (m, n) in &parts {
            if !json {
                out!("{}: {n}", g.move_text_among(&all, *m));
            }
        }
        parts.iter().map(|(_, n)| n).sum()
    } else {
        g.perft(&s, depth)
    };
    plugin_check(&g)?;
    let secs = t.elapsed().as_secs_f64();
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    if json {
        #[derive(Serialize)]
        struct Out {
            depth: u32,
            nodes: u64,
            seconds: f64,
            nps: f64,
        }
        out!(
            "{}",
            serde_json::to_string(&Out {
                depth,
                nodes,
                seconds: secs,
                nps: nps.round()
            })
            .unwrap_or_default()
        );
    } else {
        out!(
            "perft {depth}: {nodes} nodes in {secs:.3}s ({:.0} nodes/s)",
            nps
        );
    }
    Ok(ExitCode::SUCCESS)
}
