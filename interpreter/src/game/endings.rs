//! Endings: whether the game is over at a node and how (`status`, the cheap endings, the
//! outcome and its scores), hence whose node it is (`actor`) and its `decisions`; and
//! the ruleset's `score` of a position.

use super::ruleset::{Actor, Game, Move, Outcome, Scratch};
use crate::eval::Ctx;
use crate::memo::Kept;
use crate::state::State;
use tessel_lang::ir::{self, PlayerId, NO_CELL};

impl Game {
    pub fn actor(&self, s: &State, scratch: &mut Scratch) -> Actor {
        if !s.pending.is_empty() {
            return Actor::Chance;
        }
        match self.status(s, scratch) {
            Some(_) => Actor::Nobody,
            None => Actor::Player(s.to_move),
        }
    }

    /// The legal decisions at this node (none when the game is over).
    pub fn decisions(&self, s: &State, scratch: &mut Scratch, out: &mut Vec<Move>) {
        out.clear();
        if self.status(s, scratch).is_some() {
            return;
        }
        self.legal_moves(s, out, &mut scratch.state);
    }

    /// The game's result if it is over.
    pub fn status(&self, s: &State, scratch: &mut Scratch) -> Option<Outcome> {
        if !s.pending.is_empty() {
            // A game does not end in the middle of a throw.
            return None;
        }
        let mut no_moves = None;
        let mut kept = Kept::sparing(self, s.to_move, None);
        for e in &self.program.endings {
            if e.needs_moves && no_moves.is_none() {
                no_moves = Some(!self.has_legal(s, scratch));
                kept = Kept::sparing(self, s.to_move, no_moves);
            }
            let cx = self
                .ctx(s, s.to_move, NO_CELL, NO_CELL, no_moves)
                .keeping(&kept);
            if self.eval(&e.cond, &cx) != 0 {
                return Some(self.outcome(e, &cx));
            }
        }
        None
    }

    /// The game's result when it is already known whether the player to move has a legal
    /// decision.
    pub fn status_knowing(&self, s: &State, no_moves: bool) -> Option<Outcome> {
        if !s.pending.is_empty() {
            return None;
        }
        self.at_end(s, Some(no_moves), |cx| {
            self.program
                .endings
                .iter()
                .find(|e| self.eval(&e.cond, cx) != 0)
                .map(|e| self.outcome(e, cx))
        })
    }

    /// `f` with the context the endings are read in at `s`: the player to move, no cell,
    /// `no_moves` as given, the values kept for the state.
    fn at_end<R>(&self, s: &State, no_moves: Option<bool>, f: impl FnOnce(&Ctx) -> R) -> R {
        let kept = Kept::sparing(self, s.to_move, no_moves);
        let cx = self
            .ctx(s, s.to_move, NO_CELL, NO_CELL, no_moves)
            .keeping(&kept);
        f(&cx)
    }

    /// Whether the player to move is stuck, given the legal decisions `moves`: none (manual
    /// actions aside), or at a turn's start only a pass (`pass when stuck`).
    pub fn stuck(&self, s: &State, moves: &[Move]) -> bool {
        let mut open = moves.iter().filter(|m| !self.is_manual(m));
        match s.turn_step {
            0 => open.all(|m| m.is_pass()),
            _ => open.next().is_none(),
        }
    }

    /// Whether an ending that asks `no_moves` holds, given the legal decisions `moves`
    /// (the cheap endings are `cheap_end`'s). Perft stops there as `random` does.
    pub fn over_knowing_moves(&self, s: &State, moves: &[Move]) -> bool {
        if self.cheap_endings.len() == self.program.endings.len() || !s.pending.is_empty() {
            return false;
        }
        self.at_end(s, Some(self.stuck(s, moves)), |cx| {
            self.program
                .endings
                .iter()
                .any(|e| e.needs_moves && self.eval(&e.cond, cx) != 0)
        })
    }

    /// Whether one of the endings that need no move generation holds.
    #[inline]
    pub fn cheap_end(&self, s: &State) -> bool {
        if !s.pending.is_empty() {
            return false;
        }
        self.at_end(s, None, |cx| {
            self.cheap_endings
                .iter()
                .any(|&i| self.eval(&self.program.endings[i].cond, cx) != 0)
        })
    }

    fn outcome(&self, e: &ir::Ending, cx: &Ctx) -> Outcome {
        let n = self.players;
        let mut counted = Vec::new();
        let scores = match &e.outcome {
            ir::Outcome::Draw => vec![0.5; n],
            ir::Outcome::Player { who, wins } => {
                let p = self.eval(who, cx) as usize;
                (0..n)
                    .map(|i| if (i == p) == *wins { 1.0 } else { 0.0 })
                    .collect()
            }
            ir::Outcome::Highest(e) => {
                let values: Vec<i64> = (0..n)
                    .map(|p| {
                        self.eval(
                            e,
                            // (Another mover: the values kept are not its.)
                            &Ctx {
                                mover: p as PlayerId,
                                kept: None,
                                ..*cx
                            },
                        )
                    })
                    .collect();
                let best = values.iter().copied().max().unwrap_or(0);
                let top = values.iter().filter(|&&v| v == best).count().max(1);
                let scores = if top == n {
                    vec![0.5; n]
                } else {
                    values
                        .iter()
                        .map(|&v| if v == best { 1.0 / top as f64 } else { 0.0 })
                        .collect()
                };
                counted = values;
                scores
            }
        };
        Outcome {
            ending: self.ending_text(e, cx),
            scores,
            values: counted,
        }
    }

    /// An ending's name, its `{EXPR}` places worked out (cells by their names).
    fn ending_text(&self, e: &ir::Ending, cx: &Ctx) -> String {
        if e.text.is_empty() {
            return e.name.clone();
        }
        let mut out = String::new();
        for part in &e.text {
            match part {
                ir::TextPart::Text(t) => out += t,
                ir::TextPart::Cells(cells) => {
                    let names: Vec<&str> = cells
                        .iter()
                        .filter_map(|&c| self.board.cell_names.get(c as usize))
                        .map(String::as_str)
                        .collect();
                    out += &names.join(" ");
                }
                ir::TextPart::Value(v) => out += &self.eval(v, cx).to_string(),
                ir::TextPart::ValueParen(v, c) => {
                    let n = self.eval(v, cx);
                    if self.eval(c, cx) != 0 {
                        out += &format!("({n})");
                    } else {
                        out += &n.to_string();
                    }
                }
            }
        }
        out
    }

    /// The ruleset's `score` of a position for a player (higher is better for them).
    pub fn score(&self, s: &State, player: PlayerId) -> i64 {
        let cx = self.ctx(s, player, s.last.from, s.last.to, None);
        self.eval(&self.program.score, &cx)
    }
}
