//! The agents on chess (a game they do not know): levels and budgets, the decisive and
//! anti-decisive checks, tree reuse, chance not peeked at, replay-exact searches.

use super::*;
use crate::game::Actor;
use std::collections::HashMap;
use tessel_lang::{compile, MapLoader};

/// A bundled ruleset compiled with the standard library files it uses.
fn bundled(name: &str, rules: &str, stdlib: &[&str]) -> Game {
    let library = [
        ("board8", include_str!("../../../stdlib/board8.tessel")),
        ("movers", include_str!("../../../stdlib/movers.tessel")),
        ("pawns", include_str!("../../../stdlib/pawns.tessel")),
        ("grid", include_str!("../../../stdlib/grid.tessel")),
    ];
    let files: HashMap<String, String> = library
        .into_iter()
        .filter(|(k, _)| stdlib.contains(k))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let program = compile(name, rules, &MapLoader(files), &[])
        .program
        .unwrap_or_else(|| panic!("{name} compiles"));
    Game::new(program)
}

fn chess() -> Game {
    let rules = include_str!("../../../rulesets/chess.tessel");
    bundled("chess", rules, &["board8", "movers", "pawns", "grid"])
}

fn breakthrough() -> Game {
    let rules = include_str!("../../../rulesets/breakthrough.tessel");
    bundled("breakthrough", rules, &["board8", "grid"])
}

fn legal(g: &Game, s: &State) -> Vec<Move> {
    let mut out = Vec::new();
    let mut scratch = g.scratch();
    g.legal_moves(s, &mut out, &mut scratch.state);
    out
}

fn rng(seed: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(seed)
}

#[test]
fn levels_and_budgets() {
    let b = Budget::default();
    let Ok(Agent::Mcts(normal)) = Agent::parse("normal", b) else {
        panic!("normal is a search")
    };
    assert_eq!((normal.think, normal.playouts), (Some(THINK), u32::MAX));
    // A playout count alone is the whole budget: replay-exact.
    let counted = Budget {
        playouts: Some(300),
        ..b
    };
    let Ok(Agent::Mcts(m)) = Agent::parse("mcts", counted) else {
        panic!("mcts is a search")
    };
    assert_eq!((m.think, m.playouts, m.name), (None, 300, "mcts"));
    let Ok(Agent::Mcts(strong)) = Agent::parse("strong", counted) else {
        panic!("strong is a search")
    };
    assert_eq!(strong.playouts, 1200);
    // Both: whichever comes first; `think 0` is no time budget.
    let both = Budget {
        think: Some(0.5),
        ..counted
    };
    let Ok(Agent::Mcts(m)) = Agent::parse("normal", both) else {
        panic!()
    };
    assert_eq!(m.think, Some(Duration::from_millis(500)));
    let none = Budget {
        think: Some(0.0),
        ..b
    };
    let Ok(Agent::Mcts(m)) = Agent::parse("normal", none) else {
        panic!()
    };
    assert_eq!((m.think, m.playouts), (None, 1000));
    let e = Agent::parse("clever", b).unwrap_err();
    assert!(e.contains("`clever`") && e.contains("strong"), "{e}");
    assert_eq!(Agent::parse(" greedy ", b), Ok(Agent::Greedy));
}

#[test]
fn a_win_at_once_is_taken_without_a_search() {
    let g = chess();
    let s = g
        .parse_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 0)
        .expect("position");
    let moves = legal(&g, &s);
    let c = Mind::new(Agent::Mcts(Search::playouts(50))).choose(
        &g,
        &s,
        &moves,
        &mut rng(1),
        &mut g.scratch(),
        None,
    );
    assert_eq!(g.move_text_among(&moves, c.mv), "a1a8");
    assert_eq!((c.why, c.playouts), (Why::Wins, 0));
}

#[test]
fn a_decision_that_lets_the_opponent_win_at_once_is_avoided() {
    let g = chess();
    // Black threatens Ra1#; the knight can guard e1 (Nf3) or wander off (Nf5).
    let s = g
        .parse_position("r5k1/5ppp/8/8/7N/8/5PPP/6K1 w - - 0 1", 0)
        .expect("position");
    let moves = legal(&g, &s);
    let text = |m: &Move| g.move_text_among(&moves, *m);
    let safe: Vec<String> = tactics::safe(&g, &s, &moves, &mut g.scratch(), 10_000, None)
        .iter()
        .map(text)
        .collect();
    assert!(!safe.contains(&"h4f5".to_string()), "{safe:?}");
    assert!(safe.contains(&"h4f3".to_string()), "{safe:?}");
    assert!(safe.contains(&"h2h3".to_string()), "{safe:?}");
    // With no budget to look, nothing is ruled out.
    assert_eq!(
        tactics::safe(&g, &s, &moves, &mut g.scratch(), 0, None).len(),
        moves.len()
    );
    // The search never plays a losing decision here.
    for seed in 0..4 {
        let c = Mind::new(Agent::Mcts(Search::playouts(1000))).choose(
            &g,
            &s,
            &moves,
            &mut rng(seed),
            &mut g.scratch(),
            None,
        );
        assert!(safe.contains(&text(&c.mv)), "{}", text(&c.mv));
    }
}

