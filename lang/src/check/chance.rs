//! Chance: rolls and draws become numbered chance events, each with the distribution of
//! its outcomes and the statements run once it is resolved.

use super::{err, Lowerer};
use crate::ast::{self, Name};
use crate::diag::codes;
use crate::ir::{self, Type};

/// The chance events, by number, and the statements run once each is resolved.
#[derive(Default)]
pub(super) struct Chances {
    pub(super) events: Vec<ir::Chance>,
    pub(super) then: Vec<Vec<ir::Stmt>>,
    /// The `int` options already reported as giving a die that cannot be rolled.
    pub(super) bad_sizes: Vec<String>,
}

impl Lowerer<'_> {
    /// The variable a `roll` sets: it must exist and hold one value of type `ty`.
    pub(super) fn roll_target(&mut self, name: &Name, ty: Type) -> Option<ir::VarId> {
        let (example, word) = if ty == Type::Cell {
            ("var NAME: cell = none", "a cell")
        } else {
            ("var NAME = 0", "a number")
        };
        let Some(&v) = self.names.vars.get(&name.text) else {
            self.error(
                err(
                    codes::UNKNOWN_NAME,
                    format!("there is no variable `{}`", name.text),
                    name.span,
                    "unknown variable",
                )
                .hint(format!("declare it with `{example}` to hold the roll")),
            );
            return None;
        };
        if self.vars[v as usize].ty != ty || self.vars[v as usize].per_cell {
            self.error(err(
                codes::TYPE_MISMATCH,
                format!(
                    "`{}` does not hold {word}, and this roll gives one",
                    name.text
                ),
                name.span,
                format!("not {word}"),
            ));
            return None;
        }
        Some(v)
    }

    /// Registers a chance event; its number, unless there are too many.
    pub(super) fn add_chance(&mut self, c: ir::Chance) -> Option<u16> {
        if self.chances.events.len() >= u16::MAX as usize {
            return None;
        }
        self.chances.events.push(c);
        self.chances.then.push(Vec::new());
        Some((self.chances.events.len() - 1) as u16)
    }
}

/// Each outcome of a chance with its probability, or `None` when out of range.
pub(super) fn distribution(spec: ast::ChanceSpec) -> Option<Vec<(i64, f64)>> {
    match spec {
        ast::ChanceSpec::Die(n) if (2..=1000).contains(&n) => {
            Some((1..=n as i64).map(|v| (v, 1.0 / n as f64)).collect())
        }
        ast::ChanceSpec::Dice(k, n)
            if (1..=100).contains(&k)
                && (2..=1000).contains(&n)
                && k as u64 * n as u64 <= 10_000 =>
        {
            // Convolve one die at a time: `dist[s]` is the chance of sum `s`.
            let mut dist = vec![1.0f64];
            for _ in 0..k {
                let mut next = vec![0.0; dist.len() + n as usize];
                for (s, p) in dist.iter().enumerate() {
                    for f in 1..=n as usize {
                        next[s + f] += p / n as f64;
                    }
                }
                dist = next;
            }
            Some(
                dist.into_iter()
                    .enumerate()
                    .filter(|(_, p)| *p > 0.0)
                    .map(|(s, p)| (s as i64, p))
                    .collect(),
            )
        }
        ast::ChanceSpec::Coins(k) if (1..=100).contains(&k) => {
            let mut dist = vec![1.0f64];
            for _ in 0..k {
                let mut next = vec![0.0; dist.len() + 1];
                for (s, p) in dist.iter().enumerate() {
                    next[s] += p / 2.0;
                    next[s + 1] += p / 2.0;
                }
                dist = next;
            }
            Some(
                dist.into_iter()
                    .enumerate()
                    .map(|(s, p)| (s as i64, p))
                    .collect(),
            )
        }
        _ => None,
    }
}
