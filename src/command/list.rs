//! `tessel list`: the bundled games, each with its title, players and summary line.

use clap::Args;
use std::process::ExitCode;

/// List the bundled games: name, players, title and summary.
#[derive(Args)]
#[command(after_help = "Examples:\n  tessel list\n  tessel list --json\n  tessel rules muso")]
pub struct List {
    /// Print `{"games":[{"name","title","players":{"min","max"},"summary"}]}`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: List) -> Result<ExitCode, ExitCode> {
    let games = tessel::bundle::games();
    if args.json {
        out!("{}", serde_json::json!({ "games": games }));
        return Ok(ExitCode::SUCCESS);
    }
    // The names in a column as wide as the longest.
    let width = games
        .iter()
        .map(|g| g.name.chars().count())
        .max()
        .unwrap_or(0);
    for g in games {
        let players = format!("{} players", g.players);
        let summary = if g.summary.is_empty() {
            String::new()
        } else {
            format!(" — {}", g.summary)
        };
        out!("{:<width$} {players:<12} {}{summary}", g.name, g.title);
    }
    Ok(ExitCode::SUCCESS)
}
