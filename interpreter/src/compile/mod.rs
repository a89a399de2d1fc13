//! Expressions compiled once per game into closures ([`Code`]): variables already slots,
//! constants built in, the cell a part reads (`from`, `to`, `target`) chosen when compiled.
//! A value read in one step (a leaf), two leaves compared or combined, a leaf against a
//! constant and a chain of `and`s or `or`s are one closure each, made by `code.rs`. A part
//! with no compiled form here runs through the tree evaluator (`eval.rs`).
//!
//! Invariant: running a compiled expression gives exactly what [`Game::eval`] gives for the
//! expression it was compiled from, in every state and context (checked over the speed
//! suite by `tests/engine/compiled.rs`, through [`Game::check_compiled`]). [`wrap`]
//! compiles the whole conditions and values a game evaluates; a part with no compiled form
//! is run by the tree evaluator with each of its parts compiled in turn. So an
//! [`Expr::Code`] stands only where a whole condition or value, or a part of such a walked
//! part, stood; the memo analysis has already read the expressions (it sees through a
//! code), and group keys take the number of a [`Expr::Same`], which stays outside.

use crate::eval::{Attacks, Ctx};
use crate::game::ruleset::Game;
use crate::reads;
use rustc_hash::FxHashMap as HashMap;
use tessel_lang::ir::{self, Atom, BinOp, CellId, Expr, Stmt};

pub(crate) use crate::code::Code;
use crate::code::{self, At, Leaf};

mod check;
mod effect;
mod sieve;
mod table;
#[cfg(test)]
mod tests;
mod visit;
mod within;

pub(crate) use effect::{Blocks, Effect};
pub(crate) use sieve::{cells, Kinds, Places, Sieve};
pub(crate) use within::{ones, Within};

/// The compiling of one game: where each variable lives, and the codes made so far with
/// what each was compiled from.
struct Compiler {
    var_slot: Vec<usize>,
    /// As [`Game::var_shape`].
    var_shape: Vec<(bool, usize)>,
    codes: Vec<Code>,
    sources: Vec<Expr>,
    sieves: Vec<Sieve>,
    /// The code of each kept part a compiled expression reads, by slot ([`Leaf::Kept`]).
    kept_codes: Vec<Option<Code>>,
    /// The board's fixed geometry, for the tables of parts that read only it.
    geometry: table::Geometry,
    /// Compiling without tables (a table's own code, for arguments off the board).
    plain: bool,
    /// The number of each whole expression compiled so far, so that an equal one (each
    /// player's copy of a rule, a guard several rules share) runs the same code; actions'
    /// cell parts apart (their sieves read `from` as the cell too).
    made: HashMap<(Expr, bool), u32>,
}

impl Compiler {
    /// Compiles `e` as a code of its own, numbered, unless an equal expression was
    /// (then that code); wraps it in an [`Expr::Code`].
    fn put(&mut self, e: &mut Expr) {
        self.put_as(e, false);
    }

    /// [`Compiler::put`] for an action's cell part (numbered apart from the rest).
    fn put_cell_part(&mut self, e: &mut Expr) {
        self.put_as(e, true);
    }

    fn put_as(&mut self, e: &mut Expr, cell_part: bool) {
        // Code from another game (a program prepared before) is compiled afresh.
        if let Expr::Code(_, inner) = e {
            *e = std::mem::replace(&mut **inner, Expr::Bool(false));
        }
        if trivial(e) {
            return;
        }
        let key = (e.clone(), cell_part);
        let n = match self.made.get(&key) {
            Some(&n) => n,
            None => {
                let code = compile(self, e);
                self.sieves.push(self.sieve(e));
                self.codes.push(code);
                self.sources.push(e.clone());
                let n = self.codes.len() as u32 - 1;
                self.made.insert(key, n);
                n
            }
        };
        let inner = std::mem::replace(e, Expr::Bool(false));
        *e = Expr::Code(n, Box::new(inner));
    }

    /// A part with no compiled form: the tree evaluator runs it, its parts compiled each as a
    /// code of its own (the number of a [`Expr::Same`] stays outside, for group keys). A
    /// walk or line keeps its parts as written: `lines.rs` reads their common shapes.
    fn walked(&mut self, e: &Expr) -> Code {
        let mut e = e.clone();
        if !matches!(e, Expr::Along(_) | Expr::Line(..)) {
            for part in crate::memo::children_mut(&mut e) {
                match part {
                    Expr::Same(_, inner) => self.put(inner),
                    _ => self.put(part),
                }
            }
        }
        Box::new(move |g, cx| g.eval(&e, cx))
    }
}

