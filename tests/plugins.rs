//! WebAssembly plug-ins (docs/plugins.md): a rook written as a plug-in moves like the
//! rules language's rook; hostile modules give clear errors, leave the position as it was
//! and never panic.

mod common;

use common::texts;
use std::path::{Path, PathBuf};
use tessel_interpreter::Game;

const ROOKS: &str = "tests/data/plugins/rook-by-plugin.tessel";

/// The destinations of the piece on `cell`, sorted.
fn from(g: &Game, position: &str, cell: &str) -> Vec<String> {
    let s = g.parse_position(position, 0).expect("position");
    let mut t: Vec<String> = texts(g, &s)
        .into_iter()
        .filter(|m| m.starts_with(cell))
        .map(|m| m[cell.len()..].to_string())
        .collect();
    t.sort();
    t
}

#[test]
fn a_rook_from_a_plug_in_moves_like_the_rook_of_the_rules() {
    let g = common::load(ROOKS, &[]);
    for (with_plugin, with_rules, cell) in [
        ("k4/5/1r3/5/W3K w", "k4/5/1r3/5/R3K w", "a1"),
        ("k4/5/1rW2/5/4K w", "k4/5/1rR2/5/4K w", "c3"),
        ("k4/1W3/1r3/5/4K w", "k4/1R3/1r3/5/4K w", "b4"),
        ("k3W/5/5/5/4K w", "k3R/5/5/5/4K w", "e5"),
    ] {
        let a = from(&g, with_plugin, cell);
        assert!(!a.is_empty(), "{with_plugin}");
        assert_eq!(a, from(&g, with_rules, cell), "{with_plugin}");
    }
    assert!(g.plugin_error().is_none());
    // Its moves are played like any other; a game with it runs to its end.
    let mut s = g.parse_position("k4/5/1r3/5/W3K w", 0).expect("position");
    common::play(&g, &mut s, &["a1a4", "b3b1", "a4a5"]);
    assert_eq!(g.position_string(&s), "W4/5/5/5/1r2K b");
}

