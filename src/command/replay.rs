//! `tessel replay`: a game record (JSON, or a game text with `--rules`) replayed decision
//! by decision, then shown as its decisions and final position, as JSON, or as a game text.

use super::game::{load_game, parse_options, position_arg, stop, GameArgs};
use clap::Args;
use serde::Serialize;
use std::process::ExitCode;
use tessel::render;

/// Replay a game record: check every decision and show the final position.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel play chess --record game.json\n  tessel replay game.json\n  tessel replay game.json --json\n  tessel replay game.json --text > game.txt\n  tessel replay game.txt --rules muso --text"
)]
pub struct Replay {
    /// The record: JSON, as written by `tessel play --record`, or a game text in the
    /// ruleset's notation (with `--rules`).
    record: std::path::PathBuf,
    /// Use this rules file instead of the one the record names (needed for a game text).
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
    /// An option for a game text's ruleset, `NAME=VALUE` (repeatable).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Print the final position and result as JSON.
    #[arg(long)]
    json: bool,
    /// Print the game as a text in the ruleset's notation (opening, numbered moves,
    /// result).
    #[arg(long)]
    text: bool,
    /// The position a game text starts from, instead of the ruleset's start (`@FILE`:
    /// the string kept in a file). JSON records keep their own.
    #[arg(long)]
    position: Option<String>,
}

pub fn run(args: Replay) -> Result<ExitCode, ExitCode> {
    let Replay {
        record,
        rules,
        options,
        json,
        text,
        position,
    } = args;
    let raw =
        tessel::files::read_text(&record, tessel::files::MAX_RECORD, "the record").map_err(stop)?;
    let rec = if raw.trim_start().starts_with('{') {
        tessel::record::Record::load(&record).map_err(stop)?
    } else {
        // A game text in the ruleset's notation.
        let Some(rules) = &rules else {
            err!(
                "error: {} is not a JSON record; for a game text, name its rules with --rules",
                record.display()
            );
            return Err(ExitCode::from(2));
        };
        let opts = parse_options(&options).map_err(|e| {
            err!("error: {e}");
            ExitCode::from(2)
        })?;
        let g = load_game(&GameArgs {
            file: rules.clone(),
            options: options.clone(),
        })?;
        let start = position
            .as_deref()
            .map(position_arg)
            .transpose()
            .map_err(|e| {
                err!("error: {e}");
                ExitCode::from(2)
            })?;
        tessel::record::from_game_text(&g, rules, &opts, start, &raw)
            .map_err(|e| stop(format!("{}: {e}", record.display())))?
    };
    let args = GameArgs {
        file: rules.clone().unwrap_or_else(|| rec.ruleset.clone()),
        options: rec
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
    };
    let g = load_game(&args)?;
    let (before, s) =
        tessel::record::replay(&g, &rec).map_err(|e| stop(format!("{}: {e}", record.display())))?;
    if text {
        let t = tessel::record::game_text(&g, &rec)
            .map_err(|e| stop(format!("{}: {e}", record.display())))?;
        out_part!("{t}");
        return Ok(ExitCode::SUCCESS);
    }
    let mut scratch = g.scratch();
    let status = g.status(&s, &mut scratch);
    let result = status.as_ref().map(|o| {
        let who = o
            .winner()
            .map(|w| format!("{} wins", g.program.players[w]))
            .unwrap_or_else(|| "no winner".into());
        format!("{}: {who}", o.ending)
    });
    // A game the players ended (a resignation, a draw agreed) ends so on replay too.
    let result = result.or_else(|| {
        rec.agreed
            .as_deref()
            .and_then(|a| tessel::record::agreed_result(&g, a))
    });
    if json {
        #[derive(Serialize)]
        struct Decision<'a> {
            by: String,
            text: &'a str,
            /// The round it was made in, from 1 (`restart` begins a new one).
            round: u32,
        }
        #[derive(Serialize)]
        struct Out<'a> {
            decisions: usize,
            position: String,
            result: &'a Option<String>,
            moves: Vec<Decision<'a>>,
            /// The final values of the shared and per-player variables.
            variables: std::collections::BTreeMap<String, serde_json::Value>,
        }
        let mut variables = std::collections::BTreeMap::new();
        for v in &g.program.vars {
            if v.per_cell {
                continue;
            }
            let value = if v.per_player {
                serde_json::json!((0..g.players())
                    .map(|p| g.var(&s, &v.name, p).unwrap_or(0))
                    .collect::<Vec<i64>>())
            } else {
                serde_json::json!(g.var(&s, &v.name, 0).unwrap_or(0))
            };
            variables.insert(v.name.clone(), value);
        }
        let moves = before
            .iter()
            .zip(&rec.decisions)
            .map(|(b, text)| Decision {
                by: if g.chance_outcomes(b).is_some() {
                    "chance".to_string()
                } else {
                    g.program.players[b.to_move as usize].clone()
                },
                text,
                round: b.rounds + 1,
            })
            .collect();
        out!(
            "{}",
            serde_json::to_string(&Out {
                decisions: before.len(),
                position: g.position_string(&s),
                result: &result,
                moves,
                variables,
            })
            .unwrap_or_default()
        );
    } else {
        for (i, (b, text)) in before.iter().zip(&rec.decisions).enumerate() {
            let who = if g.chance_outcomes(b).is_some() {
                "chance".to_string()
            } else {
                g.program.players[b.to_move as usize].clone()
            };
            out!("{:>4}. {who}: {text}", i + 1);
        }
        out_part!("\n{}", render::board(&g, &s));
        out!("{}", g.position_string(&s));
        match result {
            Some(r) => out!("Game over: {r}."),
            None => out!("The game goes on."),
        }
    }
    Ok(ExitCode::SUCCESS)
}
