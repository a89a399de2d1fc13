//! The speed suite (`benches/suite.txt`): every bundled ruleset with its main option sets,
//! and the figures of one entry — perft nodes, random playouts and decisions a second.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use std::time::Instant;
use tessel_interpreter::Game;

/// The suite as kept in the repository (and built into the program).
pub const SUITE: &str = include_str!("../benches/suite.txt");

/// One entry of the suite.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    pub ruleset: String,
    pub options: Vec<(String, String)>,
    pub depth: u32,
    pub playouts: u64,
}

impl Entry {
    /// The ruleset and its options as one label (`mu -o setup=random`).
    pub fn label(&self) -> String {
        let mut s = self.ruleset.clone();
        for (k, v) in &self.options {
            s.push_str(&format!(" -o {k}={v}"));
        }
        s
    }
}

/// Reads the suite's text; a line it cannot read is an error naming it.
pub fn suite(text: &str) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let wrong = || {
            format!(
                "suite line {}: `{line}`: expected RULESET OPTIONS DEPTH PLAYOUTS",
                i + 1
            )
        };
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [ruleset, options, depth, playouts] = parts[..] else {
            return Err(wrong());
        };
        let options = if options == "-" {
            Vec::new()
        } else {
            options
                .split(',')
                .map(|o| {
                    o.split_once('=')
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                        .ok_or_else(wrong)
                })
                .collect::<Result<_, _>>()?
        };
        out.push(Entry {
            ruleset: ruleset.to_string(),
            options,
            depth: depth.parse().map_err(|_| wrong())?,
            playouts: playouts.parse().map_err(|_| wrong())?,
        });
    }
    Ok(out)
}

/// What one entry measured.
#[derive(Clone, Debug, Serialize)]
pub struct Figures {
    pub game: String,
    pub depth: u32,
    pub nodes: u64,
    pub nodes_per_second: f64,
    pub playouts: u64,
    pub playouts_per_second: f64,
    pub decisions_per_second: f64,
    pub mean_decisions: f64,
}

/// Perft to `depth` from the start, then `playouts` seeded random games (game `i` with
/// seed `i`), timed apart.
pub fn measure(g: &Game, depth: u32, playouts: u64) -> Result<Figures, String> {
    let s = g
        .start_state(0)
        .map_err(|_| "the start position is wrong".to_string())?;
    measure_from(g, &s, depth, playouts)
}

/// [`measure`] from the state `s`.
pub fn measure_from(
    g: &Game,
    s: &tessel_interpreter::State,
    depth: u32,
    playouts: u64,
) -> Result<Figures, String> {
    let s = s.clone();
    let t = Instant::now();
    let nodes = g.perft(&s, depth);
    let perft_secs = t.elapsed().as_secs_f64();
    if let Some(e) = g.plugin_error() {
        return Err(e.to_string());
    }
    let mut scratch = g.scratch();
    let mut decisions = 0u64;
    let t = Instant::now();
    for i in 0..playouts {
        let mut st = s.clone();
        st.reseed(i);
        let mut rng = Pcg64Mcg::seed_from_u64(i);
        g.random_playout(&mut st, &mut rng, 10_000, &mut scratch);
        decisions += u64::from(st.ply - s.ply);
        if let Some(e) = g.plugin_error() {
            return Err(e.to_string());
        }
    }
    let play_secs = t.elapsed().as_secs_f64();
    let per = |n: f64, secs: f64| if secs > 0.0 { n / secs } else { 0.0 };
    Ok(Figures {
        game: g.program.title.clone(),
        depth,
        nodes,
        nodes_per_second: per(nodes as f64, perft_secs),
        playouts,
        playouts_per_second: per(playouts as f64, play_secs),
        decisions_per_second: per(decisions as f64, play_secs),
        mean_decisions: decisions as f64 / playouts.max(1) as f64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_reads_and_names_every_bundled_ruleset() {
        let entries = suite(SUITE).expect("the suite reads");
        for (name, _) in crate::bundle::list() {
            assert!(
                entries.iter().any(|e| e.ruleset == name),
                "{name} is not in benches/suite.txt"
            );
        }
        assert!(suite("chess - x 1").is_err());
        assert!(suite("chess a 1 1").is_err());
    }
}
