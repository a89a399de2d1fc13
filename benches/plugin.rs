//! One piece's move generation from a WebAssembly plug-in (plugins/rook.wat) beside the
//! same rook written in the rules language, on the same position. The plug-in is timed
//! twice: asked afresh (its remembered answers forgotten before every ask) and asked a
//! position it answered before.
//! Run: `cargo bench --bench plugin`.

use criterion::{black_box, Criterion};
use tessel_interpreter::Game;

fn rooks() -> Game {
    let loaded = tessel::load("tests/data/plugins/rook-by-plugin.tessel", &[]).expect("found");
    Game::new(loaded.compiled.program.expect("compiles"))
}

fn main() {
    let g = rooks();
    let mut c = Criterion::default()
        .configure_from_args()
        .measurement_time(std::time::Duration::from_secs(3));
    // The same position, the rook on c3 either way (and the two kings).
    for (name, position, afresh) in [
        ("rook from the rules language", "k4/5/2R2/5/4K w", false),
        ("rook from a plug-in, asked afresh", "k4/5/2W2/5/4K w", true),
        (
            "rook from a plug-in, asked before",
            "k4/5/2W2/5/4K w",
            false,
        ),
    ] {
        let s = g.parse_position(position, 0).expect("position");
        let mut scratch = g.scratch();
        let mut moves = Vec::new();
        c.bench_function(name, |b| {
            b.iter(|| {
                if afresh {
                    g.forget_plugin_answers();
                }
                g.decisions(black_box(&s), &mut scratch, &mut moves);
                black_box(moves.len())
            })
        });
    }
    assert!(g.plugin_error().is_none());
    c.final_summary();
}
