//! No input may panic or hang: mutated rules files go through parser, checker and
//! interpreter; random text goes to the position and move readers.

use proptest::prelude::*;
use tessel_interpreter::Game;

const CHESS: &str = include_str!("../rulesets/chess.tessel");
/// Rules files that use the other constructs: zones, drops, turns, chance, actions.
const OTHERS: &[&str] = &[
    include_str!("data/check/ok/hand-and-double-moves.tessel"),
    include_str!("data/check/ok/dice-race.tessel"),
    include_str!("data/check/ok/explicit-board-per-player-dirs.tessel"),
    include_str!("../docs/examples/grove-hands.tessel"),
    include_str!("data/check/ok/piles-and-rounds.tessel"),
    include_str!("data/check/ok/bag-draw.tessel"),
    include_str!("../rulesets/muso.tessel"),
    include_str!("data/check/ok/hex-board.tessel"),
    include_str!("data/check/ok/seated-players.tessel"),
    include_str!("../rulesets/mu.tessel"),
    include_str!("../rulesets/veney.tessel"),
    include_str!("../rulesets/mutou.tessel"),
    include_str!("data/tessels/cylinder.tessel"),
    include_str!("data/check/ok/reactions-and-piece-values.tessel"),
    include_str!("data/check/ok/keep-and-restore.tessel"),
];
const WORDS: &[&str] = &[
    "piece",
    "move",
    "step",
    "leap",
    "ride",
    "to",
    "if",
    "then",
    "set",
    "capture",
    "shift",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "=",
    "==",
    "+",
    "-",
    "*",
    "in",
    "and",
    "or",
    "not",
    "mirrored",
    "rank",
    "file",
    "region",
    "dirs",
    "var",
    "counter",
    "option",
    "ending",
    "forbid",
    "position",
    "start",
    "\"",
    "0",
    "1",
    "99999999999",
    "-1",
    "n",
    "e",
    "x",
    "a1",
    "h8",
    "none",
    "from",
    "board",
    "grid",
    "players",
    "variant",
    "extends",
    "use",
    "chess",
    "pattern",
    "moves",
    "promote",
    "royal",
    "inert",
    "=>",
    "exactly",
    "max",
    "min",
    ":",
    ",",
    "/",
    "per",
    "player",
    "reset",
    "each",
    "turn",
    "\n",
    " ",
    "é",
    "\u{0}",
    "tessels",
    "tessel",
    "squares",
    "hexes",
    "splice",
    "(0, 0)",
    "(1.5, -2)",
    "0.0000001",
    "joined",
    "piece",
    "ask others",
    "reaction",
    "converting",
    "taken",
    "distance",
    "edge",
    "trace",
];

/// Applies a list of edits (position fraction, kind, word) to a text.
fn mutate(base: &str, edits: &[(f64, u8, usize)]) -> String {
    let mut text = base.to_string();
    for &(at, kind, w) in edits {
        let mut i = ((text.len() as f64) * at) as usize;
        while i < text.len() && !text.is_char_boundary(i) {
            i += 1;
        }
        let word = WORDS[w % WORDS.len()];
        match kind % 3 {
            0 => text.insert_str(i, word),
            1 => {
                let mut j = (i + 1 + w % 12).min(text.len());
                while j < text.len() && !text.is_char_boundary(j) {
                    j += 1;
                }
                text.replace_range(i..j, "");
            }
            _ => {
                let mut j = (i + word.len()).min(text.len());
                while j < text.len() && !text.is_char_boundary(j) {
                    j += 1;
                }
                text.replace_range(i..j, word);
            }
        }
    }
    text
}

