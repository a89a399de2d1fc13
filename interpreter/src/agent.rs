//! Agents that know no game: they choose among the legal decisions through the `Game`
//! interface only. `random`; `greedy` (one decision ahead, by the ruleset's `score`);
//! `mcts` (UCT over decisions, sampling chance by its probabilities, any number of
//! players, any number of decisions per turn).

use crate::game::{Actor, Game, Move, Scratch};
use crate::state::State;
use rand::Rng;
use rand_pcg::Pcg64Mcg;

/// A way of choosing decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    Random,
    Greedy,
    /// UCT with this many playouts per decision.
    Mcts {
        playouts: u32,
    },
}

impl Agent {
    /// Reads `random`, `greedy` or `mcts`; `playouts` is used by `mcts`.
    pub fn parse(name: &str, playouts: u32) -> Result<Agent, String> {
        match name.trim() {
            "random" => Ok(Agent::Random),
            "greedy" => Ok(Agent::Greedy),
            "mcts" => Ok(Agent::Mcts {
                playouts: playouts.max(1),
            }),
            other => Err(format!(
                "there is no agent `{other}`; the agents are random, greedy and mcts"
            )),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Agent::Random => "random",
            Agent::Greedy => "greedy",
            Agent::Mcts { .. } => "mcts",
        }
    }

    /// Chooses one of `legal` (not empty) for the player to move at `s`.
    pub fn choose(
        &self,
        g: &Game,
        s: &State,
        legal: &[Move],
        rng: &mut Pcg64Mcg,
        scratch: &mut Scratch,
        max_plies: u32,
    ) -> Move {
        let mut own = Vec::new();
        let legal = if legal.iter().any(|m| g.is_manual(m)) {
            own.extend_from_slice(legal);
            g.drop_manual(&mut own);
            if own.is_empty() {
                legal
            } else {
                own.as_slice()
            }
        } else {
            legal
        };
        if legal.len() == 1 {
            return legal[0];
        }
        match self {
            Agent::Random => legal[rng.random_range(0..legal.len())],
            Agent::Greedy => greedy(g, s, legal, rng, scratch),
            Agent::Mcts { playouts } => {
                Mcts::new(g, s).search(g, *playouts, rng, scratch, max_plies)
            }
        }
    }
}

/// The decision whose result scores best for the player making it; a win beats every
/// score, a loss is worst; ties are broken at random.
fn greedy(g: &Game, s: &State, legal: &[Move], rng: &mut Pcg64Mcg, scratch: &mut Scratch) -> Move {
    let me = s.to_move;
    let mut best: Vec<Move> = Vec::new();
    let mut best_value = f64::MIN;
    let mut t = s.clone();
    for &m in legal {
        t.copy_from(s);
        g.apply(&mut t, m);
        let value = match g.status(&t, scratch) {
            Some(o) => (o.scores.get(me as usize).copied().unwrap_or(0.0) - 0.5) * 1e12,
            None => g.score(&t, me) as f64,
        };
        if value > best_value {
            best_value = value;
            best.clear();
            best.push(m);
        } else if value == best_value {
            best.push(m);
        }
    }
    best[rng.random_range(0..best.len())]
}

/// One node of the search tree: reached by `mv` from its parent.
struct Node {
    mv: Move,
    parent: usize,
    children: Vec<usize>,
    /// Decisions not yet tried here (filled on the first visit).
    untried: Option<Vec<Move>>,
    visits: u32,
    /// Sum of each player's rewards over the playouts through this node.
    reward: Vec<f64>,
}

/// UCT (upper confidence bounds applied to trees) over the game's decisions.
struct Mcts {
    nodes: Vec<Node>,
    root: State,
}

const EXPLORATION: f64 = 1.4;

impl Mcts {
    fn new(g: &Game, s: &State) -> Mcts {
        Mcts {
            nodes: vec![Node {
                mv: Move::pass(),
                parent: usize::MAX,
                children: Vec::new(),
                untried: None,
                visits: 0,
                reward: vec![0.0; g.players()],
            }],
            root: s.clone(),
        }
    }

