//! Perft tables: published move counts for chess, checked against the rules in
//! rulesets/chess.tessel. Deeper counts run in release (`cargo test --release -- --ignored`)
//! and in the benchmark.

use tessel_interpreter::Game;

fn chess() -> Game {
    let loaded = tessel::load("rulesets/chess.tessel", &[]).expect("chess is found");
    let program = loaded.compiled.program.expect("chess compiles");
    Game::new(program)
}

fn perft(fen: Option<&str>, depth: u32) -> u64 {
    let g = chess();
    let s = match fen {
        Some(f) => g.parse_position(f, 0).expect("valid FEN"),
        None => g.start_state(0).expect("valid start"),
    };
    g.perft(&s, depth)
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn start_position() {
    assert_eq!(perft(None, 1), 20);
    assert_eq!(perft(None, 2), 400);
    assert_eq!(perft(None, 3), 8902);
    assert_eq!(perft(None, 4), 197281);
}

#[test]
fn kiwipete() {
    assert_eq!(perft(Some(KIWIPETE), 1), 48);
    assert_eq!(perft(Some(KIWIPETE), 2), 2039);
    assert_eq!(perft(Some(KIWIPETE), 3), 97862);
}

#[test]
#[ignore = "deep: run in release"]
fn deep() {
    assert_eq!(perft(None, 5), 4865609);
    assert_eq!(perft(Some(KIWIPETE), 4), 4085603);
}