/// Compiles every whole condition and value of `g` into `g.codes`, wrapping each in an
/// [`Expr::Code`] that names its code. Runs last, once the game's analyses have read the
/// expressions as written.
pub(crate) fn wrap(g: &mut Game) {
    let mut c = Compiler {
        var_slot: g.var_slot.clone(),
        var_shape: g.var_shape.clone(),
        codes: Vec::new(),
        sources: Vec::new(),
        sieves: Vec::new(),
        kept_codes: Vec::new(),
        geometry: table::Geometry::new(g.program.board.coords.clone(), g.by_coord.clone()),
        plain: false,
        made: HashMap::default(),
    };
    // Where the candidates of a visit of every cell may be: read from the conditions as
    // written, before they are codes.
    let mut withins = Vec::new();
    for rule in g.rules.iter_mut().flatten().flatten() {
        if !matches!(rule.atom, Atom::Drop(_) | Atom::Anywhere) {
            continue;
        }
        let on_rule: within::Candidate = (
            |e| matches!(e, Expr::To | Expr::Target),
            |e| !crate::game::reads_cell(e, false),
        );
        if let Some(w) = rule
            .cond
            .as_ref()
            .and_then(|e| within::within(&mut c, e, on_rule, false))
        {
            withins.push(w);
            rule.within = Some(withins.len() as u32 - 1);
        }
    }
    g.action_within = g
        .action_guard
        .iter()
        .map(|(_, _, rest)| {
            let on_cell: within::Candidate = (
                |e| matches!(e, Expr::To | Expr::From | Expr::Target),
                |e| !crate::game::reads_cell(e, true),
            );
            let w = within::within(&mut c, rest.as_ref()?, on_cell, true)?;
            withins.push(w);
            Some(withins.len() as u32 - 1)
        })
        .collect();
    g.withins = withins;
    // The types of piece a rule's target must hold, where its condition names them (a
    // jump's condition is asked of each jump, not of its target).
    for rule in g.rules.iter_mut().flatten().flatten() {
        if !matches!(rule.atom, Atom::Jump { .. }) {
            rule.kinds = rule.cond.as_ref().and_then(|e| c.target_kinds(e));
        }
    }
    let mut put = |e: &mut Expr| c.put(e);
    for rule in g.rules.iter_mut().flatten().flatten() {
        for e in [&mut rule.guard, &mut rule.cond].into_iter().flatten() {
            put(e);
        }
        if let Atom::Ride {
            not_past: Some(e), ..
        } = &mut rule.atom
        {
            put(e);
        }
        statements(&mut rule.effects, &mut put);
    }
    for e in g.fixed_guards.iter_mut() {
        put(e);
    }
    for (guard, _, _) in g.action_guard.iter_mut() {
        guard.iter_mut().for_each(&mut put);
    }
    let p = &mut g.program;
    for f in p.forbids.iter_mut() {
        put(&mut f.cond);
    }
    for end in p.endings.iter_mut() {
        put(&mut end.cond);
        match &mut end.outcome {
            ir::Outcome::Player { who: e, .. } | ir::Outcome::Highest(e) => put(e),
            ir::Outcome::Draw => {}
        }
    }
    put(&mut p.score);
    for pr in p.prefers.iter_mut() {
        put(&mut pr.value);
    }
    for chance in p.chances.iter_mut() {
        if let ir::Chance::Cell { cond, .. } = chance {
            put(cond);
        }
    }
    if let Some(e) = &mut p.turn.pass {
        put(e);
    }
    for pr in p.pieces.iter_mut().flat_map(|k| k.promotions.iter_mut()) {
        put(&mut pr.cond);
    }
    for a in p.actions.iter_mut() {
        // (An action's condition is asked in its two parts, `action_guard`: the whole is
        // read by nothing in play.)
        statements(&mut a.effects, &mut put);
    }
    for list in [
        &mut p.after_move,
        &mut p.setup,
        &mut p.turn.start,
        &mut p.turn.end,
    ] {
        statements(list, &mut put);
    }
    for list in p.chance_then.iter_mut() {
        statements(list, &mut put);
    }
    for (_, _, rest) in g.action_guard.iter_mut() {
        rest.iter_mut().for_each(|e| c.put_cell_part(e));
    }
    // An action's cell is both `from` and `to`: what its cell part asks of either sieves
    // the cells it is tried on.
    for (_, _, rest) in g.action_guard.iter() {
        if let Some(Expr::Code(n, inner)) = rest {
            c.sieves[*n as usize] = c.sieve_on(inner, true);
        }
    }
    // The statement lists, once their expressions are codes and their sieves known.
    let layout = effect::Layout {
        var_slot: &c.var_slot,
        var_shape: &c.var_shape,
        sieves: &c.sieves,
    };
    let mut blocks = Vec::new();
    let mut block = |list: &[Stmt]| {
        blocks.push(effect::block(&layout, list)?);
        Some(blocks.len() as u32 - 1)
    };
    for rule in g.rules.iter_mut().flatten().flatten() {
        rule.block = block(&rule.effects);
    }
    let p = &g.program;
    g.block_of = Blocks {
        setup: block(&p.setup),
        turn_start: block(&p.turn.start),
        turn_end: block(&p.turn.end),
        after_move: block(&p.after_move),
        actions: p.actions.iter().map(|a| block(&a.effects)).collect(),
        chance_then: p.chance_then.iter().map(|b| block(b)).collect(),
    };
    g.blocks = blocks;
    g.codes = c.codes;
    g.kept_codes = c.kept_codes;
    g.sources = c.sources;
    g.sieves = c.sieves;
}

