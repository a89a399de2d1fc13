//! No input may panic or hang: mutated rules files go through parser, checker and
//! interpreter; random text goes to the position and move readers. The targets of issue 19
//! (`mutated_bundled_*`, `typed_moves_*`, `mutated_records_*`, `plugin_answers_*`) mutate
//! every bundled game's rules, positions, typed moves and records with the edits of
//! tests/common/mutate.rs; proptest counts a panic as a failure and shrinks it. The
//! seeded run through the `tessel` binary, with many more cases, is
//! tests/hostile/mutation.rs.

#[path = "common/mutate.rs"]
mod mutation;

use mutation::{Edit, MOVE_WORDS, POSITION_WORDS, RULES_WORDS};
use proptest::prelude::*;
use std::sync::OnceLock;
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

/// Applies a list of edits (position fraction, kind, word) to a text.
fn mutate(base: &str, edits: &[(f64, u8, usize)]) -> String {
    let mut text = base.to_string();
    for &(at, kind, w) in edits {
        let mut i = ((text.len() as f64) * at) as usize;
        while i < text.len() && !text.is_char_boundary(i) {
            i += 1;
        }
        let word = RULES_WORDS[w % RULES_WORDS.len()];
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

/// Every bundled ruleset and the standard library: what is mutated, and what is spliced in.
const BUNDLED: &[&str] = &[
    include_str!("../rulesets/chess.tessel"),
    include_str!("../rulesets/mu.tessel"),
    include_str!("../rulesets/muso.tessel"),
    include_str!("../rulesets/muso-3p.tessel"),
    include_str!("../rulesets/muso-4p.tessel"),
    include_str!("../rulesets/muso-kawa.tessel"),
    include_str!("../rulesets/mutou.tessel"),
    include_str!("../rulesets/mutou-drawn.tessel"),
    include_str!("../rulesets/oicustiytac.tessel"),
    include_str!("../rulesets/veney.tessel"),
    include_str!("../rulesets/veney-donkey.tessel"),
    include_str!("../rulesets/veney-fairy.tessel"),
    include_str!("../stdlib/board8.tessel"),
    include_str!("../stdlib/grid.tessel"),
    include_str!("../stdlib/movers.tessel"),
    include_str!("../stdlib/pawns.tessel"),
];

/// A bundled game with a few positions and a record from a seeded walk through it.
struct Fixture {
    name: String,
    game: Game,
    positions: Vec<String>,
    record: tessel::record::Record,
}

/// The bundled games, loaded once for all cases.
fn fixtures() -> &'static [Fixture] {
    static ALL: OnceLock<Vec<Fixture>> = OnceLock::new();
    ALL.get_or_init(|| {
        tessel::bundle::list()
            .into_iter()
            .map(|(name, _)| {
                let loaded = tessel::load(&name, &[]).expect("bundled");
                let game = Game::new(loaded.compiled.program.expect("bundled games compile"));
                let (positions, record) = mutation::playthrough(&name, &game, 7, 40);
                Fixture {
                    name,
                    game,
                    positions,
                    record,
                }
            })
            .collect()
    })
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(any::<(u8, u16, u32)>().prop_map(Edit::from), 1..6)
}

/// Compiles rules text and, when it compiles, plays it a little: perft, a short random
/// game, the position string read back.
fn exercise_played(text: &str) {
    let compiled = tessel_lang::compile("fuzz", text, &tessel::bundle::BundleLoader, &[]);
    let _ = tessel::diagnostics::to_string(&compiled.sources, &compiled.diagnostics);
    let Some(p) = compiled.program else { return };
    let g = Game::new(p);
    let Ok(s) = g.start_state(1) else { return };
    let _ = g.perft(&s, 2);
    let mut scratch = g.scratch();
    let mut walk = s.clone();
    let mut agent = rand_pcg::Pcg64Mcg::new(3);
    let _ = g.random_playout(&mut walk, &mut agent, 60, &mut scratch);
    for st in [&s, &walk] {
        let written = g.position_string(st);
        let _ = g.parse_position(&written, 0);
        let _ = tessel::render::board(&g, st);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn mutated_bundled_rulesets_never_panic(which in 0usize..12, edits in edits()) {
        exercise_played(&mutation::mutate_text(BUNDLED[which], BUNDLED, RULES_WORDS, &edits));
    }

    #[test]
    fn mutated_bundled_positions_never_panic(which in 0usize..64, at in 0usize..8, edits in edits()) {
        let all = fixtures();
        let f = &all[which % all.len()];
        let donors: Vec<&str> = f.positions.iter().map(String::as_str).collect();
        let base = f.positions[at % f.positions.len()].as_str();
        let text = mutation::mutate_text(base, &donors, POSITION_WORDS, &edits);
        let g = &f.game;
        if let Ok(s) = g.parse_position(&text, 0) {
            // A position read is one the program can write, read back and play from.
            let written = g.position_string(&s);
            let again = g.parse_position(&written, 0);
            prop_assert!(again.is_ok(), "{}: `{text}` was read, but not `{written}`: {:?}", f.name, again.err());
            let _ = g.perft(&s, 1);
            let _ = tessel::render::board(g, &s);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn typed_moves_never_panic(
        which in 0usize..64,
        lines in prop::collection::vec((0u8..3, any::<u16>(), edits(), "[ -~]{0,10}"), 1..24),
    ) {
        // As `play` reads a typed line: a legal move, a legal move mutated, or junk.
        let all = fixtures();
        let f = &all[which % all.len()];
        let g = &f.game;
        let Ok(mut s) = g.start_state(5) else { return Ok(()) };
        let mut scratch = g.scratch();
        let mut moves = Vec::new();
        for (choice, pick, edits, junk) in &lines {
            if let Some(m) = g.sample_chance(&mut s) {
                g.apply(&mut s, m);
                continue;
            }
            if g.status(&s, &mut scratch).is_some() {
                break;
            }
            g.decisions(&s, &mut scratch, &mut moves);
            if moves.is_empty() {
                break;
            }
            let legal = g.move_text_among(&moves, moves[*pick as usize % moves.len()]);
            let line = match choice {
                0 => legal,
                1 => mutation::mutate_text(&legal, &[], MOVE_WORDS, edits),
                _ => junk.clone(),
            };
            match g.read_move(&s, line.trim(), &moves) {
                Ok(m) => {
                    prop_assert!(moves.contains(&m), "{}: `{line}` read as a move not legal", f.name);
                    g.apply(&mut s, m);
                }
                Err(tessel_interpreter::MoveError::NoSuchMove(_)) => {
                    let mut pseudo = Vec::new();
                    g.pseudo_moves(&s, &mut pseudo);
                    if let Ok(m) = g.parse_move(line.trim(), &pseudo) {
                        let _ = g.forbid_reason(&s, m);
                    }
                }
                Err(_) => {}
            }
        }
    }

    #[test]
    fn mutated_records_never_panic(which in 0usize..64, form in 0u8..3, edits in edits()) {
        let all = fixtures();
        let f = &all[which % all.len()];
        let g = &f.game;
        match form {
            0 => {
                // The JSON record as `play --record` writes it.
                let json = serde_json::to_string_pretty(&f.record).expect("json");
                let text = mutation::mutate(&json, &[], MOVE_WORDS, &edits);
                if let Ok(rec) = serde_json::from_slice::<tessel::record::Record>(&text) {
                    if tessel::record::replay(g, &rec).is_ok() {
                        let _ = tessel::record::game_text(g, &rec);
                    }
                }
            }
            1 => {
                // The game text in the ruleset's notation, as `replay --text` writes it.
                let written = tessel::record::game_text(g, &f.record);
                prop_assert!(written.is_ok(), "{}: {:?}", f.name, written.err());
                let written = written.unwrap_or_default();
                let text = mutation::mutate_text(&written, &[], MOVE_WORDS, &edits);
                if let Ok(rec) = tessel::record::from_game_text(g, &f.name, &[], None, &text) {
                    let _ = tessel::record::replay(g, &rec);
                }
            }
            _ => {
                // The decisions themselves, one a line.
                let joined = f.record.decisions.join("\n");
                let text = mutation::mutate_text(&joined, &[], MOVE_WORDS, &edits);
                let mut rec = f.record.clone();
                rec.decisions = text.lines().map(str::to_string).collect();
                let _ = tessel::record::replay(g, &rec);
            }
        }
    }
}

/// A plug-in module whose functions return the given numbers and whose answer area holds
/// the given words.
fn answering_module(version: i32, input_at: i32, answer_at: i32, words: &[i32]) -> String {
    let bytes: String = words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .map(|b| format!("\\{b:02x}"))
        .collect();
    format!(
        "(module (memory (export \"memory\") 1)\n\
         (func (export \"tessel_abi_version\") (result i32) (i32.const {version}))\n\
         (func (export \"tessel_input\") (param i32) (result i32) (i32.const {input_at}))\n\
         (func (export \"tessel_moves\") (param i32) (result i32) (i32.const {answer_at}))\n\
         (data (i32.const 40000) \"{bytes}\"))\n"
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn plugin_answers_give_errors_not_panics(
        version in prop_oneof![4 => Just(1), 1 => any::<i32>()],
        input_at in prop_oneof![4 => Just(1024), 1 => any::<i32>(), 1 => 65000..70000i32],
        answer_at in prop_oneof![4 => Just(40000), 1 => any::<i32>(), 1 => 65500..65540i32],
        answers in prop::collection::vec(
            (prop_oneof![4 => 1..7i32, 1 => any::<i32>()],
             prop_oneof![4 => -2..27i32, 1 => any::<i32>()],
             prop_oneof![4 => -2..27i32, 1 => any::<i32>()]),
            0..12),
        count in prop_oneof![4 => Just(None), 1 => any::<i32>().prop_map(Some)],
    ) {
        // A 5 x 5 board (cells 0 to 24) where the plug-in piece may land on anything.
        let mut words = vec![count.unwrap_or(answers.len() as i32)];
        for (kind, a, b) in &answers {
            words.extend([*kind, *a, *b, 0, 0]);
        }
        static CASE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let case = CASE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tessel-fuzz-abi-{}-{case}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("folder");
        std::fs::write(dir.join("abi.wat"), answering_module(version, input_at, answer_at, &words)).expect("module");
        let rules = "game \"ABI\"\nplayers white black\nboard grid 5 x 5\nvar facing = 0 per cell\n\
                     piece king K k { royal move step n }\n\
                     piece wasm W w { move plugin \"abi.wat\" with facing to any }\n\
                     start \"k4/5/1k3/5/W1K2 w\"\n";
        let path = dir.join("abi.tessel");
        std::fs::write(&path, rules).expect("rules");
        let loaded = tessel::load(path.to_str().expect("path"), &[]);
        let _ = std::fs::remove_dir_all(&dir);
        let Ok(loaded) = loaded else { return Ok(()) };
        let Some(p) = loaded.compiled.program else { return Ok(()) };
        let g = Game::new(p);
        let Ok(s) = g.start_state(0) else { return Ok(()) };
        let _ = g.perft(&s, 2);
        let wrong_kind = count.is_none()
            && version == 1 && input_at == 1024 && answer_at == 40000
            && answers.iter().any(|(k, _, _)| !(1..=6).contains(k));
        if wrong_kind {
            let e = g.plugin_error();
            prop_assert!(e.as_ref().is_some_and(|e| e.to_string().contains("plug-in `")), "{e:?}");
        }
    }
}
