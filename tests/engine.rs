//! The interpreter on small rules files that use zones, drops, multi-decision turns and
//! passing (tests/data/check/ok/).

mod common;

use common::{play, texts};
use tessel_interpreter::{Game, Move};

fn game(path: &str) -> Game {
    common::load(path, &[])
}

const HAND: &str = "tests/data/check/ok/hand-and-double-moves.tessel";

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

fn inline(rules: &str) -> Game {
    let c = tessel_lang::compile("inline", rules, &tessel::bundle::BundleLoader, &[]);
    let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.message.clone()).collect();
    Game::new(c.program.unwrap_or_else(|| panic!("{msgs:?}")))
}

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

const DICE: &str = "tests/data/check/ok/dice-race.tessel";

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
fn agents_play_replayable_games() {
    use tessel_interpreter::Agent;
    let g = game(DICE);
    let start = g.start_state(0).expect("start");
    let agents = [Agent::Mcts { playouts: 30 }, Agent::Greedy];
    let a = tessel::analysis::play_many(&g, &start, &agents, 6, 11, 2000, false);
    let b = tessel::analysis::play_many(&g, &start, &agents, 6, 11, 2000, false);
    assert_eq!(
        a, b,
        "the same seeds give the same games on any number of threads"
    );
    assert!(a.iter().all(|p| !p.scores.is_empty()), "every race ends");
    let r = tessel::analysis::report(&g, &agents, 11, &a);
    assert_eq!(
        r.seats[0].wins + r.seats[1].wins + r.draws + r.unfinished,
        6
    );
    assert!(r.mean_branching >= 1.0);
}

#[test]
fn mcts_finds_a_mate_in_one() {
    use tessel_interpreter::Agent;
    let loaded = tessel::load("rulesets/chess.tessel", &[]).expect("chess");
    let g = Game::new(loaded.compiled.program.expect("chess"));
    // White mates with Ra8#.
    let s = g
        .parse_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 0)
        .expect("position");
    let mut legal = Vec::new();
    let mut scratch = g.scratch();
    g.legal_moves(&s, &mut legal, &mut scratch.state);
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(1);
    let m = Agent::Mcts { playouts: 2000 }.choose(&g, &s, &legal, &mut rng, &mut scratch, 200);
    assert_eq!(g.move_text_among(&legal, m), "a1a8");
    let m = Agent::Greedy.choose(&g, &s, &legal, &mut rng, &mut scratch, 200);
    assert_eq!(g.move_text_among(&legal, m), "a1a8");
}

#[test]
fn actions_on_cells_forced_and_free() {
    let g = inline(
        r#"game "t" players a b board grid 3 x 3
        counter due = 0
        counter resigned = 0
        piece stone S s {
          move step n e s w to empty
          move step n e s w to enemy then set due = 1
        }
        action bring_down on cells forced free if due > 0 and enemy(to) then capture to, set due = 0
        action resign then set resigned = 1
        ending "resigned" if resigned == 1 => mover wins
        start "ss1/1S1/S2 a""#,
    );
    let s = g.start_state(0).expect("start");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    assert!(texts(&g, &s).contains(&"resign".to_string()));
    let mut s2 = s.clone();
    g.apply(&mut s2, g.parse_move("b2b3", &legal).expect("capture"));
    // Black must first bring down a white stone of its choice, then moves as usual.
    let t = texts(&g, &s2);
    assert_eq!(
        t,
        vec!["bring_down@a1".to_string(), "bring_down@b3".to_string()]
    );
    g.legal_moves(&s2, &mut legal, &mut tmp);
    g.apply(
        &mut s2,
        g.parse_move("bring_down@b3", &legal).expect("action"),
    );
    assert_eq!(
        s2.to_move, 1,
        "a free action leaves the turn to the same player"
    );
    assert_eq!(g.position_string(&s2), "s2/3/S2 b");
    let t = texts(&g, &s2);
    assert!(
        t.contains(&"a3b3".to_string()) && t.contains(&"resign".to_string()),
        "{t:?}"
    );
    g.legal_moves(&s2, &mut legal, &mut tmp);
    g.apply(&mut s2, g.parse_move("resign", &legal).expect("resign"));
    let mut scratch = g.scratch();
    let o = g.status(&s2, &mut scratch).expect("over");
    assert_eq!(o.winner(), Some(0));
}