/// Too small to gain from compiling: a constant or a name read directly.
fn trivial(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Int(_)
            | Expr::Bool(_)
            | Expr::Cell(_)
            | Expr::Piece(_)
            | Expr::Player(_)
            | Expr::From
            | Expr::To
            | Expr::Target
            | Expr::Mover
    )
}

/// Hands every expression of the statements to `put`.
fn statements(list: &mut [Stmt], put: &mut impl FnMut(&mut Expr)) {
    for st in list {
        match st {
            Stmt::Set(_, _, e) | Stmt::Capture(e) | Stmt::Ask(e) | Stmt::NextTurn(e) => put(e),
            Stmt::SetAt(_, a, _, b)
            | Stmt::Shift(a, b, _)
            | Stmt::ChangeArea(_, a, b)
            | Stmt::Swap(a, b) => {
                put(a);
                put(b);
            }
            Stmt::Remove(a, b, c, _) => {
                put(a);
                put(b);
                put(c);
            }
            Stmt::Each(cond, body) | Stmt::EachPlayer(cond, body) => {
                cond.iter_mut().for_each(&mut *put);
                statements(body, put);
            }
            Stmt::EachInGroup(c, cond, body) => {
                put(c);
                put(cond);
                statements(body, put);
            }
            Stmt::RestorePosition(e) | Stmt::AskOthers(e) => e.iter_mut().for_each(&mut *put),
            Stmt::Take(a, _, _, b, into) => {
                put(a);
                b.iter_mut().for_each(&mut *put);
                if let Some((_, Some(c))) = into {
                    put(c);
                }
            }
            Stmt::Place(_, a, b) | Stmt::Draw(a, _, b) => {
                put(a);
                b.iter_mut().for_each(&mut *put);
            }
            Stmt::Send(a, _, _) | Stmt::Change(a, _) => put(a),
            Stmt::Convert(a, b) => {
                put(a);
                put(b);
            }
            // The walk's condition stays as written: `lines.rs` reads its common shapes
            // straight from the state.
            Stmt::Along(walk, body) => {
                put(&mut walk.from);
                walk.closed.iter_mut().for_each(|c| put(c));
                statements(body, put);
            }
            Stmt::Sow { cell, skip, .. } => {
                put(cell);
                skip.iter_mut().for_each(&mut *put);
            }
            Stmt::Pour(a, b) => {
                put(a);
                put(b);
            }
            Stmt::TrackWalk {
                from, cond, body, ..
            } => {
                put(from);
                put(cond);
                statements(body, put);
            }
            Stmt::If(cond, yes, no) => {
                put(cond);
                statements(yes, put);
                statements(no, put);
            }
            Stmt::Restart
            | Stmt::ResetTurns
            | Stmt::KeepPosition
            | Stmt::EndTurn
            | Stmt::Roll(..) => {}
        }
    }
}

