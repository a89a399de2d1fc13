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
    board(svg)
        .matches("stroke=\"#5a4632\" stroke-width=\"3\"")
        .count()
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
    let marks = |svg: &str| board(svg).matches(">*</text>").count();
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

/// A picture's board: what comes before its caption.
fn board(svg: &str) -> &str {
    svg.split("<g class=\"caption\">").next().unwrap_or(svg)
}

/// The part of a picture after its board: whose turn, the key, the zones.
fn caption(svg: &str) -> &str {
    &svg[svg.find("<g class=\"caption\">").expect("a caption")..]
}

/// The numbers an attribute takes in a picture (`y="…"`).
fn values_of<'a>(svg: &'a str, attribute: &'a str) -> impl Iterator<Item = f64> + 'a {
    svg.split(attribute)
        .skip(1)
        .filter_map(|rest| rest.split('"').next().and_then(|v| v.parse::<f64>().ok()))
}

#[test]
fn pictures_say_whose_turn_it_is_and_highlight_the_last_move() {
    let g = common::load("chess", &[]);
    let mut s = g.start_state(0).expect("start");
    let svg = render::svg(&g, &s);
    assert!(caption(&svg).contains(">white to move</text>"), "{svg}");
    assert!(!svg.contains("last move"), "no move yet");
    play(&g, &mut s, &["e2e4"]);
    let svg = render::svg(&g, &s);
    assert!(caption(&svg).contains(">black to move</text>"), "{svg}");
    assert!(caption(&svg).contains(">last move e2–e4</text>"), "{svg}");
    // e2 and e4 painted again in the highlight, under the pieces.
    let lit = "fill=\"#f7dc6f\" fill-opacity=\"0.45\"";
    assert_eq!(svg.matches(lit).count(), 2, "{svg}");
    assert!(
        svg.rfind(lit) < svg.find("<circle"),
        "the highlight is under the pieces"
    );
    // A game that ended says how.
    play(&g, &mut s, &["f7f6", "d2d4", "g7g5", "d1h5"]);
    let svg = render::svg(&g, &s);
    assert!(
        caption(&svg).contains("white wins</text>"),
        "{}",
        caption(&svg)
    );
}

