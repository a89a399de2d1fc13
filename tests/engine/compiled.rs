//! The compiled conditions and values (interpreter/src/compile/) give exactly what the
//! tree evaluator gives, and the compiled statement lists change a state as `exec.rs`
//! does: every entry of the speed suite, in states met along seeded random games, with each
//! cell as the move's cells.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessel_interpreter::{Actor, Game};

/// Plays a seeded random game of `g`, checking every `every`th state (at most `states`).
fn check_game(g: &Game, seed: u64, every: u32, states: usize, label: &str) {
    let mut s = g.start_state(seed).expect("start");
    let mut scratch = g.scratch();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut checked = 0;
    for ply in 0..2000u32 {
        if ply % every == 0 {
            if let Err(e) = g.check_compiled(&s) {
                panic!("{label}, seed {seed}, ply {ply}: {e}");
            }
            if let Err(e) = g.check_blocks(&s) {
                panic!("{label}, seed {seed}, ply {ply}: {e}");
            }
            checked += 1;
            if checked >= states {
                return;
            }
        }
        if matches!(g.actor(&s, &mut scratch), Actor::Nobody) {
            return;
        }
        g.decisions(&s, &mut scratch, &mut moves);
        g.drop_manual(&mut moves);
        if moves.is_empty() {
            return;
        }
        let m = moves[rng.random_range(0..moves.len())];
        g.apply(&mut s, m);
    }
}

#[test]
fn compiled_code_agrees_with_the_tree_walker() {
    let entries = tessel::speed::suite(tessel::speed::SUITE).expect("the suite reads");
    for e in entries {
        let loaded = tessel::load(&e.ruleset, &e.options).expect("bundled");
        let program = loaded.compiled.program.expect("compiles");
        let g = Game::new(program);
        check_game(&g, 1, 11, 5, &e.label());
    }
}

/// Walks and lines in conditions (`count_along` compared with constants, closed and open,
/// `line`), compiled, give what the tree evaluator gives, in states along random games.
#[test]
fn compiled_walks_agree_with_the_tree_walker() {
    let g = crate::inline(
        r#"game "walks"
use board8
players a b
dirs lines = n e s w ne nw se sw
piece disc X O { inert }
define closed(c) = count_along(c, lines, enemy(to), friend(to))
define open(c) = count_along(c, lines, owner(to) == opponent)
action put on cells if empty(to) and (closed(to) > 1 or open(to) == 1 or closed(to) >= 2
    or open(to) < 2 or line(to, lines, not empty(to)) >= 3 or count_along(to, lines, empty(to)) != 0
    or not empty(to + n) or empty(to + ne))
  written "{to}" then place disc at to
ending "full" if no_moves => draw
start "8/8/8/3XO3/3OX3/8/8/8 a"
"#,
    );
    for seed in 1..4 {
        check_game(&g, seed, 3, 40, "walks");
    }
}

/// `any_cell` over `in_line` from a cell that is not the one visited goes along the lines
/// from that cell (`compile/visit.rs`, `along_lines`): compiled, it gives what the tree
/// evaluator gives, on a grid and on a board whose lines come round (a ring).
#[test]
fn visits_along_the_lines_from_a_cell_agree_with_the_tree_walker() {
    let grid = crate::inline(
        r#"game "lines"
use board8
players a b
piece disc X O { inert }
define sees(c) = any_cell(enemy(to) and in_line(c, to, empty(to)))
define sees_far(c) = any_cell(in_line(c, to, empty(to) or friend(to)) and row(to) > row(c) + 1)
define blocked(c) = any_cell(to != c and in_line(c, to, false) and friend(to))
action put on cells if empty(from) and (sees(from) or sees_far(from) or blocked(from))
  written "{to}" then place disc at to
ending "full" if no_moves => draw
start "8/8/8/3XO3/3OX3/8/8/8 a"
"#,
    );
    for seed in 1..4 {
        check_game(&grid, seed, 2, 40, "lines on a grid");
    }
    let ring = crate::inline(
        r#"game "ring"
players a b
board {
  cells p1 p2 p3 p4 p5 p6 hub
  link p1 cw p2 <-> ccw
  link p2 cw p3 <-> ccw
  link p3 cw p4 <-> ccw
  link p4 cw p5 <-> ccw
  link p5 cw p6 <-> ccw
  link p6 cw p1 <-> ccw
  link p1 inward hub
  link hub outward p4
}
piece disc X O { inert }
define sees(c) = any_cell(enemy(to) and in_line(c, to, empty(to)))
action put on cells if empty(from) and (sees(from) or not sees(from))
  written "{to}" then place disc at to
ending "full" if no_moves => draw
"#,
    );
    for seed in 1..6 {
        check_game(&ring, seed, 1, 40, "lines round a ring");
    }
}

