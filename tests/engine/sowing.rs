//! Sowing along a track (`track`, `sow`, `pour`, `each cell along track`): the order the
//! pieces are dropped in, skipped cells, the last cell, and walks along a track.

use super::inline;
use crate::common::{play, stack};

/// Six cells in a ring; `x` and `y` pieces of no player; an action per rule to try.
const RING: &str = r#"
game "Ring"
players one two
board grid 3 x 2
track ring = [a1 b1 c1 c2 b2 a2]
piece bead o { neutral }
piece mark x { neutral }
var end: cell = none
counter walked = 0
option skip_all: bool = false
action sow on cells if height(to) > 0 and to != c2 written "{to}"
  then sow to along ring skip skip_all or to == c1 or to == from last end,
       each cell along track ring backwards starting at end while height(to) > 0 { set walked += 1 }
action pour on cells if height(to) > 0 and to == c2 written "p{to}" then pour to onto a1
start "2[oo]/[oxo]2 o"
"#;

#[test]
fn a_stack_is_sown_top_first_skipping_cells_and_the_last_cell_is_kept() {
    let g = inline(RING);
    let mut s = g.start_state(0).expect("start");
    // a1 holds o, x, o (bottom first): o to b1, c1 skipped, x to c2, o to b2.
    play(&g, &mut s, &["a1"]);
    assert_eq!(
        ["a1", "b1", "c1", "c2", "b2", "a2"].map(|c| stack(&g, &s, c)),
        ["-", "o", "-", "oox", "o", "-"]
    );
    assert_eq!(
        g.var(&s, "end", 0).unwrap(),
        crate::common::cell(&g, "b2") as i64
    );
    // Back from b2 (itself included) while cells hold pieces: b2, c2; c1 is empty.
    assert_eq!(g.var(&s, "walked", 0).unwrap(), 2);
}

#[test]
fn pour_puts_a_stack_on_another_in_its_order() {
    let g = inline(RING);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["pc2"]);
    assert_eq!(stack(&g, &s, "a1"), "oxooo");
    assert_eq!(stack(&g, &s, "c2"), "-");
}

#[test]
fn a_track_whose_every_cell_is_skipped_sows_nothing() {
    let rules = RING.replace("= false", "= true");
    let g = inline(&rules);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["a1"]);
    assert_eq!(stack(&g, &s, "a1"), "oxo");
    assert_eq!(g.var(&s, "end", 0).unwrap(), u16::MAX as i64);
}
