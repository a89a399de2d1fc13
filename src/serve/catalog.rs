//! The games a server offers: the rulesets named on the command line (or every bundled
//! game), each with its title, the opening comment of its rules file, and its options;
//! and the compiled games, kept once for each set of options asked for.

use crate::bundle::Description;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tessel_interpreter::Game;

/// How many compiled games (rulesets with their options) are kept at once.
const KEPT: usize = 64;

/// A ruleset's name and the options it was compiled with.
type Key = (String, Vec<(String, String)>);

pub struct Catalog {
    pub games: Vec<Description>,
    compiled: Mutex<HashMap<Key, Arc<Game>>>,
}

/// Compiles `name` with `options` (as every tool does): the game, or the diagnostics.
pub use crate::bundle::compile;

impl Catalog {
    /// The catalog of `names` (every bundled game when empty); an error names the
    /// ruleset that does not compile and why.
    pub fn new(names: &[String]) -> Result<Catalog, String> {
        let names: Vec<String> = if names.is_empty() {
            crate::bundle::list().into_iter().map(|(n, _)| n).collect()
        } else {
            names.to_vec()
        };
        let mut games = Vec::new();
        let mut compiled = HashMap::new();
        for name in names {
            let game = compile(&name, &[]).map_err(|e| format!("{name}: {e}"))?;
            games.push(Description::of(&name, &game));
            compiled.insert((name, Vec::new()), Arc::new(game));
        }
        Ok(Catalog {
            games,
            compiled: Mutex::new(compiled),
        })
    }

    /// The game `name` with `options`, compiled once and kept.
    pub fn game(&self, name: &str, options: &[(String, String)]) -> Result<Arc<Game>, String> {
        let Some(info) = self.games.iter().find(|g| g.name == name) else {
            let names: Vec<&str> = self.games.iter().map(|g| g.name.as_str()).collect();
            return Err(format!(
                "there is no game `{name}` here; the games are {}",
                names.join(", ")
            ));
        };
        for (k, _) in options {
            if !info.options.iter().any(|o| &o.name == k) {
                let known: Vec<&str> = info.options.iter().map(|o| o.name.as_str()).collect();
                return Err(format!(
                    "{} has no option `{k}`; its options are {}",
                    info.title,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                ));
            }
        }
        let key = (name.to_string(), options.to_vec());
        if let Some(g) = self.compiled.lock().map_err(|_| "busy")?.get(&key) {
            return Ok(g.clone());
        }
        let game = Arc::new(compile(name, options)?);
        let mut kept = self.compiled.lock().map_err(|_| "busy")?;
        if kept.len() >= KEPT {
            kept.retain(|(_, o), _| o.is_empty());
        }
        kept.insert(key, game.clone());
        Ok(game)
    }
}