/// Builds a closure for each place an expression reads a cell from: the move's cells are
/// read directly, any other expression is compiled and run first.
macro_rules! on_cell {
    ($l:expr, $c:expr, |$g:ident, $cx:ident, $cell:ident| $body:expr) => {
        match $c {
            Expr::To => Box::new(move |$g: &Game, $cx: &Ctx| {
                let $cell = $cx.to as i64;
                $body
            }) as Code,
            Expr::From => Box::new(move |$g: &Game, $cx: &Ctx| {
                let $cell = $cx.from as i64;
                $body
            }),
            Expr::Target => Box::new(move |$g: &Game, $cx: &Ctx| {
                let $cell = $cx.target as i64;
                $body
            }),
            // A cell one link from `to` (`to + s`), the same link for every player.
            Expr::Walk(inner, paths)
                if matches!(**inner, Expr::To)
                    && paths.first().is_some_and(|p| p.len() == 1)
                    && paths.windows(2).all(|w| w[0] == w[1]) =>
            {
                let (players, d) = (paths.len(), paths[0][0]);
                Box::new(move |$g: &Game, $cx: &Ctx| {
                    let $cell = if ($cx.mover as usize) < players {
                        $g.bd($cx.s).step($cx.to, d) as i64
                    } else {
                        $cx.to as i64
                    };
                    $body
                })
            }
            // A cell a path from `to` (`to + s`), the path the same for every player.
            Expr::Walk(inner, paths)
                if matches!(**inner, Expr::To) && paths.windows(2).all(|w| w[0] == w[1]) =>
            {
                let (players, path) = (paths.len(), paths.first().cloned().unwrap_or_default());
                Box::new(move |$g: &Game, $cx: &Ctx| {
                    let $cell = if ($cx.mover as usize) < players {
                        $g.bd($cx.s).walk($cx.to, &path) as i64
                    } else {
                        $cx.to as i64
                    };
                    $body
                })
            }
            other => {
                let place = compile($l, other);
                Box::new(move |$g: &Game, $cx: &Ctx| {
                    let $cell = place($g, $cx);
                    $body
                })
            }
        }
    };
}

