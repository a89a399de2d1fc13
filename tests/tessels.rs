//! Playing areas drawn as polygons (`board tessels`): the relations derived from the
//! drawing — edge neighbours (`step edge`), vertex-only neighbours (`step vertex`) and
//! the trace relation (`step trace`, MuTou's Jagger) — on squares, hexagons, an irregular drawn area read
//! from a file, and a cylinder made by a splice.

mod common;

use common::{across, cell, texts};
use tessel_interpreter::{Game, Piece};

/// An empty board with the first player to move.
fn empty(g: &Game) -> String {
    match g.board.grid {
        Some((w, h)) => format!("{} w", vec![w.to_string(); h as usize].join("/")),
        None => format!("{} w", g.board.cells()),
    }
}

/// Where a piece of the first player with `symbol` may go from cell number `at`, by cell
/// name, sorted.
fn reach(g: &Game, symbol: char, at: usize) -> Vec<String> {
    let mut s = g.parse_position(&empty(g), 0).expect("position");
    let kind = g
        .program
        .pieces
        .iter()
        .position(|p| p.symbols[0] == symbol.to_string())
        .expect("piece");
    s.cells[at] = Piece::new(kind as u8, 0);
    let from = &g.board.cell_names[at];
    let mut t: Vec<String> = texts(g, &s)
        .into_iter()
        .filter_map(|m| m.strip_prefix(from.as_str()).map(str::to_string))
        .collect();
    t.sort();
    t
}

fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn on_squares_walkers_step_like_rooks_anglers_like_bishops_jaggers_like_knights() {
    let g = common::load("tests/data/tessels/squares.tessel", &[]);
    let c3 = cell(&g, "c3");
    assert_eq!(reach(&g, 'W', c3), names(&["c2", "b3", "d3", "c4"]));
    assert_eq!(reach(&g, 'A', c3), names(&["b2", "d2", "b4", "d4"]));
    // The knight's moves and the one-square skips, each one edge traced.
    assert_eq!(
        reach(&g, 'J', c3),
        names(&["b1", "d1", "a2", "e2", "a4", "e4", "b5", "d5", "c1", "a3", "e3", "c5"])
    );
    // In the corner.
    let a1 = cell(&g, "a1");
    assert_eq!(reach(&g, 'W', a1), names(&["b1", "a2"]));
    assert_eq!(reach(&g, 'A', a1), names(&["b2"]));
    assert_eq!(reach(&g, 'J', a1), names(&["c1", "a3", "c2", "b3"]));
}

#[test]
fn on_hexagons_every_neighbour_shares_an_edge() {
    let g = common::load("tests/data/tessels/hexes.tessel", &[]);
    assert_eq!(g.board.cells(), 19);
    let centre = cell(&g, "c3");
    assert_eq!(reach(&g, 'W', centre).len(), 6);
    assert!(reach(&g, 'A', centre).is_empty());
    // The jagger goes along the edge between two neighbours to the second ring's
    // "diagonal" hexes: six of them, none next to the centre.
    let jag = reach(&g, 'J', centre);
    let walk = reach(&g, 'W', centre);
    assert_eq!(jag.len(), 6, "{jag:?}");
    assert!(jag.iter().all(|j| !walk.contains(j)));
}

#[test]
fn an_irregular_area_from_a_file_with_a_tessel_touching_at_two_vertices() {
    let g = common::load("tests/data/tessels/irregular.tessel", &[]);
    let cap = cell(&g, "cap");
    // `cap` sits over the U's hole on its two tips: it shares two vertices with `u` and
    // no edge, so `u` is a vertex neighbour (once), not an edge neighbour.
    assert_eq!(reach(&g, 'W', cap), names(&["left", "right", "roof"]));
    assert_eq!(reach(&g, 'A', cap), names(&["u"]));
    // Jagger: along right|roof to (3, 3) where `far` touches; along u|right to (3, 2)
    // where `wedge` touches.
    assert_eq!(reach(&g, 'J', cap), names(&["far", "wedge"]));
    // The roof's bottom is three edges; it borders left, cap and right.
    let roof = cell(&g, "roof");
    assert_eq!(
        reach(&g, 'W', roof),
        names(&["cap", "far", "left", "right"])
    );
    // The triangle and the foot.
    let wedge = cell(&g, "wedge");
    assert_eq!(reach(&g, 'W', wedge), names(&["u"]));
    assert_eq!(reach(&g, 'A', wedge), names(&["foot", "right"]));
    let foot = cell(&g, "foot");
    assert_eq!(reach(&g, 'W', foot), names(&["u"]));
}

#[test]
fn a_cylinder_splice_joins_the_sides() {
    let g = common::load("tests/data/tessels/cylinder.tessel", &[]);
    let a1 = cell(&g, "a1");
    assert_eq!(reach(&g, 'W', a1), names(&["a2", "b1", "d1"]));
    assert_eq!(reach(&g, 'A', a1), names(&["b2", "d2"]));
    // Around the cylinder, the jagger from a1 reaches c1 both ways round and c2.
    assert_eq!(reach(&g, 'J', a1), names(&["c1", "c2"]));
    let d2 = cell(&g, "d2");
    assert_eq!(reach(&g, 'W', d2), names(&["a2", "c2", "d1"]));
}

