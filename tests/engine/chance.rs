//! Chance in the move tree: dice, seeded replays, draws from a bag, a cell picked at random.

use super::*;

#[test]
fn chance_nodes_in_the_tree() {
    let g = game(DICE);
    let s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    assert_eq!(g.actor(&s, &mut scratch), tessel_interpreter::Actor::Chance);
    let outcomes = g.chance_outcomes(&s).expect("a throw waits");
    assert_eq!(outcomes.len(), 6);
    assert!((outcomes.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-9);
    // Six throws; then a move of that length or a pass; then the other player's throw.
    assert_eq!(g.perft(&s, 1), 6);
    assert_eq!(g.perft(&s, 2), 12);
    assert_eq!(g.perft(&s, 3), 72);
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    assert_eq!(g.chance_text(&s, legal[3]), "throw=4");
    let mut s2 = s.clone();
    g.apply(&mut s2, legal[3]);
    assert_eq!(texts(&g, &s2), vec!["a1a5".to_string(), "pass".to_string()]);
}

#[test]
fn seeded_chance_replays() {
    let g = game(DICE);
    let mut scratch = g.scratch();
    let play = |seed: u64, scratch: &mut tessel_interpreter::Scratch| {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
        let o = g.random_playout(&mut s, &mut rng, 10_000, scratch);
        (o.map(|o| o.scores), s.ply, g.position_string(&s))
    };
    let a = play(7, &mut scratch);
    assert!(a.0.is_some(), "the race ends");
    assert_eq!(a, play(7, &mut scratch));
    let others: Vec<_> = (0..5).map(|k| play(100 + k, &mut scratch)).collect();
    assert!(others.iter().any(|o| *o != a));
}

/// Resolves the waiting chance events with outcomes given by their notation.
fn resolve(g: &Game, s: &mut tessel_interpreter::State, outcomes: &[&str]) {
    for text in outcomes {
        let n = g.chance_outcomes(s).expect("a chance waits").len();
        let m = (0..n as u16)
            .map(Move::chance)
            .find(|m| g.chance_text(s, *m) == *text)
            .unwrap_or_else(|| panic!("{text} is not an outcome"));
        g.apply(s, m);
    }
}

#[test]
fn draws_from_a_bag_weigh_what_is_left() {
    let g = game(BAG);
    let s = g.start_state(0).expect("start");
    // Sequences of draws from three gems and three pebbles: 2, 4, 8, then 14 (four of
    // a kind is impossible), 20 with the fifth.
    let counts: Vec<u64> = (1..=5).map(|d| g.perft(&s, d)).collect();
    assert_eq!(counts, [2, 4, 8, 14, 20]);
    let mut s1 = s.clone();
    resolve(&g, &mut s1, &["rack=G", "rack=G"]);
    let p = g.chance_outcomes(&s1).expect("blue draws");
    assert_eq!(p.len(), 2);
    assert!((p[0].1 - 0.25).abs() < 1e-12, "one gem in four: {p:?}");
    resolve(&g, &mut s1, &["rack=G"]);
    assert_eq!(
        g.chance_outcomes(&s1).expect("blue draws").len(),
        1,
        "no gem is left"
    );
    resolve(&g, &mut s1, &["rack=P"]);
    // Red holds two gems, blue one: no more drawing in setup; red's turn draws one.
    assert_eq!(g.position_string(&s1), "6 r 2P 2G/GP 1");
    resolve(&g, &mut s1, &["rack=P"]);
    assert!(s1.pending.is_empty());
    assert_eq!(g.position_string(&s1), "6 r P 2GP/GP 1");
    let s2 = g
        .parse_position("6 r P 2GP/GP 1", 0)
        .expect("parts round-trip");
    assert_eq!(g.position_string(&s2), "6 r P 2GP/GP 1");
    assert!(
        g.parse_position("6 r P 2GP/GP/G 1", 0).is_err(),
        "three parts"
    );
    assert!(
        g.parse_position("6 r P/G - 1", 0).is_err(),
        "the bag has no parts"
    );
}

#[test]
fn setup_draws_again_while_tied_and_nothing_from_an_empty_bag() {
    let g = game(BAG);
    let mut s = g.start_state(0).expect("start");
    resolve(&g, &mut s, &["rack=G", "rack=P", "rack=P", "rack=G"]);
    // One gem each: setup runs again and each draws one more.
    assert_eq!(s.pending.len(), 2, "a tie draws again");
    resolve(&g, &mut s, &["rack=G", "rack=P"]);
    // Red's turn begins with a draw from the empty bag: nothing is drawn.
    let outcomes = g.chance_outcomes(&s).expect("the turn's draw waits");
    assert_eq!(outcomes.len(), 1);
    assert_eq!(g.chance_text(&s, Move::chance(0)), "rack=-");
    resolve(&g, &mut s, &["rack=-"]);
    assert_eq!(g.position_string(&s), "6 r - 2GP/G2P 1");
    assert_eq!(
        texts(&g, &s),
        [
            "G@a1", "G@b1", "G@c1", "G@d1", "G@e1", "G@f1", "P@a1", "P@b1", "P@c1", "P@d1", "P@e1",
            "P@f1"
        ]
    );
}

#[test]
fn a_roll_can_pick_a_cell_at_random_among_those_a_condition_allows() {
    // Three men scattered on empty cells as the game begins, one roll each.
    let g = inline(
        r#"game "Scatter"
players red blue
board hex 2
var spot: cell = none
counter placed = 0
setup {
  if placed < 3 {
    if spot != none { place man at spot, set placed += 1 }
    roll spot from cells if empty(to)
  }
}
piece man M m { move step e w }
start "3/4/5/4/3 r"
"#,
    );
    let s = g.start_state(7).expect("start");
    let outcomes = g.chance_outcomes(&s).expect("a cell is picked");
    assert_eq!(outcomes.len(), 19);
    assert!((outcomes[0].1 - 1.0 / 19.0).abs() < 1e-12);
    assert_eq!(g.chance_text(&s, Move::chance(0)), "spot=c1");
    // Played out from the seed: three men on three different cells, the same every time.
    let play_out = |seed: u64| {
        let mut s = g.start_state(seed).expect("start");
        while let Some(m) = g.sample_chance(&mut s) {
            g.apply(&mut s, m);
        }
        s
    };
    let (a, b) = (play_out(7), play_out(7));
    assert_eq!(g.position_string(&a), g.position_string(&b));
    assert_eq!(a.cells.iter().filter(|p| !p.is_none()).count(), 3);
}
