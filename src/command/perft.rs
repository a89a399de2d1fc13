//! `tessel perft`: decision sequences counted to a depth, in all or per first move.

use super::game::{plugin_check, start, GameArgs, StartArgs};
use clap::Args;
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;

/// From this depth on, perft shows a progress bar (on a terminal).
const DEEP: u32 = 4;

/// Count decision sequences to a depth (perft). Ctrl-C stops the count and reports the
/// first decisions counted (exit code 130).
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
    /// Print `{"depth":N,"nodes":N,"seconds":S,"nps":R,"interrupted":false}`.
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
    tessel::progress::catch_interrupt();
    let (g, s) = start(&game, &at, 0)?;
    let t = Instant::now();
    // A deep count shows its progress by first decisions on a terminal.
    let bar = (depth >= DEEP).then(|| tessel::progress::Progress::new(0, "first decisions"));
    let mut all = Vec::new();
    let mut tmp = g.empty_state(0);
    if divide {
        g.legal_moves(&s, &mut all, &mut tmp);
    }
    let mut parts: Vec<(String, u64)> = Vec::new();
    let (nodes, complete) = tessel::speed::perft_parts(
        &g,
        &s,
        depth,
        |n| {
            if let Some(b) = &bar {
                b.restart(n as u64);
            }
        },
        |m, n| {
            if let Some(b) = &bar {
                b.inc(1);
            }
            if divide {
                parts.push((g.move_text_among(&all, m), n));
            }
        },
    );
    drop(bar);
    if !json {
        for (m, n) in &parts {
            out!("{m}: {n}");
        }
    }
    if !complete {
        err!("interrupted: the count below is of the first decisions counted so far");
    }
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
            /// Stopped by Ctrl-C: `nodes` counts the first decisions finished.
            interrupted: bool,
        }
        out!(
            "{}",
            serde_json::to_string(&Out {
                depth,
                nodes,
                seconds: secs,
                nps: nps.round(),
                interrupted: !complete,
            })
            .unwrap_or_default()
        );
    } else {
        out!(
            "perft {depth}: {nodes} nodes in {secs:.3}s ({:.0} nodes/s)",
            nps
        );
    }
    if !complete {
        return Ok(ExitCode::from(tessel::progress::INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}
