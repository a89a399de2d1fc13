//! `tessel random`: seeded random games, their results, mean length and playouts per second.

use super::game::{plugin_check, start, GameArgs, StartArgs};
use clap::Args;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;
use tessel_interpreter::{Game, State};

/// Play seeded random games: results, mean length, playouts per second. Ctrl-C stops the
/// run and reports the games finished (exit code 130).
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel random chess --games 1000 --seed 1\n  tessel random chess --games 10 --seed 7 --json"
)]
pub struct Random {
    #[command(flatten)]
    game: GameArgs,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    start: StartArgs,
    /// Stop a game that has not ended after this many decisions (reported as unfinished).
    #[arg(long, default_value_t = 10_000)]
    max_plies: u32,
    /// Print a JSON object whose `games` array holds each game's result and length.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Random) -> Result<ExitCode, ExitCode> {
    tessel::progress::catch_interrupt();
    let (g, s0) = start(&args.game, &args.start, args.seed)?;
    random_games(&g, &s0, args.games, args.seed, args.max_plies, args.json)?;
    if tessel::progress::interrupted() {
        return Ok(ExitCode::from(tessel::progress::INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct GameRecord {
    seed: u64,
    result: String,
    winner: Option<String>,
    plies: u32,
}

/// Plays one seeded random game to its end (or the ply limit).
fn random_game(
    g: &Game,
    s0: &State,
    seed: u64,
    max_plies: u32,
    scratch: &mut tessel_interpreter::Scratch,
) -> GameRecord {
    let mut s = s0.clone();
    s.reseed(seed);
    let mut agent = Pcg64Mcg::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15);
    let start_ply = s.ply;
    let outcome = g.random_playout(&mut s, &mut agent, max_plies, scratch);
    let plies = s.ply - start_ply;
    match outcome {
        Some(o) => GameRecord {
            seed,
            winner: o.winner().map(|w| g.program.players[w].clone()),
            result: o.ending,
            plies,
        },
        None if plies >= max_plies => GameRecord {
            seed,
            result: "unfinished".into(),
            winner: None,
            plies,
        },
        None => GameRecord {
            seed,
            result: "no legal move".into(),
            winner: None,
            plies,
        },
    }
}

/// Plays and reports the games; stops at the first game a plug-in failed in, and after
/// Ctrl-C (reporting the games finished).
fn random_games(
    g: &Game,
    s0: &State,
    asked: u64,
    seed: u64,
    max_plies: u32,
    json: bool,
) -> Result<(), ExitCode> {
    let t = Instant::now();
    let mut scratch = g.scratch();
    let mut records: Vec<GameRecord> = Vec::new();
    let bar = tessel::progress::Progress::new(asked, "games");
    for i in 0..asked {
        if tessel::progress::interrupted() {
            break;
        }
        bar.inc(1);
        records.push(random_game(
            g,
            s0,
            seed.wrapping_add(i),
            max_plies,
            &mut scratch,
        ));
        plugin_check(g).inspect_err(|_| {
            err!(
                "(stopped in game {} of {asked}, seed {})",
                i + 1,
                seed.wrapping_add(i)
            );
        })?;
    }
    drop(bar);
    let secs = t.elapsed().as_secs_f64();
    let n = records.len() as u64;
    let stopped = tessel::progress::interrupted();
    if stopped {
        err!("interrupted: {n} of {asked} games finished; the figures below are theirs");
    }
    let mut tally: std::collections::BTreeMap<String, u64> = Default::default();
    for r in &records {
        let key = match &r.winner {
            Some(w) => format!("{} ({w} wins)", r.result),
            None => r.result.clone(),
        };
        *tally.entry(key).or_default() += 1;
    }
    let mean = if n > 0 {
        records.iter().map(|r| r.plies as f64).sum::<f64>() / n as f64
    } else {
        0.0
    };
    let rate = if secs > 0.0 { n as f64 / secs } else { 0.0 };
    if json {
        #[derive(Serialize)]
        struct Out<'a> {
            games: &'a [GameRecord],
            tally: &'a std::collections::BTreeMap<String, u64>,
            mean_plies: f64,
            seconds: f64,
            playouts_per_second: f64,
            /// Stopped by Ctrl-C: the figures are those of the games finished.
            interrupted: bool,
        }
        out!(
            "{}",
            serde_json::to_string(&Out {
                games: &records,
                tally: &tally,
                mean_plies: mean,
                seconds: secs,
                playouts_per_second: rate,
                interrupted: stopped,
            })
            .unwrap_or_default()
        );
    } else {
        out!("{n} games of {} from seed {seed}:", g.program.title);
        for (k, v) in &tally {
            out!("  {v:>7}  {k}");
        }
        out!("mean length {mean:.1} plies; {rate:.0} playouts/s");
    }
    Ok(())
}
