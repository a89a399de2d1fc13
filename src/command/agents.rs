//! What `play` and `analyze` share about the computer's agents: the flags of the search
//! budget (`--playouts`, `--think`, `--depth`, `--threads`) and reading an agent's level.

use clap::Args;
use tessel_interpreter::agent::{Agent, Budget};

/// The levels, for `--ai` and `--agents`.
pub const NAMES: [&str; 6] = ["random", "greedy", "easy", "normal", "mcts", "strong"];

/// The search's budget. With `--playouts` and no `--think` there is no time budget, and a
/// seeded game replays exactly; a time budget is not replay-exact (how far a search gets in
/// the time depends on the machine and its load).
#[derive(Args, Clone, Debug)]
pub struct AgentArgs {
    /// Playouts per decision for the search (normal, mcts; strong makes four times as
    /// many). Given without --think, it is the whole budget and games replay exactly.
    #[arg(long)]
    pub playouts: Option<u32>,
    /// Seconds per decision for the search (default 2 unless --playouts is given; 0 for
    /// none; strong thinks three times as long). It stops at whichever of --playouts and
    /// --think comes first.
    #[arg(long, value_name = "SECONDS")]
    pub think: Option<f64>,
    /// Decisions a playout makes before the position is estimated by the ruleset's
    /// `score` (default 8; 0 plays every playout to the end).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Workers of the search, each with a tree of its own (0: every core). With a seed,
    /// a playout count and the same number of threads, a game replays exactly.
    #[arg(long)]
    pub threads: Option<usize>,
}

impl AgentArgs {
    /// The agent `name` with this budget; `threads` when --threads is not given.
    pub fn agent(&self, name: &str, threads: usize) -> Result<Agent, String> {
        if let Some(t) = self.think.filter(|t| !t.is_finite() || *t < 0.0) {
            return Err(format!(
                "--think {t}: give the seconds per decision as a number, 0 or more"
            ));
        }
        Agent::parse(
            name,
            Budget {
                playouts: self.playouts,
                think: self.think,
                depth: self.depth,
                threads: self.threads.unwrap_or(threads),
            },
        )
    }
}
