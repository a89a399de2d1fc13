//! One decision ahead: the `greedy` agent, and the checks the search makes first — a
//! decision that wins at once is taken (decisive), and a decision after which another
//! player can win at once is avoided (anti-decisive) while another one is left; and, two
//! replies deep, whether a decision lets the next player reach a fork (two threats where
//! one can be met).

use crate::game::{Actor, Game, Move, Scratch};
use crate::state::State;
use rand::Rng;
use rand_pcg::Pcg64Mcg;

/// The decision whose result scores best for the player making it; a win beats every
/// score, a loss is worst; ties are broken at random.
pub(super) fn greedy(
    g: &Game,
    s: &State,
    legal: &[Move],
    rng: &mut Pcg64Mcg,
    scratch: &mut Scratch,
) -> Move {
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

/// A decision of `legal` after which the game is over and won by the player to move.
pub(super) fn winning(g: &Game, s: &State, legal: &[Move], scratch: &mut Scratch) -> Option<Move> {
    let me = s.to_move as usize;
    let mut t = s.clone();
    legal.iter().copied().find(|&m| {
        t.copy_from(s);
        g.apply(&mut t, m);
        g.status(&t, scratch).and_then(|o| o.winner()) == Some(me)
    })
}

/// `legal` less the decisions that lose at once: the game ends lost for the mover, or
/// the next player is another and has a decision that wins at once. At most `budget`
/// positions are looked at, and none after `deadline` (the decisions not reached are
/// kept); when every decision loses, all are kept.
pub(super) fn safe(
    g: &Game,
    s: &State,
    legal: &[Move],
    scratch: &mut Scratch,
    budget: usize,
    deadline: Option<std::time::Instant>,
) -> Vec<Move> {
    let me = s.to_move as usize;
    let mut left = budget;
    let mut t = s.clone();
    let mut u = s.clone();
    let mut replies = Vec::new();
    let mut kept = Vec::with_capacity(legal.len());
    for &m in legal {
        if left == 0 || deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            kept.push(m);
            continue;
        }
        left -= 1;
        t.copy_from(s);
        g.apply(&mut t, m);
        let loses = match g.actor(&t, scratch) {
            Actor::Nobody => g
                .status(&t, scratch)
                .and_then(|o| o.winner())
                .is_some_and(|w| w != me),
            Actor::Chance => false,
            Actor::Player(q) if q as usize == me => false,
            Actor::Player(q) => {
                g.legal_moves(&t, &mut replies, &mut scratch.state);
                g.drop_manual(&mut replies);
                replies.iter().any(|&r| {
                    if left == 0 {
                        return false;
                    }
                    left -= 1;
                    u.copy_from(&t);
                    g.apply(&mut u, r);
                    g.status(&u, scratch).and_then(|o| o.winner()) == Some(q as usize)
                })
            }
        };
        if !loses {
            kept.push(m);
        }
    }
    if kept.is_empty() {
        legal.to_vec()
    } else {
        kept
    }
}

/// What the two-replies-deep check found about a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fork {
    /// The next player has a reply after which every decision of the mover's lets them
    /// win at once: two threats where one can be met (the reply named).
    Allowed(Move),
    /// No reply does that.
    Free,
    /// The budget or the deadline ran out first.
    Unknown,
}

/// Whether decision `m` at `s` lets the next player (another) reach a fork: a reply after
/// which the mover is to move again and every decision of theirs is answered by a win at
/// once. Spends at most `left` positions (counted down) and none after `deadline`. The
/// replies that won against one decision are tried first against the next, so a fork
/// costs about a position a decision and a reply that threatens nothing about a position
/// a reply of theirs.
pub(super) fn fork(
    g: &Game,
    s: &State,
    m: Move,
    scratch: &mut Scratch,
    left: &mut usize,
    deadline: Option<std::time::Instant>,
) -> Fork {
    let me = s.to_move;
    let mut t = s.clone();
    g.apply(&mut t, m);
    let q = match g.actor(&t, scratch) {
        Actor::Player(q) if q != me => q,
        _ => return Fork::Free,
    };
    let spend = |left: &mut usize| {
        if *left == 0 || deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return false;
        }
        *left -= 1;
        true
    };
    let (mut replies, mut ours, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    g.legal_moves(&t, &mut replies, &mut scratch.state);
    g.drop_manual(&mut replies);
    let (mut u, mut v, mut w) = (s.clone(), s.clone(), s.clone());
    // Replies of theirs that won against a decision of ours, the latest first.
    let mut killers: Vec<Move> = Vec::new();
    for &r in &replies {
        if !spend(left) {
            return Fork::Unknown;
        }
        u.copy_from(&t);
        g.apply(&mut u, r);
        if !matches!(g.actor(&u, scratch), Actor::Player(p) if p == me) {
            continue;
        }
        g.legal_moves(&u, &mut ours, &mut scratch.state);
        g.drop_manual(&mut ours);
        let mut every_loses = !ours.is_empty();
        for &d in &ours {
            if !spend(left) {
                return Fork::Unknown;
            }
            v.copy_from(&u);
            g.apply(&mut v, d);
            match g.actor(&v, scratch) {
                Actor::Player(p) if p == q => {}
                Actor::Nobody
                    if g.status(&v, scratch).and_then(|o| o.winner()) == Some(q as usize) =>
                {
                    continue
                }
                _ => {
                    every_loses = false;
                    break;
                }
            }
            g.legal_moves(&v, &mut theirs, &mut scratch.state);
            g.drop_manual(&mut theirs);
            let known = killers.iter().copied().filter(|k| theirs.contains(k));
            let order: Vec<Move> = known.chain(theirs.iter().copied()).collect();
            let mut winner = None;
            for x in order {
                if !spend(left) {
                    return Fork::Unknown;
                }
                w.copy_from(&v);
                g.apply(&mut w, x);
                if g.status(&w, scratch).and_then(|o| o.winner()) == Some(q as usize) {
                    winner = Some(x);
                    break;
                }
            }
            let Some(x) = winner else {
                every_loses = false;
                break;
            };
            killers.retain(|k| *k != x);
            killers.insert(0, x);
            killers.truncate(4);
        }
        if every_loses {
            return Fork::Allowed(r);
        }
    }
    Fork::Free
}