/// Every decision's text, read back, is the same decision: in random games of every
/// bundled and test ruleset.
#[test]
fn notation_round_trips() {
    for path in [
        "rulesets/chess.tessel",
        HAND,
        DICE,
        "docs/examples/grove-hands.tessel",
        "docs/examples/tutorial-5.tessel",
    ] {
        let g = game(path);
        let mut scratch = g.scratch();
        let mut legal = Vec::new();
        for seed in 0..3u64 {
            let mut s = g.start_state(seed).expect("start");
            let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            for _ in 0..150 {
                if let Some(m) = g.sample_chance(&mut s) {
                    g.apply(&mut s, m);
                    continue;
                }
                if g.status(&s, &mut scratch).is_some() {
                    break;
                }
                g.legal_moves(&s, &mut legal, &mut scratch.state);
                if legal.is_empty() {
                    break;
                }
                for &m in &legal {
                    let text = g.move_text_among(&legal, m);
                    assert_eq!(g.parse_move(&text, &legal), Ok(m), "{path}: `{text}`");
                }
                let m = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
                g.apply(&mut s, m);
                // Positions read back the same, too, at the start of each turn.
                if s.turn_step == 0
                    && s.pending.is_empty()
                    && (s.buried.is_empty() || g.program.piles)
                {
                    let text = g.position_string(&s);
                    let back = g.parse_position(&text, seed).expect("own position string");
                    assert_eq!(g.position_string(&back), text, "{path}");
                }
            }
        }
    }
}

#[test]
fn per_cell_variables_change_in_play() {
    // Each cell remembers being walked on; nobody may walk on a trodden cell.
    let g = inline(
        r#"game "t" players a b board grid 3 x 3
        var trodden = 0 per cell
        var last_landing = 0 per cell reset each turn
        piece walker W w { move step n e s w to empty if trodden(to) == 0 then set trodden(from) = 1, set last_landing(to) += 1 }
        ending "stuck" if no_moves => mover loses
        start "w2/3/W2 a""#,
    );
    let s = g.start_state(0).expect("start");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let mut s2 = s.clone();
    g.apply(&mut s2, g.parse_move("a1b1", &legal).expect("move"));
    g.legal_moves(&s2, &mut legal, &mut tmp);
    g.apply(&mut s2, g.parse_move("a3a2", &legal).expect("move"));
    // a1 and a3 are trodden now: b1 may not go back to a1.
    let t = texts(&g, &s2);
    assert!(
        !t.contains(&"b1a1".to_string()) && t.contains(&"b1c1".to_string()),
        "{t:?}"
    );
    let mut scratch = g.scratch();
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(3);
    assert!(
        g.random_playout(&mut s2, &mut rng, 100, &mut scratch)
            .is_some(),
        "the walkers run out of cells"
    );
    for bad in [
        "game \"t\" players a b board grid 2 x 2 var t = 0 per cell piece w W w { move step n if t == 0 }",
        "game \"t\" players a b board grid 2 x 2 var t = 0 per cell piece w W w { move step n then set t = 1 }",
        "game \"t\" players a b board grid 2 x 2 var t = 0 piece w W w { move step n then set t(to) = 1 }",
    ] {
        let c = tessel_lang::compile("bad", bad, &tessel::bundle::BundleLoader, &[]);
        assert!(c.program.is_none() && c.diagnostics.iter().any(|d| d.code == "E0201"), "{bad}");
    }
}

const PILES: &str = "tests/data/check/ok/piles-and-rounds.tessel";

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
fn turn_end_constraints_and_thinning() {
    let g = game(PILES);
    // Entering b1 alone against three blue stones: the turn may not end so.
    let mut s = g.parse_position("[RR][BBB]2 r - - 1", 0).expect("position");
    play(&g, &mut s, &["a1b1"]);
    let t = texts(&g, &s);
    assert!(!t.contains(&"pass".to_string()), "{t:?}");
    // A second stone joins it: two against three is allowed, and the turn ends.
    play(&g, &mut s, &["a1b1"]);
    assert_eq!(s.to_move, 1);
    // Five in a cell: the mover takes the other side's stones down to four.
    let mut s = g.parse_position("R[RRBB]2 r - - 1", 0).expect("position");
    play(&g, &mut s, &["a1b1", "pass"]);
    assert_eq!(
        g.position_string(&s),
        "1[RRRB]2 b - B 1",
        "piles are written in a fixed order"
    );
}

