//! One UCT search tree (one worker of the root-parallel search): selection by upper
//! confidence bounds for the player whose node it is (each seat maximises its own result),
//! chance sampled by its probabilities (a chance node's value is the average over the
//! outcomes drawn), progressive widening where the branching is wide, playouts capped at a
//! depth and estimated by `leaf`, and re-rooting after a decision (tree reuse).

use super::leaf::{estimate, Scale};
use crate::game::{Actor, Game, Move, Scratch};
use crate::state::State;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use std::time::Instant;
use tessel_lang::ir::PlayerId;

/// Nodes with more decisions than this are widened progressively: their decisions are
/// tried best `score` first, and only about 2·√visits of them at a time.
pub(super) const WIDE: usize = 16;
/// The weight of exploration in the upper confidence bound. Results are shares of a win
/// (0 to 1), and estimated leaves differ by a few hundredths where a playout ends early:
/// with a weight of 1 the search spread its playouts almost evenly and could not tell a
/// decision that loses a piece from the others (docs/analysis/agents.md: a bundled race
/// game against `greedy`, 14 of 60 games won); 0.25 lets those differences steer it.
pub(super) const EXPLORATION: f64 = 0.25;

/// Decisions a playout goes on past the depth cap where the score has shown no spread at
/// any leaf so far ([`super::leaf`]): far enough for a board game to fill (a 10 x 10 board
/// that loses a cell every two decisions ends within 200), and a bound where random play
/// never ends.
/// Playing such playouts to the end is what a score that never varies leaves to learn
/// from: at the cap every leaf would be an even share (docs/analysis/agents.md: a board
/// game with no captures, 63% against `random` with the flat estimate).
pub(super) const FLAT_PLAYOUT: u32 = 1_000;

/// One node: reached by `mv` from its parent.
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub mv: Move,
    parent: usize,
    pub children: Vec<usize>,
    /// Decisions not yet tried here, the next to try last (filled on the first visit).
    untried: Option<Vec<Move>>,
    /// The node had more than `WIDE` decisions.
    wide: bool,
    pub visits: u32,
}

/// What one worker may spend: playouts and a moment to stop by, the playout depth.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    pub playouts: u32,
    pub deadline: Option<Instant>,
    /// Decisions a playout makes before it is estimated (0: to the end).
    pub depth: u32,
}

/// A root decision's counts: visits and the mover's summed result.
#[derive(Clone, Copy, Debug)]
pub(super) struct RootStat {
    pub mv: Move,
    pub visits: u32,
    pub reward: f64,
}

pub(super) struct Tree {
    pub nodes: Vec<Node>,
    /// Each node's summed results, `players` numbers a node.
    rewards: Vec<f64>,
    players: usize,
    /// The position at the root.
    pub root: State,
    /// The decisions the root may try (the checks may have ruled some out); all if empty.
    pub allowed: Vec<Move>,
    scale: Scale,
}

impl Tree {
    pub fn new(g: &Game, s: &State) -> Tree {
        let mut t = Tree {
            nodes: Vec::new(),
            rewards: Vec::new(),
            players: g.players(),
            root: s.clone(),
            allowed: Vec::new(),
            scale: Scale::default(),
        };
        t.push(Move::pass(), usize::MAX);
        t
    }