#[test]
fn the_checks_look_at_every_reply_even_with_few_playouts() {
    // Twenty decisions: every one and forty replies to each, whatever the playout count.
    assert_eq!(check_budget(1, 20), 20 * 41);
    assert_eq!(check_budget(1000, 20), 4000);
    assert_eq!(check_budget(1, 10_000), CHECKS_MAX);
    let g = chess();
    let s = g
        .parse_position("r5k1/5ppp/8/8/7N/8/5PPP/6K1 w - - 0 1", 0)
        .expect("position");
    let moves = legal(&g, &s);
    let losing = moves
        .iter()
        .copied()
        .find(|m| g.move_text_among(&moves, *m) == "h4f5")
        .expect("h4f5 is legal");
    // A search of one playout picks nearly at random among what the checks leave: it
    // never picks the decision that lets the back-rank mate through.
    for seed in 0..48 {
        let c = Mind::new(Agent::Mcts(Search::playouts(1))).choose(
            &g,
            &s,
            &moves,
            &mut rng(seed),
            &mut g.scratch(),
            None,
        );
        assert_ne!(c.mv, losing, "seed {seed}");
    }
}

#[test]
fn a_counted_search_replays_exactly_on_one_thread_or_several() {
    let g = chess();
    let s = g.start_state(0).expect("start");
    let moves = legal(&g, &s);
    for threads in [1, 2] {
        let agent = Agent::Mcts(Search {
            threads,
            ..Search::playouts(200)
        });
        let run = || Mind::new(agent).choose(&g, &s, &moves, &mut rng(7), &mut g.scratch(), None);
        let (a, b) = (run(), run());
        assert_eq!(a, b, "{threads} threads");
        assert_eq!(a.why, Why::Searched);
        assert!(a.playouts >= 200 && a.share > 0.0 && (0.0..=1.0).contains(&a.win));
    }
}

#[test]
fn a_time_budget_stops_the_search() {
    let g = chess();
    let s = g.start_state(0).expect("start");
    let moves = legal(&g, &s);
    let agent = Agent::Mcts(Search {
        think: Some(Duration::from_millis(50)),
        ..Search::playouts(u32::MAX)
    });
    let c = Mind::new(agent).choose(&g, &s, &moves, &mut rng(3), &mut g.scratch(), None);
    assert!(c.playouts > 0 && c.playouts < u32::MAX);
}

#[test]
fn the_tree_follows_the_game_and_is_reused() {
    let g = chess();
    let mut s = g.start_state(0).expect("start");
    let mut mind = Mind::new(Agent::Mcts(Search::playouts(400)));
    let mut scratch = g.scratch();
    let moves = legal(&g, &s);
    let c = mind.choose(&g, &s, &moves, &mut rng(1), &mut scratch, None);
    g.apply(&mut s, c.mv);
    mind.observe(&g, c.mv);
    // The reply the search looked at most: its playouts are kept.
    let reply = mind.trees[0]
        .root_stats(1)
        .iter()
        .max_by_key(|r| r.visits)
        .copied();
    let reply = reply.expect("the search looked at the replies");
    assert!(reply.visits > 1);
    g.apply(&mut s, reply.mv);
    mind.observe(&g, reply.mv);
    let kept = mind.trees[0].visits();
    assert_eq!(kept, reply.visits);
    let moves = legal(&g, &s);
    let c = mind.choose(&g, &s, &moves, &mut rng(2), &mut scratch, None);
    assert_eq!(c.playouts, kept + 400);
    // A position the tree does not hold: a new tree.
    let other = g
        .parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 0)
        .expect("position");
    let moves = legal(&g, &other);
    let c = mind.choose(&g, &other, &moves, &mut rng(2), &mut scratch, None);
    assert_eq!(c.playouts, 400);
}