fn compile(l: &mut Compiler, e: &Expr) -> Code {
    use Expr as E;
    if let Some(x) = leaf(l, e) {
        return code::leaf(x);
    }
    if !l.plain {
        if let Some(code) = table::tabulate(l, e) {
            return code;
        }
    }
    match e {
        E::Steps => Box::new(|_, cx| cx.steps as i64),
        E::Jumped => Box::new(|_, cx| cx.jumped as i64),
        E::Jumps => Box::new(|_, cx| i64::from(cx.jumps)),
        E::Captured => Box::new(|_, cx| i64::from(cx.s.last.captured)),
        E::Passed => Box::new(|_, cx| i64::from(cx.s.last.pass)),
        E::NoMoves => Box::new(|_, cx| i64::from(cx.no_moves.unwrap_or(false))),
        E::Checked => Box::new(|g, cx| i64::from(Attacks::checked(g, cx.s, cx.mover))),
        E::Opponent => Box::new(|g, cx| ((cx.mover as usize + 1) % g.players()) as i64),
        E::Same(_, inner) | E::Code(_, inner) => compile(l, inner),
        E::Not(x) => match (inverse(x), &**x) {
            // `not a == b` is `a != b`: one comparison, not two steps.
            (Some((op, a, b)), _) => binary(l, op, a, b),
            // `not empty(c)`: one read.
            (None, E::Empty(c)) => on_cell!(l, &**c, |_g, cx, c| 1 - reads::empty(cx.s, c)),
            (None, _) => match leaf(l, x) {
                Some(x) => code::pair(BinOp::Eq, x, Leaf::Const(0)),
                None => {
                    let x = compile(l, x);
                    Box::new(move |g, cx| i64::from(x(g, cx) == 0))
                }
            },
        },
        E::Neg(x) => {
            let x = compile(l, x);
            Box::new(move |g, cx| x(g, cx).wrapping_neg())
        }
        E::Abs(x) => {
            let x = compile(l, x);
            Box::new(move |g, cx| x(g, cx).wrapping_abs())
        }
        E::Min(a, b) | E::Max(a, b) => {
            let (a, b) = (compile(l, a), compile(l, b));
            if matches!(e, E::Min(..)) {
                Box::new(move |g, cx| a(g, cx).min(b(g, cx)))
            } else {
                Box::new(move |g, cx| a(g, cx).max(b(g, cx)))
            }
        }
        E::Either(c, a, b) => {
            let (c, a, b) = (compile(l, c), compile(l, a), compile(l, b));
            Box::new(move |g, cx| if c(g, cx) != 0 { a(g, cx) } else { b(g, cx) })
        }
        E::Bin(op, a, b) => binary(l, *op, a, b),
        E::VarAt(v, c) => {
            let (n, slot) = (l.var_shape[*v as usize].1 as i64, l.var_slot[*v as usize]);
            on_cell!(l, &**c, |_g, cx, c| if (0..n).contains(&c) {
                cx.s.vars[slot + c as usize]
            } else {
                0
            })
        }
        E::In(c, r) => {
            let r = *r;
            on_cell!(l, &**c, |g, cx, c| g.in_region(cx.mover, c, r))
        }
        E::Empty(c) => on_cell!(l, &**c, |_g, cx, c| reads::empty(cx.s, c)),
        E::Friend(c, k) => {
            let k = *k;
            on_cell!(l, &**c, |_g, cx, c| reads::friend(cx.s, cx.mover, c, k))
        }
        E::Enemy(c, k) => {
            let k = *k;
            on_cell!(l, &**c, |_g, cx, c| reads::enemy(cx.s, cx.mover, c, k))
        }
        E::Neutral(c, k) => {
            let k = *k;
            on_cell!(l, &**c, |_g, cx, c| reads::neutral(cx.s, c, k))
        }
        E::OwnerOf(c) => on_cell!(l, &**c, |_g, cx, c| reads::owner_of(cx.s, c)),
        E::Unmoved(c) => on_cell!(l, &**c, |_g, cx, c| reads::unmoved(cx.s, c)),
        E::Height(c) => on_cell!(l, &**c, |_g, cx, c| reads::height(cx.s, c)),
        E::Holds(c, k) => {
            let k = *k;
            on_cell!(l, &**c, |_g, cx, c| reads::holds(cx.s, c, k))
        }
        E::PiecesAt(c, who) => {
            let who = who.as_deref().map(|w| compile(l, w));
            on_cell!(l, &**c, |g, cx, c| {
                let who = who.as_ref().map(|w| w(g, cx));
                reads::pieces_at(cx.s, c, who)
            })
        }
        E::Attacked(c) => on_cell!(l, &**c, |g, cx, c| i64::from(
            (0..cx.s.cells.len() as i64).contains(&c)
                && Attacks::attacked(g, cx.s, c as CellId, cx.mover)
        )),
        E::Around(c, cond) => {
            let cond = compile(l, cond);
            on_cell!(l, &**c, |g, cx, c| g
                .around(cx.s, c, |t| cond(g, &Ctx { to: t, ..*cx }) != 0))
        }
        E::AnyCell(cond) => {
            if let Some(code) =
                visit::along_lines(l, cond).or_else(|| visit::among_partners(l, cond))
            {
                return code;
            }
            let on = l.sieve(cond);
            let cond = compile(l, cond);
            if let Some(var) = on.one_var() {
                // Only cells where one per-cell variable is set: along its slots.
                return Box::new(move |g, cx| {
                    g.with_memo(cx, |cx| {
                        i64::from(
                            sieve::where_set(cx.s, on, var)
                                .any(|c| cond(g, &Ctx { to: c, ..*cx }) != 0),
                        )
                    })
                });
            }
            Box::new(move |g, cx| {
                g.with_memo(cx, |cx| {
                    i64::from(cells(cx.s, on, cx.kept).any(|c| cond(g, &Ctx { to: c, ..*cx }) != 0))
                })
            })
        }
        E::CountCells(cond) => {
            let on = l.sieve(cond);
            let cond = compile(l, cond);
            if let Some(var) = on.one_var() {
                return Box::new(move |g, cx| {
                    g.with_memo(cx, |cx| {
                        sieve::where_set(cx.s, on, var)
                            .filter(|&c| cond(g, &Ctx { to: c, ..*cx }) != 0)
                            .count() as i64
                    })
                });
            }
            Box::new(move |g, cx| {
                g.with_memo(cx, |cx| {
                    cells(cx.s, on, cx.kept)
                        .filter(|&c| cond(g, &Ctx { to: c, ..*cx }) != 0)
                        .count() as i64
                })
            })
        }
        E::MaxCells(cond, v) | E::SumCells(cond, v) => {
            let on = l.sieve(cond);
            let (cond, v) = (compile(l, cond), compile(l, v));
            let most = matches!(e, E::MaxCells(..));
            Box::new(move |g, cx| {
                g.with_memo(cx, |cx| {
                    let values = cells(cx.s, on, cx.kept)
                        .filter(|&c| cond(g, &Ctx { to: c, ..*cx }) != 0)
                        .map(|c| v(g, &Ctx { to: c, ..*cx }));
                    if most {
                        values.max().unwrap_or(-1)
                    } else {
                        values.sum()
                    }
                })
            })
        }
        E::Count(k, who) => {
            let (k, who) = (*k, who.as_deref().map(|w| compile(l, w)));
            Box::new(move |g, cx| {
                let who = who.as_ref().map(|w| w(g, cx));
                reads::count(cx.s, k, who)
            })
        }
        E::Where(k, who) => {
            let (k, who) = (*k, compile(l, who));
            Box::new(move |g, cx| reads::where_is(cx.s, k, who(g, cx)))
        }
        E::TurnPlayer => Box::new(|_, cx| i64::from(cx.s.window_owner.unwrap_or(cx.s.to_move))),
        E::Fresh => Box::new(|_, cx| i64::from(!cx.moving.is_none() && !cx.moving.turn_moved())),
        E::Moved(k) => {
            let k = *k;
            Box::new(move |_, cx| i64::from(cx.s.last.kind == k))
        }
        E::Material => Box::new(|g, cx| g.material(cx.s, cx.mover)),
        E::Column(c) | E::Row(c) => {
            let row = matches!(e, E::Row(_));
            on_cell!(l, &**c, |g, _cx, c| g.coordinate(c, row))
        }
        E::Drawn(c) => on_cell!(l, &**c, |g, cx, c| g.drawn(cx.s, c)),
        E::Splits(c) => on_cell!(l, &**c, |g, cx, c| g.splits(cx.s, c)),
        E::Walk(c, paths) => {
            let paths = paths.clone();
            on_cell!(l, &**c, |g, cx, c| g.walk_path(cx.s, cx.mover, c, &paths))
        }
        E::Held(z, k, None) => {
            let (z, k) = (*z, *k);
            Box::new(move |g, cx| g.held(cx.s, z, k, cx.mover))
        }
        E::Held(z, k, Some(w)) => {
            let (z, k, w) = (*z, *k, compile(l, w));
            Box::new(move |g, cx| match g.seat(w(g, cx)) {
                Some(p) => g.held(cx.s, z, k, p),
                None => 0,
            })
        }
        E::CellAt(x, y) => {
            let (x, y) = (compile(l, x), compile(l, y));
            Box::new(move |g, cx| g.cell_at(x(g, cx), y(g, cx)))
        }
        E::Adjacent(a, b) => {
            let (a, b) = (compile(l, a), compile(l, b));
            Box::new(move |g, cx| g.adjacent(cx.s, a(g, cx), b(g, cx)))
        }
        E::AdjacentVia(a, b, dirs) => {
            let (a, b, dirs) = (compile(l, a), compile(l, b), dirs.clone());
            Box::new(move |g, cx| g.adjacent_via(cx.s, cx.mover, a(g, cx), b(g, cx), &dirs))
        }
        E::Distance(a, b, dirs) => {
            let (a, b, dirs) = (compile(l, a), compile(l, b), dirs.clone());
            Box::new(move |g, cx| g.distance(cx.s, cx.mover, a(g, cx), b(g, cx), &dirs))
        }
        E::AreaCan(kind, a, b) => {
            let (kind, a, b) = (*kind, compile(l, a), compile(l, b));
            Box::new(move |g, cx| g.area_can(cx.s, kind, a(g, cx), b(g, cx)))
        }
        E::InLine(a, b, cond) => {
            let (a, b, cond) = (compile(l, a), compile(l, b), compile(l, cond));
            Box::new(move |g, cx| {
                let (a, b) = (a(g, cx), b(g, cx));
                g.in_line(cx.s, a, b, |t| cond(g, &Ctx { to: t, ..*cx }) != 0)
            })
        }
        E::Along(w) => {
            let walk = crate::lines::Walk::new(w, &mut |e| compile(l, e));
            Box::new(move |g, cx| g.walk_count(&walk, cx, i64::MAX))
        }
        E::Line(c, dirs, cond) => {
            let line = crate::lines::Line::new(dirs, cond, &mut |e| compile(l, e));
            on_cell!(l, &**c, |g, cx, c| g.line_run(cx, c, &line))
        }
        E::CountBetween(a, b, cond) => {
            let (a, b, cond) = (compile(l, a), compile(l, b), compile(l, cond));
            Box::new(move |g, cx| {
                let (a, b) = (a(g, cx), b(g, cx));
                g.count_between(cx.s, a, b, |t| cond(g, &Ctx { to: t, ..*cx }) != 0)
            })
        }
        _ => l.walked(e),
    }
}

