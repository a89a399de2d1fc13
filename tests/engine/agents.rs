//! Agents that know no game: replayable games, mcts finding a mate in one.

use super::*;

#[test]
fn agents_play_replayable_games() {
    use tessel_interpreter::agent::{Agent, Search};
    let g = game(DICE);
    let start = g.start_state(0).expect("start");
    let agents = [Agent::Mcts(Search::playouts(30)), Agent::Greedy];
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
    use tessel_interpreter::agent::{Agent, Search};
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
    let m = Agent::Mcts(Search::playouts(2000)).choose(&g, &s, &legal, &mut rng, &mut scratch);
    assert_eq!(g.move_text_among(&legal, m), "a1a8");
    let m = Agent::Greedy.choose(&g, &s, &legal, &mut rng, &mut scratch);
    assert_eq!(g.move_text_among(&legal, m), "a1a8");
}
