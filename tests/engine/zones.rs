//! Zones: hands and drops, captures into a zone, passing, move numbers, piles.

use super::*;

#[test]
fn zone_field_round_trips() {
    let g = game(HAND);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.position_string(&s), "c3/1s2/2S1/3C S S 1");
    let s = g.parse_position("c3/1s2/2S1/3C N 2Ss 4", 0).expect("zone");
    assert_eq!(g.position_string(&s), "c3/1s2/2S1/3C N 2Ss 4");
    assert!(g.parse_position("c3/1s2/2S1/3C N 2 1", 0).is_err());
    assert!(g.parse_position("c3/1s2/2S1/3C N X 1", 0).is_err());
}

#[test]
fn drops_and_passes() {
    let g = game(HAND);
    let s = g
        .parse_position("c3/1s2/2S1/3C S S 1", 0)
        .expect("position");
    let t = texts(&g, &s);
    // A soldier in hand: drops on the 8 middle cells but the 2 taken, no pass yet.
    let drops: Vec<&String> = t.iter().filter(|m| m.starts_with("S@")).collect();
    assert_eq!(drops.len(), 6, "{t:?}");
    assert!(!t.contains(&"pass".to_string()), "{t:?}");
    // After one decision the same player moves again, and may pass.
    let mut s2 = s.clone();
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let m = g.parse_move("S@a2", &legal).expect("drop");
    assert!(m.is_drop());
    g.apply(&mut s2, m);
    assert_eq!(s2.to_move, 0);
    assert_eq!(g.position_string(&s2), "c3/1s2/S1S1/3C S - 1");
    let t2 = texts(&g, &s2);
    assert!(t2.contains(&"pass".to_string()), "{t2:?}");
    g.legal_moves(&s2, &mut legal, &mut tmp);
    g.apply(&mut s2, g.parse_move("pass", &legal).expect("pass"));
    assert_eq!(s2.to_move, 1);
}

#[test]
fn captures_go_to_the_hand() {
    let g = game(HAND);
    let s = g.parse_position("c3/1sS1/4/3C S - 1", 0).expect("position");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let m = g.parse_move("c3xb3", &legal).expect("capture");
    let mut s2 = s.clone();
    g.apply(&mut s2, m);
    // The captured soldier joins the capturer's hand, on the capturer's side.
    assert_eq!(g.position_string(&s2), "c3/1S2/4/3C S S 1");
    assert!(Move::pass().is_pass());
}

#[test]
fn random_games_end() {
    let g = game(HAND);
    let mut scratch = g.scratch();
    for seed in 0..20u64 {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        let out = g.random_playout(&mut s, &mut rng, 5000, &mut scratch);
        assert!(out.is_some(), "seed {seed} did not end");
    }
}

#[test]
fn capture_statements_fill_the_zone_and_drops_do_not_promote() {
    let g = inline(
        r#"game "t" players a b board grid 3 x 3
        zone pool per player
        captures go to pool of mover
        region top = mirrored rank 3
        piece lancer L l {
          move step n to empty then capture from + e
          move drop from pool to empty
          promote to knight if to in top
        }
        piece knight K k { move step n }
        position { board turn a b zone pool number }
        start "3/L1l/3 a L 1""#,
    );
    let s = g.start_state(0).expect("start");
    let t = texts(&g, &s);
    // A drop onto the top rank stays a lancer; a step there would promote.
    assert!(t.contains(&"L@a3".to_string()), "{t:?}");
    assert!(
        !t.iter().any(|m| m.starts_with("L@") && m.contains('=')),
        "{t:?}"
    );
    // The `capture` statement sends the piece beside the mover's start to the pool.
    let s3 = g.parse_position("3/1Ll/3 a - 1", 0).expect("position");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s3, &mut legal, &mut tmp);
    let mut s4 = s3.clone();
    g.apply(&mut s4, g.parse_move("b2b3=K", &legal).expect("step"));
    assert_eq!(g.position_string(&s4), "1K1/3/3 b L 1");
}

#[test]
fn move_numbers_count_turns_not_decisions() {
    let g = game(HAND);
    let s = g
        .parse_position("c3/1s2/2S1/3C S 2S 5", 0)
        .expect("position");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let mut s2 = s.clone();
    g.apply(&mut s2, g.parse_move("S@a2", &legal).expect("drop"));
    g.legal_moves(&s2, &mut legal, &mut tmp);
    g.apply(&mut s2, g.parse_move("S@a3", &legal).expect("drop"));
    assert_eq!(g.position_string(&s2), "c3/Ss2/S1S1/3C N - 5");
}

