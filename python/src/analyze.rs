//! `analyze` as the CLI's `tessel analyze --json` computes it, and the same cut into
//! shards: a shard plays the seeds `[first, first + count)` of a run and returns its
//! games; `merge_shards` puts the shards' games in seed order and reports on them as one
//! run would, so a sharded run's report is the single run's by construction.

use crate::game::compile;
use crate::{PositionError, TesselError};
use pyo3::prelude::*;
use serde::{Deserialize, Serialize};
use tessel::analysis::{Played, Thinking};
use tessel_interpreter::agent::Budget;
use tessel_interpreter::{Agent, Game as Engine, State as Inner};

/// What a run is: the ruleset, options, start, agents and their budget, as the CLI's flags.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Run {
    pub ruleset: String,
    pub options: Vec<(String, String)>,
    pub games: u64,
    pub seed: u64,
    pub agents: String,
    pub playouts: Option<u32>,
    pub think: Option<f64>,
    pub depth: Option<u32>,
    pub threads: Option<usize>,
    pub position: Option<String>,
    pub max_plies: Option<u32>,
    /// A folder for each game's record (`game-SEED.json`).
    pub records: Option<String>,
}

struct Ready {
    engine: Engine,
    start: Inner,
    agents: Vec<Agent>,
}

fn err(e: impl std::fmt::Display) -> PyErr {
    TesselError::new_err(e.to_string())
}

impl Run {
    fn read(json: &str) -> PyResult<Run> {
        let mut r: Run = serde_json::from_str(json).map_err(err)?;
        if r.agents.is_empty() {
            r.agents = "random".into();
        }
        Ok(r)
    }

    /// Where the records go, when asked for.
    fn shelf(&self) -> Option<tessel::analysis::Records<'_>> {
        self.records.as_ref().map(|dir| tessel::analysis::Records {
            dir: std::path::Path::new(dir),
            ruleset: &self.ruleset,
            options: &self.options,
            position: self.position.as_deref(),
        })
    }

    fn max_plies(&self) -> u32 {
        self.max_plies.unwrap_or(10_000)
    }

    /// The game, its start and the agents, as `tessel analyze` makes them.
    fn ready(&self) -> PyResult<Ready> {
        let engine = compile(&self.ruleset, &self.options)?;
        let start = match &self.position {
            None => engine.start_state(self.seed),
            Some(p) => engine.parse_position(p, self.seed),
        }
        .map_err(|e| PositionError::new_err(format!("{}\n  hint: {}", e.message, e.hint)))?;
        let budget = Budget {
            playouts: self.playouts,
            think: self.think,
            depth: self.depth,
            threads: self.threads.unwrap_or(1),
        };
        let agents = tessel::analysis::seat_agents(&engine, &self.agents, budget).map_err(err)?;
        if let Some(r) = self.shelf() {
            r.make().map_err(err)?;
        }
        Ok(Ready {
            engine,
            start,
            agents,
        })
    }

    /// Plays the games `[first, first + count)` of the run, saving their records.
    fn play(&self, r: &Ready, first: u64, count: u64) -> PyResult<Vec<Played>> {
        let shelf = self.shelf();
        let save = |p: &Played| {
            // As the CLI: a record that cannot be saved is a warning, not a failed run.
            if let Some(Err(e)) = shelf.as_ref().map(|s| s.save(&r.engine, p)) {
                eprintln!("warning: {e}");
            }
        };
        let played = tessel::analysis::play_many_then(
            &r.engine,
            &r.start,
            &r.agents,
            count,
            self.seed.wrapping_add(first),
            self.max_plies(),
            self.records.is_some(),
            &save,
        );
        if let Some(e) = r.engine.plugin_error() {
            return Err(crate::PluginError::new_err(e.to_string()));
        }
        Ok(played)
    }

    /// The report as `tessel analyze --json` prints it.
    fn report(&self, r: &Ready, played: &[Played], seconds: f64) -> String {
        let report = tessel::analysis::report(&r.engine, &r.agents, self.seed, played);
        tessel::analysis::report_json(&report, played.len(), seconds, false)
    }
}

/// One game as a shard sends it (all of `Played`, the thinking times included).
#[derive(Serialize, Deserialize)]
struct Wire {
    seed: u64,
    result: String,
    scores: Vec<f64>,
    winner: Option<usize>,
    turns: u32,
    plies: u32,
    choices: u64,
    decisions: u64,
    rounds: u32,
    round_winners: Vec<(usize, usize)>,
    starter: Option<(usize, usize)>,
    winner_person: Option<usize>,
    think: Vec<Vec<f64>>,
}

impl From<Played> for Wire {
    fn from(p: Played) -> Wire {
        Wire {
            seed: p.seed,
            result: p.result,
            scores: p.scores,
            winner: p.winner,
            turns: p.turns,
            plies: p.plies,
            choices: p.choices,
            decisions: p.decisions,
            rounds: p.rounds,
            round_winners: p.round_winners,
            starter: p.starter,
            winner_person: p.winner_person,
            think: p.think.0,
        }
    }
}

impl From<Wire> for Played {
    fn from(w: Wire) -> Played {
        Played {
            seed: w.seed,
            result: w.result,
            scores: w.scores,
            winner: w.winner,
            turns: w.turns,
            plies: w.plies,
            choices: w.choices,
            decisions: w.decisions,
            rounds: w.rounds,
            round_winners: w.round_winners,
            starter: w.starter,
            winner_person: w.winner_person,
            moves: Vec::new(),
            think: Thinking(w.think),
        }
    }
}

/// `tessel analyze --json` for the run described by `run` (JSON of its fields), on every
/// core of this machine; returns the same JSON text.
#[pyfunction]
pub fn analyze_json(py: Python<'_>, run: &str) -> PyResult<String> {
    let run = Run::read(run)?;
    let ready = run.ready()?;
    py.detach(|| {
        let t = std::time::Instant::now();
        let played = run.play(&ready, 0, run.games)?;
        Ok(run.report(&ready, &played, t.elapsed().as_secs_f64()))
    })
}

/// Plays the games `[first, first + count)` of the run (seeds `seed + first` on) and
/// returns them as JSON, for `merge_shards`.
#[pyfunction]
pub fn play_shard(py: Python<'_>, run: &str, first: u64, count: u64) -> PyResult<String> {
    let run = Run::read(run)?;
    let ready = run.ready()?;
    py.detach(|| {
        let played = run.play(&ready, first, count)?;
        let wire: Vec<Wire> = played.into_iter().map(Wire::from).collect();
        serde_json::to_string(&wire).map_err(err)
    })
}

/// The report of the run from its shards' games (any order; each seed once), as
/// `tessel analyze --json` prints it; `seconds` is the run's wall time.
#[pyfunction]
pub fn merge_shards(run: &str, shards: Vec<String>, seconds: f64) -> PyResult<String> {
    let run = Run::read(run)?;
    let ready = run.ready()?;
    let mut played: Vec<Played> = Vec::new();
    for s in &shards {
        let wire: Vec<Wire> = serde_json::from_str(s).map_err(err)?;
        played.extend(wire.into_iter().map(Played::from));
    }
    played.sort_by_key(|p| p.seed.wrapping_sub(run.seed));
    let n = played.len();
    played.dedup_by_key(|p| p.seed);
    if played.len() != n || played.len() as u64 != run.games {
        return Err(err(format!(
            "the shards hold {n} games ({} seeds) for a run of {}",
            played.len(),
            run.games
        )));
    }
    Ok(run.report(&ready, &played, seconds))
}
