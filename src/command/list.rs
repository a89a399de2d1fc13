//! `tessel list`: the bundled games, a name and a title each.

use clap::Args;
use std::process::ExitCode;

/// List the bundled games.
#[derive(Args)]
#[command(after_help = "Example:\n  tessel list")]
pub struct List {}

pub fn run(_: List) -> Result<ExitCode, ExitCode> {
    for (name, title) in tessel::bundle::list() {
        out!("{name:<16} {title}");
    }
    Ok(ExitCode::SUCCESS)
}