/// The leaf `e` is, if it is read in one step (a constant, a variable, one of the move's
/// cells or the mover, a per-cell variable or a coordinate there).
fn leaf(l: &mut Compiler, e: &Expr) -> Option<Leaf> {
    use Expr as E;
    let at = |c: &Expr| match c {
        E::From => Some(At::From),
        E::To => Some(At::To),
        E::Target => Some(At::Target),
        E::Mover => Some(At::Mover),
        _ => None,
    };
    Some(match e {
        E::Int(_) | E::Bool(_) | E::Cell(_) | E::Piece(_) | E::Player(_) => {
            Leaf::Const(e.constant().unwrap_or(0))
        }
        E::From | E::To | E::Target | E::Mover => Leaf::At(at(e)?),
        E::Ply => Leaf::Ply,
        E::Decisions => Leaf::Decisions,
        E::Var(v) if l.var_shape[*v as usize].0 => Leaf::PlayerVar(l.var_slot[*v as usize]),
        E::Var(v) => Leaf::Var(l.var_slot[*v as usize]),
        E::VarAt(v, c) => {
            let (n, slot) = (l.var_shape[*v as usize].1, l.var_slot[*v as usize]);
            Leaf::CellVar(slot, n, at(c)?)
        }
        E::Row(c) => Leaf::Coord(true, at(c)?),
        E::Column(c) => Leaf::Coord(false, at(c)?),
        E::Same(_, x) | E::Code(_, x) => leaf(l, x)?,
        // A kept part: its code compiled once, read back by slot.
        E::Memo(slot, inner) => {
            let i = *slot as usize;
            if l.kept_codes.len() <= i {
                l.kept_codes.resize_with(i + 1, || None);
            }
            if l.kept_codes[i].is_none() {
                let code = compile(l, inner);
                l.kept_codes[i] = Some(code);
            }
            Leaf::Kept(*slot)
        }
        _ => return None,
    })
}