#[test]
fn nothing_is_drawn_past_the_edge_of_a_picture() {
    // MuTou's stacks key was drawn below the canvas; every game's start picture now holds
    // all it draws, its caption included.
    for (name, _) in tessel::bundle::list() {
        let g = common::load(&name, &[]);
        let s = g.start_state(0).expect("start");
        let svg = render::svg(&g, &s);
        let view: Vec<f64> = svg
            .split("viewBox=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .map(|v| v.split(' ').filter_map(|x| x.parse().ok()).collect())
            .expect("a viewBox");
        let (x0, y0, w, h) = (view[0], view[1], view[2], view[3]);
        for y in values_of(&svg, " y=\"").chain(values_of(&svg, " cy=\"")) {
            assert!(
                y >= y0 && y <= y0 + h,
                "{name}: y {y} outside {y0}..{}",
                y0 + h
            );
        }
        for x in values_of(&svg, " x=\"").chain(values_of(&svg, " cx=\"")) {
            assert!(
                x >= x0 && x <= x0 + w,
                "{name}: x {x} outside {x0}..{}",
                x0 + w
            );
        }
    }
}

#[test]
fn cell_names_are_drawn_over_every_cell_not_under_the_next() {
    // Mu's hexagons: each name at a cell's upper left reached over its neighbour, which
    // was drawn after it and covered it; now every cell and every piece comes first, and
    // the names stand inside the hexagons.
    let (g, s) = two_segments();
    let svg = render::svg(&g, &s);
    let last_cell = svg.rfind("data-cell=").expect("cells");
    let last_piece = board(&svg).rfind("<circle").expect("pieces");
    let first_name = svg.find("font-size=\"7\"").expect("names");
    assert!(last_cell < first_name, "a cell drawn over a name");
    assert!(last_piece < first_name, "a piece drawn over a name");
}

#[test]
fn stacks_are_in_colours_no_player_wears_and_have_a_key() {
    // MuTou's pieces carry their values as stacks of bars; the bars' colours are none of
    // its ten players' colours, and the key says what each colour counts.
    let g = common::load("mutou", &[]);
    let s = g.start_state(0).expect("start");
    let svg = render::svg(&g, &s);
    let bars: std::collections::BTreeSet<&str> = svg
        .split("height=\"4\" fill=\"")
        .skip(1)
        .filter_map(|r| r.split('"').next())
        .collect();
    assert!(!bars.is_empty(), "{svg}");
    let discs: std::collections::BTreeSet<&str> = svg
        .split("<circle")
        .skip(1)
        .filter_map(|r| r.split("fill=\"").nth(1)?.split('"').next())
        .collect();
    assert!(bars.is_disjoint(&discs), "bars {bars:?}, discs {discs:?}");
    for colour in &bars {
        assert!(
            ![
                "#c0392b", "#2e86c1", "#27ae60", "#f1c40f", "#e67e22", "#8e44ad", "#f4f1e8",
                "#2b2b2b", "#8d5524", "#95a5a6"
            ]
            .contains(colour),
            "{colour} is a player's"
        );
    }
    assert!(
        caption(&svg).contains(">Bloods</text>"),
        "{}",
        caption(&svg)
    );
}

#[test]
fn shaded_regions_are_named_in_the_key_of_pictures_alone() {
    // `show REGION "legend" fill "#…"`: Muso's home areas, òicustiỳtac's traps and
    // Veney's square colours are keyed in pictures, and left out of the text key.
    for (game, words) in [
        ("muso", "Red's home area"),
        ("oicustiytac", "black's whelping traps"),
        (
            "veney",
            "dark squares: the free engagement on one is black's",
        ),
    ] {
        let g = common::load(game, &[]);
        let s = g.start_state(0).expect("start");
        let svg = render::svg(&g, &s);
        assert!(
            caption(&svg).contains(&format!(">{words}</text>")),
            "{game}: {}",
            caption(&svg)
        );
        let key = render::legend(&g).unwrap_or_default();
        assert!(!key.contains(words), "{game}: {key}");
    }
    // The pieces are named as the ruleset declares them, and the reserves drawn counted.
    let g = common::load("muso", &[]);
    let s = g.start_state(0).expect("start");
    let svg = render::svg(&g, &s);
    let caption = caption(&svg);
    assert!(
        caption.contains(">pipi</text>") && caption.contains(">soweli</text>"),
        "{caption}"
    );
    assert!(caption.contains(">red box:</text>"), "{caption}");
    assert!(
        caption.contains("font-weight=\"bold\" fill=\"#3a2e22\">2</text>"),
        "{caption}"
    );
}

/// A board of cells and links whose cells are named by file and rank (nine men's morris)
/// is drawn with each cell where its name says: every link runs along a rank or a file,
/// and a7 stands above a1 and left of g7.
#[test]
fn cells_named_by_file_and_rank_stand_where_their_names_say() {
    let g = common::load("nine-mens-morris", &[]);
    let s = g.start_state(0).expect("start");
    let svg = render::svg(&g, &s);
    let mut links = 0;
    for line in svg
        .lines()
        .filter(|l| l.starts_with("<line") && l.contains("stroke=\"#8b6b4a\""))
    {
        let v: Vec<f64> = [" x1=\"", " y1=\"", " x2=\"", " y2=\""]
            .iter()
            .map(|a| values_of(line, a).next().expect("a coordinate"))
            .collect();
        assert!(v[0] == v[2] || v[1] == v[3], "a slanted link: {line}");
        links += 1;
    }
    assert_eq!(links, 32);
    let place = |name: &str| {
        let at = svg
            .find(&format!(">{name}</text>"))
            .expect("the cell's name");
        let tag = &svg[svg[..at].rfind("<text").expect("its text")..at];
        (
            values_of(tag, " x=\"").next().unwrap(),
            values_of(tag, " y=\"").next().unwrap(),
        )
    };
    let (a7, a1, g7) = (place("a7"), place("a1"), place("g7"));
    assert!(a7.0 == a1.0 && a7.1 < a1.1, "{a7:?} {a1:?}");
    assert!(a7.1 == g7.1 && a7.0 < g7.0, "{a7:?} {g7:?}");
}

/// On the text board too, cells named by file and rank stand where their names say, with
/// blanks where the board has no cell.
#[test]
fn the_text_board_of_cells_named_by_file_and_rank_is_a_grid() {
    let g = common::load("nine-mens-morris", &[]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["d7", "c4"]);
    let text = render::board(&g, &s);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "  7  .     W     .");
    assert_eq!(lines[3], "  4  . . B   . . .");
    assert_eq!(lines[7], "     a b c d e f g");
}

