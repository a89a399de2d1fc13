//! `Game`: a ruleset loaded by bundled name or file with options — its players,
//! description, options, the shape of its observations — and the states it starts.

use crate::dense::Space;
use crate::{DenseActionError, PositionError, RulesError};
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;
use tessel_interpreter::Game as Engine;

/// A compiled ruleset, ready to start games. Made by `tessel.load`.
#[pyclass(module = "tessel._tessel", frozen)]
pub struct Game {
    pub engine: Arc<Engine>,
    /// The name or file it was loaded by.
    pub ruleset: String,
    /// What it is, as the server describes it (`GET /games`).
    pub info: tessel::bundle::Description,
    /// The dense numbering of its actions, or why it has none.
    pub space: Result<Arc<Space>, String>,
}

/// Loads and compiles a ruleset as the CLI and the server do; its diagnostics (or why it
/// was not found) become a `RulesError`.
pub fn compile(ruleset: &str, options: &[(String, String)]) -> PyResult<Engine> {
    tessel::bundle::compile(ruleset, options).map_err(RulesError::new_err)
}

/// Options as pairs, sorted by name (a dict's order does not matter).
pub fn option_pairs(options: Option<BTreeMap<String, String>>) -> Vec<(String, String)> {
    options.unwrap_or_default().into_iter().collect()
}

/// Loads a ruleset: a bundled game's name (see `bundled()`) or a rules file, with options
/// as `{"name": "value"}`. Raises `RulesError` with the diagnostics when it does not compile.
#[pyfunction]
#[pyo3(signature = (ruleset, options = None))]
pub fn load(ruleset: &str, options: Option<BTreeMap<String, String>>) -> PyResult<Game> {
    let options = option_pairs(options);
    let engine = compile(ruleset, &options)?;
    Ok(Game {
        info: tessel::bundle::Description::of(ruleset, &engine),
        space: Space::of(&engine).map(Arc::new),
        engine: Arc::new(engine),
        ruleset: ruleset.to_string(),
    })
}

#[pymethods]
impl Game {
    /// The name or file the ruleset was loaded by.
    #[getter]
    fn ruleset(&self) -> &str {
        &self.ruleset
    }

    #[getter]
    fn title(&self) -> &str {
        &self.info.title
    }

    /// The players' names, in seat order.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.info.players.clone()
    }

    /// The rules file's opening comment: what the game is, and the readings it made (as
    /// the server's `GET /games` gives it).
    #[getter]
    fn about(&self) -> &str {
        &self.info.about
    }

    /// Every option as the server lists it: `{"name", "kind", "value", "default", "doc"}`,
    /// the value being this game's.
    #[getter]
    fn option_info(&self) -> Vec<BTreeMap<&'static str, String>> {
        self.info
            .options
            .iter()
            .map(|o| {
                BTreeMap::from([
                    ("name", o.name.clone()),
                    ("kind", o.kind.clone()),
                    ("value", o.value.clone()),
                    ("default", o.default.clone()),
                    ("doc", o.doc.clone()),
                ])
            })
            .collect()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.engine.players()
    }

    /// What the game is: the `about` summary, then its paragraphs.
    #[getter]
    fn description(&self) -> String {
        let about = &self.engine.program.about;
        std::iter::once(about.summary.clone())
            .chain(about.text.iter().cloned())
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n")
    }

    /// The house rules: each reading or choice the ruleset made.
    #[getter]
    fn house_rules(&self) -> Vec<String> {
        self.engine.program.about.house.clone()
    }

    /// Every option of the ruleset with its value in this game.
    #[getter]
    fn options(&self) -> BTreeMap<String, String> {
        self.info
            .options
            .iter()
            .map(|o| (o.name.clone(), o.value.clone()))
            .collect()
    }

    /// The piece types' names, in the order of the observation's planes.
    #[getter]
    fn piece_kinds(&self) -> Vec<String> {
        self.engine
            .program
            .pieces
            .iter()
            .map(|p| p.name.clone())
            .collect()
    }

    /// The number of cells (the observation's second axis).
    #[getter]
    fn num_cells(&self) -> usize {
        self.engine.program.board.cells.len()
    }

    /// The state to start from: the ruleset's start, or `position` (a position string);
    /// `seed` seeds the game's chance (dice, draws) as `tessel random --seed` does.
    #[pyo3(signature = (seed = 0, position = None))]
    fn initial_state(&self, seed: u64, position: Option<&str>) -> PyResult<crate::state::State> {
        let s = match position {
            None => self.engine.start_state(seed),
            Some(p) => self.engine.parse_position(p, seed),
        }
        .map_err(|e| PositionError::new_err(format!("{}\n  hint: {}", e.message, e.hint)))?;
        let mut s = s;
        s.reseed(seed);
        Ok(crate::state::State::new(
            self.engine.clone(),
            self.space.as_ref().ok().cloned(),
            s,
        ))
    }

    /// Whether the game's actions have a dense numbering (then `legal_actions` gives
    /// numbers below `num_distinct_actions()`; else packed ids).
    #[getter]
    fn has_dense_actions(&self) -> bool {
        self.space.is_ok()
    }

    /// Why the game's actions have no dense numbering (`None` when they have one).
    #[getter]
    fn no_dense_actions_reason(&self) -> Option<String> {
        self.space.as_ref().err().cloned()
    }

    /// How many distinct actions the game has: every action id `legal_actions` gives is
    /// below it. Raises `DenseActionError` when the game has no dense numbering.
    fn num_distinct_actions(&self) -> PyResult<u128> {
        match &self.space {
            Ok(s) => Ok(s.size()),
            Err(e) => Err(DenseActionError::new_err(e.clone())),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<tessel.Game {} ({} players)>",
            self.engine.program.title,
            self.engine.players()
        )
    }
}