/// The operands of a chain of `op` (`and` or `or`), in order.
fn operands<'e>(op: BinOp, e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Bin(o, a, b) if *o == op => {
            operands(op, a, out);
            operands(op, b, out);
        }
        Expr::Same(_, x) | Expr::Code(_, x) => operands(op, x, out),
        _ => out.push(e),
    }
}

/// The comparison that is the negation of `e`, if `e` is one (comparisons give 0 or 1).
fn inverse(e: &Expr) -> Option<(BinOp, &Expr, &Expr)> {
    match e {
        Expr::Same(_, x) | Expr::Code(_, x) => inverse(x),
        Expr::Bin(op, a, b) => {
            let op = match op {
                BinOp::Eq => BinOp::Ne,
                BinOp::Ne => BinOp::Eq,
                BinOp::Lt => BinOp::Ge,
                BinOp::Ge => BinOp::Lt,
                BinOp::Gt => BinOp::Le,
                BinOp::Le => BinOp::Gt,
                _ => return None,
            };
            Some((op, a, b))
        }
        _ => None,
    }
}

/// `around(c, cond)` compared with a constant, counting only as far as decides it:
/// `around(c, friend(to)) > 0` stops at the first friend.
fn around_compare(l: &mut Compiler, c: &Expr, cond: &Expr, op: BinOp, k: i64) -> Option<Code> {
    let most = settled_from(op, k)?;
    let cond = compile(l, cond);
    let count = on_cell!(l, c, |g, cx, c| g
        .around_to(cx.s, c, most, |t| cond(g, &Ctx { to: t, ..*cx }) != 0));
    Some(compare(op, count, k))
}

/// `count_along(…)` compared with a constant, walking only as far as decides it:
/// `count_along(…) > 0` stops after the first direction that meets a cell.
fn along_compare(l: &mut Compiler, w: &ir::Along, op: BinOp, k: i64) -> Option<Code> {
    let most = settled_from(op, k)?;
    let walk = crate::lines::Walk::new(w, &mut |e| compile(l, e));
    let count: Code = Box::new(move |g, cx| g.walk_count(&walk, cx, most));
    Some(compare(op, count, k))
}

/// From which count on every count gives the same answer to `count OP k`.
fn settled_from(op: BinOp, k: i64) -> Option<i64> {
    let most = match op {
        BinOp::Gt | BinOp::Le | BinOp::Eq | BinOp::Ne => k.saturating_add(1),
        BinOp::Ge | BinOp::Lt => k,
        _ => return None,
    };
    Some(most.max(0))
}

