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
    /// A game ended by the players rather than the rules, after the decisions: `resign
    /// SEAT` (that seat loses) or `draw` (a draw offered and accepted), in any game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreed: Option<String>,
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
            agreed: None,
        }
    }

    /// Writes the record next to `path` and renames it into place.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| format!("cannot write the record: {e}"))?;
        crate::files::save(path, &(text + "\n"))
    }

    pub fn load(path: &Path) -> Result<Record, String> {
        let text = crate::files::read_text(path, crate::files::MAX_RECORD, "the record")?;
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
    game.read_move(s, text, legal).map_err(|e| e.to_string())
}

/// A record being played decision by decision from its start.
pub struct Replay<'g> {
    game: &'g Game,
    /// The state before each decision played so far.
    pub before: Vec<State>,
    /// The state after them.
    pub state: State,
    scratch: tessel_interpreter::Scratch,
    legal: Vec<Move>,
}

impl<'g> Replay<'g> {
    pub fn start(game: &'g Game, record: &Record) -> Result<Replay<'g>, String> {
        Ok(Replay {
            game,
            before: Vec::with_capacity(record.decisions.len()),
            state: start_of(game, record)?,
            scratch: game.scratch(),
            legal: Vec::new(),
        })
    }

    /// Plays one decision by its text; says which decision (by number) is wrong and why.
    pub fn step(&mut self, text: &str) -> Result<(), String> {
        let (game, i) = (self.game, self.before.len() + 1);
        let s = &mut self.state;
        if game.chance_outcomes(s).is_some() {
            // Advance the seeded generator as play did, then take the recorded outcome.
            let mut probe = s.clone();
            let _ = game.sample_chance(&mut probe);
            game.legal_moves(s, &mut self.legal, &mut self.scratch.state);
            plugin_ok(game).map_err(|e| format!("decision {i} ({text}): {e}"))?;
            let m = read_decision(game, s, text, &self.legal)
                .map_err(|e| format!("decision {i} ({text}): {e}"))?;
            self.before.push(s.clone());
            s.rng = probe.rng;
            game.apply(s, m);
            return Ok(());
        }
        game.decisions(s, &mut self.scratch, &mut self.legal);
        plugin_ok(game).map_err(|e| format!("decision {i} ({text}): {e}"))?;
        if self.legal.is_empty() {
            return Err(format!("decision {i} ({text}): the game was already over"));
        }
        let m = read_decision(game, s, text, &self.legal)
            .map_err(|e| format!("decision {i} ({text}): {e}"))?;
        self.before.push(s.clone());
        game.apply(s, m);
        Ok(())
    }
}

impl Replay<'_> {
    /// Makes a decision the text may leave out: a throw not written down (drawn from the
    /// game's seeded generator, as play draws it), or the only decision there is. Its
    /// text, or `None` when there is a real choice to make.
    pub fn implied(&mut self) -> Option<String> {
        let (game, s) = (self.game, &mut self.state);
        if game.chance_outcomes(s).is_some() {
            let mut probe = s.clone();
            let m = game.sample_chance(&mut probe)?;
            let text = game.chance_text(s, m);
            self.before.push(s.clone());
            s.rng = probe.rng;
            game.apply(s, m);
            return Some(text);
        }
        game.decisions(s, &mut self.scratch, &mut self.legal);
        if game.plugin_stopped() {
            return None;
        }
        let [m] = self.legal[..] else {
            return None;
        };
        let text = game.move_text_among(&self.legal, m);
        self.before.push(s.clone());
        game.apply(s, m);
        Some(text)
    }
}

/// A plug-in's failure while decisions were found, as the error that stops a replay.
fn plugin_ok(game: &Game) -> Result<(), String> {
    match game.plugin_error() {
        Some(e) => Err(e.to_string()),
        None => Ok(()),
    }
}

/// The result of a game the players ended (`Record::agreed`): `resign SEAT` loses for
/// that seat (with two players the other wins), `draw` is a draw by agreement.
pub fn agreed_result(game: &Game, agreed: &str) -> Option<String> {
    let players = &game.program.players;
    if agreed == "draw" {
        return Some("draw agreed: no winner".into());
    }
    let seat = agreed.strip_prefix("resign ")?;
    let i = players.iter().position(|p| p == seat)?;
    Some(if players.len() == 2 {
        format!("{seat} resigns: {} wins", players[1 - i])
    } else {
        format!("{seat} resigns: {seat} loses")
    })
}

/// Plays a record's decisions from its start. Returns the states before each decision
/// and the final state, or which decision is wrong and why.
pub fn replay(game: &Game, record: &Record) -> Result<(Vec<State>, State), String> {
    let mut r = Replay::start(game, record)?;
    for text in &record.decisions {
        r.step(text)?;
    }
    Ok((r.before, r.state))
}

