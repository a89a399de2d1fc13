//! The compiled conditions and values (interpreter/src/compile.rs) give exactly what the
//! tree evaluator gives: every entry of the speed suite, in states met along seeded random
//! games, with each cell as the move's cells.

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
