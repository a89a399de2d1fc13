//! Pictures: the start picture of every bundled game against its golden SVG in
//! `tests/data/pictures/` (re-bless with `TESSEL_BLESS=1 cargo test --test pictures`);
//! and for a game built in play (Mu, issue 18): segments outlined in the SVG (`show
//! borders by`), the cells that may still move marked, the key listing every mark,
//! hexagon cells of one width on the text board, and a column's height drawn inside its
//! cell.

mod common;

use common::play;
use tessel::render;
use tessel_interpreter::{Game, State};

/// Two players with a segment each, laid side by side on a table of radius 4 (e5 in the
/// middle; g6's segment touches it along three sides), filled, and red to move.
fn two_segments() -> (Game, State) {
    let g = common::load("rulesets/mu.tessel", &[("table", "4"), ("segments", "1")]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["lay@e5", "lay@g6"]);
    assert_eq!(g.var(&s, "stage", 0), Some(2), "play begins");
    (g, s)
}

/// The lines the ruleset's `show borders by (_seg(to)) … fill "#5a4632"` draws.
fn segment_lines(svg: &str) -> usize {
    svg.matches("stroke=\"#5a4632\" stroke-width=\"3\"").count()
}

#[test]
fn segments_are_outlined_in_pictures() {
    let (g, s) = two_segments();
    let svg = render::svg(&g, &s);
    // Each segment's eighteen outer sides, less the three they share, drawn once.
    assert_eq!(segment_lines(&svg), 18 + 18 - 3, "{svg}");
    // One segment alone: its eighteen sides.
    let g1 = common::load("rulesets/mu.tessel", &[("table", "4"), ("segments", "1")]);
    let mut one = g1.start_state(0).expect("start");
    play(&g1, &mut one, &["lay@e5"]);
    let svg = render::svg(&g1, &one);
    // While laying, the table is drawn (`,`, no segment's): the segment's eighteen sides,
    // and the table's rim (54 sides for radius 4), the edge of the cells drawn.
    assert_eq!(segment_lines(&svg), 18 + 54);
}

#[test]
fn the_men_that_may_still_move_are_marked_in_pictures() {
    let (g, mut s) = two_segments();
    let svg = render::svg(&g, &s);
    let marks = |svg: &str| svg.matches(">*</text>").count();
    assert_eq!(marks(&svg), 7, "red's seven men may move");
    // A move from red's segment uses its one move: the marks go.
    play(&g, &mut s, &["e5e6"]);
    let svg = render::svg(&g, &s);
    assert_eq!(marks(&svg), 0, "{svg}");
    // The column on e6 shows its height inside the disc, under the symbol.
    assert!(
        svg.contains("font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">×2</text>"),
        "{svg}"
    );
}

#[test]
fn the_key_lists_every_mark_of_the_ruleset() {
    let g = common::load("rulesets/mu.tessel", &[]);
    let key = render::legend(&g).expect("a key");
    assert_eq!(
        key,
        "Key: o room for a segment's centre · , the table · blank Out of Bounds · \
         . Virginity · + Commonwealth · # Wall · …* may still move"
    );
}

#[test]
fn hexagon_cells_keep_one_width_and_heights_stay_inside_them() {
    let (g, mut s) = two_segments();
    let before = render::board(&g, &s);
    assert_eq!(
        before,
        concat!(
            "f7                    b     b     g7\n",
            "d6     r*    r*    b     b     b     h6\n",
            "d5  r*    r*    r*    b     b     h5\n",
            "e4     r*    r*    f4\n",
        ),
        "\n{before}"
    );
    // A column with its marks (`2r*` on e6) takes no more room than a man.
    play(&g, &mut s, &["e5e6"]);
    let after = render::board(&g, &s);
    let widths = |b: &str| b.lines().map(|l| l.chars().count()).collect::<Vec<_>>();
    assert_eq!(widths(&after), widths(&before), "\n{before}\n{after}");
    assert!(after.contains(" 2r "), "{after}");
}

/// The start picture of every bundled game (`tessel list`), default options and seed 0,
/// is its golden file `tests/data/pictures/NAME.svg` (a new game needs a new file: bless).
#[test]
fn every_bundled_game_starts_as_its_golden_picture() {
    let bless = std::env::var_os("TESSEL_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, _) in tessel::bundle::list() {
        let g = common::load(&name, &[]);
        let s = g.start_state(0).expect("start");
        let svg = render::svg(&g, &s);
        let path = format!("tests/data/pictures/{name}.svg");
        if bless {
            std::fs::create_dir_all("tests/data/pictures").expect("dir");
            std::fs::write(&path, &svg).expect("writable");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == svg => {}
            Ok(expected) => {
                let line = expected
                    .lines()
                    .zip(svg.lines())
                    .position(|(a, b)| a != b)
                    .map_or(expected.lines().count().min(svg.lines().count()), |i| i);
                failures.push(format!(
                    "{path}: differs from line {}\n--- expected\n{}\n--- actual\n{}",
                    line + 1,
                    expected.lines().nth(line).unwrap_or(""),
                    svg.lines().nth(line).unwrap_or("")
                ));
            }
            Err(_) => failures.push(format!("{path}: missing (run with TESSEL_BLESS=1)")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
