//! Agents that know no game: they choose among the legal decisions through the `Game`
//! interface only. `random`; `greedy` (one decision ahead, by the ruleset's `score`);
//! the search (`easy`, `normal` or `mcts`, `strong`): UCT over decisions with a playout
//! count and a time budget, playouts capped at a depth and estimated by `score`, decisive
//! and anti-decisive checks, tree reuse between decisions ([`Mind`]) and root parallelism.

mod leaf;
mod run;
mod tactics;
// The unit tests play a bundled ruleset, so they live with the crate's tests, outside the
// engine's source (which names no game).
#[cfg(test)]
#[path = "../../tests/agent/unit.rs"]
mod tests;
mod tree;

use crate::game::{Game, Move, Scratch};
use crate::state::State;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::time::{Duration, Instant};
use tree::{Limits, RootStat, Tree};

/// A way of choosing decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    Random,
    Greedy,
    /// The tree search, with what it may spend.
    Mcts(Search),
}

/// What the search may spend on a decision, and how it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The level's name (`mcts`, `easy`, `normal`, `strong`).
    pub name: &'static str,
    /// Playouts a decision, over all workers; the search stops at this count or at the
    /// time budget, whichever comes first.
    pub playouts: u32,
    /// The time budget of a decision. A search stopped by time is not replay-exact.
    pub think: Option<Duration>,
    /// Decisions a playout makes before the position is estimated by `score` (0: to the
    /// end of the game).
    pub depth: u32,
    /// Workers searching trees of their own (root parallelism); 0 for every core.
    pub threads: usize,
    /// Decisive and anti-decisive checks at the root.
    pub checks: bool,
    /// Keep the tree between decisions ([`Mind`]).
    pub reuse: bool,
}

impl Search {
    /// A search of `playouts` playouts a decision, no time budget, one worker: replay-exact.
    pub fn playouts(playouts: u32) -> Search {
        Search {
            name: "mcts",
            playouts: playouts.max(1),
            think: None,
            depth: DEPTH,
            threads: 1,
            checks: true,
            reuse: true,
        }
    }
}

/// The playout depth of the levels.
pub const DEPTH: u32 = 8;
/// The time budget of `normal` (and `mcts`) when neither a budget nor a playout count is
/// given.
pub const THINK: Duration = Duration::from_secs(2);

/// Positions the decisive and anti-decisive checks may look at before a search: enough
/// to look at every decision and (about) every reply to each — twice as many replies as
/// there are decisions — or four a playout if that is more, and never more than
/// `CHECKS_MAX` (a time budget also gives them at most a quarter of its time). A search of
/// few playouts in a game of wide branching thus still sees every loss in one reply.
pub(super) fn check_budget(playouts: u32, decisions: usize) -> usize {
    let replies = decisions.saturating_mul(decisions.saturating_mul(2).saturating_add(1));
    (playouts as usize)
        .saturating_mul(4)
        .max(replies)
        .min(CHECKS_MAX)
}

/// The most positions the checks look at before a search.
pub const CHECKS_MAX: usize = 12_000;

/// The fork check after a search ([`Mind::choose`]) looks at up to this many times the
/// checks' budget. A decision that allows no fork costs about a position for each reply
/// and each reply to that (a thousand or so where there are 35 decisions); one whose
/// replies threaten costs more, and a budget of one check's let it verify only the first
/// two or three choices (on a bundled game with a fork the search missed, 16 of 30 games
/// won against `greedy`, 21 with four times that: docs/analysis/agents.md).
pub const FORK_TIMES: usize = 4;

/// What the command line says about the search: each `None` leaves the level's default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    pub playouts: Option<u32>,
    /// Seconds a decision; 0 for no time budget.
    pub think: Option<f64>,
    pub depth: Option<u32>,
    /// 0 for every core.
    pub threads: usize,
}

/// The names `Agent::parse` reads.
pub const LEVELS: &str = "random, greedy, easy, normal (or mcts) and strong";

impl Agent {
    /// Reads a level: `random`, `greedy`, `easy` (100 playouts), `normal` or `mcts` (a
    /// time budget of 2 s unless a playout count is given), `strong` (three times the
    /// budget, four times the playouts). With a playout count and no `think`, there is no
    /// time budget, and a seeded game replays exactly.
    pub fn parse(name: &str, b: Budget) -> Result<Agent, String> {
        let think = match b.think {
            Some(t) if t > 0.0 && t.is_finite() => Some(Duration::from_secs_f64(t.min(1e6))),
            Some(_) => None,
            None if b.playouts.is_some() => None,
            None => Some(THINK),
        };
        let playouts = b
            .playouts
            .unwrap_or(if think.is_some() { u32::MAX } else { 1000 })
            .max(1);
        let normal = Search {
            name: "normal",
            playouts,
            think,
            depth: b.depth.unwrap_or(DEPTH),
            threads: b.threads,
            checks: true,
            reuse: true,
        };
        match name.trim() {
            "random" => Ok(Agent::Random),
            "greedy" => Ok(Agent::Greedy),
            "easy" => Ok(Agent::Mcts(Search {
                name: "easy",
                playouts: 100,
                think: None,
                depth: b.depth.unwrap_or(4),
                threads: 1,
                checks: false,
                reuse: false,
            })),
            "normal" => Ok(Agent::Mcts(normal)),
            "mcts" => Ok(Agent::Mcts(Search {
                name: "mcts",
                ..normal
            })),
            "strong" => Ok(Agent::Mcts(Search {
                name: "strong",
                playouts: playouts.saturating_mul(4),
                think: think.map(|t| t * 3),
                ..normal
            })),
            other => Err(format!(
                "there is no agent `{other}`; the agents are {LEVELS}"
            )),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Agent::Random => "random",
            Agent::Greedy => "greedy",
            Agent::Mcts(s) => s.name,
        }
    }

