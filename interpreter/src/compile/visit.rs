//! `any_cell` visits narrowed by the shape of their condition to the cells that can pass:
//! along the lines from a cell (`in_line(A, to, …)`), or among a drawn area's partners for
//! a change at a cell (`area_can(K, A, to)`). Each still decides every cell it tries by the
//! whole condition, so it gives what a visit of every cell gives; a cell may be tried twice,
//! which `any_cell` (only whether one passes) allows and a count would not.

use super::{compile, Code, Compiler};
use crate::eval::Ctx;
use tessel_lang::ast::AreaChange;
use tessel_lang::ir::{BinOp, CellId, Expr};

/// `any_cell(… and in_line(A, to, CLEAR) and …)` where `A` does not read the cell visited:
/// only cells on a line from `A` can pass, so the visit goes along the lines from `A`
/// ([`Game::line_cells`]) instead of through every cell, and the whole condition decides
/// each cell it meets. (A cell may be met twice; `any_cell` asks only whether one passes.)
pub(super) fn along_lines(l: &mut Compiler, cond: &Expr) -> Option<Code> {
    let mut conjuncts = Vec::new();
    parts(BinOp::And, cond, &mut conjuncts);
    let (a, clear) = conjuncts.into_iter().find_map(|p| match p {
        Expr::InLine(a, b, clear) if matches!(**b, Expr::To) && !reads_to(a) => Some((a, clear)),
        _ => None,
    })?;
    let (a, clear, whole) = (compile(l, a), compile(l, clear), compile(l, cond));
    Some(Box::new(move |g, cx| {
        g.with_memo(cx, |cx| {
            let from = a(g, cx);
            let clear = |t| clear(g, &Ctx { to: t, ..*cx }) != 0;
            i64::from(g.line_cells(cx.s, from, clear, |c| whole(g, &Ctx { to: c, ..*cx }) != 0))
        })
    }))
}

/// `any_cell(… and (area_can(K1, A, to) or area_can(K2, A, to) …) and …)` where `A` does
/// not read the cell visited: only the cells a change of the drawn area at `A` may join
/// with can pass ([`Game::area_partners`]: a merge's neighbours, a splice's tessels with
/// open edges, …), so the visit tries those instead of every cell, and the whole
/// condition decides each. (A cell may be tried twice; `any_cell` asks only whether one
/// passes.)
pub(super) fn among_partners(l: &mut Compiler, cond: &Expr) -> Option<Code> {
    let mut conjuncts = Vec::new();
    parts(BinOp::And, cond, &mut conjuncts);
    let (a, kinds) = conjuncts.into_iter().find_map(|p| {
        let mut alts = Vec::new();
        parts(BinOp::Or, p, &mut alts);
        let mut kinds = Vec::new();
        let mut at: Option<&Expr> = None;
        for alt in alts {
            let Expr::AreaCan(kind, a, b) = alt else {
                return None;
            };
            let same = at.is_none_or(|x| x == &**a);
            if !matches!(**b, Expr::To) || reads_to(a) || !same {
                return None;
            }
            at = Some(a);
            kinds.push(*kind);
        }
        Some((at?, kinds))
    })?;
    // The kinds with the fewest partners first (a merge's neighbours before the tessels
    // with open edges, and those before every cell): `any_cell` stops at the first cell
    // that passes, and most tessels merge with a neighbour.
    let mut kinds = kinds;
    kinds.sort_by_key(|k| match k {
        AreaChange::Merge => 0,
        AreaChange::Splice => 1,
        AreaChange::Unsplice => 2,
        AreaChange::Split => 3,
    });
    let (a, whole) = (compile(l, a), compile(l, cond));
    Some(Box::new(move |g, cx| {
        g.with_memo(cx, |cx| {
            let at = a(g, cx);
            let n = cx.s.cells.len();
            let mut cells = Vec::new();
            // Kind by kind, so that the partners of the later kinds are not listed once a
            // cell passes.
            i64::from(kinds.iter().any(|&k| {
                cells.clear();
                g.area_partners(cx.s, &[k], at, &mut cells);
                cells.iter().any(|&c| {
                    c < n
                        && whole(
                            g,
                            &Ctx {
                                to: c as CellId,
                                ..*cx
                            },
                        ) != 0
                })
            }))
        })
    }))
}

/// The parts of a chain of `op` (`and` or `or`), in order.
fn parts<'e>(op: BinOp, e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Bin(o, a, b) if *o == op => {
            parts(op, a, out);
            parts(op, b, out);
        }
        e => out.push(e),
    }
}

/// Whether `e` reads `to` anywhere (a `to` bound inside it counted too: never wrongly no).
fn reads_to(e: &Expr) -> bool {
    matches!(e, Expr::To) || crate::memo::children(e).any(reads_to)
}