/// A copy of the rooks' ruleset whose plug-in is `module` (in tests/data/plugins).
fn ruleset_with(module: &str) -> (PathBuf, String) {
    let text = std::fs::read_to_string(ROOKS).expect("rules");
    let full = std::fs::canonicalize(Path::new("tests/data/plugins").join(module)).expect("module");
    let text = text.replace("../../../plugins/rook.wat", &full.display().to_string());
    let dir = std::env::temp_dir().join(format!(
        "tessel-plugins-{}-{}",
        std::process::id(),
        module.replace('.', "-")
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("rules.tessel");
    std::fs::write(&path, text).expect("write");
    (dir, path.display().to_string())
}

#[test]
fn hostile_modules_stop_with_a_clear_error_and_change_nothing() {
    for (module, says) in [
        ("loop.wat", "ran out of fuel"),
        ("trap.wat", "trapped"),
        ("grow.wat", "grow its memory past the limit"),
        ("garbage.wat", "says it has 100000 answers"),
        ("nowhere.wat", "there is no such cell"),
        ("onto-own.wat", "a move must go to an empty cell"),
        ("swap-with-self.wat", "a swap must name another cell"),
        (
            "push-into-piece.wat",
            "a push's second number must be an empty cell",
        ),
    ] {
        let (dir, rules) = ruleset_with(module);
        let g = common::load(&rules, &[]);
        let s = g.parse_position("k4/5/1r3/5/W1R1K w", 0).expect("position");
        let before = g.position_string(&s);
        let t = texts(&g, &s);
        // The plug-in's piece has no moves; the others still do; nothing moved.
        assert!(!t.iter().any(|m| m.starts_with("a1")), "{module}: {t:?}");
        assert!(t.iter().any(|m| m.starts_with("c1")), "{module}: {t:?}");
        assert_eq!(g.position_string(&s), before);
        let e = g.plugin_error().expect("an error");
        assert!(e.message.contains(says), "{module}: {e}");
        assert!(
            e.to_string().contains(module),
            "{module}: names the plug-in: {e}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn modules_that_do_not_fit_the_abi_are_refused_when_the_rules_load() {
    for (module, says) in [
        ("version.wat", "speaks ABI version 7"),
        ("no-moves-export.wat", "does not export `tessel_moves`"),
        ("wasi.wat", "a plug-in may import only `tessel.log`"),
        ("junk.wasm", "is not a WebAssembly module"),
    ] {
        let (dir, rules) = ruleset_with(module);
        let (_, diags) = tessel::check(&rules, &[]).expect("found");
        assert!(
            diags
                .iter()
                .any(|d| d.code == "E0601" && d.message.contains(says)),
            "{module}: {:?}",
            diags.iter().map(|d| &d.message).collect::<Vec<_>>()
        );
        let _ = std::fs::remove_dir_all(dir);
    }
    // A plug-in file that is not there.
    let text = std::fs::read_to_string(ROOKS)
        .expect("rules")
        .replace("../../../plugins/rook.wat", "no-such-plugin.wat");
    let dir = std::env::temp_dir().join(format!("tessel-plugins-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("rules.tessel");
    std::fs::write(&path, text).expect("write");
    let (_, diags) = tessel::check(&path.display().to_string(), &[]).expect("found");
    assert!(
        diags.iter().any(|d| d.message.contains("cannot read")),
        "{diags:?}"
    );
    // Nor a device that never ends: it is not read at all.
    if Path::new("/dev/zero").exists() {
        let text = std::fs::read_to_string(ROOKS)
            .expect("rules")
            .replace("../../../plugins/rook.wat", "/dev/zero");
        std::fs::write(&path, text).expect("write");
        let (_, diags) = tessel::check(&path.display().to_string(), &[]).expect("found");
        assert!(
            diags
                .iter()
                .any(|d| d.message.contains("is not a plain file")),
            "{diags:?}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn veney_with_fairy_pieces_moves_them_by_their_plug_ins() {
    let g = common::load("rulesets/veney-fairy.tessel", &[]);
    // The Echo on W1 moves around its Self on Y4; the Measure Knight on Z1 leaps as if from
    // Z5, landing in the second measure (the third is out of its Self's reach).
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/2S1/1R2/4/O2K w - 0 1 2 8 1";
    let mut echo = from(&g, p, "O");
    echo.sort();
    assert_eq!(echo, ["X4", "X5", "Y3", "Y5", "Z3", "Z4", "Z5"]);
    assert_eq!(from(&g, p, "K"), ["X6", "Y7"]);
    // The Spear, the oriented rook, slides the way it faces (toward step 16 at first),
    // fends what it lands on, and chooses where to face on landing.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/e3/2S1/1R2/4/P3 w - 0 1 2 8 1";
    let spear = from(&g, p, "P");
    assert_eq!(spear.len(), 16, "{spear:?}");
    assert!(spear.contains(&"W4^1".to_string()) && spear.contains(&"fW5^3".to_string()));
    assert!(
        !spear.iter().any(|m| m.starts_with('X')),
        "not sideways: {spear:?}"
    );
    // To W2, then facing the Z line: next time it slides along step 2.
    let mut s = g.parse_position(p, 0).expect("position");
    common::play(&g, &mut s, &["PW2^1", "SX14", "---"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"PZ2^0".to_string()) && !t.iter().any(|m| m.starts_with("PW3")),
        "{t:?}"
    );
    // The Tassel, built from C, runs along the board's edge.
    let p = "4/4/4/1sr1/4/4/4/4/4/4/4/4/2S1/1R2/4/T3 w - 0 1 2 8 1";
    assert_eq!(
        from(&g, p, "T"),
        ["W2", "W3", "W4", "W5", "W6", "W7", "W8", "X1", "Y1", "Z1"]
    );
    // Each player places them from the reserve, beside the Self.
    let s = g.start_state(0).expect("start");
    let t = texts(&g, &s);
    assert!(
        ["P*X3", "K*Y3", "O*Z3"]
            .iter()
            .all(|m| t.contains(&m.to_string())),
        "{t:?}"
    );
    // Seeded random games run without a plug-in error.
    use rand::SeedableRng;
    for seed in 0..4 {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut scratch = g.scratch();
        let _ = g.random_playout(&mut s, &mut rng, 400, &mut scratch);
    }
    assert!(g.plugin_error().is_none(), "{:?}", g.plugin_error());
}

/// plugins/edge-runner.c as WebAssembly: built by .ci/run (which sets
/// `TESSEL_REQUIRE_C_PLUGIN`), or here when clang is at hand.
fn c_plugin() -> Option<PathBuf> {
    let wasm = PathBuf::from("target/plugins/edge-runner.wasm");
    if !wasm.exists() {
        let _ = std::fs::create_dir_all("target/plugins");
        let built = std::process::Command::new("clang")
            .args([
                "--target=wasm32",
                "-nostdlib",
                "-O2",
                "-Wl,--no-entry",
                "-o",
            ])
            .arg(&wasm)
            .arg("plugins/edge-runner.c")
            .status()
            .is_ok_and(|s| s.success());
        if !built {
            assert!(
                std::env::var_os("TESSEL_REQUIRE_C_PLUGIN").is_none(),
                "the C plug-in should have been built by .ci/run"
            );
            return None;
        }
    }
    Some(std::fs::canonicalize(wasm).expect("built"))
}

#[test]
fn a_plug_in_written_in_c_runs() {
    let Some(wasm) = c_plugin() else {
        eprintln!("no clang here (apt-get install clang lld): the C plug-in is not tried");
        return;
    };
    let text = std::fs::read_to_string(ROOKS)
        .expect("rules")
        .replace("../../../plugins/rook.wat", &wasm.display().to_string());
    let dir = std::env::temp_dir().join(format!("tessel-plugins-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("rules.tessel");
    std::fs::write(&path, text).expect("write");
    let g = common::load(&path.display().to_string(), &[]);
    // From the corner it runs along both edges; from the middle, nowhere.
    assert_eq!(
        from(&g, "k4/5/5/5/W3K w", "a1"),
        ["a2", "a3", "a4", "a5", "b1", "c1", "d1"]
    );
    assert!(from(&g, "k4/5/2W2/5/4K w", "c3").is_empty());
    assert!(g.plugin_error().is_none(), "{:?}", g.plugin_error());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_ram_pushes_the_piece_it_meets_or_trades_places_with_its_own() {
    let g = common::load("tests/data/plugins/ram.tessel", &[]);
    // The Ram on c3: an enemy rook on b3 (a3 beyond is empty), its own rook on c2 (c1
    // beyond is empty), a piece on d3 with d3's beyond e3 taken by another.
    let at = "k4/5/1rArR/2R2/4K w";
    let t = from(&g, at, "c3");
    assert!(t.contains(&"b3>a3".to_string()), "{t:?}");
    assert!(t.contains(&"c2>c1".to_string()), "{t:?}");
    assert!(t.contains(&"c2<>".to_string()), "only its own: {t:?}");
    assert!(!t.contains(&"b3<>".to_string()), "{t:?}");
    assert!(!t.iter().any(|m| m.starts_with("d3")), "e3 is taken: {t:?}");
    assert!(t.contains(&"c4".to_string()), "{t:?}");
    assert!(g.plugin_error().is_none());

    // A push: the rook goes one on, the Ram takes its place.
    let mut s = g.parse_position(at, 0).expect("position");
    common::play(&g, &mut s, &["c3b3>a3"]);
    assert!(
        g.position_string(&s).starts_with("k4/5/rA1rR/2R2/4K b"),
        "{}",
        g.position_string(&s)
    );
    // A swap: the Ram and its own rook trade places.
    let mut s = g.parse_position(at, 0).expect("position");
    common::play(&g, &mut s, &["c3c2<>"]);
    assert!(
        g.position_string(&s).starts_with("k4/5/1rRrR/2A2/4K b"),
        "{}",
        g.position_string(&s)
    );
    // Off the board: the piece pushed is taken, and goes where captures go.
    let mut s = g.parse_position("k4/5/1r3/rA3/4K w", 0).expect("position");
    let t = from(&g, "k4/5/1r3/rA3/4K w", "b2");
    assert!(t.contains(&"a2>off".to_string()), "{t:?}");
    common::play(&g, &mut s, &["b2a2>off"]);
    let after = g.position_string(&s);
    assert!(after.starts_with("k4/5/1r3/A4/4K b"), "{after}");
    assert_eq!(
        s.zones.iter().map(|&n| u32::from(n)).sum::<u32>(),
        1,
        "in a hand: {after}"
    );
}