    /// Chooses one of `legal` (not empty) for the player to move at `s`, with no tree
    /// kept (see [`Mind`] for that).
    pub fn choose(
        &self,
        g: &Game,
        s: &State,
        legal: &[Move],
        rng: &mut Pcg64Mcg,
        scratch: &mut Scratch,
    ) -> Move {
        Mind::new(*self).choose(g, s, legal, rng, scratch, None).mv
    }
}

/// A decision chosen, and how sure the agent is of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub mv: Move,
    pub why: Why,
    /// Playouts through the root (reused ones included); 0 without a search.
    pub playouts: u32,
    /// The share of the root's playouts that went to `mv`.
    pub share: f64,
    /// The mover's mean result after `mv` in the search (1 a win, ½ a draw).
    pub win: f64,
}

/// Why a decision was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// It was the only one (or the only one that does not lose at once).
    Only,
    /// It wins at once.
    Wins,
    Searched,
    /// Random or greedy.
    Simple,
}

/// The progress of a search, for a "thinking…" line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Playouts so far over all workers (estimated from the first one's).
    pub playouts: u32,
    pub elapsed: Duration,
    /// The first worker's best decision so far and its share of that worker's playouts.
    pub best: Option<(Move, f64)>,
}

/// A callback for progress lines, called from the first worker now and then.
pub type OnProgress<'a> = &'a (dyn Fn(Progress) + Sync);

/// An agent with memory: the search trees kept between decisions. Tell it every decision
/// made (`observe`), chance's and the other players' included, so the trees follow the
/// game; a tree that does not match the position asked about is dropped.
pub struct Mind {
    pub agent: Agent,
    trees: Vec<Tree>,
    /// Where the search decided so far in this turn ([`run`]).
    run: run::Run,
}

impl Mind {
    pub fn new(agent: Agent) -> Mind {
        Mind {
            agent,
            trees: Vec::new(),
            run: run::Run::default(),
        }
    }

    /// A decision was made in the game (by anyone, or by chance).
    pub fn observe(&mut self, g: &Game, m: Move) {
        if !self.trees.iter_mut().all(|t| t.advance(g, m)) {
            self.trees.clear();
        }
    }

    /// Chooses one of `legal` (not empty) for the player to move at `s`.
    pub fn choose(
        &mut self,
        g: &Game,
        s: &State,
        legal: &[Move],
        rng: &mut Pcg64Mcg,
        scratch: &mut Scratch,
        progress: Option<OnProgress>,
    ) -> Choice {
        let simple = |mv, why| Choice {
            mv,
            why,
            playouts: 0,
            share: 1.0,
            win: 0.5,
        };
        let mut own = legal.to_vec();
        g.drop_manual(&mut own);
        let legal = if own.is_empty() { legal } else { &own };
        if legal.len() == 1 {
            return simple(legal[0], Why::Only);
        }
        let search = match self.agent {
            Agent::Random => return simple(legal[rng.random_range(0..legal.len())], Why::Simple),
            Agent::Greedy => {
                return simple(tactics::greedy(g, s, legal, rng, scratch), Why::Simple)
            }
            Agent::Mcts(search) => search,
        };
        let began = Instant::now();
        // Decisions that lead back to where this turn has been are no progress.
        let onward = self.run.onward(g, s, legal);
        if onward.len() == 1 {
            return simple(onward[0], Why::Only);
        }
        let legal = onward.as_slice();
        let legal = if search.checks {
            if let Some(m) = tactics::winning(g, s, legal, scratch) {
                return Choice {
                    win: 1.0,
                    ..simple(m, Why::Wins)
                };
            }
            let budget = check_budget(search.playouts, legal.len());
            let deadline = search.think.map(|t| began + t / 4);
            let safe = tactics::safe(g, s, legal, scratch, budget, deadline);
            if safe.len() == 1 {
                return simple(safe[0], Why::Only);
            }
            safe
        } else {
            legal.to_vec()
        };
        let mut choice = self.search(g, s, &legal, search, began, rng, progress);
        if search.checks {
            let r = self.fork_free(g, s, &legal, search, scratch);
            if r.mv != choice.mv {
                choice.share = f64::from(r.visits) / f64::from(choice.playouts.max(1));
                choice.win = mean(&r);
                choice.mv = r.mv;
            }
        }
        choice
    }

