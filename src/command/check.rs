//! `tessel check`: a ruleset's diagnostics (exit 0 when clean, 1 with diagnostics), as
//! text or as JSON.

use super::game::{parse_options, report, stop, GameArgs};
use clap::Args;
use std::process::ExitCode;

/// Check a ruleset: exit 0 when clean, 1 with diagnostics.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel check rulesets/chess.tessel\n  tessel check chess --option fifty=0\n  tessel check my-game.tessel --json"
)]
pub struct Check {
    #[command(flatten)]
    game: GameArgs,
    /// Print `{"file","ok","errors","warnings","diagnostics":[…]}` on standard output
    /// (the shape is in docs/language.md, 4.2).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Check) -> Result<ExitCode, ExitCode> {
    let game = args.game;
    let options = parse_options(&game.options).map_err(stop)?;
    let (sources, diags) = tessel::check(&game.file, &options).map_err(stop)?;
    let code = if diags.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    if args.json {
        out!(
            "{}",
            tessel::diagnostics::to_json(&game.file, &sources, &diags)
        );
    } else if diags.is_empty() {
        out!("{}: ok", game.file);
    } else {
        report(&sources, &diags);
    }
    Ok(code)
}