#[test]
fn restart_keeps_kept_variables() {
    let g = game(PILES);
    // Red needs 6 points: thinning a crowded cell gives them, and the round restarts.
    let mut s = g
        .parse_position("R[RBBBBBBBB]2 r - - 1", 0)
        .expect("position");
    play(&g, &mut s, &["a1b1", "pass"]);
    assert_eq!(g.position_string(&s), "4 r 3R3B - 1");
    assert_eq!(
        g.var(&s, "rounds", 0),
        Some(1),
        "red's rounds survive the restart"
    );
}

const BAG: &str = "tests/data/check/ok/bag-draw.tessel";

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

const HEX: &str = "tests/data/check/ok/hex-board.tessel";

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

#[test]
fn the_number_of_players_is_an_option_when_seats_are_given() {
    const SEATS: &str = "tests/data/check/ok/seated-players.tessel";
    assert_eq!(game(SEATS).players(), 2);
    let three = common::load(SEATS, &[("players", "3")]);
    assert_eq!(three.players(), 3);
    assert_eq!(three.program.players, ["red", "blue", "green"]);
    // Green's symbol is read; yellow's is not a piece of a three-player game.
    assert!(three.parse_position("R1G/4/5/4/2B", 0).is_ok());
    assert!(three.parse_position("R1Y/4/5/4/2B", 0).is_err());
    // Out of range: an error that says how many can play.
    let opts = vec![("players".to_string(), "5".to_string())];
    let loaded = tessel::load(SEATS, &opts).expect("found");
    let d = &loaded.compiled.diagnostics;
    assert!(d.iter().any(|d| d.message.contains("players=5")), "{d:?}");
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

#[test]
fn other_writings_read_moves_and_turn_marks_stand_for_passes() {
    let g = game("tests/data/check/ok/other-writings-and-turn-marks.tessel");
    let s = g.start_state(0).expect("start");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let rxa4 = g.read_move(&s, "Rxa4", &legal).expect("as written");
    assert_eq!(
        g.read_move(&s, "axk", &legal),
        Ok(rxa4),
        "by column and piece"
    );
    assert_eq!(g.read_move(&s, "Rxk", &legal), Ok(rxa4));
    assert!(g.read_move(&s, "bxk", &legal).is_err());
    let wait = g
        .read_move(&s, "hold", &legal)
        .expect("the action's other writing");
    assert_eq!(g.move_text_among(&legal, wait), "wait");
    // `,` ends white's turn after one move (the pass it stands for is read in), `;` ends
    // the round; the text is written back the same way.
    let text = "1. Ra2, a4b4; 2. Rb2 hold, b4a4;\n";
    let r = tessel::record::from_game_text(&g, "x", &[], None, text).expect("reads");
    assert_eq!(
        r.decisions,
        ["Ra2", "-", "a4b4", "-", "Rb2", "wait", "b4a4", "-"]
    );
    assert_eq!(
        tessel::record::game_text(&g, &r).expect("writes"),
        "1. Ra2, a4b4;\n2. Rb2 wait, b4a4;\n"
    );
}

#[test]
fn a_kept_position_is_restored_but_not_its_kept_variables_nor_the_turn() {
    // Each turn keeps its position as it begins; `back` (the next player's first
    // decision) takes the other player's last turn back and plays on.
    let g = inline(
        r#"game "t" players a b board grid 3 x 3
        var moves_made = 0
        var calls = 0 kept
        piece man M m { move step n e s w to empty then set moves_made += 1 }
        action back free if decisions == 0 and moves_made > 0
          then restore position of opponent, set calls += 1
        turn { start { keep position } }
        start "m2/3/M2 a""#,
    );
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["a1a2"]);
    assert_eq!(g.position_string(&s), "m2/M2/3 b");
    play(&g, &mut s, &["back"]);
    // The man is back on a1, `moves_made` with it; `calls` (kept) goes on; b still moves.
    assert_eq!(g.position_string(&s), "m2/3/M2 b");
    assert_eq!(g.var(&s, "moves_made", 0), Some(0));
    assert_eq!(g.var(&s, "calls", 0), Some(1));
    assert!(!texts(&g, &s).contains(&"back".to_string()));
    play(&g, &mut s, &["a3b3"]);
    assert_eq!(g.position_string(&s), "1m1/3/M2 a");
}