    /// The search's choice, unless it lets the next player reach a fork
    /// ([`tactics::fork`]): then the next one by visits that does not, or whose check ran
    /// out of budget. The check has a budget of its own, `FORK_TIMES` the first checks'
    /// (and a quarter of the time budget); when every decision allows a fork, the search's
    /// choice stands.
    fn fork_free(
        &self,
        g: &Game,
        s: &State,
        legal: &[Move],
        search: Search,
        scratch: &mut Scratch,
    ) -> RootStat {
        let ranked = self.ranked(s, legal);
        let mut left = check_budget(search.playouts, legal.len()).saturating_mul(FORK_TIMES);
        let deadline = search.think.map(|t| Instant::now() + t / 4);
        for r in &ranked {
            match tactics::fork(g, s, r.mv, scratch, &mut left, deadline) {
                tactics::Fork::Allowed(_) => continue,
                tactics::Fork::Free | tactics::Fork::Unknown => return *r,
            }
        }
        ranked[0]
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        g: &Game,
        s: &State,
        legal: &[Move],
        search: Search,
        began: Instant,
        rng: &mut Pcg64Mcg,
        progress: Option<OnProgress>,
    ) -> Choice {
        let threads = match search.threads {
            0 => rayon::current_num_threads().max(1),
            n => n,
        };
        let here = g.complete_string(s);
        let reuse = search.reuse
            && self.trees.len() == threads
            && self
                .trees
                .first()
                .is_some_and(|t| g.complete_string(&t.root) == here);
        if reuse {
            for t in &mut self.trees {
                t.root = s.clone();
            }
        } else {
            self.trees = (0..threads).map(|_| Tree::new(g, s)).collect();
        }
        for t in &mut self.trees {
            t.allow(legal);
        }
        let seed: u64 = rng.random();
        let per_worker = search.playouts.div_ceil(threads as u32).max(1);
        let limits = Limits {
            playouts: per_worker,
            deadline: search.think.map(|t| began + t),
            depth: search.depth,
        };
        let work = |(w, tree): (usize, &mut Tree)| {
            let mut rng =
                Pcg64Mcg::seed_from_u64(seed ^ (w as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut scratch = g.scratch();
            let mut tick = |t: &Tree, done: u32| {
                if let (0, Some(p)) = (w, progress) {
                    let stats = t.root_stats(s.to_move as usize);
                    let total = t.visits().max(1);
                    p(Progress {
                        playouts: done.saturating_mul(threads as u32),
                        elapsed: began.elapsed(),
                        best: stats
                            .iter()
                            .max_by_key(|r| r.visits)
                            .map(|r| (r.mv, f64::from(r.visits) / f64::from(total))),
                    });
                }
            };
            tree.grow(g, limits, &mut rng, &mut scratch, &mut tick);
        };
        if threads == 1 {
            self.trees.iter_mut().enumerate().for_each(work);
        } else {
            use rayon::prelude::*;
            self.trees.par_iter_mut().enumerate().for_each(work);
        }
        self.best(s, legal)
    }

    /// The root decision with the most visits over all trees (among `legal`: the checks
    /// may have ruled some out); ties go to the better result, then to the first.
    fn best(&self, s: &State, legal: &[Move]) -> Choice {
        let ranked = self.ranked(s, legal);
        let best = ranked[0];
        let total: u32 = self.trees.iter().map(|t| t.visits()).sum();
        Choice {
            mv: best.mv,
            why: Why::Searched,
            playouts: total,
            share: f64::from(best.visits) / f64::from(total.max(1)),
            win: mean(&best),
        }
    }

    /// `legal` (not empty) with their visits and results summed over all trees, the most
    /// visited first; ties go to the better result, then to the first in `legal`.
    fn ranked(&self, s: &State, legal: &[Move]) -> Vec<RootStat> {
        let me = s.to_move as usize;
        let mut sums: Vec<RootStat> = legal
            .iter()
            .map(|&mv| RootStat {
                mv,
                visits: 0,
                reward: 0.0,
            })
            .collect();
        for t in &self.trees {
            for r in t.root_stats(me) {
                if let Some(x) = sums.iter_mut().find(|x| x.mv == r.mv) {
                    x.visits += r.visits;
                    x.reward += r.reward;
                }
            }
        }
        // A stable sort keeps the first of equals first.
        sums.sort_by(|a, b| {
            b.visits.cmp(&a.visits).then(
                mean(b)
                    .partial_cmp(&mean(a))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        sums
    }
}

/// A root decision's mean result for the mover (0 when it has no visits).
fn mean(r: &RootStat) -> f64 {
    if r.visits == 0 {
        0.0
    } else {
        r.reward / f64::from(r.visits)
    }
}