#[test]
fn a_drawn_area_is_rendered_as_its_polygons() {
    let g = common::load("tests/data/tessels/irregular.tessel", &[]);
    let mut s = g.parse_position("8 w", 0).expect("position");
    s.cells[0] = Piece::new(2, 0);
    let svg = tessel::render::svg(&g, &s);
    assert_eq!(svg.matches("<polygon").count(), 8);
    assert!(svg.contains(">u<") && svg.contains(">far<"));
}

#[test]
fn the_farthest_tessels_by_shortest_path_on_each_board() {
    // Two edge crossings from the centre of the hexagon: the second ring, all twelve.
    let g = common::load("tests/data/tessels/hexes.tessel", &[]);
    assert_eq!(reach(&g, 'R', cell(&g, "c3")).len(), 12);
    // From a corner of the hexagon (radius 2), five tessels lie two crossings away.
    assert_eq!(reach(&g, 'R', cell(&g, "a1")).len(), 5);
    // On the irregular area: from `far`, roof is one crossing, then left, cap and right.
    let g = common::load("tests/data/tessels/irregular.tessel", &[]);
    assert_eq!(
        reach(&g, 'R', cell(&g, "far")),
        names(&["cap", "left", "right"])
    );
    // On the cylinder, from a1: b2, c1, d2 and a2's neighbours two away — round the back.
    let g = common::load("tests/data/tessels/cylinder.tessel", &[]);
    assert_eq!(reach(&g, 'R', cell(&g, "a1")), names(&["b2", "c1", "d2"]));
}

#[test]
fn a_drawn_area_changes_in_play_by_split_merge_and_splice() {
    let g = common::load("tests/data/tessels/changing.tessel", &[]);
    let s0 = g.parse_position("3/W2/2 w", 0).expect("position");
    assert_eq!(across(&g, &s0, "b1"), names(&["a1", "b2", "c1"]));
    // Splitting b1 along its first diagonal: a new tessel (the first spare, x1) takes the
    // other part; the walker on a1 now borders one of the two.
    let mut s = s0.clone();
    common::play(&g, &mut s, &["cut@b1"]);
    let (b1, x1) = (across(&g, &s, "b1"), across(&g, &s, "x1"));
    assert!(
        b1.contains(&"x1".to_string()) && x1.contains(&"b1".to_string()),
        "{b1:?} {x1:?}"
    );
    // b1 keeps the part by a1 and b2; x1 has c1 (its other edge is the rim).
    assert_eq!(b1, names(&["a1", "b2", "x1"]));
    assert_eq!(x1, names(&["b1", "c1"]));
    // The new tessel is a cell like any other; a1 still borders b1's part.
    assert_eq!(across(&g, &s, "a1"), names(&["a2", "b1"]));
    // The drawing is kept: the game goes on from it, and a copy of the state keeps it.
    let copy = s.clone();
    assert_eq!(across(&g, &copy, "x1"), x1);
    // Merging a1 with b1 (empty): one tessel, two squares long; b1 leaves the area.
    let mut s = s0.clone();
    common::play(&g, &mut s, &["join@b1"]);
    assert_eq!(across(&g, &s, "a1"), names(&["a2", "b2", "c1"]));
    assert!(across(&g, &s, "b1").is_empty());
    // A splice: a1 and c1 joined along open edges, then taken away again.
    let mut s = s0.clone();
    common::play(&g, &mut s, &["tie@c1"]);
    assert!(across(&g, &s, "a1").contains(&"c1".to_string()));
    common::play(&g, &mut s, &["untie@c1"]);
    assert_eq!(across(&g, &s, "a1"), across(&g, &s0, "a1"));
    // The picture follows the area.
    let mut s = s0.clone();
    common::play(&g, &mut s, &["join@b1"]);
    let svg = tessel::render::svg(&g, &s);
    assert_eq!(svg.matches("<polygon").count(), 5);
}

#[test]
fn around_counts_the_neighbours_of_the_area_as_it_stands() {
    // `around` reads the drawn area as changed, not as first drawn: merged with b1, a1
    // borders a2, b2 and c1 across edges, and no longer b1.
    let dir = std::env::temp_dir().join(format!("tessel-around-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("around.tessel");
    std::fs::write(
        &path,
        r#"game "t" players white black
board tessels {
  squares 3 x 2
  spare 2 prefix "x"
}
var near = 0
var near_b1 = 0
piece walker W w { inert }
action join on cells if can_merge(a1, from)
  then merge a1 with from, set near = around(a1, true), set near_b1 = around(a1, to == b1)
start "3/W2/2 w"
"#,
    )
    .expect("write");
    let g = common::load(path.to_str().expect("path"), &[]);
    let s0 = g.parse_position("3/W2/2 w", 0).expect("position");
    let mut s = s0.clone();
    common::play(&g, &mut s, &["join@b1"]);
    let a1 = cell(&g, "a1") as u16;
    let want = g.bd(&s).neighbours(a1).count() as i64;
    assert_eq!(g.var(&s, "near", 0), Some(want));
    assert_eq!(g.var(&s, "near_b1", 0), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}
