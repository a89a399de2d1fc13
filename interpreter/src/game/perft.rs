//! Walking the decision tree: perft counts (whole, or split by first decision) and random
//! playouts. Both stop where the game is over: a finished game has no decisions, so perft
//! tries every ending (those that ask `no_moves` with the decisions it generated anyway).

use super::ruleset::{Game, Move, Outcome, Scratch};
use crate::state::State;

impl Game {
    /// Counts decision sequences of length `depth` (perft), playing every leaf.
    pub fn perft(&self, s: &State, depth: u32) -> u64 {
        let mut bufs: Vec<(Vec<Move>, State)> = (0..=depth)
            .map(|_| (Vec::with_capacity(256), self.empty_state(0)))
            .collect();
        self.perft_at(s, depth, &mut bufs)
    }

    fn perft_at(&self, s: &State, depth: u32, bufs: &mut [(Vec<Move>, State)]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some(((moves, child), rest)) = bufs.split_first_mut() else {
            return 0;
        };
        if self.cheap_end(s) {
            return 0;
        }
        self.legal_moves(s, moves, child);
        if self.plugin_stopped() || self.over_knowing_moves(s, moves) {
            return 0;
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for &m in moves.iter() {
            child.copy_from(s);
            self.apply(child, m);
            total += self.perft_at(child, depth - 1, rest);
        }
        total
    }

    /// Perft split by first decision.
    pub fn perft_divide(&self, s: &State, depth: u32) -> Vec<(Move, u64)> {
        let mut moves = Vec::new();
        let mut tmp = self.empty_state(0);
        if depth == 0 || self.cheap_end(s) {
            return Vec::new();
        }
        self.legal_moves(s, &mut moves, &mut tmp);
        if self.over_knowing_moves(s, &moves) {
            return Vec::new();
        }
        moves
            .into_iter()
            .map(|m| {
                let mut child = s.clone();
                self.apply(&mut child, m);
                (m, self.perft(&child, depth - 1))
            })
            .collect()
    }

    /// Plays uniformly random legal decisions from `s` until the game ends or `max_plies`
    /// decisions were made. The choices come from `agent`; chance in the game from `s`.
    /// Returns the outcome, or `None` when stopped at the limit or when no decision is
    /// legal and no ending applies.
    #[inline(never)] // one whole game: a unit a profiler can count alone
    pub fn random_playout(
        &self,
        s: &mut State,
        agent: &mut impl rand::Rng,
        max_plies: u32,
        scratch: &mut Scratch,
    ) -> Option<Outcome> {
        let start = s.ply;
        let mut moves = std::mem::take(&mut scratch.moves);
        let result = loop {
            // Generate once: the endings that ask `no_moves` use the same list.
            if self.play_sampled_chance(s) {
                continue;
            }
            self.legal_moves(s, &mut moves, &mut scratch.state);
            if self.plugin_stopped() {
                break None;
            }
            self.drop_manual(&mut moves);
            let stuck = self.stuck(s, &moves);
            if let Some(o) = self.status_knowing(s, stuck) {
                break Some(o);
            }
            if s.ply - start >= max_plies || moves.is_empty() {
                break None;
            }
            let m = moves[agent.random_range(0..moves.len())];
            self.apply(s, m);
        };
        scratch.moves = moves;
        result
    }
}