fn exercise(text: &str) {
    let compiled = tessel_lang::compile("fuzz", text, &tessel::bundle::BundleLoader, &[]);
    let _ = tessel::diagnostics::to_string(&compiled.sources, &compiled.diagnostics);
    if let Some(p) = compiled.program {
        let g = Game::new(p);
        if let Ok(s) = g.start_state(1) {
            let _ = g.perft(&s, 2);
            let mut scratch = g.scratch();
            let _ = g.status(&s, &mut scratch);
            let _ = g.position_string(&s);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mutated_rules_never_panic(edits in prop::collection::vec((0.0f64..1.0, any::<u8>(), any::<usize>()), 1..6)) {
        exercise(&mutate(CHESS, &edits));
    }

    #[test]
    fn mutated_other_rules_never_panic(which in 0usize..64, edits in prop::collection::vec((0.0f64..1.0, any::<u8>(), any::<usize>()), 1..6)) {
        exercise(&mutate(OTHERS[which % OTHERS.len()], &edits));
    }

    #[test]
    fn random_drawn_areas_never_panic(
        tessels in prop::collection::vec(prop::collection::vec((-3i32..4, -3i32..4), 1..7), 1..7),
        splices in prop::collection::vec(((-3i32..4, -3i32..4), (-3i32..4, -3i32..4)), 0..3),
    ) {
        // Random polygons on a small lattice (overlapping, flat, apart, spliced anyhow):
        // every drawing is either a board or diagnostics.
        let mut area = String::new();
        for (i, t) in tessels.iter().enumerate() {
            area += &format!("tessel t{i}");
            for (x, y) in t {
                area += &format!(" ({x}, {y})");
            }
            area += "\n";
        }
        for ((a, b), (c, d)) in &splices {
            area += &format!("splice ({a}, {b}) = ({c}, {d})\n");
        }
        let text = format!(
            "game \"drawn\"\nplayers white black\nboard tessels {{\n{area}}}\npiece walker W w {{ move step edge to empty  move step trace to empty }}\n"
        );
        exercise(&text);
    }

    #[test]
    fn random_position_strings_never_panic(text in "[ -~]{0,80}") {
        let loaded = tessel::load("rulesets/chess.tessel", &[]).expect("chess");
        let g = Game::new(loaded.compiled.program.expect("chess compiles"));
        if let Ok(s) = g.parse_position(&text, 0) {
            let _ = g.perft(&s, 1);
            let _ = g.position_string(&s);
        }
        let s = g.start_state(0).expect("start");
        let mut legal = Vec::new();
        let mut tmp = g.empty_state(0);
        g.legal_moves(&s, &mut legal, &mut tmp);
        let _ = g.parse_move(&text, &legal);
    }

    #[test]
    fn random_records_never_panic(moves in prop::collection::vec("[a-h][1-8][a-h][1-8]|pass|throw=[0-9]|[A-Z]@[a-h][1-8]|[ -~]{0,6}", 0..12), seed in any::<u64>()) {
        let g = {
            let loaded = tessel::load("rulesets/chess.tessel", &[]).expect("chess");
            Game::new(loaded.compiled.program.expect("chess compiles"))
        };
        let mut rec = tessel::record::Record::new("chess", &[], seed, None);
        rec.decisions = moves.clone();
        let _ = tessel::record::replay(&g, &rec);
        let dice = {
            let loaded = tessel::load("tests/data/check/ok/dice-race.tessel", &[]).expect("dice");
            Game::new(loaded.compiled.program.expect("dice compiles"))
        };
        let _ = tessel::record::replay(&dice, &rec);
    }

    #[test]
    fn near_fern_positions_and_game_texts_never_panic(cut in 0usize..70, ch in "[ -~]") {
        let fern = "2uus1a2/2p1ppp2/3i-a5/8i/2i-P6/3PPPP2/2KKSWW2 1/0 2/3 p 7 W";
        let mut t = fern.to_string();
        t.insert_str(cut.min(t.len()), &ch);
        let loaded = tessel::load("rulesets/muso.tessel", &[]).expect("muso");
        let g = Game::new(loaded.compiled.program.expect("muso compiles"));
        if let Ok(s) = g.parse_position(&t, 0) {
            let _ = g.perft(&s, 2);
            let _ = g.position_string(&s);
        }
        let mut text = "0. [4] AUSWK KWSUA\n1. c2c3 d6d5\n2. c3c4 d5xc4\n0-0\n".to_string();
        text.insert_str(cut.min(text.len()), &ch);
        let _ = tessel::record::from_game_text(&g, "muso", &[], None, &text);
    }

    #[test]
    fn near_mu_boards_never_panic(cut in 0usize..260, ch in "[ -~]") {
        // A small table (radius 3) in play, with its layer and centre maps.
        let board = "4/5/6/3[rr]3/6/5/4 r 2 14 0 0 vvvv/vvvvv/vvcwcv/vvvvvvv/vvvvvv/vvvvv/vvvv \
                     ..../...../....../...o.../....../...../....";
        let mut t = board.to_string();
        t.insert_str(cut.min(t.len()), &ch);
        let loaded = tessel::load("rulesets/mu.tessel", &[("table".into(), "3".into())]).expect("mu");
        let g = Game::new(loaded.compiled.program.expect("mu compiles"));
        if let Ok(s) = g.parse_position(&t, 0) {
            let _ = g.perft(&s, 2);
            let _ = g.position_string(&s);
            let _ = tessel::render::board(&g, &s);
            let _ = tessel::render::svg(&g, &s);
        }
    }

    #[test]
    fn near_veney_positions_never_panic(cut in 0usize..70, ch in "[ -~]") {
        let p = "4/4/4/bsrc/eeee/4/4/1A2/4/4/4/EEEE/CRSB/4/4/4 w DGLJUdglju 0 0 2 8 1 Cl";
        let mut t = p.to_string();
        t.insert_str(cut.min(t.len()), &ch);
        let loaded = tessel::load("rulesets/veney.tessel", &[]).expect("veney");
        let g = Game::new(loaded.compiled.program.expect("veney compiles"));
        if let Ok(s) = g.parse_position(&t, 0) {
            let _ = g.perft(&s, 2);
            let _ = g.position_string(&s);
            let _ = tessel::render::board(&g, &s);
        }
    }

    #[test]
    fn near_positions_never_panic(cut in 0usize..60, ch in "[ -~]") {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut t = fen.to_string();
        t.insert_str(cut.min(t.len()), &ch);
        let loaded = tessel::load("rulesets/chess.tessel", &[]).expect("chess");
        let g = Game::new(loaded.compiled.program.expect("chess compiles"));
        if let Ok(s) = g.parse_position(&t, 0) {
            let _ = g.perft(&s, 2);
        }
    }
}

#[test]
fn deep_nesting_is_refused() {
    let text = format!(
        "game \"x\"\nplayers a b\nboard grid 2 x 2\nforbid {}true{}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let c = tessel_lang::compile("deep", &text, &tessel::bundle::BundleLoader, &[]);
    assert!(c.program.is_none());
}

#[test]
fn huge_leap_is_refused() {
    let text = "game \"x\"\nplayers a b\nboard grid 2 x 2\npiece p P p { move leap (n e s w ne nw se sw n e s w ne nw se sw n e s w ne nw se sw n e s w ne nw se sw n e s) }\n\
                dirs all = n e s w ne nw se sw\npiece q Q q { move leap (all all all all all all all all all all all all) }";
    let c = tessel_lang::compile("leap", text, &tessel::bundle::BundleLoader, &[]);
    assert!(c.program.is_none());
}

#[test]
fn doubling_definitions_are_refused() {
    // Each definition uses the next twice: written out in full it would be 2^40 uses.
    let mut text = String::from("game \"x\"\nplayers a b\nboard grid 2 x 2\n");
    for i in 0..40 {
        text += &format!("define d{i}(c) = d{}(c) or d{}(c)\n", i + 1, i + 1);
    }
    text += "define d40(c) = empty(c)\npiece man M m { move step n if d0(to) }\n";
    let c = tessel_lang::compile("doubling", &text, &tessel::bundle::BundleLoader, &[]);
    assert!(c.program.is_none());
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.message.contains("written out more than")));
}
