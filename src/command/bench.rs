//! `tessel bench`: a ruleset's speed — perft nodes, random playouts and decisions a
//! second — or the whole speed suite (`--all`, benches/suite.txt) as a table or JSON.

use super::game::{load_game, report, stop, GameArgs, StartArgs};
use clap::Args;
use std::process::ExitCode;
use tessel::speed::{self, Figures};

/// Measure speed: perft nodes per second and random playouts per second, for one ruleset
/// or (with --all) every bundled ruleset and its main option sets. Ctrl-C stops the run
/// and reports what was measured (exit code 130).
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel bench chess\n  tessel bench chess --depth 5 --games 500 --json\n  tessel bench --all\n  tessel bench --all --json > speed.json"
)]
pub struct Bench {
    /// A rules file, or the name of a bundled game (see `tessel list`); not with --all.
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    file: Option<String>,
    /// Set a ruleset option, e.g. `--option fifty=0`. Repeatable.
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Perft depth.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Random playouts to time.
    #[arg(long, default_value_t = 200)]
    games: u64,
    #[command(flatten)]
    start: StartArgs,
    /// Every entry of the speed suite (benches/suite.txt): each bundled ruleset with its
    /// main option sets, at the suite's depths and playouts.
    #[arg(long)]
    all: bool,
    #[arg(long)]
    json: bool,
}

pub fn run(args: Bench) -> Result<ExitCode, ExitCode> {
    tessel::progress::catch_interrupt();
    let done = if args.all { all(args.json) } else { one(args) };
    if done.is_ok() && tessel::progress::interrupted() {
        err!("interrupted: the figures above are of the work finished");
        return Ok(ExitCode::from(tessel::progress::INTERRUPTED));
    }
    done
}

/// One ruleset's figures.
fn one(args: Bench) -> Result<ExitCode, ExitCode> {
    let game = GameArgs {
        file: args.file.unwrap_or_default(),
        options: args.options,
    };
    let g = load_game(&game)?;
    let s = super::game::initial(&g, &args.start, 0)?;
    let f = speed::measure_from(&g, &s, args.depth, args.games).map_err(stop)?;
    if args.json {
        out!(
            "{}",
            serde_json::json!({
                "depth": f.depth, "nodes": f.nodes, "nodes_per_second": f.nodes_per_second.round(),
                "games": f.playouts, "playouts_per_second": f.playouts_per_second,
                "decisions_per_second": f.decisions_per_second.round(),
            })
        );
    } else {
        out!(
            "{}: perft({}) {} nodes, {:.2}M nodes/s",
            f.game,
            f.depth,
            f.nodes,
            f.nodes_per_second / 1e6
        );
        out!(
            "{} random playouts: {:.0} playouts/s, {:.2}M decisions/s, mean {:.1} decisions",
            f.playouts,
            f.playouts_per_second,
            f.decisions_per_second / 1e6,
            f.mean_decisions
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The whole suite, one line an entry, with each entry's time a decision against chess's.
fn all(json: bool) -> Result<ExitCode, ExitCode> {
    let entries = speed::suite(speed::SUITE).map_err(stop)?;
    let mut rows: Vec<(String, Figures)> = Vec::new();
    if !json {
        out!(
            "{:<40} {:>12} {:>11} {:>13} {:>10} {:>9}",
            "ruleset and options",
            "perft n/s",
            "playouts/s",
            "decisions/s",
            "decisions",
            "vs chess"
        );
    }
    for e in &entries {
        if tessel::progress::interrupted() {
            break;
        }
        let loaded = tessel::load(&e.ruleset, &e.options).map_err(stop)?;
        let c = loaded.compiled;
        let Some(program) = c.program else {
            report(&c.sources, &c.diagnostics);
            return Err(stop(format!("{} does not compile", e.label())));
        };
        let g = tessel_interpreter::Game::new(program);
        let f = speed::measure(&g, e.depth, e.playouts)
            .map_err(|m| stop(format!("{}: {m}", e.label())))?;
        let chess = rows
            .iter()
            .find(|(label, _)| label == "chess")
            .map(|(_, c)| c.decisions_per_second);
        if !json {
            let ratio = match chess {
                Some(c) if f.decisions_per_second > 0.0 => {
                    format!("{:.1}x", c / f.decisions_per_second)
                }
                _ => "-".to_string(),
            };
            out!(
                "{:<40} {:>12.0} {:>11.1} {:>13.0} {:>10.0} {:>9}",
                e.label(),
                f.nodes_per_second,
                f.playouts_per_second,
                f.decisions_per_second,
                f.mean_decisions,
                ratio
            );
        }
        rows.push((e.label(), f));
    }
    if json {
        let list: Vec<_> = rows
            .iter()
            .map(|(label, f)| serde_json::json!({"entry": label, "figures": f}))
            .collect();
        out!("{}", serde_json::to_string(&list).unwrap_or_default());
    }
    Ok(ExitCode::SUCCESS)
}
