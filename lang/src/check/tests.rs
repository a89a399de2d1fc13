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

#[test]
fn a_variant_seats_fewer_players_than_its_base_names() {
    // `seated N`: only the first N play, with no `players` option to choose; the others'
    // entries in per-player lists are ignored and their names are seats no one sits in.
    let mut m = HashMap::new();
    m.insert(
        "base".to_string(),
        r#"
        game "Corners"
        players red blue green
        board grid 3 x 3
        region home = { red: [a1], blue: [c1], green: [c3] }
        counter points = 0 per player
        piece man R B G { move step n e s w to empty then set points(green) += 1 }
        start "2G/3/R1B r""#
            .to_string(),
    );
    let rules = r#"
        variant "Two corners" extends base
        players red blue green seated 2
        start "3/3/R1B r"
    "#;
    let out = compile("two", rules, &MapLoader(m), &[]);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let p = out.program.expect("compiles");
    assert_eq!(p.players, ["red", "blue"]);
    assert!(
        p.options.iter().all(|o| o.name != "players"),
        "nothing to choose"
    );
    // More than the names: an error that says how many are named.
    let out = compile(
        "six",
        r#"game "t" players a b seated 3 board grid 2 x 2 start "2/2 a""#,
        &MapLoader(HashMap::new()),
        &[],
    );
    assert!(out.program.is_none());
    assert!(
        out.diagnostics[0]
            .message
            .contains("3 players cannot be seated from 2 names"),
        "{:?}",
        out.diagnostics
    );
}