#[test]
fn the_search_does_not_peek_at_the_coming_throws() {
    // A die rolled at the start of every turn: the tree's chance node below a decision
    // holds several outcomes, not the one the game's own generator will give.
    let rules = r#"
        game "Dice race"
        players red blue
        board grid 2 x 12 files "ab"
        dirs forward = mirrored n
        region goal = mirrored rank 12
        var throw = 0 per player
        counter arrived = 0
        piece runner R r { move ride forward max 6 to empty if steps == throw }
        turn { pass  start { roll throw from die 6 } }
        after move { if not passed and to in goal { set arrived = 1 } }
        ending "arrived" if arrived == 1 => mover loses
        start "1r/2/2/2/2/2/2/2/2/2/2/R1 r"
    "#;
    let g = bundled("dice", rules, &[]);
    let mut s = g.start_state(5).expect("start");
    let mut scratch = g.scratch();
    while g.actor(&s, &mut scratch) == Actor::Chance {
        let m = g.sample_chance(&mut s).expect("an outcome");
        g.apply(&mut s, m);
    }
    let moves = legal(&g, &s);
    let mut mind = Mind::new(Agent::Mcts(Search::playouts(300)));
    mind.choose(&g, &s, &moves, &mut rng(1), &mut scratch, None);
    let tree = &mind.trees[0];
    let outcomes = tree.nodes[0]
        .children
        .iter()
        .filter(|&&c| tree.nodes[c].visits > 10)
        .map(|&c| tree.nodes[c].children.len())
        .max()
        .unwrap_or(0);
    assert!(outcomes > 1, "the throws after a decision: {outcomes}");
}

#[test]
fn the_search_tells_a_decision_that_loses_a_piece_from_the_others() {
    // After 1. a2a3 g7f6 2. b1a2 a7b6 3. a3b4 h7h6, b4c5 walks into b6c5 for nothing.
    // With too much exploration the search spread 1,000 playouts evenly and chose it.
    let g = breakthrough();
    let mut s = g.start_state(0).expect("start");
    for text in ["a2a3", "g7f6", "b1a2", "a7b6", "a3b4", "h7h6"] {
        let moves = legal(&g, &s);
        let m = moves
            .iter()
            .copied()
            .find(|m| g.move_text_among(&moves, *m) == text)
            .expect(text);
        g.apply(&mut s, m);
    }
    let moves = legal(&g, &s);
    for seed in 0..4 {
        let c = Mind::new(Agent::Mcts(Search::playouts(1000))).choose(
            &g,
            &s,
            &moves,
            &mut rng(seed),
            &mut g.scratch(),
            None,
        );
        assert_ne!(g.move_text_among(&moves, c.mv), "b4c5", "seed {seed}");
    }
}

#[test]
fn a_reused_root_whose_tried_decisions_are_all_ruled_out_searches_the_others() {
    // Chess's first position has 20 decisions, more than `tree::WIDE`: a few playouts try
    // only some of them. When the checks then allow only decisions not yet tried (as after
    // a reused tree in shogi, seed 59), every playout goes through an allowed decision;
    // none replays the root's own (stale) decision or tries a ruled-out one.
    let g = chess();
    let s = g.start_state(0).expect("start");
    let mut t = tree::Tree::new(&g, &s);
    let limits = |playouts| tree::Limits {
        playouts,
        deadline: None,
        depth: 8,
    };
    let mut scratch = g.scratch();
    let mut r = rng(5);
    t.grow(&g, limits(12), &mut r, &mut scratch, &mut |_, _| {});
    let tried: Vec<Move> = t.root_stats(0).iter().map(|x| x.mv).collect();
    let untried: Vec<Move> = legal(&g, &s)
        .into_iter()
        .filter(|m| !tried.contains(m))
        .collect();
    assert!(!tried.is_empty() && !untried.is_empty());
    t.allow(&untried);
    let before = t.visits();
    let done = t.grow(&g, limits(60), &mut r, &mut scratch, &mut |_, _| {});
    let stats = t.root_stats(0);
    let through = |ok: bool| -> u32 {
        stats
            .iter()
            .filter(|x| untried.contains(&x.mv) == ok)
            .map(|x| x.visits)
            .sum()
    };
    assert_eq!(
        through(true),
        done,
        "every new playout went through an allowed decision"
    );
    assert_eq!(
        through(false),
        before,
        "no playout went through a ruled-out one"
    );
}

#[test]
fn where_the_score_never_varies_the_playouts_go_on_to_the_end() {
    // Two runners on files of their own: nothing is ever taken, so material is 0 in every
    // position and an estimate at the depth cap says nothing. The player who cannot move
    // wins: each has twenty cells to run, so red wins by running them in ten moves (a1a3,
    // then steps of two) and loses after a1a2 (eleven moves at least). Only playouts
    // played to the end see it (every game lasts more than 8 decisions). With the flat
    // estimate the search split its playouts evenly and kept the first decision.
    let rules = r#"
        game "Misere race"
        players red blue
        board grid 2 x 21 files "ab"
        dirs forward = mirrored n
        piece runner R r { move ride forward max 2 to empty }
        ending "no moves" if no_moves => mover wins
        start "1r/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/R1 r"
    "#;
    let g = bundled("race", rules, &[]);
    let s = g.start_state(0).expect("start");
    let moves = legal(&g, &s);
    let texts: Vec<String> = moves
        .iter()
        .map(|m| g.move_text_among(&moves, *m))
        .collect();
    assert_eq!(texts, ["a1a2", "a1a3"]);
    // A playout's first loss can hold a decision down for a while at the exploration
    // weight of 0.25 (tree.rs), so a few seeds of twelve may still keep a1a2.
    let long = (0..12)
        .filter(|&seed| {
            let c = Mind::new(Agent::Mcts(Search::playouts(400))).choose(
                &g,
                &s,
                &moves,
                &mut rng(seed),
                &mut g.scratch(),
                None,
            );
            g.move_text_among(&moves, c.mv) == "a1a3" && c.win > 0.5
        })
        .count();
    assert!(long >= 9, "a1a3 chosen at {long} seeds of 12");
}

