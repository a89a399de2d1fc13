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

/// [`measure`] from the state `s`, with a progress bar on a terminal. After Ctrl-C
/// ([`crate::progress::interrupted`]) the figures are those of the work done (fewer
/// playouts, a perft stopped after a first decision).
pub fn measure_from(
    g: &Game,
    s: &tessel_interpreter::State,
    depth: u32,
    playouts: u64,
) -> Result<Figures, String> {
    let s = s.clone();
    let bar = crate::progress::Progress::new(0, "first decisions of perft");
    let t = Instant::now();
    let (nodes, _) = perft_parts(g, &s, depth, |n| bar.restart(n as u64), |_, _| bar.inc(1));
    let perft_secs = t.elapsed().as_secs_f64();
    if let Some(e) = g.plugin_error() {
        return Err(e.to_string());
    }
    let mut scratch = g.scratch();
    let mut decisions = 0u64;
    let t = Instant::now();
    bar.message("random playouts");
    bar.restart(playouts);
    let mut played = 0;
    for i in 0..playouts {
        if crate::progress::interrupted() {
            break;
        }
        bar.inc(1);
        played += 1;
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
        playouts: played,
        playouts_per_second: per(played as f64, play_secs),
        decisions_per_second: per(decisions as f64, play_secs),
        mean_decisions: decisions as f64 / played.max(1) as f64,
    })
}

/// Perft to `depth` counted one first decision at a time, for a progress bar and Ctrl-C:
/// `first(n)` is told how many first decisions there are, `each(decision, nodes)` runs
/// after each is counted. After Ctrl-C ([`crate::progress::interrupted`]) no further
/// first decision is counted. Returns the nodes counted and whether that is all of them.
pub fn perft_parts(
    g: &Game,
    s: &tessel_interpreter::State,
    depth: u32,
    first: impl FnOnce(usize),
    mut each: impl FnMut(tessel_interpreter::Move, u64),
) -> (u64, bool) {
    if depth == 0 {
        return (1, true);
    }
    if g.cheap_end(s) {
        return (0, true);
    }
    let mut moves = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(s, &mut moves, &mut tmp);
    if g.plugin_stopped() {
        return (0, true);
    }
    first(moves.len());
    let mut total = 0;
    for m in moves {
        if crate::progress::interrupted() {
            return (total, false);
        }
        let n = if depth == 1 {
            1
        } else {
            let mut child = s.clone();
            g.apply(&mut child, m);
            match perft_stoppable(g, &child, depth - 1) {
                Some(n) => n,
                // Stopped inside this first decision: it is not counted.
                None => return (total, false),
            }
        };
        each(m, n);
        total += n;
    }
    (total, true)
}

/// Below this depth a subtree is counted whole (a few hundred thousand nodes of chess at
/// most); above it, Ctrl-C is looked at before each subtree.
const STOPPABLE: u32 = 4;

/// Perft that gives up (`None`) after Ctrl-C, looking at it between subtrees of depth
/// [`STOPPABLE`]: a deep count stops within a fraction of a second.
fn perft_stoppable(g: &Game, s: &tessel_interpreter::State, depth: u32) -> Option<u64> {
    if depth <= STOPPABLE {
        return Some(g.perft(s, depth));
    }
    if crate::progress::interrupted() {
        return None;
    }
    if g.cheap_end(s) {
        return Some(0);
    }
    let mut moves = Vec::new();
    let mut child = g.empty_state(0);
    g.legal_moves(s, &mut moves, &mut child);
    if g.plugin_stopped() {
        return Some(0);
    }
    let mut total = 0;
    for m in moves {
        child.copy_from(s);
        g.apply(&mut child, m);
        total += perft_stoppable(g, &child, depth - 1)?;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_counted_by_parts_is_perft() {
        let g = tessel_interpreter::Game::new(
            crate::load("chess", &[])
                .expect("chess")
                .compiled
                .program
                .expect("compiles"),
        );
        let s = g.start_state(0).expect("start");
        for depth in [0, 1, 2, 3, 5] {
            let mut firsts = 0;
            let (n, all) = perft_parts(&g, &s, depth, |_| {}, |_, _| firsts += 1);
            assert!(all);
            assert_eq!(n, g.perft(&s, depth), "depth {depth}");
            assert_eq!(firsts, if depth == 0 { 0 } else { 20 });
        }
    }

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
