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
