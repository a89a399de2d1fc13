//! Attacks seen through conditions, paths that meet, rides over pieces and rides a condition stops.

use super::*;

#[test]
fn conditional_attacks_are_seen() {
    // The guard attacks only a chief, by a rule with a condition: it still gives check.
    let g = inline(
        r#"game "t" players a b board grid 3 x 3
        piece chief C c { royal move step n e s w }
        piece guard G g { move step n s if enemy(to, chief) }
        forbid checked
        start "2c/1G1/C2 b""#,
    );
    let s = g.start_state(0).expect("start");
    // c3 may not step to c2? c2 is not attacked; b3 is (the guard steps north onto it).
    let t = texts(&g, &s);
    assert!(!t.contains(&"c3b3".to_string()), "{t:?}");
    assert!(t.contains(&"c3c2".to_string()), "{t:?}");
}

#[test]
fn two_paths_to_one_cell_make_one_move() {
    let g = inline(
        r#"game "t" players a b board grid 3 x 3
        piece hopper H h { move leap (n e) (e n) }
        piece chief C c { inert }
        start "2c/3/H2 a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), vec!["a1b2".to_string()]);
}

#[test]
fn rides_over_pieces_and_columns_that_move_their_height() {
    // A column moves exactly as far as it is tall, over anything; its top men may split off.
    let g = inline(
        r#"game "Columns"
players red blue
board hex 2
piece man M m {
  move ride e w ne nw se sw exactly 1 over pieces to empty or enemy
  move ride e w ne nw se sw exactly 1 over pieces to friend stacking
  move group 2 ride e w ne nw se sw exactly 2 over pieces to empty or enemy
  move group 2 ride e w ne nw se sw exactly 2 over pieces to friend stacking
}
start "3/4/2[MM]m1/4/3 r"
"#,
    );
    let s = g.start_state(0).expect("start");
    let t = texts(&g, &s);
    // One man: the six neighbours (capturing on d3); two men: two cells, over d3 to e3.
    assert!(
        t.contains(&"c3d3#1".to_string()) || t.contains(&"c3d3".to_string()),
        "{t:?}"
    );
    assert!(t.iter().any(|m| m.starts_with("c3e3")), "{t:?}");
    let mut s2 = s.clone();
    let m = t
        .iter()
        .find(|m| m.starts_with("c3e3"))
        .expect("two cells")
        .clone();
    play(&g, &mut s2, &[&m]);
    assert_eq!(g.position_string(&s2), "3/4/3m[MM]/4/3 b");
}

#[test]
fn rides_stop_at_cells_a_condition_bars() {
    // Holes (a per-cell value set as the game begins) may be neither crossed nor landed on.
    let g = inline(
        r#"game "Holes"
players red blue
board hex 2
var hole = 0 per cell
setup { set hole(d3) = 1 }
piece man M m {
  move ride e w exactly 2 over pieces not through (hole(to) == 1) to empty if hole(to) == 0
}
start "3/4/1M3/4/3 r"
"#,
    );
    let s = g.start_state(0).expect("start");
    // b3: two cells east is d3, a hole; two cells west is off the board.
    assert!(texts(&g, &s).is_empty(), "{:?}", texts(&g, &s));
    let s = g.parse_position("3/4/2M2/4/3 r", 0).expect("position");
    // c3: e3 lies beyond the hole d3 (not reachable); a3 to the west is.
    assert_eq!(texts(&g, &s), ["c3a3"]);
}

/// `count_between` counts the cells between two on a line where a condition holds: a rider
/// that captures over exactly one piece (a screen), and attacks so; -1 off any line.
#[test]
fn a_rider_captures_over_exactly_one_screen_counted_between() {
    let g = inline(
        r#"game "t" players a b board grid 6 x 1
        piece chief C c { royal move step e w to empty }
        piece hopper H h {
          move ride e w to empty
          move ride e w over pieces to enemy if count_between(from, to, not empty(to)) == 1
        }
        piece block X x { inert }
        start "HxcXc1 a""#,
    );
    let s = g.start_state(0).expect("start");
    // Over the screen on b1 the hopper takes c1, not e1 (two pieces between); it cannot
    // move onto the empty f1 past pieces either.
    assert_eq!(texts(&g, &s), ["a1c1"]);
    // The chief on c1 is attacked through the screen: b's chief may not stay in line.
    let g2 = inline(
        r#"game "t" players a b board grid 5 x 1
        piece chief C c { royal move step e w to empty }
        piece hopper H h {
          move ride e w to empty
          move ride e w over pieces to enemy if count_between(from, to, not empty(to)) == 1
        }
        piece block X x { inert }
        forbid checked
        start "HX1c1 b""#,
    );
    let s2 = g2.start_state(0).expect("start");
    assert!(texts(&g2, &s2).is_empty(), "{:?}", texts(&g2, &s2));
    let g3 = inline(
        r#"game "t" players a b board grid 3 x 3
        var seen = 0
        piece man M m { inert }
        action count on cells if to == c3 then set seen = count_between(a1, to, empty(to))
        action off on cells if to == b3 then set seen = count_between(a1, to, empty(to))
        start "3/1M1/3 a""#,
    );
    let mut s3 = g3.start_state(0).expect("start");
    play(&g3, &mut s3, &["count@c3"]);
    assert_eq!(g3.var(&s3, "seen", 0), Some(0));
    let mut s3 = g3.start_state(0).expect("start");
    play(&g3, &mut s3, &["off@b3"]);
    assert_eq!(g3.var(&s3, "seen", 0), Some(-1));
}

#[test]
fn a_step_across_a_seam_attacks_though_its_cells_lie_far_apart() {
    // A ring of four squares (a cylinder one square high): the guard on the last square
    // steps across the seam onto the first, three columns away. Attacks are not cut short
    // by distance on a board whose links do not all join neighbouring columns and rows.
    let g = inline(
        r#"game "t" players a b
        board tessels { squares 4 x 1  splice (0, 0) = (4, 0), (0, 1) = (4, 1) }
        piece chief C c { royal move step edge }
        piece guard G g { move step edge if enemy(to, chief) }
        action look if checked written "look" then end turn
        start "c2G b""#,
    );
    let s = g.start_state(0).expect("start");
    assert!(
        texts(&g, &s).contains(&"look".to_string()),
        "{:?}",
        texts(&g, &s)
    );
}

#[test]
fn a_rule_naming_the_types_it_takes_is_offered_onto_those_only() {
    // `enemy(target, K) or enemy(target, Q)`: targets holding another type are passed by;
    // `not enemy(target, K)` names none, and `friend(to, R)` in `any_cell` binds its own
    // cell.
    let g = inline(
        r#"game "t" players a b board grid 5 x 1
        piece king K k { move step e }
        piece queen Q q { move step e }
        piece rook R r {
          move ride e to enemy if enemy(target, king) or enemy(target, queen) written "R{to}"
          move ride w to enemy if not enemy(target, king) written "Rx{to}"
          move ride e over pieces to empty if any_cell(friend(to, rook)) written "Rm{to}"
        }
        start "qRkr1 a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["Rc1", "Rxa1", "Rme1"]);
    let s = g.parse_position("qRrk1 a", 0).expect("position");
    assert_eq!(texts(&g, &s), ["Rxa1", "Rme1"]);
}

/// A ride's stop condition that asks for a piece (`not through enemy(to)`) is passed by on
/// empty cells unasked, and still stops the ride at the piece it names.
#[test]
fn a_ride_stopped_by_a_piece_it_names_stops_there() {
    let g = inline(
        r#"game "t" players a b board grid 7 x 1
        piece chief C c { royal inert }
        piece hopper H h { move ride e over pieces not through (enemy(to, block)) to empty or enemy }
        piece block X x { inert }
        start "H1C1x1c a""#,
    );
    let s = g.start_state(0).expect("start");
    // Over the friendly chief on c1 (no stop), onto the block on e1 and not past it.
    assert_eq!(texts(&g, &s), ["a1b1", "a1d1", "a1e1"]);
}

/// A ride round a ring of cells (its cells read from a table made once, the board never
/// changing) goes round once, up to its start and not onto it, and stops at a piece unless
/// it rides over pieces.
#[test]
fn a_ride_round_a_ring_stops_before_its_start_and_at_a_piece() {
    let g = inline(
        r#"game "t" players a b
        board {
          cells p1 p2 p3 p4 p5
          link p1 cw p2
          link p2 cw p3
          link p3 cw p4
          link p4 cw p5
          link p5 cw p1
        }
        piece man M m { move ride cw to empty or enemy }
        piece hopper H h { move ride cw over pieces to empty or friend }
        piece post P p { inert }
        start "M4 a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["p1p2", "p1p3", "p1p4", "p1p5"]);
    let s = g.parse_position("M2p1 a", 0).expect("position");
    assert_eq!(texts(&g, &s), ["p1p2", "p1p3", "p1p4"]);
    // Over the post, round to its own cell but not onto it (nor round again).
    let s = g.parse_position("H2p1 a", 0).expect("position");
    assert_eq!(texts(&g, &s), ["p1p2", "p1p3", "p1p5"]);
}

/// A ride round a ring too long for a table of its cells (cells squared) is walked link by
/// link, and goes round as far: the same moves.
#[test]
fn a_ride_round_a_long_ring_is_walked() {
    let n = 600;
    let cells: Vec<String> = (1..=n).map(|i| format!("p{i}")).collect();
    let links: Vec<String> = (1..=n)
        .map(|i| format!("link p{i} cw p{}", i % n + 1))
        .collect();
    let text = format!(
        "game \"t\" players a b\nboard {{\n cells {}\n {}\n}}\n\
         piece man M m {{ move ride cw to empty }}\nstart \"M{} a\"\n",
        cells.join(" "),
        links.join("\n "),
        n - 1
    );
    let g = inline(&text);
    let s = g.start_state(0).expect("start");
    let moves = texts(&g, &s);
    assert_eq!(moves.len(), n - 1);
    assert_eq!(moves.last().map(String::as_str), Some("p1p600"));
}