/// A count compared with a constant (`op` one of the six comparisons).
fn compare(op: BinOp, count: Code, k: i64) -> Code {
    match op {
        BinOp::Eq => Box::new(move |g, cx| i64::from(count(g, cx) == k)),
        BinOp::Ne => Box::new(move |g, cx| i64::from(count(g, cx) != k)),
        BinOp::Lt => Box::new(move |g, cx| i64::from(count(g, cx) < k)),
        BinOp::Le => Box::new(move |g, cx| i64::from(count(g, cx) <= k)),
        BinOp::Gt => Box::new(move |g, cx| i64::from(count(g, cx) > k)),
        _ => Box::new(move |g, cx| i64::from(count(g, cx) >= k)),
    }
}

/// A binary operator: over two leaves, one code with no call below it; a chain of `and`s
/// or `or`s, one list; otherwise with a constant right side built in.
fn binary(l: &mut Compiler, op: BinOp, a: &Expr, b: &Expr) -> Code {
    if let (Expr::Around(c, cond), Expr::Int(k)) = (a, b) {
        if let Some(code) = around_compare(l, c, cond, op, *k) {
            return code;
        }
    }
    if let (Expr::Along(w), Expr::Int(k)) = (a, b) {
        if let Some(code) = along_compare(l, w, op, *k) {
            return code;
        }
    }
    if matches!(op, BinOp::And | BinOp::Or) {
        let mut parts = Vec::new();
        operands(op, a, &mut parts);
        operands(op, b, &mut parts);
        let list = parts.into_iter().map(|e| compile(l, e)).collect();
        return code::chain(op == BinOp::And, list);
    }
    if let (Some(x), Some(y)) = (leaf(l, a), leaf(l, b)) {
        return code::pair(op, x, y);
    }
    let x = compile(l, a);
    if matches!(b, Expr::Int(_) | Expr::Bool(_)) {
        let k = b.constant().unwrap_or(0);
        return match op {
            BinOp::Eq => Box::new(move |g, cx| i64::from(x(g, cx) == k)),
            BinOp::Ne => Box::new(move |g, cx| i64::from(x(g, cx) != k)),
            BinOp::Lt => Box::new(move |g, cx| i64::from(x(g, cx) < k)),
            BinOp::Le => Box::new(move |g, cx| i64::from(x(g, cx) <= k)),
            BinOp::Gt => Box::new(move |g, cx| i64::from(x(g, cx) > k)),
            BinOp::Ge => Box::new(move |g, cx| i64::from(x(g, cx) >= k)),
            BinOp::Add => Box::new(move |g, cx| x(g, cx).wrapping_add(k)),
            BinOp::Sub => Box::new(move |g, cx| x(g, cx).wrapping_sub(k)),
            BinOp::Mul => Box::new(move |g, cx| x(g, cx).wrapping_mul(k)),
            BinOp::Div => Box::new(move |g, cx| x(g, cx).checked_div(k).unwrap_or(0)),
            BinOp::Mod => Box::new(move |g, cx| x(g, cx).checked_rem(k).unwrap_or(0)),
            BinOp::And | BinOp::Or => Box::new(|_, _| 0),
        };
    }
    let y = compile(l, b);
    arithmetic(op, x, y)
}

/// An operator that reads both sides.
fn arithmetic(op: BinOp, x: Code, y: Code) -> Code {
    match op {
        BinOp::Eq => Box::new(move |g, cx| i64::from(x(g, cx) == y(g, cx))),
        BinOp::Ne => Box::new(move |g, cx| i64::from(x(g, cx) != y(g, cx))),
        BinOp::Lt => Box::new(move |g, cx| i64::from(x(g, cx) < y(g, cx))),
        BinOp::Le => Box::new(move |g, cx| i64::from(x(g, cx) <= y(g, cx))),
        BinOp::Gt => Box::new(move |g, cx| i64::from(x(g, cx) > y(g, cx))),
        BinOp::Ge => Box::new(move |g, cx| i64::from(x(g, cx) >= y(g, cx))),
        BinOp::Add => Box::new(move |g, cx| x(g, cx).wrapping_add(y(g, cx))),
        BinOp::Sub => Box::new(move |g, cx| x(g, cx).wrapping_sub(y(g, cx))),
        BinOp::Mul => Box::new(move |g, cx| x(g, cx).wrapping_mul(y(g, cx))),
        BinOp::Div => Box::new(move |g, cx| {
            let (a, b) = (x(g, cx), y(g, cx));
            a.checked_div(b).unwrap_or(0)
        }),
        BinOp::Mod => Box::new(move |g, cx| {
            let (a, b) = (x(g, cx), y(g, cx));
            a.checked_rem(b).unwrap_or(0)
        }),
        BinOp::And | BinOp::Or => Box::new(|_, _| 0),
    }
}
