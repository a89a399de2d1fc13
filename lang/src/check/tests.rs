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

/// A hexagon sized by an expression of options and `players`, worked out at load.
fn hexagon(size: &str, options: &[(&str, &str)]) -> crate::Compiled {
    let rules = format!(
        "game \"Table\"\nplayers red blue green yellow seated 2 to 4\n\
         option table: int = 0\noption lots: int = 3\nvar seen = 0 per cell\n\
         board hex {size}\npiece man R B G Y {{ move step e w ne nw se sw }}\n"
    );
    let opts: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    compile("table", &rules, &loader(), &opts)
}

fn cells(size: &str, options: &[(&str, &str)]) -> usize {
    let out = hexagon(size, options);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    out.program.expect("compiles").board.cells.len()
}

#[test]
fn a_hexagon_sized_from_options_and_players_at_load() {
    let size = "(either(table > 0, table, 1 + max(1, lots) * players / 4))";
    // 2 players: 1 + 6 / 4 = 2, a hexagon of 19 cells; 4 players: 1 + 12 / 4 = 4, 61.
    assert_eq!(cells(size, &[]), 19);
    assert_eq!(cells(size, &[("players", "4")]), 61);
    // A table given outright wins: radius 3, 37 cells.
    assert_eq!(cells(size, &[("table", "3"), ("players", "4")]), 37);
    assert_eq!(cells("(min(abs(0 - 5), 3))", &[]), 37);
    assert_eq!(cells("lots", &[]), 37);
}

#[test]
fn a_hexagon_size_that_reads_the_game_in_play_is_refused() {
    let out = hexagon("(ply + 2)", &[]);
    assert!(out.program.is_none());
    assert_eq!(out.diagnostics[0].code, "E0201");
    assert!(
        out.diagnostics[0]
            .message
            .contains("worked out when the rules are loaded"),
        "{:?}",
        out.diagnostics
    );
    // A size worked out too large or too small is the hexagon's own error.
    let out = hexagon("(table * 10)", &[("table", "5")]);
    assert_eq!(out.diagnostics[0].code, "E0302");
    assert!(out.diagnostics[0].message.contains("radius 50"));
    // A name that is not a number option, alone, says so.
    let out = hexagon("(seen)", &[]);
    assert!(out.program.is_none(), "{:?}", out.diagnostics);
}

#[test]
fn borders_are_drawn_by_a_value_on_each_cell() {
    let rules = |show: &str| {
        format!(
            "game \"Fields\"\nplayers red blue\nboard hex 2\nvar field = 0 per cell\n\
             region borders = [c3]\nshow borders as \"~\"\n{show}\n\
             piece man R B {{ move step e w ne nw se sw }}\n"
        )
    };
    let out = compile(
        "fields",
        &rules("show borders by (field(to)) \"field\" fill \"#5a4632\""),
        &loader(),
        &[],
    );
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let p = out.program.expect("compiles");
    assert_eq!(p.borders.len(), 1);
    assert_eq!(p.borders[0].legend.as_deref(), Some("field"));
    assert_eq!(p.borders[0].colour.as_deref(), Some("#5a4632"));
    // A region named `borders` is still shown as a region.
    assert_eq!(p.marks.len(), 1);
    // Borders need a value, not a direction; and a colour written `#rrggbb`.
    let out = compile("fields", &rules("show borders by (e)"), &loader(), &[]);
    assert_eq!(out.diagnostics[0].code, "E0201", "{:?}", out.diagnostics);
    assert!(out.diagnostics[0]
        .message
        .contains("borders are drawn by a value"));
    let out = compile(
        "fields",
        &rules("show borders by (field(to)) fill \"brown\""),
        &loader(),
        &[],
    );
    assert_eq!(out.diagnostics[0].code, "E0305", "{:?}", out.diagnostics);
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

#[test]
fn labels_name_variables_for_the_screens_and_an_empty_one_hides() {
    let rules = format!(
        "{RULES}\n    counter spoil = 0\n    var px = 0\n    label spoil \"spoils\"\n    label px \"\"\n"
    );
    let out = compile("runners", &rules, &loader(), &[]);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let p = out.program.expect("compiles");
    let label = |n: &str| {
        p.vars
            .iter()
            .find(|v| v.name == n)
            .and_then(|v| v.label.clone())
    };
    assert_eq!(label("spoil").as_deref(), Some("spoils"));
    assert_eq!(label("px").as_deref(), Some(""));
    // An unknown name is reported at it, with the close one suggested.
    let rules = format!("{RULES}\n    counter spoil = 0\n    label spoill \"spoils\"\n");
    let out = compile("runners", &rules, &loader(), &[]);
    let d = out.diagnostics.first().expect("a diagnostic");
    assert!(d.message.contains("no variable `spoill`"), "{d:?}");
    assert!(d.hints.iter().any(|h| h.contains("spoil")), "{d:?}");
}

#[test]
fn a_forbid_an_option_turns_off_is_dropped() {
    let rules = RULES.replace(
        "ending \"limit\"",
        "option strict: bool = false\n    forbid strict and ply > 3\n    ending \"limit\"",
    );
    let off = compile("runners", &rules, &loader(), &[]);
    assert!(off.program.expect("compiles").forbids.is_empty());
    let on = [("strict".to_string(), "true".to_string())];
    let p = compile("runners", &rules, &loader(), &on)
        .program
        .expect("compiles");
    assert_eq!(p.forbids.len(), 1);
}
