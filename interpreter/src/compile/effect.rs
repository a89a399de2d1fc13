//! Statement lists compiled once per game into closures ([`Effect`]): a variable's slot
//! found, an assignment's operator chosen, a constant or one of the move's cells read
//! without the evaluator, an `if`'s branches and an `each cell`'s body and sieve made
//! ready. A statement with no compiled form here runs through `exec.rs`, alone.
//!
//! Invariant: running a compiled list changes a state exactly as [`Game::exec_at`] does
//! for the statements it was compiled from (checked over the speed suite by
//! `tests/engine/compiled.rs`, through [`Game::check_blocks`]). Where the game keeps the
//! list's code is [`Blocks`]; the lists themselves stay as written, for every other reader.

use super::Sieve;
use crate::game::ruleset::Game;
use crate::state::State;
use tessel_lang::ir::{AssignOp, CellId, Expr, PlayerId, Stmt};

/// A statement list made ready to run: on a state, for a mover, with the move's `from`,
/// `to` and decision cell (`target`).
pub(crate) type Effect = Box<dyn Fn(&Game, &mut State, PlayerId, Frame) + Send + Sync>;

/// The move's cells a list runs with: `from`, `to` and `target`.
pub(crate) type Frame = (CellId, CellId, CellId);

/// Which compiled list (a number in [`Game::blocks`](crate::game::ruleset::Game)) stands for
/// each of the program's lists outside the pieces' rules (those keep theirs in `Rule`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks {
    pub setup: Option<u32>,
    pub turn_start: Option<u32>,
    pub turn_end: Option<u32>,
    pub after_move: Option<u32>,
    /// By action number.
    pub actions: Vec<Option<u32>>,
    /// By chance number.
    pub chance_then: Vec<Option<u32>>,
}

impl Blocks {
    /// Action `i`'s effects' compiled list.
    pub(crate) fn action(&self, i: usize) -> Option<u32> {
        self.actions.get(i).copied().flatten()
    }

    /// The compiled list of what follows chance `i`.
    pub(crate) fn chance(&self, i: usize) -> Option<u32> {
        self.chance_then.get(i).copied().flatten()
    }
}

/// A value a statement reads: one the evaluator is not needed for, or an expression.
#[derive(Clone)]
enum Value {
    Const(i64),
    From,
    To,
    Target,
    Mover,
    Expr(Expr),
}

impl Value {
    fn of(e: &Expr) -> Value {
        match e {
            Expr::From => Value::From,
            Expr::To => Value::To,
            Expr::Target => Value::Target,
            Expr::Mover => Value::Mover,
            e => match e.constant() {
                Some(k) if super::trivial(e) => Value::Const(k),
                _ => Value::Expr(e.clone()),
            },
        }
    }

    /// The value, as the evaluator gives it in the context a statement is run with.
    #[inline(always)]
    fn read(&self, g: &Game, s: &State, mover: PlayerId, at: Frame) -> i64 {
        match self {
            Value::Const(k) => *k,
            Value::From => at.0 as i64,
            Value::To => at.1 as i64,
            Value::Target => at.2 as i64,
            Value::Mover => mover as i64,
            Value::Expr(e) => g.eval(e, &g.ctx_at(s, mover, at)),
        }
    }
}

/// `slot` after `op` with `x`, as `exec.rs` assigns.
#[inline(always)]
fn assign(slot: &mut i64, op: AssignOp, x: i64) {
    *slot = match op {
        AssignOp::Set => x,
        AssignOp::Add => slot.wrapping_add(x),
        AssignOp::Sub => slot.wrapping_sub(x),
    };
}

/// What compiling a list needs of the game: where variables live, and each code's sieve.
pub(super) struct Layout<'a> {
    pub var_slot: &'a [usize],
    pub var_shape: &'a [(bool, usize)],
    pub sieves: &'a [Sieve],
}