/// Leaves (constants, variables, the move's cells, a per-cell variable or a coordinate
/// there, `decisions`, `ply`) compared or combined in pairs, against constants (a divisor
/// of 0 among them), under `not`, and in chains of `and` and `or`, compiled, give what the
/// tree evaluator gives, in states along random games.
#[test]
fn compiled_leaves_and_pairs_agree_with_the_tree_walker() {
    // Each value set is a code of its own, checked at every cell.
    let g = crate::inline(
        r#"game "pairs"
use board8
players a b
piece disc X O { inert }
var mark = 0 per cell
var odd: bool = false per cell
var last: cell = none
var flag: bool = false
var sum = 0
var b1: bool = false
var b2: bool = false
var b3: bool = false
var b4: bool = false
var b5: bool = false
counter made = 0
counter placed = 0 per player
action put on cells if empty(to) and (mark(to) == made % 3 or not flag or last != to)
  written "{to}" then place disc at to, set mark(to) = ply % 4, set made += 1,
    set placed += 1, set last = to, set flag = made % 2 == 0, set odd(to) = ply % 2 == 1,
    set sum = row(to) - 1 + column(from) / 2 + column(target) * 3 + row(to) % 3 + ply / 0
      + ply % 0 + made - placed + placed(mover) * 5 + mark(to) - mark(target) + decisions,
    set b1 = mark(to) == made % 3 or row(to) - 1 != column(to) / 2 or placed > ply / 4,
    set b2 = placed(mover) >= mark(to) + 1 and last == to and not flag,
    set b3 = decisions == 0 and column(to) * 2 < row(to) % 5 and made - ply < mark(to),
    set b4 = not odd(to) or placed(mover) == placed or row(target) >= mark(from),
    set b5 = to != last and (mark(from) <= sum or ply % 0 == ply / 0) and ply > 3
ending "full" if no_moves => draw
ending "long" if ply >= 30 and made > placed and (placed(mover) == 3 or mark(last) == 2) => draw
start "8/8/8/3XO3/3OX3/8/8/8 a"
"#,
    );
    for seed in 1..4 {
        check_game(&g, seed, 2, 40, "pairs");
    }
}

/// Parts that read only the board's geometry at one or two cells (coordinates, `cell_at`,
/// arithmetic, comparisons, `either`, `abs`, `min`, `max`), read from tables made once
/// per game, give what the tree evaluator gives — with the cells `none` (a variable not
/// set yet, a cell off the board), where no table answers.
#[test]
fn parts_read_from_tables_of_cells_agree_with_the_tree_walker() {
    let g = crate::inline(
        r#"game "tables"
use board8
players a b
piece disc X O { inert }
var last: cell = none
var before: cell = none
var band = 0
var near: bool = false
var far = 0
var light: bool = false
var edge: cell = none
define band_of(c) = (row(c) - 1) / 3 + 1
action put on cells if empty(to) and (last == none or abs(band_of(last) - band_of(to)) <= 1
    or (row(to) + column(to)) % 2 == 0)
  written "{to}" then place disc at to, set before = last, set last = to,
    set band = band_of(to) * 10 + band_of(last),
    set near = max(abs(row(before) - row(last)), abs(column(before) - column(last))) <= 2,
    set far = either(band_of(before) > band_of(last), min(row(before), column(last)), -row(before) * 300),
    set light = not ((row(last) + column(before)) % 2 == 0) and band_of(before) != 2,
    set edge = cell_at(1, row(last))
ending "full" if no_moves => draw
start "8/8/8/3XO3/3OX3/8/8/8 a"
"#,
    );
    for seed in 1..4 {
        check_game(&g, seed, 2, 40, "tables");
    }
}
