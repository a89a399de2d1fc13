//! Stacks: stacking moves, groups, the top pieces of a column, explosions ordered by the player.

use super::*;

#[test]
fn stacking_moves_and_stack_positions() {
    let g = inline(
        r#"game "towers" players a b board grid 3 x 3
        piece tower T t { move step n e s w to empty or friend stacking if height(to) < 2  move step n e s w to enemy }
        start "t2/1[Tt]1/T2 a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(g.position_string(&s), "t2/1[Tt]1/T2 a");
    let t = texts(&g, &s);
    // a1 may climb onto nothing of its own height 2: b2 holds two pieces (an enemy on top).
    assert!(
        t.contains(&"a1a2".to_string()) && t.contains(&"a1b1".to_string()),
        "{t:?}"
    );
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    let s = g.parse_position("t2/3/TT1 a", 0).expect("position");
    g.legal_moves(&s, &mut legal, &mut tmp);
    let mut s2 = s.clone();
    g.apply(&mut s2, g.parse_move("a1b1", &legal).expect("stack"));
    assert_eq!(g.position_string(&s2), "t2/3/1[TT]1 b");
    // Only the top piece moves; the one beneath is uncovered.
    let s3 = g.parse_position("t2/3/1[TT]1 a", 0).expect("position");
    g.legal_moves(&s3, &mut legal, &mut tmp);
    let mut s4 = s3.clone();
    g.apply(&mut s4, g.parse_move("b1b2", &legal).expect("step off"));
    assert_eq!(g.position_string(&s4), "t2/1T1/1T1 b");
    assert!(g.parse_position("t2/3/1[]1 a", 0).is_err());
    assert!(g.parse_position("t2/3/1[TX]1 a", 0).is_err());
}

#[test]
fn groups_move_together() {
    let g = game(PILES);
    let s = g.parse_position("[RRR]3 r - - 1", 0).expect("position");
    let t = texts(&g, &s);
    assert!(
        t.contains(&"a1b1#2".to_string()) && t.contains(&"a1b1#3".to_string()),
        "{t:?}"
    );
    let mut s2 = s.clone();
    play(&g, &mut s2, &["a1b1#3"]);
    assert_eq!(g.position_string(&s2), "1[RRR]2 r - - 1");
    // All three moved: none may move again this turn.
    assert_eq!(texts(&g, &s2), vec!["pass".to_string()]);
}

#[test]
fn explosions_the_player_orders_with_shift_merging() {
    // A cell holding as many men as it has neighbours explodes: one man to each neighbour,
    // merging with its own colour, capturing the other. The player picks which cell goes
    // first when several are ready (a forced action on cells).
    let g = inline(
        r#"game "Bursts"
players red blue
board hex 2
var boom: cell = none
action burst on cells forced free if not empty(to) and height(to) >= around(to, true)
  then set boom = to, each cell if adjacent(boom, to) { shift boom -> to merging }
piece man M m { move step e w }
start "3/4/5/2M1/1m[MMM] r"
"#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["burst@e1"]);
    let mut s2 = s.clone();
    play(&g, &mut s2, &["burst@e1"]);
    // d1: the blue man is captured; d2: merged into a column of two; e2: one man.
    assert_eq!(g.position_string(&s2), "3/4/5/2[MM]M/1M1 r");
    // Two ready cells: both are offered, and nothing else until they have burst.
    let s = g
        .parse_position("3/4/5/4/[MMM]1[MMM] r", 0)
        .expect("position");
    assert_eq!(texts(&g, &s), ["burst@c1", "burst@e1"]);
}

#[test]
fn any_number_of_top_pieces_move_and_merge_with_their_own() {
    // `group any`: one move for each number of the mover's pieces on top of the stack;
    // `merging`: onto its own it stacks, onto another's it captures.
    let g = inline(
        r#"game "columns" players a b board grid 4 x 1
        piece man M m { move group any step e to empty or friend or enemy merging }
        start "[mMMM]M1m a""#,
    );
    let s = g.start_state(0).expect("start");
    // Three M on top of an m: three moves, told apart by how many move.
    assert_eq!(texts(&g, &s), vec!["a1b1*1", "a1b1*2", "a1b1*3", "b1c1"]);
    let mut t = s.clone();
    play(&g, &mut t, &["a1b1*2"]);
    assert_eq!(g.position_string(&t), "[mM][MMM]1m b");
    let s = g.parse_position("[mMMM]M1m a", 0).expect("position");
    let mut t = s.clone();
    play(&g, &mut t, &["b1c1"]);
    assert_eq!(g.position_string(&t), "[mMMM]1Mm b");
    // A ride as far as the pieces moving (`exactly group`): the distance says how many.
    let g = inline(
        r#"game "columns" players a b board grid 5 x 1
        piece man M m { move group any ride e exactly group over pieces to empty or friend or enemy merging }
        start "[MMM]m2m a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), vec!["a1b1", "a1c1", "a1d1"]);
    let mut t = s.clone();
    play(&g, &mut t, &["a1b1"]);
    assert_eq!(g.position_string(&t), "[MM]M2m b", "one man captures the m");
    let mut t = s.clone();
    play(&g, &mut t, &["a1d1"]);
    assert_eq!(g.position_string(&t), "1m1[MMM]m b");
}
