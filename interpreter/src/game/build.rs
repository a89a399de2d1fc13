//! Building a game from a program (`Game::new`), and the analysis of conditions it does
//! once: the part of a rule's condition that reads no target, the region an action
//! requires, whether a ruleset changes its drawn area.

use super::ruleset::{var_slots, Game, KindSet, Rule};
use crate::board::Board;
use crate::memo::children;
use tessel_lang::ir::{self, CellId, PieceId, Program};

impl Game {
    pub fn new(program: Program) -> Game {
        let players = program.players.len().max(1);
        let board = Board::build(&program.board, &program.regions, players);
        let mut fixed_guards: Vec<ir::Expr> = Vec::new();
        let mut fixed_keys: Vec<String> = Vec::new();
        let rules: Vec<Vec<Vec<Rule>>> = (0..players)
            .map(|p| {
                program
                    .pieces
                    .iter()
                    .map(|pt| {
                        pt.rules
                            .iter()
                            .map(|r| {
                                // A jump's condition is tried whole at each jump of a chain.
                                let jump = matches!(r.atom.first(), Some(ir::Atom::Jump { .. }));
                                let (guard, cond) = if jump {
                                    (None, r.cond.clone())
                                } else {
                                    split_guard(r.cond.as_ref())
                                };
                                let (fixed, guard) = split_fixed(guard);
                                let plain = cond.is_none() && pt.promotions.is_empty();
                                // Rules whose fixed parts read the same share one entry.
                                let fixed = fixed.map(|e| {
                                    let key = format!("{e:?}");
                                    match fixed_keys.iter().position(|k| *k == key) {
                                        Some(i) => i,
                                        None => {
                                            fixed_keys.push(key);
                                            fixed_guards.push(e);
                                            fixed_guards.len() - 1
                                        }
                                    }
                                });
                                Rule {
                                    fixed,
                                    atom: r.atom.get(p).cloned().unwrap_or(ir::Atom::Step(vec![])),
                                    target: r.target,
                                    guard,
                                    cond,
                                    within: None,
                                    kinds: None,
                                    effects: r.effects.clone(),
                                    block: None,
                                    may_repeat: false,
                                    walk: None,
                                    plain,
                                    reach: None,
                                    rays: None,
                                    direct: false,
                                    group: r.group,
                                    group_any: r.group_any,
                                    merging: r.merging,
                                    converting: r.converting,
                                    captures_into: r.captures_into,
                                    carry: r.carry,
                                    stacking: r.stacking,
                                    chain: r.chain,
                                }
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let rules = share_walks(rules);
        let mut royal = KindSet::default();
        for (k, p) in program.pieces.iter().enumerate() {
            if p.royal {
                royal.insert(k as PieceId);
            }
        }
        let has_royal = program.pieces.iter().any(|p| p.royal);
        let mut var_slot = Vec::new();
        let mut var_count = 0;
        let cells = program.board.cells.len();
        for v in &program.vars {
            var_slot.push(var_count);
            var_count += var_slots(v, players, cells);
        }
        let var_shape = program
            .vars
            .iter()
            .map(|v| {
                let at = if v.per_piece {
                    // The last slot: the piece captured last (`taken`).
                    cells + 1
                } else if v.per_cell {
                    cells
                } else if v.per_player {
                    players
                } else {
                    0
                };
                (v.per_player, at)
            })
            .collect();
        let travelling = program
            .vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.per_piece)
            .map(|(i, v)| (var_slot[i], v.init))
            .collect();
        let cheap_endings = (0..program.endings.len())
            .filter(|&i| !program.endings[i].needs_moves)
            .collect();
        let drops = rules
            .iter()
            .map(|per_kind| {
                per_kind
                    .iter()
                    .enumerate()
                    .flat_map(|(k, rs)| {
                        rs.iter()
                            .enumerate()
                            .filter(|(_, r)| matches!(r.atom, ir::Atom::Drop(_)))
                            .map(move |(ri, _)| (k as PieceId, ri as u8))
                    })
                    .collect()
            })
            .collect();
        // The types a player never moves from a cell (every rule of theirs a drop).
        let only_drops = rules
            .iter()
            .map(|per_kind| {
                per_kind
                    .iter()
                    .flatten()
                    .all(|r| matches!(r.atom, ir::Atom::Drop(_)))
            })
            .collect();
        let still = rules
            .iter()
            .map(|per_kind| {
                let mut set = KindSet::default();
                for (k, rs) in per_kind.iter().enumerate() {
                    if rs.iter().all(|r| matches!(r.atom, ir::Atom::Drop(_))) {
                        set.insert(k as PieceId);
                    }
                }
                set
            })
            .collect();
        let resets = program
            .vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.reset_each_turn)
            .map(|(i, v)| (var_slot[i], var_slots(v, players, cells), v.init))
            .collect();
        let action_cells = program
            .actions
            .iter()
            .map(|a| {
                let r = a.cond.as_ref().and_then(required_region)?;
                let sets = board.regions.get(r as usize)?;
                Some(
                    sets.iter()
                        .map(|set| {
                            (0..board.cells() as CellId)
                                .filter(|&c| set.contains(c))
                                .collect()
                        })
                        .collect(),
                )
            })
            .collect();
        let action_guard = program
            .actions
            .iter()
            .map(|a| {
                let mut parts = Vec::new();
                if let Some(c) = &a.cond {
                    conjuncts(c, &mut parts);
                }
                let join = |v: Vec<&&ir::Expr>| {
                    v.into_iter()
                        .map(|e| (*e).clone())
                        .reduce(|x, y| ir::Expr::Bin(ir::BinOp::And, Box::new(x), Box::new(y)))
                };
                let (guard, rest): (Vec<_>, Vec<_>) = parts.iter().partition(|e| !mentions_cell(e));
                let occupied = a.on_cells && parts.iter().any(|e| needs_piece(e));
                (join(guard), occupied, join(rest))
            })
            .collect();
        let mut shared = KindSet::default();
        for (k, p) in program.pieces.iter().enumerate() {
            if p.shared {
                shared.insert(k as PieceId);
            }
        }
        // Only a ruleset that changes its drawn area keeps the area in its states.
        let base_area = program
            .board
            .drawing
            .clone()
            .filter(|_| changes_area(&program))
            .and_then(|d| {
                crate::area::Area::build(&program.board, &program.regions, players, d)
                    .map(std::sync::Arc::new)
            });
        let mut g = Game {
            base_area,
            shared,
            all_cells: (0..board.cells() as CellId).collect(),
            plugins: program
                .plugins
                .iter()
                .map(|p| crate::plugin::Plugin::load(&p.path, &p.bytes))
                .collect(),
            plugin_failure: Default::default(),
            action_cells,
            action_guard,
            action_within: Vec::new(),
            withins: Vec::new(),
            fixed_guards,
            memo_slots: 0,
            same_reads_move: Vec::new(),
            codes: Vec::new(),
            kept_codes: Vec::new(),
            sources: Vec::new(),
            sieves: Vec::new(),
            blocks: Vec::new(),
            block_of: Default::default(),
            by_coord: by_coord(&program.board.coords),
            start_template: None,
            resets,
            single_royal: false,
            drops,
            still,
            only_drops,
            unit_links: board.unit_links(&program.board.coords),
            straight_steps: board.straight_steps(&program.board.coords),
            program,
            board,
            players,
            rules,
            probes: Vec::new(),
            jump_shapes: Vec::new(),
            royal,
            has_royal,
            var_slot,
            var_shape,
            travelling,
            var_count,
            cheap_endings,
        };
        g.probes = (0..players).map(|p| g.build_probes(p)).collect();
        g.jump_shapes = g.jump_shapes();
        g.start_template = match &g.program.start {
            Some((text, _)) => g.read_position(text, 0, false).ok(),
            None => Some(g.empty_state(0)),
        };
        let flags: Vec<Vec<Vec<bool>>> = g
            .rules
            .iter()
            .map(|per_kind| {
                per_kind
                    .iter()
                    // A board that changes in play may come to reach a cell two ways.
                    .map(|rs| {
                        rs.iter()
                            .map(|r| g.base_area.is_some() || g.may_repeat(&r.atom))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        for (p, per_kind) in flags.into_iter().enumerate() {
            for (k, rs) in per_kind.into_iter().enumerate() {
                for (ri, f) in rs.into_iter().enumerate() {
                    g.rules[p][k][ri].may_repeat = f;
                    if g.base_area.is_none() {
                        let r = &mut g.rules[p][k][ri];
                        r.reach = crate::movegen::Reach::of(&g.board, &r.atom);
                        r.rays = crate::movegen::Rays::of(&g.board, &r.atom);
                        r.direct = r.reach.is_some()
                            && r.group <= 1
                            && !r.group_any
                            && !r.carry
                            && r.guard.is_none();
                    }
                }
            }
        }
        let cells = g.board.cells();
        for pr in g.probes.iter_mut() {
            pr.jump_from = pr
                .jumps
                .iter()
                .flat_map(|(back, _)| (0..cells).map(|c| g.board.walk(c as CellId, back)))
                .collect();
        }
        // A player's royal piece can be followed move by move when no rule can make or
        // drop a royal piece; otherwise `checked` looks at every cell.
        g.single_royal = !g.program.pieces.iter().any(|p| {
            p.promotions
                .iter()
                .any(|pr| pr.to.iter().any(|&t| g.royal.contains(t)))
        }) && !g.drops.iter().flatten().any(|&(k, _)| g.royal.contains(k));
        // Last, once every analysis above has read the conditions as written.
        g.memo_slots = crate::memo::prepare(&mut g);
        crate::compile::wrap(&mut g);
        g
    }
}

/// The table of cells by column and row (see [`Game::by_coord`]); empty when the
/// coordinates would make it large.
fn by_coord(coords: &[(u16, u16)]) -> (usize, Vec<CellId>) {
    let width = coords
        .iter()
        .map(|&(x, _)| x as usize + 1)
        .max()
        .unwrap_or(0);
    let height = coords
        .iter()
        .map(|&(_, y)| y as usize + 1)
        .max()
        .unwrap_or(0);
    if width.saturating_mul(height) > 1 << 20 {
        return (0, Vec::new());
    }
    let mut cells = vec![ir::NO_CELL; width * height];
    for (c, &(x, y)) in coords.iter().enumerate() {
        let slot = &mut cells[y as usize * width + x as usize];
        if *slot == ir::NO_CELL {
            *slot = c as CellId;
        }
    }
    (width, cells)
}

/// A move rule's condition as the conjuncts that do not read the target (nor the distance
/// or the moving piece) and the rest.
fn split_guard(cond: Option<&ir::Expr>) -> (Option<ir::Expr>, Option<ir::Expr>) {
    let mut parts = Vec::new();
    if let Some(c) = cond {
        conjuncts(c, &mut parts);
    }
    let join = |v: Vec<&ir::Expr>| {
        v.into_iter()
            .cloned()
            .reduce(|x, y| ir::Expr::Bin(ir::BinOp::And, Box::new(x), Box::new(y)))
    };
    let (guard, rest): (Vec<&ir::Expr>, Vec<&ir::Expr>) =
        parts.into_iter().partition(|e| !reads_cell(e, false));
    (join(guard), join(rest))
}

/// A rule's guard as the conjuncts that read neither the piece's cell nor the moving piece
/// (the same for every piece, tried once a decision) and the rest.
fn split_fixed(guard: Option<ir::Expr>) -> (Option<ir::Expr>, Option<ir::Expr>) {
    let mut parts = Vec::new();
    if let Some(g) = &guard {
        conjuncts(g, &mut parts);
    }
    let join = |v: Vec<&ir::Expr>| {
        v.into_iter()
            .cloned()
            .reduce(|x, y| ir::Expr::Bin(ir::BinOp::And, Box::new(x), Box::new(y)))
    };
    let (fixed, rest): (Vec<&ir::Expr>, Vec<&ir::Expr>) =
        parts.into_iter().partition(|e| !mentions_cell(e));
    (join(fixed), join(rest))
}

/// The parts of a condition joined by `and`.
fn conjuncts<'e>(e: &'e ir::Expr, out: &mut Vec<&'e ir::Expr>) {
    match e {
        ir::Expr::Bin(ir::BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// An action's condition that holds only where a piece stands: `height(to) > 0`,
/// `friend(to)`, `enemy(to)`, `not empty(to)` (or `from`, which is the action's cell too).
fn needs_piece(e: &ir::Expr) -> bool {
    use ir::Expr as E;
    let on_to = |c: &E| matches!(c, E::To | E::From);
    match e {
        E::Bin(ir::BinOp::Gt, a, b) => {
            matches!(&**a, E::Height(c) if on_to(c)) && matches!(&**b, E::Int(0))
        }
        E::Friend(c, _) | E::Enemy(c, _) => on_to(c),
        E::Not(x) => matches!(&**x, E::Empty(c) if on_to(c)),
        _ => false,
    }
}

/// Whether an expression reads the candidate's `to` (or its distance, or the moving piece),
/// and `from` too when `from_counts`. A `to` bound by `any_cell`, `around` and the like
/// inside does not count.
pub(crate) fn reads_cell(e: &ir::Expr, from_counts: bool) -> bool {
    use ir::Expr as E;
    let m = |x: &E| reads_cell(x, from_counts);
    // Inside an expression that binds `to` itself: only `from` and the like count.
    let inner = |x: &E| {
        fn walk(e: &ir::Expr, from_counts: bool) -> bool {
            matches!(
                e,
                E::Steps | E::Jumped | E::Jumps | E::Fresh | E::Attacked(_) | E::Target
            ) || (from_counts && matches!(e, E::From))
                || children(e).into_iter().any(|c| walk(c, from_counts))
        }
        walk(x, from_counts)
    };
    match e {
        E::To | E::Target | E::Steps | E::Jumped | E::Jumps | E::Fresh | E::Attacked(_) => true,
        E::From => from_counts,
        E::AnyCell(c) | E::CountCells(c) => inner(c),
        E::MaxCells(c, v) | E::SumCells(c, v) => inner(c) || inner(v),
        E::Around(c, cond) | E::Sections(c, cond) | E::SectionSize(c, cond) => m(c) || inner(cond),
        E::SectionTotal(c, cond, v)
        | E::SectionsOf(c, cond, v)
        | E::SectionCell(c, cond, v)
        | E::SectionBorder(c, cond, v) => m(c) || inner(cond) || inner(v),
        E::InLine(a, b, cond) | E::CountBetween(a, b, cond) => m(a) || m(b) || inner(cond),
        E::Line(c, _, cond) => m(c) || inner(cond),
        E::Along(w) => m(&w.from) || inner(&w.cond) || w.closed.as_deref().is_some_and(inner),
        other => children(other).into_iter().any(m),
    }
}

/// Whether any statement of the program changes the drawn area (`split`, `merge`, …).
fn changes_area(p: &Program) -> bool {
    fn any(body: &[ir::Stmt]) -> bool {
        body.iter().any(|st| match st {
            ir::Stmt::ChangeArea(..) => true,
            ir::Stmt::If(_, a, b) => any(a) || any(b),
            ir::Stmt::TrackWalk { body, .. } => any(body),
            ir::Stmt::Each(_, b)
            | ir::Stmt::EachPlayer(_, b)
            | ir::Stmt::Along(_, b)
            | ir::Stmt::EachInGroup(_, _, b) => any(b),
            _ => false,
        })
    }
    any(&p.after_move)
        || any(&p.setup)
        || any(&p.turn.start)
        || any(&p.turn.end)
        || p.actions.iter().any(|a| any(&a.effects))
        || p.chance_then.iter().any(|b| any(b))
        || p.pieces
            .iter()
            .any(|k| k.rules.iter().any(|r| any(&r.effects)))
}

fn mentions_cell(e: &ir::Expr) -> bool {
    reads_cell(e, true)
}

/// The region an action's condition requires its cell to be in (`to in R and …`; `from`
/// and `target` name the cell too), if it does.
fn required_region(e: &ir::Expr) -> Option<ir::RegionId> {
    use ir::Expr as E;
    match e {
        E::In(c, r) if matches!(**c, E::To | E::From | E::Target) => Some(*r),
        ir::Expr::Bin(ir::BinOp::And, a, b) => required_region(a).or_else(|| required_region(b)),
        _ => None,
    }
}

/// Marks the rides a piece's rules write alike (same paths, distances and stops: equal
/// atoms), so that their cells are walked once for the piece ([`Rule::walk`]). A ride whose
/// length is the number of pieces moving is left alone.
fn share_walks(mut rules: Vec<Vec<Vec<Rule>>>) -> Vec<Vec<Vec<Rule>>> {
    for per_kind in &mut rules {
        for rs in per_kind.iter_mut() {
            let rides: Vec<Option<ir::Atom>> = rs
                .iter()
                .map(|r| match &r.atom {
                    ir::Atom::Ride {
                        by_group: false, ..
                    } => Some(r.atom.clone()),
                    _ => None,
                })
                .collect();
            for ri in 0..rs.len().min(u8::MAX as usize) {
                let Some(ride) = &rides[ri] else { continue };
                let first = rides.iter().position(|k| k.as_ref() == Some(ride));
                let alike = rides.iter().filter(|k| k.as_ref() == Some(ride)).count();
                if alike > 1 {
                    rs[ri].walk = first.map(|f| f as u8);
                }
            }
        }
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::{BinOp, Expr as E};

    fn b(x: E) -> Box<E> {
        Box::new(x)
    }

    #[test]
    fn the_parts_of_a_condition_that_read_no_cell_are_found() {
        // stage == 2 (a variable) reads no cell; layer(from) reads `from`; around(to, …)
        // reads `to`; any_cell(… to …) binds its own `to`.
        let stage = E::Bin(BinOp::Eq, b(E::Var(0)), b(E::Int(2)));
        let at_from = E::VarAt(1, b(E::From));
        let near_to = E::Around(b(E::To), b(E::VarAt(1, b(E::To))));
        let anywhere = E::AnyCell(b(E::VarAt(1, b(E::To))));
        let next_to_from = E::CountCells(b(E::Adjacent(b(E::From), b(E::To))));
        assert!(!reads_cell(&stage, true));
        assert!(!reads_cell(&at_from, false) && reads_cell(&at_from, true));
        assert!(reads_cell(&near_to, false));
        assert!(!reads_cell(&anywhere, true));
        assert!(!reads_cell(&next_to_from, false) && reads_cell(&next_to_from, true));
        let all = E::Bin(
            BinOp::And,
            b(stage.clone()),
            b(E::Bin(BinOp::And, b(at_from.clone()), b(near_to.clone()))),
        );
        let (guard, rest) = split_guard(Some(&all));
        assert!(
            matches!(guard, Some(E::Bin(BinOp::And, _, _))),
            "stage and layer(from)"
        );
        assert!(matches!(rest, Some(E::Around(_, _))));
        assert!(needs_piece(&E::Bin(
            BinOp::Gt,
            b(E::Height(b(E::To))),
            b(E::Int(0))
        )));
        assert!(needs_piece(&E::Bin(
            BinOp::Gt,
            b(E::Height(b(E::From))),
            b(E::Int(0))
        )));
        assert!(!needs_piece(&E::Bin(
            BinOp::Gt,
            b(E::Height(b(E::To))),
            b(E::Int(1))
        )));
    }

    #[test]
    fn a_guard_splits_into_what_reads_no_cell_and_what_reads_the_piece_cell() {
        let stage = E::Bin(BinOp::Eq, b(E::Var(0)), b(E::Int(2)));
        let at_from = E::VarAt(1, b(E::From));
        let fresh = E::Fresh;
        let guard = E::Bin(
            BinOp::And,
            b(stage.clone()),
            b(E::Bin(BinOp::And, b(at_from), b(fresh))),
        );
        let (fixed, rest) = split_fixed(Some(guard));
        assert!(
            matches!(fixed, Some(E::Bin(BinOp::Eq, _, _))),
            "stage alone"
        );
        assert!(
            matches!(rest, Some(E::Bin(BinOp::And, _, _))),
            "layer(from), fresh"
        );
        assert!(matches!(split_fixed(Some(stage)), (Some(_), None)));
        assert!(matches!(split_fixed(None), (None, None)));
    }
}