/// A record written as a game text in the ruleset's notation: the opening line (when the
/// ruleset declares one) for the decisions before its opening ends, then one numbered
/// line per round of turns, then the result line when the game is over. With `after turn`
/// marks, each finished turn ends with its mark (the round's last with `after round`),
/// and a pass that ends a turn after other decisions is left out: the mark implies it.
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
    let pass = game.program.pass_text.as_deref().unwrap_or("pass");
    let marks = game.program.after_turn.as_deref();
    let mut line = String::new();
    let mut number = None;
    let decisions: Vec<(&State, &String)> = before.iter().zip(&record.decisions).skip(i).collect();
    for (k, &(s, text)) in decisions.iter().enumerate() {
        let n = s.turns / players + 1;
        if number != Some(n) {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line = format!("{n}.");
            number = Some(n);
        }
        let next_turns = decisions.get(k + 1).map_or(last.turns, |(t, _)| t.turns);
        let first_of_turn = k == 0 || decisions[k - 1].0.turns != s.turns;
        let Some(mark) = marks else {
            line.push(' ');
            line += text;
            continue;
        };
        if first_of_turn || text.as_str() != pass || next_turns == s.turns {
            line.push(' ');
            line += text;
        }
        if next_turns != s.turns {
            let round_end = (s.turns + 1) % players == 0;
            line += match (&game.program.after_round, round_end) {
                (Some(r), true) => r.as_str(),
                _ => mark,
            };
        }
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

/// A piece of a game text: a decision, or the end of a turn (a turn or round mark, or a
/// round's number).
enum Written {
    Decision(String),
    TurnEnd,
}

/// The decisions and turn ends of a game text's numbered lines.
fn written_items(game: &Game, lines: &[&str]) -> Result<(Vec<Written>, Option<String>), String> {
    let marks: Vec<&str> = [&game.program.after_turn, &game.program.after_round]
        .into_iter()
        .flatten()
        .map(|m| m.trim())
        .filter(|m| !m.is_empty())
        .collect();
    let mut items = Vec::new();
    let mut result = None;
    for (k, line) in lines.iter().enumerate() {
        let numbered = line
            .split_once('.')
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if !numbered {
            if k + 1 == lines.len() {
                result = Some(line.to_string());
                break;
            }
            return Err(format!("`{line}` is not a numbered line of moves"));
        }
        for word in line.split_whitespace() {
            // An ellipsis (`...`): the text goes on elsewhere.
            if word.chars().all(|c| c == '.') {
                continue;
            }
            // A round's number (`12.`, `12...`) begins a turn.
            let digits = word.trim_end_matches('.');
            if word.ends_with('.')
                && !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit())
            {
                items.push(Written::TurnEnd);
                continue;
            }
            let mut word = word;
            let mut ends = false;
            while let Some(m) = marks.iter().find(|m| word.ends_with(**m)) {
                word = &word[..word.len() - m.len()];
                ends = true;
            }
            if !word.is_empty() {
                items.push(Written::Decision(word.to_string()));
            }
            if ends {
                items.push(Written::TurnEnd);
            }
        }
    }
    Ok((items, result))
}

/// Reads a game text (as [`game_text`] writes it) into a record of `ruleset`: the opening
/// line's decisions, then every decision of the numbered lines; a last line that is not
/// numbered is the result, and is checked against the game's own. A turn mark after a
/// turn that has not ended stands for the ruleset's pass (which then ends it).
pub fn from_game_text(
    game: &Game,
    ruleset: &str,
    options: &[(String, String)],
    start: Option<String>,
    text: &str,
) -> Result<Record, String> {
    let mut record = Record::new(ruleset, options, 0, start);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut rest = &lines[..];
    let mut opening = Vec::new();
    if game.program.opening.is_some() {
        let (first, more) = rest
            .split_first()
            .ok_or("the game text is empty: it needs its opening line")?;
        opening = game
            .read_opening(first)
            .map_err(|e| format!("line 1: {e}"))?;
        rest = more;
    }
    let (items, result) = written_items(game, rest)?;
    let pass = game.program.pass_text.as_deref().unwrap_or("pass");
    let mut r = Replay::start(game, &record)?;
    for text in opening {
        r.step(&text)?;
        record.decisions.push(text);
    }
    // The turn (by `turns`) the last decision was made in, while it may still go on.
    let mut open_turn = None;
    for item in items {
        match item {
            Written::Decision(text) => {
                open_turn = Some(r.state.turns);
                // A throw or an only decision the text leaves out is made as play makes
                // it (at most a few in a row).
                let mut tries = 0;
                while let Err(e) = r.step(&text) {
                    match (tries < 8).then(|| r.implied()).flatten() {
                        Some(implied) => {
                            record.decisions.push(implied);
                            tries += 1;
                        }
                        None => return Err(e),
                    }
                }
                record.decisions.push(text);
            }
            Written::TurnEnd => {
                let Some(turn) = open_turn.take() else {
                    continue;
                };
                // Throws and only decisions left out finish the turn as play would.
                let mut tries = 0;
                while r.state.turns == turn && tries < 8 {
                    match r.implied() {
                        Some(t) => record.decisions.push(t),
                        None => break,
                    }
                    tries += 1;
                }
                if r.state.turns == turn
                    && game.chance_outcomes(&r.state).is_none()
                    && game.status(&r.state, &mut game.scratch()).is_none()
                {
                    r.step(pass).map_err(|e| {
                        format!(
                            "{e} (the turn ends there, so the rules would have to allow a pass)"
                        )
                    })?;
                    record.decisions.push(pass.to_string());
                }
            }
        }
    }
    let (before, last) = (r.before, r.state);
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