/// The shapes drawn for the cells: the lines that carry `data-cell`.
fn cell_shapes(svg: &str) -> Vec<&str> {
    svg.lines()
        .filter(|l| l.contains(" data-cell=\""))
        .collect()
}

/// The circles of a board of cells and links stand apart: on nine men's morris' inner
/// square, linked cells one unit apart, no two circles overlap, and a man stays inside his.
#[test]
fn the_circles_of_cells_close_together_do_not_overlap() {
    let g = common::load("nine-mens-morris", &[]);
    let s = g
        .parse_position("1WW1W1BB3B12 w 6W6B", 0)
        .expect("position");
    let svg = render::svg(&g, &s);
    let circles: Vec<(f64, f64, f64)> = cell_shapes(&svg)
        .iter()
        .map(|l| {
            let v = |a| values_of(l, a).next().expect("a circle");
            (v(" cx=\""), v(" cy=\""), v(" r=\""))
        })
        .collect();
    assert_eq!(circles.len(), 24);
    for (i, a) in circles.iter().enumerate() {
        for b in &circles[i + 1..] {
            let apart = (a.0 - b.0).hypot(a.1 - b.1);
            assert!(apart > a.2 + b.2, "{a:?} and {b:?} overlap");
        }
    }
    let man = svg
        .lines()
        .find(|l| l.starts_with("<circle") && l.contains("stroke-width=\"1.5\""))
        .expect("a man");
    let r = values_of(man, " r=\"").next().unwrap();
    assert!(
        r < circles[0].2,
        "a man of radius {r} in a cell of {}",
        circles[0].2
    );
}

/// Hex's rhombus of hexagons is drawn as hexagons: each cell a six-cornered polygon, and
/// every two linked cells (`ne` and `n` above, six in all) one cell's width apart.
#[test]
fn a_rhombus_grid_is_drawn_as_hexagons() {
    let g = common::load("hex", &[("size", "4")]);
    let s = g.start_state(0).expect("start");
    let svg = render::svg(&g, &s);
    let shapes = cell_shapes(&svg);
    assert_eq!(shapes.len(), 16);
    let centre = |name: &str| {
        let l = shapes
            .iter()
            .find(|l| l.contains(&format!("data-name=\"{name}\"")))
            .expect("the cell");
        assert!(l.starts_with("<polygon"), "{l}");
        let points = l
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let xy: Vec<(f64, f64)> = points
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(xy.len(), 6, "{l}");
        let k = xy.len() as f64;
        let (x, y) = xy.iter().fold((0.0, 0.0), |a, p| (a.0 + p.0, a.1 + p.1));
        (x / k, y / k)
    };
    let b2 = centre("b2");
    for (n, linked) in [
        ("b3", true),
        ("c3", true),
        ("c2", true),
        ("b1", true),
        ("a1", true),
        ("a2", true),
        ("a3", false),
        ("c1", false),
    ] {
        let c = centre(n);
        let apart = (b2.0 - c.0).hypot(b2.1 - c.1);
        assert_eq!((apart - 48.0).abs() < 1.0, linked, "b2 and {n}: {apart}");
    }
    // b3 (north) and c3 (north-east) stand above b2.
    assert!(centre("b3").1 < b2.1 && centre("c3").1 < b2.1);
}
