//! Chance events: the outcomes of the one waiting, drawing one from the state's seeded
//! generator, and playing an outcome (the throw is made).

use super::ruleset::{Game, Move};
use crate::state::State;
use std::borrow::Cow;
use tessel_lang::ir::{self, CellId, PieceId, NO_CELL};

impl Game {
    /// The outcomes (value, probability) of the chance event waiting at `s`, if any. A
    /// draw's values are piece types (-1: the zone was empty, nothing is drawn).
    pub fn chance_outcomes(&self, s: &State) -> Option<Cow<'_, [(i64, f64)]>> {
        let first = s.pending.first()?;
        match self.program.chances.get(first.chance as usize)? {
            ir::Chance::Roll { outcomes, .. } => Some(Cow::Borrowed(outcomes.as_slice())),
            ir::Chance::Cell { cond, .. } => {
                let sieve = match cond {
                    ir::Expr::Code(n, _) => self.sieves.get(*n as usize).copied(),
                    _ => None,
                };
                let cells: Vec<CellId> = (0..s.cells.len() as CellId)
                    .filter(|&c| sieve.is_none_or(|v| v.tries(s, c)))
                    .filter(|&c| self.eval(cond, &self.ctx(s, first.roller, NO_CELL, c, None)) != 0)
                    .collect();
                if cells.is_empty() {
                    return Some(Cow::Owned(vec![(NO_CELL as i64, 1.0)]));
                }
                let p = 1.0 / cells.len() as f64;
                Some(Cow::Owned(
                    cells.into_iter().map(|c| (c as i64, p)).collect(),
                ))
            }
            ir::Chance::Draw { from, .. } => {
                let kinds = self.program.pieces.len();
                let base = self.zone_slot(*from, first.roller, 0);
                let counts = s.zones.get(base..base + kinds).unwrap_or(&[]);
                let total: f64 = counts.iter().map(|&c| c as f64).sum();
                if total == 0.0 {
                    return Some(Cow::Owned(vec![(-1, 1.0)]));
                }
                Some(Cow::Owned(
                    counts
                        .iter()
                        .enumerate()
                        .filter(|(_, &c)| c > 0)
                        .map(|(k, &c)| (k as i64, c as f64 / total))
                        .collect(),
                ))
            }
        }
    }

    /// The chance event waiting at `s`, if any.
    pub fn waiting_chance(&self, s: &State) -> Option<&ir::Chance> {
        self.program.chances.get(s.pending.first()?.chance as usize)
    }

    /// What a waiting chance event sets, for messages: a roll's variable, a draw's zone.
    pub fn chance_var(&self, s: &State) -> Option<&str> {
        match self.waiting_chance(s)? {
            ir::Chance::Roll { var, .. } | ir::Chance::Cell { var, .. } => self
                .program
                .vars
                .get(*var as usize)
                .map(|v| v.name.as_str()),
            ir::Chance::Draw { to, .. } => self
                .program
                .zones
                .get(*to as usize)
                .map(|z| z.name.as_str()),
        }
    }

    /// Draws the outcome of the waiting chance event from the state's seeded generator.
    pub fn sample_chance(&self, s: &mut State) -> Option<Move> {
        let outcomes = self.chance_outcomes(s)?;
        Some(Move::chance(draw(s, &outcomes) as u16))
    }

    /// Draws the outcome of the waiting chance event, as [`Game::sample_chance`], and plays
    /// it, as [`Game::apply`] would (the outcomes are worked out once); whether one waited.
    pub fn play_sampled_chance(&self, s: &mut State) -> bool {
        let Some(outcomes) = self.chance_outcomes(s) else {
            return false;
        };
        let i = draw(s, &outcomes);
        let value = outcomes.get(i).map(|&(v, _)| v);
        drop(outcomes);
        self.play_outcome(s, value);
        if s.restart_pending {
            self.restart(s);
        }
        true
    }

    /// Plays outcome `m` of the waiting chance event (the throw is made): a roll sets its
    /// variable, a draw moves a piece between zones; the ruleset's `then` runs, a window
    /// opens if it asked players to answer, and a `setup` waiting on the event runs again.
    pub(super) fn play_chance(&self, s: &mut State, m: Move) {
        if s.pending.is_empty() {
            return;
        }
        let outcome = self
            .chance_outcomes(s)
            .and_then(|o| o.get(m.to as usize).map(|&(v, _)| v));
        self.play_outcome(s, outcome);
    }

    /// Plays the waiting chance event's outcome of this value (none: the outcome asked for
    /// was not one of them, and nothing is set).
    fn play_outcome(&self, s: &mut State, outcome: Option<i64>) {
        if s.pending.is_empty() {
            return;
        }
        let first = s.pending.remove(0);
        match (self.program.chances.get(first.chance as usize), outcome) {
            (Some(ir::Chance::Roll { var, .. } | ir::Chance::Cell { var, .. }), Some(value)) => {
                let i = self.var_index(*var, first.roller);
                s.vars[i] = value;
            }
            (Some(ir::Chance::Draw { from, to }), Some(kind)) if kind >= 0 => {
                let kind = kind as PieceId;
                let a = self.zone_slot(*from, first.roller, kind);
                let b = self.zone_slot(*to, first.owner, kind);
                if s.zones[a] > 0 {
                    s.zones[a] -= 1;
                    s.zones[b] = s.zones[b].saturating_add(1);
                }
            }
            _ => {}
        }
        // What the ruleset does once the throw is made.
        if let Some(then) = self.program.chance_then.get(first.chance as usize) {
            if !then.is_empty() {
                let block = self.block_of.chance(first.chance as usize);
                self.run(s, (block, then), first.roller, NO_CELL, NO_CELL);
            }
        }
        // It may have asked players to answer: a window opens in the turn.
        if s.window_owner.is_none() {
            let owner = s.to_move;
            self.open_window(s, owner, false);
        }
        if s.pending.is_empty() && s.setup_pending {
            self.run_setup(s);
        }
    }
}

/// Which of `outcomes` the state's seeded generator draws.
fn draw(s: &mut State, outcomes: &[(i64, f64)]) -> usize {
    let x: f64 = rand::Rng::random(&mut s.rng);
    let mut acc = 0.0;
    for (i, (_, p)) in outcomes.iter().enumerate() {
        acc += p;
        if x < acc {
            return i;
        }
    }
    outcomes.len().saturating_sub(1)
}
