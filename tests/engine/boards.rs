//! Boards: hexagons and their rows, graph queries over neighbours and groups.

use super::*;

#[test]
fn hexagon_boards_have_six_directions_and_rows() {
    let g = game(HEX);
    assert_eq!(g.board.cells(), 19);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.position_string(&s), "m2/4/5/4/2M r");
    // From the corner e1: two cells west, north-west and north-east stay on the board.
    assert_eq!(texts(&g, &s), ["e1c1", "e1e3", "e1c3"]);
    // The centre c3 has six neighbours; a corner three.
    let c3 = g
        .board
        .cell_names
        .iter()
        .position(|n| n == "c3")
        .expect("c3") as u16;
    let e1 = g
        .board
        .cell_names
        .iter()
        .position(|n| n == "e1")
        .expect("e1") as u16;
    let around = |c: u16| (0..6u8).filter(|&d| g.board.step(c, d) != u16::MAX).count();
    assert_eq!((around(c3), around(e1)), (6, 3));
    // Rows must have their own lengths.
    assert!(g.parse_position("m2/4/5/4/2M1 r", 0).is_err());
    let s = g.parse_position("3/1Mm1/5/4/3 b", 0).expect("position");
    assert_eq!(g.position_string(&s), "3/1Mm1/5/4/3 b");
}

#[test]
fn graph_queries_count_neighbours_and_groups() {
    let g = inline(
        r#"game "Groups"
players red blue
board hex 2
region marked = [b3 b4 d2 e1]
counter near = 0
counter groups = 0
counter size = 0
counter outside = 0
setup {
  set near = around(c3, to in marked)
  set groups = sections(c3, to in marked)
  set size = section_size(d2, to in marked)
  set outside = section_size(c3, to in marked)
}
piece man M m { move step e w }
start "3/4/2M2/4/3 r"
"#,
    );
    let s = g.start_state(0).expect("start");
    let v = |n: &str| g.var(&s, n, 0).expect(n);
    // c3's neighbours b3, b4 and d2 are marked; b3 and b4 are one group, d2 and e1 another.
    assert_eq!(
        (v("near"), v("groups"), v("size"), v("outside")),
        (3, 2, 2, 0)
    );
}

#[test]
fn group_totals_and_actions_that_see_their_cell_as_from() {
    let g = inline(
        r#"game "Totals"
players red blue
board hex 2
region marked = [b3 b4 d2 e1]
counter total = 0
setup { set total = section_total(d2, to in marked, height(to)) }
// A cell next to at least two men: `from` is the action's cell inside count_cells.
action crowd on cells if empty(to) and count_cells(adjacent(from, to) and not empty(to)) >= 2
piece man M m { move step e w }
start "3/4/5/3M/2[MM] r"
"#,
    );
    let s = g.start_state(0).expect("start");
    // d2 holds nothing, e1 two men: the group {d2, e1} totals 2.
    assert_eq!(g.var(&s, "total", 0), Some(2));
    // d2 touches both e2 and e1 (a man each side); d1 touches only e1.
    let crowded: Vec<String> = texts(&g, &s)
        .into_iter()
        .filter(|m| m.starts_with("crowd"))
        .collect();
    assert_eq!(crowded, ["crowd@d2"]);
}

#[test]
fn the_groups_a_group_touches_and_its_first_cell_where_a_condition_holds() {
    // A: {a3 b3} and {d3 e3}. V: {c3 c4 b5}, between both, and {b2}, touching a3 and b3.
    let g = inline(
        r#"game "Fragments"
players red blue
board hex 2
region a = [a3 b3 d3 e3]
region v = [c3 c4 b5 b2]
counter between = 0
counter outside = 0
counter lone = 0
counter beside = 0
counter across = 0
counter pairs = 0
counter men = 0
var first: cell = none
var nothing: cell = none
setup {
  set between = sections(b5, to in a, to in v)
  set outside = sections(a5, to in a, to in v)
  set lone = sections(b2, to in a, to in v)
  set beside = sections(b3, to in a, to in a)
  set first = section_cell(b5, to in v, height(to) > 0)
  set nothing = section_cell(b2, to in v, height(to) > 0)
  set across = count_cells(to in v and sections(to, to in a, to in v) == 2)
  set pairs = count_cells(section_size(to, to in a) == 2)
  set men = sum_cells(to in v, section_total(to, to in v, height(to) + sections(to, to in a, to in v)))
}
piece man M m { move step e w }
start "3/2M1/5/4/3 r"
"#,
    );
    let s = g.start_state(0).expect("start");
    let v = |n: &str| g.var(&s, n, 0).expect(n);
    let cell = |n: &str| g.board.cell_by_name(n).expect(n) as i64;
    // b5's group {c3 c4 b5} touches both groups of A; a5 (not in V) touches none on its
    // own; {b2} touches one. A cell in A: the groups of A next to its own, other than at
    // it — none.
    assert_eq!(
        (v("between"), v("outside"), v("lone"), v("beside")),
        (2, 0, 1, 0)
    );
    // The first cell of b5's group holding a man: c4; b2's group holds none.
    assert_eq!(v("first"), cell("c4"));
    assert_eq!(v("nothing"), u16::MAX as i64);
    // Asked cell after cell, under the memo: three cells of V lie between two groups of A;
    // four cells are in a group of A of two; each cell of {c3 c4 b5} sums one man and
    // three times 2, and b2 sums 1.
    assert_eq!((v("across"), v("pairs")), (3, 4));
    assert_eq!(v("men"), 3 * 7 + 1);
}

