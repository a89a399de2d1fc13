//! Move notation: round trips, other writings, turn marks that stand for passes.

use super::*;

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
        "docs/examples/tutorial-6.tessel",
        "rulesets/english-draughts.tessel",
        "rulesets/international-draughts.tessel",
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

/// A drop is written with the mover's own symbol; another player's is refused with the
/// drop's own writing in the message.
#[test]
fn drops_are_written_with_the_movers_own_symbol() {
    let g = game(STUCK);
    let mut s = g.start_state(0).expect("start");
    assert_eq!(texts(&g, &s), ["X@a1", "X@b1", "X@c1"]);
    play(&g, &mut s, &["X@a1"]);
    assert_eq!(texts(&g, &s), ["O@b1", "O@c1"]);
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let refused = g
        .parse_move("X@b1", &legal)
        .expect_err("another player's symbol");
    assert_eq!(
        refused,
        tessel_interpreter::MoveError::OtherSymbol("X@b1".into(), "O@b1".into())
    );
    assert!(refused.to_string().contains("`O@b1`"), "{refused}");
    assert!(g.parse_move("o@b1", &legal).is_ok());
}

/// A chain of jumps is typed as written (capitals or not), or by its start and end alone
/// when only one way joins them; two ways to the same cell need their landings.
#[test]
fn a_chain_of_jumps_is_typed_by_its_landings() {
    let g = game("docs/examples/tutorial-6.tessel");
    let s = g
        .parse_position("6/6/2f3/6/f1f3/1F4 w", 0)
        .expect("position");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    assert_eq!(legal.len(), 1);
    for typed in ["b1xd3xb5", "B1XD3XB5", "b1xb5", "b1b5"] {
        assert_eq!(g.read_move(&s, typed, &legal), Ok(legal[0]), "{typed}");
    }
    // A toad that can go round four frogs either way comes back to its cell twice.
    let s = g
        .parse_position("6/6/1f1f2/6/1f1f2/2T3 w", 0)
        .expect("position");
    g.legal_moves(&s, &mut legal, &mut tmp);
    let texts: Vec<String> = legal
        .iter()
        .map(|m| g.move_text_among(&legal, *m))
        .collect();
    assert!(texts.len() >= 2, "{texts:?}");
    for (m, t) in legal.iter().zip(&texts) {
        assert_eq!(g.read_move(&s, t, &legal), Ok(*m), "{t}");
    }
}

/// A jump's path holds its jumps in order, refuses one more when full, and reads a path
/// that claims more jumps than it holds without failing.
#[test]
fn a_path_holds_its_jumps_and_no_more() {
    use tessel_interpreter::Path;
    let mut p = Path::NONE;
    for i in 0..Path::capacity(5) {
        p = p.then(i % 32, 5).expect("room");
    }
    assert_eq!(u32::from(p.len()), Path::capacity(5));
    assert_eq!(Path::capacity(5), 18);
    assert!(p.then(1, 5).is_none());
    assert!((0..18).all(|i| p.get(i, 5) == i % 32));
    let odd = Path::from_bits(u128::MAX);
    assert_eq!(odd.len(), 63);
    let _ = (0..63).map(|i| odd.get(i, 8)).sum::<u32>();
    assert_eq!(Path::capacity(0), 63);
    assert!(Path::NONE.then(0, 200).is_none());
}
