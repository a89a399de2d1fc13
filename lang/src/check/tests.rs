//! Lowering a small ruleset with a library, mirrors and an option override.

use crate::{compile, MapLoader};
use std::collections::HashMap;

const RULES: &str = r#"
    game "Runners"
    use lib
    players red blue
    option limit: int = 40
    board grid 5 x 5
    region home = mirrored rank 1
    piece chief C c { royal moves step_any }
    piece runner R r { move ride forward max 2 if from in home }
    ending "limit" if ply >= limit => draw
    start "2c2/5/5/5/R1C2 r"
"#;
const LIB: &str = r#"
    dirs forward = mirrored n
    pattern step_any { move step n e s w ne nw se sw }
"#;

fn loader() -> MapLoader {
    let mut m = HashMap::new();
    m.insert("lib".to_string(), LIB.to_string());
    MapLoader(m)
}

#[test]
fn lowers_with_library_and_mirrors() {
    let out = compile("runners", RULES, &loader(), &[]);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let p = out.program.expect("compiles");
    assert_eq!(p.pieces.len(), 2);
    assert_eq!(p.board.cells.len(), 25);
    assert_eq!(p.regions[0].cells[1][0], 20); // a5 for the second player
}

#[test]
fn bad_option_override() {
    let out = compile(
        "runners",
        RULES,
        &loader(),
        &[("limit".into(), "lots".into())],
    );
    assert!(out.program.is_none());
    assert_eq!(out.diagnostics[0].code, "E0202");
}
