//! `tessel moves`: the legal decisions in a position, in the game's notation.

use super::game::{decisions, start, GameArgs, StartArgs};
use clap::Args;
use std::process::ExitCode;

/// List the legal moves in the game's notation.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  tessel moves chess\n  tessel moves chess --position '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'"
)]
pub struct Moves {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    start: StartArgs,
    /// Print a JSON array.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Moves) -> Result<ExitCode, ExitCode> {
    let (g, s) = start(&args.game, &args.start, 0)?;
    let mut scratch = g.scratch();
    let moves = decisions(&g, &s, &mut scratch)?;
    let texts: Vec<String> = moves
        .iter()
        .map(|m| {
            if m.is_chance() {
                g.chance_text(&s, *m)
            } else {
                g.move_text_among(&moves, *m)
            }
        })
        .collect();
    if args.json {
        out!("{}", serde_json::to_string(&texts).unwrap_or_default());
    } else {
        for t in &texts {
            out!("{t}");
        }
        if let Some(o) = g.status(&s, &mut scratch) {
            out!("(the game is over: {})", o.ending);
        }
    }
    Ok(ExitCode::SUCCESS)
}
