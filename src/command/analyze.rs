//! `tessel analyze`: seeded games between agents on every core, their win rates, draws,
//! lengths and branching, and (with `--records`) every game's record.

use super::game::{parse_options, plugin_check, start, stop, GameArgs, StartArgs};
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;

/// Play seeded games between agents on every core: win rates, draws, lengths, branching.
/// Ctrl-C stops the run and reports the games finished (exit code 130).
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel analyze chess --games 1000 --seed 1 --agents random,random\n  tessel analyze chess --games 20 --agents normal,random --playouts 200 --json\n  tessel analyze chess --games 20 --agents strong,greedy --think 1\n\nAgents: random, greedy, easy (100 playouts), normal or mcts (a search: --think 2 s\nunless --playouts is given), strong (three times the time, four times the playouts).\nEach game runs on one core (--threads 1) unless --threads says otherwise."
)]
pub struct Analyze {
    #[command(flatten)]
    game: GameArgs,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// One agent per seat, in seat order (random, greedy, easy, normal, mcts, strong), or
    /// one for every seat.
    #[arg(long, default_value = "random")]
    agents: String,
    #[command(flatten)]
    budget: super::agents::AgentArgs,
    #[command(flatten)]
    start: StartArgs,
    /// Stop a game that has not ended after this many decisions (counted as unfinished).
    #[arg(long, default_value_t = 10_000)]
    max_plies: u32,
    /// Save every game's record (JSON, for `tessel replay`) in this folder.
    #[arg(long, value_name = "DIR")]
    records: Option<std::path::PathBuf>,
    #[arg(long)]
    json: bool,
}

pub fn run(args: Analyze) -> Result<ExitCode, ExitCode> {
    let Analyze {
        game,
        games,
        seed,
        agents,
        budget,
        start: at,
        max_plies,
        records,
        json,
    } = args;
    let (g, start) = start(&game, &at, seed)?;
    let options = parse_options(&game.options).unwrap_or_default();
    let shelf = records.as_ref().map(|dir| tessel::analysis::Records {
        dir,
        ruleset: &game.file,
        options: &options,
        position: at.position.as_deref(),
    });
    if let Some(r) = &shelf {
        r.make().map_err(stop)?;
    }
    let budget = tessel_interpreter::agent::Budget {
        playouts: budget.playouts,
        think: budget.think,
        depth: budget.depth,
        threads: budget.threads.unwrap_or(1),
    };
    let agents = tessel::analysis::seat_agents(&g, &agents, budget).map_err(stop)?;
    tessel::progress::catch_interrupt();
    let t = Instant::now();
    let bar = tessel::progress::Progress::new(games, "games");
    // Each record is saved as its game ends, so that a run stopped early keeps them.
    let save = |p: &tessel::analysis::Played| {
        bar.inc(1);
        if let Some(Err(e)) = shelf.as_ref().map(|r| r.save(&g, p)) {
            err!("warning: {e}");
        }
    };
    let played = tessel::analysis::play_many_then(
        &g,
        &start,
        &agents,
        games,
        seed,
        max_plies,
        records.is_some(),
        &save,
    );
    drop(bar);
    let stopped = tessel::progress::interrupted();
    if stopped {
        err!(
            "interrupted: {} of {games} games finished; the figures below are theirs{}",
            played.len(),
            if records.is_some() {
                ", and their records are saved"
            } else {
                ""
            }
        );
    }
    // A plug-in that failed stops the analysis: no figures from broken games.
    plugin_check(&g)?;
    let secs = t.elapsed().as_secs_f64();
    let r = tessel::analysis::report(&g, &agents, seed, &played);
    if json {
        out!(
            "{}",
            tessel::analysis::report_json(&r, played.len(), secs, stopped)
        );
    } else {
        out!(
            "{} games of {} from seed {seed} ({:.1}s):",
            r.games,
            r.game,
            secs
        );
        for seat in &r.seats {
            let w = &seat.win_rate;
            let d = &seat.seconds_per_decision;
            out!(
                "  {:<10} {:<7} wins {:>6}  {:>5.1}%  (95% CI {:.1}–{:.1}%)  {:.3} s a decision (median {:.3})",
                seat.player,
                seat.agent,
                seat.wins,
                w.rate * 100.0,
                w.low * 100.0,
                w.high * 100.0,
                d.mean,
                d.median
            );
        }
        let d = &r.draw_rate;
        out!(
            "  draws {:>6}  {:>5.1}%  (95% CI {:.1}–{:.1}%); unfinished {}",
            r.draws,
            d.rate * 100.0,
            d.low * 100.0,
            d.high * 100.0,
            r.unfinished
        );
        out!(
            "  length in turns: mean {:.1}, median {}, p90 {}; mean {:.1} decisions",
            r.turns.mean,
            r.turns.median,
            r.turns.p90,
            r.mean_plies
        );
        out!("  mean branching factor {:.1}", r.mean_branching);
        if let Some(rounds) = &r.rounds {
            out!(
                "  rounds per game: mean {:.2}, median {}, p90 {}",
                rounds.mean,
                rounds.median,
                rounds.p90
            );
        }
        if let Some(p) = &r.people {
            out!("  people (who plays which side changes between rounds):");
            out!(
                "    rounds won by side: {}; {} rounds",
                tallies(&p.round_wins_by_side),
                p.rounds
            );
            out!(
                "    first rounds won by side: {}",
                tallies(&p.first_round_wins_by_side)
            );
            out!(
                "    rounds won by person: {}",
                tallies(&p.round_wins_by_person)
            );
            out!(
                "    matches won by person: {}",
                tallies(&p.match_wins_by_person)
            );
            let w = &p.starter_match_wins;
            out!(
                "    the person who began{} won {} of {} matches ({:.1}%, 95% CI {:.1}–{:.1}%)",
                p.starter_side
                    .as_ref()
                    .map(|s| format!(" at {s}"))
                    .unwrap_or_default(),
                w.wins,
                r.games,
                w.rate.rate * 100.0,
                w.rate.low * 100.0,
                w.rate.high * 100.0
            );
        }
        for (k, v) in &r.endings {
            out!("  {v:>7}  {k}");
        }
    }
    if stopped {
        return Ok(ExitCode::from(tessel::progress::INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

/// Wins as `black 12 (55.0%, 95% CI 48.1–61.7%), white …`.
fn tallies(each: &[tessel::analysis::Tally]) -> String {
    each.iter()
        .map(|t| {
            format!(
                "{} {} ({:.1}%, 95% CI {:.1}–{:.1}%)",
                t.name,
                t.wins,
                t.rate.rate * 100.0,
                t.rate.low * 100.0,
                t.rate.high * 100.0
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}
