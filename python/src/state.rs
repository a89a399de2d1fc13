//! `State`: one position of a game and what can be done in it — who acts (a player, chance,
//! nobody), the legal actions as ids and in notation, applying one, the returns, chance
//! outcomes with their probabilities, the position string and the record of decisions.

use crate::action;
use crate::dense::Space;
use crate::{DenseActionError, IllegalActionError, PluginError};
use pyo3::prelude::*;
use std::sync::Arc;
use tessel_interpreter::{Game as Engine, Move, Outcome, Scratch, State as Inner};

/// `current_player` at a chance node (as OpenSpiel numbers it).
pub const CHANCE: i64 = -1;
/// `current_player` once the game is over.
pub const TERMINAL: i64 = -4;

/// A game's state. Made by `Game.initial_state`; `clone()` copies it.
#[pyclass(module = "tessel._tessel")]
pub struct State {
    pub engine: Arc<Engine>,
    /// The game's dense action numbering; `None`: actions are packed ids.
    space: Option<Arc<Space>>,
    pub inner: Inner,
    /// Every decision so far in notation, chance outcomes included (`throw=4`).
    record: Vec<String>,
    scratch: Scratch,
    /// What was found about this position, until the next decision changes it.
    known: Option<Known>,
}

/// A position's decisions (manual ones included; none at chance or at the end) and its
/// outcome when the game is over, found once as `Game::random_playout` finds them.
#[derive(Clone)]
struct Known {
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl State {
    fn apply_id(&mut self, id: u128, packed: bool) -> PyResult<()> {
        let chance = self.is_chance_node();
        match self.find(id, packed)? {
            (Some(m), all) => {
                self.apply_move(m, if chance { &[] } else { &all });
                Ok(())
            }
            (None, all) => Err(IllegalActionError::new_err(if chance {
                format!("action {id} is not an outcome of the chance event waiting here")
            } else if all.is_empty() {
                format!("action {id}: no decision is legal here (the game is over)")
            } else {
                format!("action {id} is not legal here")
            })),
        }
    }

    pub fn new(engine: Arc<Engine>, space: Option<Arc<Space>>, inner: Inner) -> State {
        let scratch = engine.scratch();
        State {
            engine,
            space,
            inner,
            record: Vec::new(),
            scratch,
            known: None,
        }
    }

    /// The decisions and the outcome here: one move generation, then the endings knowing
    /// whether the player is stuck (no decision but manual ones, or only passes at the
    /// start of a turn).
    fn know(&mut self) -> PyResult<&Known> {
        if self.known.is_none() {
            let mut moves = Vec::new();
            let mut outcome = None;
            if self.inner.pending.is_empty() {
                self.engine
                    .legal_moves(&self.inner, &mut moves, &mut self.scratch.state);
                self.plugin_check()?;
                let mut free = moves.clone();
                self.engine.drop_manual(&mut free);
                let stuck = free.is_empty()
                    || (self.inner.turn_step == 0 && free.iter().all(|m| m.is_pass()));
                outcome = self.engine.status_knowing(&self.inner, stuck);
                if outcome.is_some() {
                    moves.clear();
                }
            }
            self.known = Some(Known { moves, outcome });
        }
        Ok(self.known.as_ref().expect("found above"))
    }

    fn plugin_check(&self) -> PyResult<()> {
        match self.engine.plugin_error() {
            Some(e) => Err(PluginError::new_err(e.to_string())),
            None => Ok(()),
        }
    }

    /// The decisions a player may take here (none at chance or at the end); `manual`
    /// keeps the manual actions (resigning and the like) that random play leaves out.
    fn player_moves(&mut self, manual: bool) -> PyResult<Vec<Move>> {
        let mut out = self.know()?.moves.clone();
        if !manual {
            self.engine.drop_manual(&mut out);
        }
        Ok(out)
    }

    fn chance_moves(&self) -> Vec<(Move, f64)> {
        self.engine
            .chance_outcomes(&self.inner)
            .map(|o| {
                o.iter()
                    .enumerate()
                    .map(|(i, (_, p))| (Move::chance(i as u16), *p))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The id of a decision or chance outcome: its dense number (a chance outcome's is its
    /// index) where the game has a dense numbering, else its packed id.
    fn encode(&self, m: Move) -> PyResult<u128> {
        match &self.space {
            None => Ok(action::id(m)),
            Some(_) if m.is_chance() => Ok(m.to as u128),
            Some(sp) => sp.id(m).map_err(DenseActionError::new_err),
        }
    }

    /// The decisions (all, manual ones included) or chance outcomes offered here.
    fn offered(&mut self) -> PyResult<Vec<Move>> {
        if self.is_chance_node() {
            return Ok(self.chance_moves().into_iter().map(|(m, _)| m).collect());
        }
        self.player_moves(true)
    }

    /// The decision or chance outcome with id `id` (dense or packed, as `encode`) offered
    /// here, and all those offered.
    fn find(&mut self, id: u128, packed: bool) -> PyResult<(Option<Move>, Vec<Move>)> {
        let all = self.offered()?;
        let mut found = None;
        for &m in &all {
            let mid = if packed {
                action::id(m)
            } else {
                self.encode(m)?
            };
            if mid == id {
                found = Some(m);
                break;
            }
        }
        Ok((found, all))
    }

    /// The chance event's outcomes, or the player's decisions (`manual`: with the manual
    /// actions), in the order `legal_moves` names them.
    fn legal(&mut self, manual: bool) -> PyResult<Vec<Move>> {
        if self.is_chance_node() {
            return self.offered();
        }
        self.player_moves(manual)
    }

    /// Ids of `moves`, refusing two that share one.
    fn ids(&self, moves: &[Move]) -> PyResult<Vec<u128>> {
        let ids: Vec<u128> = moves
            .iter()
            .map(|&m| self.encode(m))
            .collect::<PyResult<_>>()?;
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            let same: Vec<String> = moves
                .iter()
                .zip(&ids)
                .filter(|(_, &i)| i == w[0])
                .map(|(&m, _)| self.engine.move_text_among(moves, m))
                .collect();
            return Err(DenseActionError::new_err(format!(
                "the decisions {} share the dense number {}: they differ in what the \
                 numbering leaves out (the piece type); use the packed ids",
                same.join(" and "),
                w[0]
            )));
        }
        Ok(ids)
    }

    fn apply_move(&mut self, m: Move, legal: &[Move]) {
        let text = if m.is_chance() {
            self.engine.chance_text(&self.inner, m)
        } else {
            self.engine.move_text_among(legal, m)
        };
        self.record.push(text);
        self.engine.apply(&mut self.inner, m);
        self.known = None;
    }
}

#[pymethods]
impl State {
    /// The seat (from 0) of the player to decide, `CHANCE` (-1) at a chance event, or
    /// `TERMINAL` (-4) when the game is over. Tessel has no simultaneous decisions: a
    /// reaction window asks its players one after another.
    #[getter]
    fn current_player(&mut self) -> PyResult<i64> {
        if self.is_chance_node() {
            return Ok(CHANCE);
        }
        Ok(match self.know()?.outcome {
            Some(_) => TERMINAL,
            None => self.inner.to_move as i64,
        })
    }

    fn is_chance_node(&self) -> bool {
        !self.inner.pending.is_empty()
    }

    fn is_terminal(&mut self) -> PyResult<bool> {
        Ok(self.current_player()? == TERMINAL)
    }

    /// Always false: see `current_player`.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// Decisions made so far (player decisions and chance outcomes).
    #[getter]
    fn ply(&self) -> u32 {
        self.inner.ply
    }

    /// The legal actions as ids (a player's decisions, or a chance event's outcomes), in
    /// the order `legal_moves` names them: dense numbers below
    /// `game.num_distinct_actions()` where the game has them (`game.has_dense_actions`; a
    /// chance outcome's number is its index), else packed ids. Manual actions (resigning
    /// and the like) are left out unless `manual=True`.
    #[pyo3(signature = (manual = false))]
    fn legal_actions(&mut self, manual: bool) -> PyResult<Vec<u128>> {
        let moves = self.legal(manual)?;
        self.ids(&moves)
    }

    /// The legal actions as packed ids (every field of the decision in one number; any
    /// game has them), in the order of `legal_actions`.
    #[pyo3(signature = (manual = false))]
    fn legal_packed_actions(&mut self, manual: bool) -> PyResult<Vec<u128>> {
        let moves = self.legal(manual)?;
        Ok(moves.into_iter().map(action::id).collect())
    }

    /// The packed id of the action `action` (an id as `legal_actions` gives) legal here.
    fn packed_of(&mut self, action: u128) -> PyResult<u128> {
        match self.find(action, false)?.0 {
            Some(m) => Ok(action::id(m)),
            None => Err(IllegalActionError::new_err(format!(
                "action {action} is not legal here"
            ))),
        }
    }

    /// The action id (as `legal_actions` gives) of the packed id `packed` legal here.
    fn action_of(&mut self, packed: u128) -> PyResult<u128> {
        match self.find(packed, true)?.0 {
            Some(m) => self.encode(m),
            None => Err(IllegalActionError::new_err(format!(
                "packed action {packed} is not legal here"
            ))),
        }
    }

    /// The legal actions in the ruleset's notation, in the order of `legal_actions`.
    #[pyo3(signature = (manual = false))]
    fn legal_moves(&mut self, manual: bool) -> PyResult<Vec<String>> {
        if self.is_chance_node() {
            return Ok(self
                .chance_moves()
                .into_iter()
                .map(|(m, _)| self.engine.chance_text(&self.inner, m))
                .collect());
        }
        let all = self.player_moves(true)?;
        let shown = if manual {
            all.clone()
        } else {
            let mut v = all.clone();
            self.engine.drop_manual(&mut v);
            v
        };
        Ok(shown
            .into_iter()
            .map(|m| self.engine.move_text_among(&all, m))
            .collect())
    }

    /// The notation of an action id legal here.
    fn action_to_string(&mut self, action: u128) -> PyResult<String> {
        match self.find(action, false)? {
            (Some(m), _) if m.is_chance() => Ok(self.engine.chance_text(&self.inner, m)),
            (Some(m), all) => Ok(self.engine.move_text_among(&all, m)),
            (None, _) => Err(IllegalActionError::new_err(format!(
                "action {action} is not legal here"
            ))),
        }
    }

    /// The chance event's outcomes as `(action id, probability)`; empty unless
    /// `is_chance_node()`.
    fn chance_outcomes(&self) -> PyResult<Vec<(u128, f64)>> {
        self.chance_moves()
            .into_iter()
            .map(|(m, p)| Ok((self.encode(m)?, p)))
            .collect()
    }

    /// Draws the chance event's outcome from the state's own seeded generator (as the CLI
    /// does); `None` when no chance event waits.
    fn sample_chance(&mut self) -> PyResult<Option<u128>> {
        self.engine
            .sample_chance(&mut self.inner)
            .map(|m| self.encode(m))
            .transpose()
    }

    /// Plays an action: an id from `legal_actions` or a move text (`"e2e4"`, `"throw=3"`).
    /// Raises `IllegalActionError` when it is not legal here.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(text) = action.extract::<String>() {
            return self.apply_text(&text);
        }
        let id: u128 = action.extract().map_err(|_| {
            IllegalActionError::new_err(format!(
                "an action is an id (int) or a move text (str), not {}",
                action
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        self.apply_id(id, false)
    }

    /// Plays an action given by its packed id (see `legal_packed_actions`).
    fn apply_packed(&mut self, packed: u128) -> PyResult<()> {
        self.apply_id(packed, true)
    }

    /// Plays a move written in the ruleset's notation.
    fn apply_text(&mut self, text: &str) -> PyResult<()> {
        if self.is_chance_node() {
            let found = self
                .chance_moves()
                .into_iter()
                .find(|(m, _)| self.engine.chance_text(&self.inner, *m) == text.trim());
            return match found {
                Some((m, _)) => {
                    self.apply_move(m, &[]);
                    Ok(())
                }
                None => Err(IllegalActionError::new_err(format!(
                    "`{text}` is not an outcome of the chance event waiting here"
                ))),
            };
        }
        let all = self.player_moves(true)?;
        let m = tessel::record::read_decision(&self.engine, &self.inner, text, &all)
            .map_err(IllegalActionError::new_err)?;
        self.apply_move(m, &all);
        Ok(())
    }

    /// Each player's score once the game is over (1 win, 0.5 draw, 0 loss); zeros before.
    fn returns(&mut self) -> PyResult<Vec<f64>> {
        let n = self.engine.players();
        Ok(match &self.know()?.outcome {
            Some(o) => o.scores.clone(),
            None => vec![0.0; n],
        })
    }

    /// The ending's name once the game is over, else `None`.
    fn ending(&mut self) -> PyResult<Option<String>> {
        Ok(self.know()?.outcome.as_ref().map(|o| o.ending.clone()))
    }

    /// The winner's seat once the game is over with one winner, else `None`.
    fn winner(&mut self) -> PyResult<Option<usize>> {
        Ok(self.know()?.outcome.as_ref().and_then(|o| o.winner()))
    }

    /// The position string, in the ruleset's format.
    #[getter]
    fn position(&self) -> String {
        self.engine.position_string(&self.inner)
    }

    /// Every decision so far in notation, chance outcomes included.
    #[getter]
    fn record(&self) -> Vec<String> {
        self.record.clone()
    }

    /// Seeds the state's chance generator again (as `tessel random` does for each game).
    fn reseed(&mut self, seed: u64) {
        self.inner.reseed(seed);
    }

    /// A copy that goes its own way.
    fn clone(&self) -> State {
        State {
            engine: self.engine.clone(),
            space: self.space.clone(),
            inner: self.inner.clone(),
            record: self.record.clone(),
            scratch: self.engine.scratch(),
            known: self.known.clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.position()
    }

    fn __repr__(&self) -> String {
        format!("<tessel.State {}>", self.position())
    }
}
