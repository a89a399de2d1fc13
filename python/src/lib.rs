//! The Python module `tessel._tessel`: loading a ruleset (`load`), the exceptions its
//! errors become, and a seeded generator (`Rng`) for playing as the CLI plays.
#![forbid(unsafe_code)]

mod action;
mod analyze;
mod dense;
mod game;
mod observe;
mod state;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

create_exception!(
    _tessel,
    TesselError,
    PyException,
    "Anything Tessel refuses: the message is its diagnostic text."
);
create_exception!(
    _tessel,
    RulesError,
    TesselError,
    "A ruleset that cannot be found, read or compiled (the message holds its diagnostics)."
);
create_exception!(
    _tessel,
    IllegalActionError,
    TesselError,
    "An action that is not legal in the state, or a move text that names none."
);
create_exception!(
    _tessel,
    DenseActionError,
    TesselError,
    "The game's actions have no dense numbering (the message says which construct); use the packed ids."
);
create_exception!(
    _tessel,
    PositionError,
    TesselError,
    "A position string the ruleset cannot read."
);
create_exception!(
    _tessel,
    PluginError,
    TesselError,
    "A ruleset's plug-in failed while its moves were found."
);

/// A seeded generator (PCG 64 MCG), the one `tessel random` draws its choices from: the
/// agent of game `seed` is `Rng(seed ^ 0x9E3779B97F4A7C15)`.
#[pyclass(module = "tessel._tessel")]
struct Rng(Pcg64Mcg);

#[pymethods]
impl Rng {
    #[new]
    fn new(seed: u64) -> Rng {
        Rng(Pcg64Mcg::seed_from_u64(seed))
    }

    /// A number drawn uniformly from `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> PyResult<usize> {
        if n == 0 {
            return Err(TesselError::new_err("Rng.below(0): nothing to choose from"));
        }
        Ok(rand::Rng::random_range(&mut self.0, 0..n))
    }
}

/// The bundled rulesets' names, sorted.
#[pyfunction]
fn bundled() -> Vec<String> {
    tessel::bundle::list().into_iter().map(|(n, _)| n).collect()
}

#[pymodule]
fn _tessel(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TesselError", py.get_type::<TesselError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("DenseActionError", py.get_type::<DenseActionError>())?;
    m.add("PluginError", py.get_type::<PluginError>())?;
    m.add_class::<Rng>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_function(wrap_pyfunction!(bundled, m)?)?;
    m.add_function(wrap_pyfunction!(game::load, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze_json, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::play_shard, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::merge_shards, m)?)?;
    m.add("CHANCE", state::CHANCE)?;
    m.add("TERMINAL", state::TERMINAL)?;
    Ok(())
}
