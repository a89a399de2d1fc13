//! Where a playout stops early (the depth cap), each player's chance of winning, from the
//! ruleset's `score` (3.20a; `material` when it declares none) mapped through a softmax
//! whose scale adapts to the spread of the scores the search has seen; where the scores
//! have shown no spread at all, the tree plays the playout on to the end instead
//! ([`Scale::flat`]).

use crate::game::Game;
use crate::state::State;
use tessel_lang::ir::PlayerId;

/// The running spread of the scores seen at the leaves of one search: the mean distance
/// of a player's score from the players' mean.
#[derive(Clone, Debug, Default)]
pub(super) struct Scale {
    sum: f64,
    count: f64,
}

impl Scale {
    /// The divisor of the scores: twice their mean spread, at least 1 (a score that never
    /// varies says nothing, and every player gets an even share).
    fn divisor(&self) -> f64 {
        if self.count == 0.0 {
            1.0
        } else {
            (2.0 * self.sum / self.count).max(1.0)
        }
    }

    /// Every leaf seen so far (at least one) scored every player the same: the score has
    /// shown no spread, so an estimate by it is an even share whatever the position.
    pub(super) fn flat(&self) -> bool {
        self.count > 0.0 && self.sum == 0.0
    }
}

/// Each player's estimated result at `s` (a share of 1 in all): the softmax of the
/// players' scores over the scale. Two players nine points of material apart (a
/// spread of about 3) get about 0.95 and 0.05; equal scores give an even share.
pub(super) fn estimate(g: &Game, s: &State, scale: &mut Scale) -> Vec<f64> {
    let n = g.players();
    let values: Vec<f64> = (0..n).map(|p| g.score(s, p as PlayerId) as f64).collect();
    shares(&values, scale)
}

/// The softmax of `values` over the scale, after the scale has taken them in.
pub(super) fn shares(values: &[f64], scale: &mut Scale) -> Vec<f64> {
    let n = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / n;
    for v in values {
        scale.sum += (v - mean).abs();
        scale.count += 1.0;
    }
    let k = scale.divisor();
    let top = values.iter().copied().fold(f64::MIN, f64::max);
    let exps: Vec<f64> = values.iter().map(|v| ((v - top) / k).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps.iter().map(|e| e / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_scores_share_evenly_and_a_lead_counts() {
        let mut scale = Scale::default();
        assert_eq!(shares(&[0.0, 0.0], &mut scale), vec![0.5, 0.5]);
        let three = shares(&[2.0, 2.0, 2.0], &mut Scale::default());
        assert!(three.iter().all(|x| (x - 1.0 / 3.0).abs() < 1e-12));
        // A spread of about 3 seen so far: a lead of 9 is nearly sure, a lead of 1 is not.
        let mut scale = Scale::default();
        for _ in 0..50 {
            shares(&[3.0, -3.0], &mut scale);
        }
        let big = shares(&[9.0, -9.0], &mut scale);
        let small = shares(&[0.5, -0.5], &mut scale);
        assert!(big[0] > 0.9 && big[0] < 1.0, "{big:?}");
        assert!(small[0] > 0.5 && small[0] < 0.65, "{small:?}");
        assert!((big[0] + big[1] - 1.0).abs() < 1e-12);
        // Huge scores neither overflow nor give NaN.
        let huge = shares(&[1e300, -1e300], &mut Scale::default());
        assert!(huge.iter().all(|x| x.is_finite()), "{huge:?}");
    }
}