    fn push(&mut self, mv: Move, parent: usize) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv,
            parent,
            children: Vec::new(),
            untried: None,
            wide: false,
            visits: 0,
        });
        self.rewards.extend(std::iter::repeat_n(0.0, self.players));
        if parent != usize::MAX {
            self.nodes[parent].children.push(id);
        }
        id
    }

    /// The decisions the root may try from now on (the checks may have ruled some out).
    /// A reused root's decisions still to try become the allowed ones it has no child for
    /// (its first visit, as another node's child, knew nothing of the checks).
    pub fn allow(&mut self, legal: &[Move]) {
        self.allowed = legal.to_vec();
        let Some(mut untried) = self.nodes[0].untried.take() else {
            return;
        };
        untried.retain(|m| legal.contains(m));
        let tried = |m: &Move| {
            self.nodes[0]
                .children
                .iter()
                .any(|&c| self.nodes[c].mv == *m)
        };
        // Tried after the ones already ordered (the next to try is last).
        let fresh = legal.iter().filter(|m| !tried(m) && !untried.contains(m));
        let mut next: Vec<Move> = fresh.copied().collect();
        next.append(&mut untried);
        self.nodes[0].untried = Some(next);
    }

    /// Playouts made through the root so far (reused ones included).
    pub fn visits(&self) -> u32 {
        self.nodes[0].visits
    }

    /// Runs playouts until a limit is reached; `tick` is called now and then with the
    /// playouts made in this call (for a progress line) and says nothing back.
    pub fn grow(
        &mut self,
        g: &Game,
        limits: Limits,
        rng: &mut Pcg64Mcg,
        scratch: &mut Scratch,
        tick: &mut dyn FnMut(&Tree, u32),
    ) -> u32 {
        let mut s = self.root.clone();
        let mut legal = Vec::new();
        let mut done = 0;
        while done < limits.playouts {
            if g.plugin_stopped() || limits.deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.playout(g, limits.depth, rng, scratch, &mut s, &mut legal);
            done += 1;
            if done % 64 == 0 {
                tick(self, done);
            }
        }
        done
    }

    fn playout(
        &mut self,
        g: &Game,
        depth: u32,
        rng: &mut Pcg64Mcg,
        scratch: &mut Scratch,
        s: &mut State,
        legal: &mut Vec<Move>,
    ) {
        s.copy_from(&self.root);
        // The real game's generator would tell the search the coming throws: each playout
        // draws its own.
        s.reseed(rng.random());
        let mut node = 0;
        loop {
            match g.actor(s, scratch) {
                Actor::Nobody => break,
                Actor::Chance => {
                    let m = g.sample_chance(s).unwrap_or(Move::pass());
                    node = self.child_for(node, m);
                    g.apply(s, m);
                    if self.nodes[node].visits == 0 {
                        break;
                    }
                }
                Actor::Player(p) => {
                    if self.nodes[node].untried.is_none() {
                        g.legal_moves(s, legal, &mut scratch.state);
                        g.drop_manual(legal);
                        if node == 0 && !self.allowed.is_empty() {
                            legal.retain(|m| self.allowed.contains(m));
                        }
                        let wide = legal.len() > WIDE;
                        order(g, s, p, legal, wide, rng);
                        self.nodes[node].wide = wide;
                        self.nodes[node].untried = Some(legal.clone());
                    }
                    let n = &self.nodes[node];
                    let room = !n.wide
                        || n.children.len() < (2.0 * f64::from(n.visits).sqrt()) as usize + 2;
                    if room {
                        if let Some(m) = self.nodes[node].untried.as_mut().and_then(|u| u.pop()) {
                            node = self.push(m, node);
                            g.apply(s, m);
                            break;
                        }
                    }
                    if self.nodes[node].children.is_empty() {
                        break;
                    }
                    let best = self.select(node, p as usize);
                    if best == node {
                        // No child may be chosen (the checks ruled out every decision the
                        // root has tried): try one not tried yet, or estimate from here.
                        if let Some(m) = self.nodes[node].untried.as_mut().and_then(|u| u.pop()) {
                            node = self.push(m, node);
                            g.apply(s, m);
                        }
                        break;
                    }
                    node = best;
                    g.apply(s, self.nodes[best].mv);
                }
            }
        }
        let rewards =
            match g.random_playout(s, rng, if depth == 0 { u32::MAX } else { depth }, scratch) {
                Some(o) => o.scores,
                None => {
                    let even = estimate(g, s, &mut self.scale);
                    // A score that has not varied at any leaf yet (nothing is ever taken,
                    // say) gives every leaf an even share: the playout's only information
                    // is then how the game ends, so it goes on (at most `FLAT_PLAYOUT`
                    // decisions more). Each playout still stops at the cap first and feeds
                    // the scale, so once the score varies the estimate takes over again.
                    match self.scale.flat() {
                        true => g
                            .random_playout(s, rng, FLAT_PLAYOUT, scratch)
                            .map_or(even, |o| o.scores),
                        false => even,
                    }
                }
            };
        let mut at = node;
        while at != usize::MAX {
            self.nodes[at].visits += 1;
            let base = at * self.players;
            for (r, x) in self.rewards[base..base + self.players]
                .iter_mut()
                .zip(&rewards)
            {
                *r += x;
            }
            at = self.nodes[at].parent;
        }
    }

    /// The child of `node` with the highest upper confidence bound for `player`.
    fn select(&self, node: usize, player: usize) -> usize {
        let ln = f64::from(self.nodes[node].visits.max(1)).ln();
        let mut best = (f64::MIN, node);
        for &c in &self.nodes[node].children {
            if node == 0 && !self.allowed.is_empty() && !self.allowed.contains(&self.nodes[c].mv) {
                continue;
            }
            let v = f64::from(self.nodes[c].visits);
            let u = if v == 0.0 {
                f64::INFINITY
            } else {
                self.rewards[c * self.players + player] / v + EXPLORATION * (ln / v).sqrt()
            };
            if u > best.0 {
                best = (u, c);
            }
        }
        best.1
    }

    /// The child of `node` reached by `m`, added when new (a chance outcome).
    fn child_for(&mut self, node: usize, m: Move) -> usize {
        match self.nodes[node]
            .children
            .iter()
            .find(|&&c| self.nodes[c].mv == m)
        {
            Some(&c) => c,
            None => self.push(m, node),
        }
    }

    /// The root's children with their visits and the result of `player` (the mover).
    pub fn root_stats(&self, player: usize) -> Vec<RootStat> {
        self.nodes[0]
            .children
            .iter()
            .map(|&c| RootStat {
                mv: self.nodes[c].mv,
                visits: self.nodes[c].visits,
                reward: self.rewards[c * self.players + player],
            })
            .collect()
    }

    /// Moves the root to the child reached by `m` (a decision made, chance's included),
    /// keeping the subtree beneath it; false when the tree has no such child.
    pub fn advance(&mut self, g: &Game, m: Move) -> bool {
        let Some(&child) = self.nodes[0]
            .children
            .iter()
            .find(|&&c| self.nodes[c].mv == m)
        else {
            return false;
        };
        let mut kept = Tree {
            nodes: Vec::new(),
            rewards: Vec::new(),
            players: self.players,
            root: std::mem::replace(&mut self.root, g.empty_state(0)),
            allowed: Vec::new(),
            scale: std::mem::take(&mut self.scale),
        };
        g.apply(&mut kept.root, m);
        // Copy the subtree breadth first: (old node, new parent).
        let mut queue = std::collections::VecDeque::from([(child, usize::MAX)]);
        while let Some((old, parent)) = queue.pop_front() {
            let id = kept.push(self.nodes[old].mv, parent);
            let n = &self.nodes[old];
            kept.nodes[id].untried.clone_from(&n.untried);
            kept.nodes[id].wide = n.wide;
            kept.nodes[id].visits = n.visits;
            let (a, b) = (old * self.players, id * self.players);
            kept.rewards[b..b + self.players].copy_from_slice(&self.rewards[a..a + self.players]);
            queue.extend(n.children.iter().map(|&c| (c, id)));
        }
        *self = kept;
        true
    }
}

/// Puts a node's decisions in the order they are tried (the next last): at random, and
/// where the branching is wide, by the `score` one decision ahead (best last).
fn order(g: &Game, s: &State, p: PlayerId, legal: &mut [Move], wide: bool, rng: &mut Pcg64Mcg) {
    legal.shuffle(rng);
    if wide {
        let mut t = s.clone();
        let mut keyed: Vec<(i64, Move)> = legal
            .iter()
            .map(|&m| {
                t.copy_from(s);
                g.apply(&mut t, m);
                (g.score(&t, p), m)
            })
            .collect();
        keyed.sort_by_key(|k| k.0);
        for (slot, (_, m)) in legal.iter_mut().zip(keyed) {
            *slot = m;
        }
    }
}
