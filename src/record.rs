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

/// A record written as a game text in the ruleset's notation: the opening line (when the
/// ruleset declares one) for the decisions before its opening ends, then one numbered
/// line per round of turns, then the result line when the game is over.
pub fn game_text(game: &Game, record: &Record) -> Result<String, String> {
    let (before, last) = replay(game, record)?;
    let mut lines = Vec::new();
    let mut i = 0;
    if let Some((parts, _)) = &game.program.opening {
        while i < before.len() && !game.opening_over(&before[i]) {
            i += 1;
        }
        let at = before.get(i).unwrap_or(&last);
        lines.push(game.template_text(parts, at));
    }
    let players = game.players() as u32;
    let mut line = String::new();
    let mut number = None;
    for (s, text) in before.iter().zip(&record.decisions).skip(i) {
        let n = s.turns / players + 1;
        if number != Some(n) {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = format!("{n}.");
            number = Some(n);
        }
        line.push(' ');
        line += text;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if let Some(parts) = &game.program.result_text {
        if game.status(&last, &mut game.scratch()).is_some() {
            lines.push(game.template_text(parts, &last));
        }
    }
    Ok(lines.join("\n") + "\n")
}

/// Reads a game text (as [`game_text`] writes it) into a record of `ruleset`: the opening
/// line's decisions, then every decision of the numbered lines; a last line that is not
/// numbered is the result, and is checked against the game's own.
pub fn from_game_text(
    game: &Game,
    ruleset: &str,
    options: &[(String, String)],
    text: &str,
) -> Result<Record, String> {
    let mut record = Record::new(ruleset, options, 0, None);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut rest = &lines[..];
    if game.program.opening.is_some() {
        let (first, more) = rest
            .split_first()
            .ok_or("the game text is empty: it needs its opening line")?;
        record.decisions = game
            .read_opening(first)
            .map_err(|e| format!("line 1: {e}"))?;
        rest = more;
    }
    let mut result = None;
    for (k, line) in rest.iter().enumerate() {
        let numbered = line
            .split_once('.')
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if !numbered {
            if k + 1 == rest.len() {
                result = Some(line.to_string());
                break;
            }
            return Err(format!("`{line}` is not a numbered line of moves"));
        }
        let moves = line.split_once('.').map(|(_, m)| m).unwrap_or_default();
        record
            .decisions
            .extend(moves.split_whitespace().map(str::to_string));
    }
    let (before, last) = replay(game, &record)?;
    // Keep each decision as the game writes it (`a@c7` for Black's akesi, typed `A@c7`).
    let mut scratch = game.scratch();
    let mut legal = Vec::new();
    for (s, text) in before.iter().zip(record.decisions.iter_mut()) {
        if game.chance_outcomes(s).is_some() {
            continue;
        }
        game.decisions(s, &mut scratch, &mut legal);
        if let Ok(m) = read_decision(game, s, text, &legal) {
            *text = game.move_text_among(&legal, m);
        }
    }
    if let (Some(written), Some(parts)) = (&result, &game.program.result_text) {
        let actual = game.template_text(parts, &last);
        if *written != actual {
            return Err(format!(
                "the result line says `{written}`, and the game ends `{actual}`"
            ));
        }
    }
    record.result = game.status(&last, &mut game.scratch()).map(|o| o.ending);
    Ok(record)
}