    fn search(
        &mut self,
        g: &Game,
        playouts: u32,
        rng: &mut Pcg64Mcg,
        scratch: &mut Scratch,
        max_plies: u32,
    ) -> Move {
        let mut s = self.root.clone();
        let mut legal = Vec::new();
        for _ in 0..playouts {
            if g.plugin_stopped() {
                break;
            }
            s.copy_from(&self.root);
            // Selection and expansion.
            let mut node = 0;
            loop {
                match g.actor(&s, scratch) {
                    Actor::Nobody => break,
                    Actor::Chance => {
                        // Chance is sampled, not chosen: follow (or add) the drawn outcome.
                        let m = g.sample_chance(&mut s).unwrap_or(Move::pass());
                        node = self.child_for(node, m, g.players());
                        g.apply(&mut s, m);
                        if self.nodes[node].visits == 0 {
                            break;
                        }
                    }
                    Actor::Player(p) => {
                        if self.nodes[node].untried.is_none() {
                            g.legal_moves(&s, &mut legal, &mut scratch.state);
                            g.drop_manual(&mut legal);
                            self.nodes[node].untried = Some(legal.clone());
                        }
                        if let Some(untried) =
                            self.nodes[node].untried.as_mut().filter(|u| !u.is_empty())
                        {
                            let m = untried.swap_remove(rng.random_range(0..untried.len()));
                            node = self.child_for(node, m, g.players());
                            g.apply(&mut s, m);
                            break;
                        }
                        if self.nodes[node].children.is_empty() {
                            break;
                        }
                        let n = self.nodes[node].visits.max(1) as f64;
                        let best = self.nodes[node]
                            .children
                            .iter()
                            .copied()
                            .max_by(|&a, &b| {
                                let ua = self.ucb(a, p as usize, n);
                                let ub = self.ucb(b, p as usize, n);
                                ua.partial_cmp(&ub).unwrap_or(std::cmp::Ordering::Equal)
                            })
                            .unwrap_or(node);
                        let m = self.nodes[best].mv;
                        node = best;
                        g.apply(&mut s, m);
                    }
                }
            }
            // Playout.
            let outcome = g.random_playout(&mut s, rng, max_plies, scratch);
            let rewards: Vec<f64> = match outcome {
                Some(o) => o.scores,
                None => vec![0.5; g.players()],
            };
            // Back-propagation.
            let mut at = node;
            while at != usize::MAX {
                let n = &mut self.nodes[at];
                n.visits += 1;
                for (r, x) in n.reward.iter_mut().zip(&rewards) {
                    *r += x;
                }
                at = n.parent;
            }
        }
        let root = &self.nodes[0];
        root.children
            .iter()
            .max_by_key(|&&c| self.nodes[c].visits)
            .map(|&c| self.nodes[c].mv)
            .or_else(|| root.untried.as_ref().and_then(|u| u.first().copied()))
            .unwrap_or(Move::pass())
    }

    fn ucb(&self, child: usize, player: usize, parent_visits: f64) -> f64 {
        let c = &self.nodes[child];
        if c.visits == 0 {
            return f64::INFINITY;
        }
        let v = c.visits as f64;
        c.reward.get(player).copied().unwrap_or(0.0) / v
            + EXPLORATION * (parent_visits.ln() / v).sqrt()
    }

    /// The child of `node` reached by `m`, added when new.
    fn child_for(&mut self, node: usize, m: Move, players: usize) -> usize {
        if let Some(&c) = self.nodes[node]
            .children
            .iter()
            .find(|&&c| self.nodes[c].mv == m)
        {
            return c;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv: m,
            parent: node,
            children: Vec::new(),
            untried: None,
            visits: 0,
            reward: vec![0.0; players],
        });
        self.nodes[node].children.push(id);
        id
    }
}
