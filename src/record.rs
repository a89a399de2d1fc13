//! Game records: the ruleset, options, seed, start position and the list of decisions in
//! the game's notation, as JSON. Saved atomically, so a crash never leaves half a record.

use serde::{Deserialize, Serialize};
use std::path::Path;
use tessel_interpreter::{Game, Move, State};

/// The version of the record format this program writes.
pub const FORMAT: u32 = 1;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    pub tessel_record: u32,
    /// The rules file or bundled name the game was played with.
    pub ruleset: String,
    #[serde(default)]
    pub options: Vec<(String, String)>,
    #[serde(default)]
    pub seed: u64,
    /// The start position string; `None` for the ruleset's own start.
    #[serde(default)]
    pub start: Option<String>,
    /// Every decision in order, chance outcomes included (`throw=4`).
    pub decisions: Vec<String>,
    /// How the game ended, when it did.
    #[serde(default)]
    pub result: Option<String>,
}

impl Record {
    pub fn new(
        ruleset: &str,
        options: &[(String, String)],
        seed: u64,
        start: Option<String>,
    ) -> Record {
        Record {
            tessel_record: FORMAT,
            ruleset: ruleset.to_string(),
            options: options.to_vec(),
            seed,
            start,
            decisions: Vec::new(),
            result: None,
        }
    }

    /// Writes the record next to `path` and renames it into place.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| format!("cannot write the record: {e}"))?;
        let tmp = path.with_extension("tmp-record");
        std::fs::write(&tmp, text + "\n")
            .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("cannot save {}: {e}", path.display()))
    }

    pub fn load(path: &Path) -> Result<Record, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let r: Record = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a game record: {e}", path.display()))?;
        if r.tessel_record == 0 || r.tessel_record > FORMAT {
            return Err(format!(
                "{} is a record of format {}, and this program reads format {FORMAT}",
                path.display(),
                r.tessel_record
            ));
        }
        Ok(r)
    }
}

/// The state a record starts from.
pub fn start_of(game: &Game, record: &Record) -> Result<State, String> {
    match &record.start {
        None => game
            .start_state(record.seed)
            .map_err(|e| format!("the ruleset's start position is wrong: {}", e.message)),
        Some(p) => game
            .parse_position(p, record.seed)
            .map_err(|e| format!("the record's start position is wrong: {}", e.message)),
    }
}

/// Reads one decision of a record at `s`: a chance outcome by its text, else a move.
pub fn read_decision(game: &Game, s: &State, text: &str, legal: &[Move]) -> Result<Move, String> {
    if game.chance_outcomes(s).is_some() {
        return legal
            .iter()
            .copied()
            .find(|m| game.chance_text(s, *m).eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("`{text}` is not an outcome of the throw here"));
    }
    game.parse_move(text, legal).map_err(|e| e.to_string())
}

/// Plays a record's decisions from its start. Returns the states before each decision
/// and the final state, or which decision is wrong and why.
pub fn replay(game: &Game, record: &Record) -> Result<(Vec<State>, State), String> {
    let mut s = start_of(game, record)?;
    let mut scratch = game.scratch();
    let mut legal = Vec::new();
    let mut before = Vec::with_capacity(record.decisions.len());
    for (i, text) in record.decisions.iter().enumerate() {
        if game.chance_outcomes(&s).is_some() {
            // Advance the seeded generator as play did, then take the recorded outcome.
            let mut probe = s.clone();
            let _ = game.sample_chance(&mut probe);
            game.legal_moves(&s, &mut legal, &mut scratch.state);
            let m = read_decision(game, &s, text, &legal)
                .map_err(|e| format!("decision {} ({text}): {e}", i + 1))?;
            before.push(s.clone());
            s.rng = probe.rng;
            game.apply(&mut s, m);
            continue;
        }
        game.decisions(&s, &mut scratch, &mut legal);
        if legal.is_empty() {
            return Err(format!(
                "decision {} ({text}): the game was already over",
                i + 1
            ));
        }
        let m = read_decision(game, &s, text, &legal)
            .map_err(|e| format!("decision {} ({text}): {e}", i + 1))?;
        before.push(s.clone());
        game.apply(&mut s, m);
    }
    Ok((before, s))
}