#[test]
fn a_decision_that_leads_back_to_where_the_turn_has_been_is_not_taken() {
    // Red may flip a flag as often as it likes (a free action: the turn goes on) or move
    // its runner, which loses at once. The checks rule the move out, so a search that
    // looks no further than that flips the flag for ever; a flip back to a position
    // already met this turn is no progress, and the move is what is left.
    let rules = r#"
        game "Stall"
        players red blue
        board grid 1 x 3 files "a"
        dirs forward = mirrored n
        var flag = 0
        piece runner R r { move step forward to empty }
        action flip free then set flag = 1 - flag
        ending "ran" if height(a2) > 0 => mover wins
        start "r/1/R r"
    "#;
    let g = bundled("stall", rules, &[]);
    let mut s = g.start_state(0).expect("start");
    let text = |s: &State, m: Move| g.move_text_among(&legal(&g, s), m);
    let mut mind = Mind::new(Agent::Mcts(Search::playouts(50)));
    let mut r = rng(1);
    let mut made = Vec::new();
    for _ in 0..4 {
        let moves = legal(&g, &s);
        let c = mind.choose(&g, &s, &moves, &mut r, &mut g.scratch(), None);
        made.push(text(&s, c.mv));
        if made.last().is_some_and(|m| m != "flip") {
            break;
        }
        mind.observe(&g, c.mv);
        g.apply(&mut s, c.mv);
    }
    assert_eq!(made, ["flip", "a1a2"], "{made:?}");
}

fn tablut() -> Game {
    let rules = include_str!("../../../rulesets/tablut.tessel");
    bundled("tablut", rules, &[])
}

#[test]
fn a_decision_that_lets_the_opponent_reach_a_fork_is_avoided() {
    // Tablut after 1. f1h1 e7b7 2. e1f1 b7a7 3. e8a8 e6d6 (game 23 of `tessel analyze
    // tablut --agents normal,greedy --seed 1 --playouts 500`): black played f9f6, and
    // white's e5e7 opened the leader two lines to the edge (a7 and i7); black could close
    // one. No decision of black's lets the leader out at once, so the one-reply check
    // keeps them all.
    let g = tablut();
    let s = g
        .parse_position("3bbb3/b8/9/b2w4b/bbwwKwwbb/b3w3b/4w4/4b4/3b1b1b1 b", 0)
        .expect("position");
    let moves = legal(&g, &s);
    let text = |m: Move| g.move_text_among(&moves, m);
    let by_text = |t: &str| moves.iter().copied().find(|&m| text(m) == t).expect(t);
    let safe = tactics::safe(&g, &s, &moves, &mut g.scratch(), 100_000, None);
    assert_eq!(safe.len(), moves.len());
    let mut scratch = g.scratch();
    let mut fork = |m: Move, budget: usize| {
        let mut left = budget;
        tactics::fork(&g, &s, m, &mut scratch, &mut left, None)
    };
    let replies_of = |f: tactics::Fork| match f {
        tactics::Fork::Allowed(r) => Some(r),
        _ => None,
    };
    let r = replies_of(fork(by_text("f9f6"), 1_000_000)).expect("f9f6 allows a fork");
    let mut t = s.clone();
    g.apply(&mut t, by_text("f9f6"));
    assert_eq!(g.move_text_among(&legal(&g, &t), r), "e5e7");
    assert_eq!(fork(by_text("f9f6"), 0), tactics::Fork::Unknown);
    assert_eq!(fork(by_text("f9f6"), 10), tactics::Fork::Unknown);
    // Closing the row beforehand leaves no fork there.
    let allowing: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| replies_of(fork(m, 1_000_000)).is_some())
        .collect();
    assert!(allowing.len() < moves.len(), "some decision allows no fork");
    // The search (at the budget of that run) plays none of the decisions that allow one.
    for seed in 0..6 {
        let c = Mind::new(Agent::Mcts(Search::playouts(500))).choose(
            &g,
            &s,
            &moves,
            &mut rng(seed),
            &mut g.scratch(),
            None,
        );
        assert!(!allowing.contains(&c.mv), "seed {seed}: {}", text(c.mv));
    }
}