#[test]
fn piles_let_any_own_piece_move_once_a_turn() {
    let g = game(PILES);
    // Red's stone lies under a blue one: it may still move.
    let s = g.parse_position("[RB]3 r - - 1", 0).expect("position");
    let t = texts(&g, &s);
    assert_eq!(t, vec!["a1b1".to_string()], "{t:?}");
    // Once moved, a stone stays put for the rest of the turn; another may go.
    let mut s = g.parse_position("[RR]3 r - - 1", 0).expect("position");
    play(&g, &mut s, &["a1b1"]);
    let t = texts(&g, &s);
    assert!(
        t.contains(&"a1b1".to_string()) && !t.contains(&"b1c1".to_string()),
        "{t:?}"
    );
    assert_eq!(g.position_string(&s), "RR2 r - - 1");
}

#[test]
fn take_into_another_players_part_hands_pieces_over() {
    // `take N PIECE from ZONE of A into ZONE of B`: pieces change hands (the people of
    // òicustiỳtac keep their draw when they change sides). Here each turn's action swaps
    // the two hands through a shared tray.
    let g = inline(
        r#"
game "Hands over"
players red blue
board grid 2 x 1
zone hand per player
zone tray
counter _n = 0
piece gem G g { inert }
action swap_hands then
  set _n = held(hand, gem, red),
  take 9 gem from hand of blue into hand of red,
  take _n gem from hand of red into hand of blue,
  take 1 gem from hand of blue into tray of nobody,
  take 1 gem from hand of red into hand of blue,
  end turn
position { board turn r b zone hand }
start "2 r 3G1g"
"#,
    );
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["swap_hands"]);
    // Red had 3, blue 1: now red 1, blue 3 (a taking into nobody's part keeps them), then
    // red's last gem goes over too.
    assert_eq!(g.position_string(&s), "2 b 4g");
}

#[test]
fn drops_and_moves_anywhere_next_to_a_cell_are_offered_in_cell_order() {
    // `adjacent(spot, target)`: only the cells next to `spot` are tried (the rest cannot
    // hold), and the moves come in the order of the cells, as when every cell is tried.
    let rules = |spot: &str| {
        format!(
            r#"game "t" players a b board grid 3 x 3
            zone pool per player
            var spot: cell = {spot}
            piece man M m {{
              move drop from pool to empty if adjacent(spot, target) and target != c3
              move anywhere to empty if adjacent(target, from) and column(target) == 1
            }}
            position {{ board turn a b zone pool number }}
            start "3/3/M2 a M 1""#
        )
    };
    let g = inline(&rules("b2"));
    let s = g.start_state(0).expect("start");
    assert_eq!(
        texts(&g, &s),
        ["M@b1", "M@c1", "M@a2", "M@c2", "M@a3", "M@b3", "a1a2"]
    );
    // Next to a cell off the board: no drop at all.
    let g = inline(&rules("none"));
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["a1a2"]);
}

#[test]
fn drops_placed_by_rows_columns_and_the_board_s_geometry_are_offered_where_they_hold() {
    // `row(target) >= row(spot) and row(target) <= row(spot) + 1` (the board's geometry
    // at two cells) and
    // `column(target) == k or column(target) == k + 1`: only the cells both allow are
    // tried, in order. With `spot` off the board the geometry is not asked of a table:
    // row(none) is 0, so the first rank holds.
    let rules = |spot: &str| {
        format!(
            r#"game "t" players a b board grid 4 x 4
            zone pool per player
            var spot: cell = {spot}
            counter k = 2
            piece man M m {{
              move drop from pool to empty if row(target) >= row(spot) and row(target) <= row(spot) + 1
                and (column(target) == k or column(target) == k + 1)
            }}
            action mark on cells if abs(row(from) - row(spot)) == 2 and (column(to) == k or k == column(target))
            position {{ board turn a b zone pool number }}
            start "4/4/4/4 a M 1""#
        )
    };
    let g = inline(&rules("c3"));
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["M@b3", "M@c3", "M@b4", "M@c4", "mark@b1"]);
    let g = inline(&rules("none"));
    let s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["M@b1", "M@c1", "mark@b2"]);
}