/// `count_along` counts a walk's cells (closed or not); `each cell along` runs a block on
/// them; `convert` and `change` turn a piece over or into another type where it stands.
#[test]
fn walks_along_lines_and_pieces_changed_where_they_stand() {
    let g = inline(
        r#"game "t" players a b board grid 5 x 1
        dirs row = e w
        piece man M m { inert }
        piece chief C c { inert }
        action flip on cells if empty(to) and count_along(to, row, enemy(to), friend(to)) > 0
          then place man at to,
               each cell along row from to while enemy(to) up to friend(to) { convert to to mover }
        action crown on cells if friend(to, man) and count_along(to, row, friend(to)) == 0
          then change to to chief
        start "M2mM a""#,
    );
    let mut s = g.start_state(0).expect("start");
    // c1 closes d1's man against e1: b1 does not (nothing of a's beyond a1). The men on
    // a1 and e1 stand alone: they may be crowned.
    assert_eq!(texts(&g, &s), ["flip@c1", "crown@a1", "crown@e1"]);
    play(&g, &mut s, &["flip@c1"]);
    assert_eq!(g.position_string(&s), "M1MMM b");
    // b's turn: nothing to flip, and no man to crown.
    assert!(texts(&g, &s).is_empty());
    let mut s = g.parse_position("M1m2 a", 0).expect("position");
    assert_eq!(texts(&g, &s), ["crown@a1"]);
    play(&g, &mut s, &["crown@a1"]);
    assert_eq!(g.position_string(&s), "C1m2 b");
}

/// An action on no cell whose condition asks about the piece on its cell (there is none:
/// the condition fails) is simply not offered: the cells sieve of its condition does not
/// read a cell that is not there (found by the mutation fuzz test).
#[test]
fn an_action_on_no_cell_asking_about_its_cell_is_not_offered() {
    let g = inline(
        r#"game "t" players a b board grid 3 x 1
        piece man M m { inert }
        action tap if friend(from, man)
        action rest
        start "M2 a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["rest"]);
}

/// A visit of every cell asks its condition at each cell after the block has run at the
/// cells before: the groups it found are not kept past a change (the groups a visit finds
/// are kept from cell to cell only until its block runs).
#[test]
fn a_visit_of_every_cell_sees_the_groups_its_block_has_changed() {
    let g = inline(
        r#"game "Filling"
players red blue
board grid 4 x 1
piece man M m { move step e w }
setup {
  each cell if section_size(to, empty(to)) >= 2 { place man at to of red }
}
start "4 r"
"#,
    );
    let s = g.start_state(0).expect("start");
    // a1: four empty cells together; b1: three; c1: two; d1 alone is a group of one.
    assert_eq!(g.position_string(&s), "MMM1 r");
}

/// `each cell along … while true` (a walk with no condition): up to `max` cells, stopping
/// at the board's edge, and going round a ring of cells only until it is back at its start.
#[test]
fn an_open_walk_stops_at_its_most_at_the_edge_and_back_at_its_start() {
    let line = inline(
        r#"game "t" players a b board grid 6 x 1
        dirs row = e w
        piece man M m { inert }
        action spread on cells if friend(to)
          then each cell along row from to max 2 while true { if empty(to) { place man at to } }
        start "1M4 a""#,
    );
    let mut s = line.start_state(0).expect("start");
    play(&line, &mut s, &["spread@b1"]);
    // East two cells (c1, d1); west one, then the edge.
    assert_eq!(line.position_string(&s), "MMMM2 b");
    let ring = inline(
        r#"game "t" players a b
        board {
          cells p1 p2 p3 p4
          link p1 cw p2
          link p2 cw p3
          link p3 cw p4
          link p4 cw p1
        }
        var seen = 0 per cell
        piece man M m { inert }
        action walk on cells if friend(to) and seen(to) == 0
          then each cell along cw from to while true { set seen(to) += 1 }
        action check if seen(p1) == 0 and seen(p2) == 1 and seen(p3) == 1 and seen(p4) == 1
        start "M3 a""#,
    );
    let mut s = ring.start_state(0).expect("start");
    play(&ring, &mut s, &["walk@p1"]);
    // Round the ring once, each cell met once, the start not met again: `check` holds for
    // the next player (a per-cell value is the board's, whoever moves).
    assert_eq!(texts(&ring, &s), ["check"]);
}
