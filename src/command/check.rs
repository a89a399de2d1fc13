//! `tessel check`: a ruleset's diagnostics (exit 0 when clean, 1 with diagnostics).

use super::game::{parse_options, report, stop, GameArgs};
use clap::Args;
use std::process::ExitCode;

/// Check a ruleset: exit 0 when clean, 1 with diagnostics.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel check rulesets/chess.tessel\n  tessel check chess --option fifty=0"
)]
pub struct Check {
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: Check) -> Result<ExitCode, ExitCode> {
    let game = args.game;
    let options = parse_options(&game.options).map_err(stop)?;
    let (sources, diags) = tessel::check(&game.file, &options).map_err(stop)?;
    if diags.is_empty() {
        out!("{}: ok", game.file);
        Ok(ExitCode::SUCCESS)
    } else {
        report(&sources, &diags);
        Ok(ExitCode::from(1))
    }
}