/// The list compiled; `None` for an empty one (nothing to run).
pub(super) fn block(l: &Layout, list: &[Stmt]) -> Option<Effect> {
    let mut parts: Vec<Effect> = list.iter().map(|st| statement(l, st)).collect();
    match parts.len() {
        0 => None,
        1 => parts.pop(),
        2 => {
            let (b, a) = (parts.pop()?, parts.pop()?);
            Some(Box::new(move |g, s, mover, at| {
                a(g, s, mover, at);
                b(g, s, mover, at);
            }))
        }
        _ => Some(Box::new(move |g, s, mover, at| {
            for p in &parts {
                p(g, s, mover, at);
            }
        })),
    }
}

/// One statement compiled.
fn statement(l: &Layout, st: &Stmt) -> Effect {
    match st {
        Stmt::Set(v, op, e) => {
            let (slot, per_player) = (l.var_slot[*v as usize], l.var_shape[*v as usize].0);
            let (op, x) = (*op, Value::of(e));
            Box::new(move |g, s, mover, at| {
                let x = x.read(g, s, mover, at);
                let i = if per_player {
                    slot + mover as usize
                } else {
                    slot
                };
                assign(&mut s.vars[i], op, x);
            })
        }
        Stmt::SetAt(v, c, op, e) => {
            let (slot, n) = (l.var_slot[*v as usize], l.var_shape[*v as usize].1);
            let (op, c, x) = (*op, Value::of(c), Value::of(e));
            Box::new(move |g, s, mover, at| {
                // Both read before the assignment, in one context, as `exec.rs` does.
                let (c, x) = (c.read(g, s, mover, at), x.read(g, s, mover, at));
                if (0..n as i64).contains(&c) {
                    assign(&mut s.vars[slot + c as usize], op, x);
                }
            })
        }
        Stmt::If(c, then, otherwise) => {
            let c = Value::of(c);
            let (then, otherwise) = (block(l, then), block(l, otherwise));
            Box::new(move |g, s, mover, at| {
                let branch = if c.read(g, s, mover, at) != 0 {
                    &then
                } else {
                    &otherwise
                };
                if let Some(b) = branch {
                    b(g, s, mover, at);
                }
            })
        }
        Stmt::Each(cond, body) => each(l, cond.as_ref(), body),
        Stmt::Along(w, body) => {
            let (w, body) = (w.clone(), block(l, body));
            Box::new(move |g, s, mover, at| {
                g.exec_along(s, &w, mover, at, |s, at| {
                    if let Some(b) = &body {
                        b(g, s, mover, at);
                    }
                })
            })
        }
        Stmt::EachPlayer(cond, body) => {
            let (cond, body) = (cond.clone(), block(l, body));
            Box::new(move |g, s, _, at| {
                let Some(body) = &body else { return };
                for p in 0..g.players() as PlayerId {
                    let hit = cond
                        .as_ref()
                        .is_none_or(|cond| g.eval(cond, &g.ctx_at(s, p, at)) != 0);
                    if hit {
                        body(g, s, p, at);
                    }
                }
            })
        }
        other => {
            let one = [other.clone()];
            Box::new(move |g, s, mover, at| g.exec_at(s, &one, mover, at))
        }
    }
}

/// `each cell [if COND] { BODY }`: as `exec.rs` runs it, the sieve and body made ready.
fn each(l: &Layout, cond: Option<&Expr>, body: &[Stmt]) -> Effect {
    // `each cell { set v(to) = K }`: every cell's value set at once.
    if let (None, [Stmt::SetAt(v, Expr::To, AssignOp::Set, e)]) = (cond, body) {
        if let Value::Const(k) = Value::of(e) {
            let (slot, n) = (l.var_slot[*v as usize], l.var_shape[*v as usize].1);
            return Box::new(move |_, s, _, _| {
                let cells = n.min(s.cells.len());
                s.vars[slot..slot + cells].fill(k);
            });
        }
    }
    let sieve = match cond {
        Some(Expr::Code(n, _)) => l.sieves.get(*n as usize).copied(),
        _ => None,
    };
    let cond = cond.cloned();
    let body = block(l, body);
    Box::new(move |g, s, mover, (from, _, target)| {
        g.exec_each(s, (cond.as_ref(), sieve), mover, (from, target), |s, at| {
            if let Some(b) = &body {
                b(g, s, mover, at);
            }
        })
    })
}
