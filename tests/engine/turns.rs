//! Turns: actions on cells, turn-end constraints, restart and kept variables, seats, kept positions,
//! per-cell variables.

use super::*;

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

#[test]
fn a_numbered_action_is_one_decision_for_each_number() {
    let g = game("tests/data/check/ok/numbered-actions.tessel");
    let mut s = g.start_state(0).expect("start");
    let bids: Vec<String> = texts(&g, &s)
        .into_iter()
        .filter(|t| t.starts_with("bid"))
        .collect();
    // Red's purse holds 3: `bid_4` is not offered.
    assert_eq!(bids, ["bid_1", "bid_2", "bid_3"]);
    play(&g, &mut s, &["bid_2"]);
    assert_eq!(g.var(&s, "offered", 0), Some(2));
    assert_eq!(g.var(&s, "purse", 0), Some(1));
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

/// Three players on three cells, after the one action `act` (its effects `effects`, then
/// the turn's end) was played by the first (`players` may seat fewer).
fn acted(players: &str, vars: &str, effects: &str) -> (Game, tessel_interpreter::State) {
    let g = inline(&format!(
        r#"game "t" players a b c {players} board grid 3 x 1
        {vars}
        piece man M N O {{ inert }}
        action act then {effects}, end turn
        start "3 a""#
    ));
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["act"]);
    (g, s)
}

#[test]
fn each_player_runs_a_block_for_every_seated_player_as_mover() {
    // `each player [if COND] { … }`: `mover` is each seated player in turn (Muso scores
    // every player's kili after each move, whoever moved).
    let (g, s) = acted(
        "",
        "counter pts = 0 per player counter calls = 0",
        "each player { set pts += 1, set calls += 1 },
          each player if mover != turn_player { set pts(mover) += 10 }",
    );
    let pts: Vec<i64> = (0..3).map(|p| g.var(&s, "pts", p).expect("pts")).collect();
    assert_eq!(pts, [1, 11, 11]);
    assert_eq!(g.var(&s, "calls", 0), Some(3));
    // Only the players seated: with two of three, two runs.
    let (g, s) = acted(
        "seated 2",
        "counter calls = 0",
        "each player { set calls += 1 }",
    );
    assert_eq!(g.var(&s, "calls", 0), Some(2));
}

#[test]
fn seat_number_is_the_inverse_of_seat() {
    // `seat_number(PLAYER)`: 0 for the first seated player, …; -1 for no seated player.
    let (g, s) = acted(
        "",
        "counter num = 0 per player counter nobody_n = 0",
        "each player { set num = seat_number(mover) * 10 + seat_number(seat(seat_number(mover))) },
          set nobody_n = seat_number(nobody)",
    );
    let n: Vec<i64> = (0..3).map(|p| g.var(&s, "num", p).expect("num")).collect();
    assert_eq!(n, [0, 11, 22]);
    assert_eq!(g.var(&s, "nobody_n", 0), Some(-1));
}

/// A finished game has no decisions: perft stops where `random` does, not counting pass
/// after pass on a board where both players are stuck (docs 3.19, 4.2).
#[test]
fn perft_and_random_agree_where_a_stuck_game_ends() {
    let g = game(STUCK);
    let s = g.start_state(0).expect("start");
    // x drops (3 cells), o (2), x (1), o is stuck and passes; then x is stuck after a pass.
    let counts: Vec<u64> = (1..=6).map(|d| g.perft(&s, d)).collect();
    assert_eq!(counts, [3, 6, 6, 6, 0, 0]);
    let mut end = s.clone();
    play(&g, &mut end, &["X@a1", "O@b1", "X@c1", "pass"]);
    assert!(g.perft_divide(&end, 3).is_empty());
    let mut scratch = g.scratch();
    assert_eq!(
        g.status(&end, &mut scratch).map(|o| o.ending),
        Some("both stuck".to_string())
    );
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(1);
    let mut r = s.clone();
    let o = g
        .random_playout(&mut r, &mut rng, 100, &mut scratch)
        .expect("ends");
    assert_eq!((o.ending.as_str(), r.ply), ("both stuck", 4));
}

/// A turn of free decisions that never ends it, with a `forbid at turn end` that asks for
/// more of them than a turn can hold: the turn-end look-ahead is bounded (it overflowed
/// the stack, recursing once a decision) and answers that no decision can end the turn.
#[test]
fn a_turn_of_free_decisions_without_end_is_looked_ahead_within_bounds() {
    let g = inline(
        r#"game "t" players white black board grid 3 x 3
        var ticks = 0
        piece man M m { inert }
        action tick free then set ticks += 1
        turn { max 10 }
        forbid at turn end ticks < 2000
        start "2m/3/M2 w""#,
    );
    let s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    let mut out = Vec::new();
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert!(out.is_empty(), "{out:?}");
    // With room enough, the same look-ahead finds the turn's end.
    let g = inline(
        r#"game "t" players white black board grid 3 x 3
        var ticks = 0
        piece man M m { inert }
        action tick free then set ticks += 1
        turn { max 10 pass }
        forbid at turn end ticks < 20
        start "2m/3/M2 w""#,
    );
    let s = g.start_state(0).expect("start");
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert_eq!(
        out.len(),
        1,
        "only the tick: a pass now would end the turn too soon"
    );
}

/// The turn-end look-ahead tries a pass first, on the state the decision leaves; where the
/// pass would break a `forbid at turn end`, the state is made again and the other ways on
/// are searched. A turn must not end with exactly one tick: one tick is legal only
/// because a second can follow, and after it a pass is not legal.
#[test]
fn a_pass_that_cannot_end_the_turn_leaves_the_other_ways_on_to_be_searched() {
    // A game of ticks: the counter's declaration, when a tick is offered, the turn's most
    // decisions; a turn must not end with exactly one tick.
    let ticks = |counter: &str, when: &str, max: u32| {
        inline(&format!(
            r#"game "t" players white black board grid 3 x 1
            counter ticks = 0 {counter}
            piece man M m {{ inert }}
            action tick {when} then set ticks += 1
            turn {{ max {max} pass }}
            forbid at turn end ticks == 1
            start "M1m w""#
        ))
    };
    let g = ticks("reset each turn", "", 3);
    let mut s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    let mut out = Vec::new();
    let kinds = |out: &[Move]| -> Vec<&str> {
        out.iter()
            .map(|m| if m.is_pass() { "pass" } else { "tick" })
            .collect()
    };
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert_eq!(kinds(&out), ["pass", "tick"], "at the turn's start");
    let tick = *out.iter().find(|m| !m.is_pass()).expect("a tick");
    g.apply(&mut s, tick);
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert_eq!(
        kinds(&out),
        ["tick"],
        "after one tick a pass would end the turn with one"
    );
    g.apply(&mut s, tick);
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert_eq!(kinds(&out), ["pass", "tick"], "after two ticks");
    // With a turn of one decision, a tick ends it with one tick: only the pass is left.
    let g = ticks("reset each turn", "", 1);
    let s = g.start_state(0).expect("start");
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert_eq!(kinds(&out), ["pass"]);
    // One tick a player, ever: after it no second can follow, so a tick is not legal. (The
    // search runs from the state the tick left, not from the one the pass tried left,
    // where the other player could end a turn well.)
    let g = ticks("per player", "if ticks == 0", 2);
    let s = g.start_state(0).expect("start");
    g.legal_moves(&s, &mut out, &mut scratch.state);
    assert_eq!(kinds(&out), ["pass"]);
}

#[test]
fn a_named_block_runs_where_do_stands_as_if_written_there() {
    // The block marks the cells holding the mover's stones and counts its runs; it runs
    // after each move and again as the turn ends.
    let g = inline(
        r#"game "t" players a b board grid 3 x 1
        counter runs = 0
        var mine = 0 per cell
        define mark { each cell { set mine(to) = either(friend(to), 1, 0) }, set runs += 1 }
        piece stone S s { move step e w to empty }
        after move { do mark }
        turn { end { if runs > 0 { do mark } } }
        start "S1s a""#,
    );
    let mut s = g.start_state(7).expect("start");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    g.apply(&mut s, g.parse_move("a1b1", &legal).expect("a move"));
    // After the move (mover a): b1 is a's; as the turn ended, the block ran again.
    assert_eq!(g.var(&s, "runs", 0), Some(2));
    assert_eq!(g.var(&s, "mine", 1), Some(1));
    assert_eq!(g.var(&s, "mine", 2), Some(0));
}

#[test]
fn a_move_replayed_where_its_piece_is_gone_lands_nothing() {
    // The search replays stored moves; one replayed on a cell its piece has left must not
    // leave a flagged empty piece there (a later capture of it panicked: shogi, seed 59).
    let g = inline(
        r#"game "t" players a b board grid 3 x 1
        zone hand per player
        captures go to hand of mover
        piece man M N { move step e w to empty or enemy }
        start "M1N a""#,
    );
    let s = g.start_state(0).expect("start");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let m = g.parse_move("a1b1", &legal).expect("a move");
    let mut t = s.clone();
    g.apply(&mut t, m);
    g.apply(&mut t, m);
    assert!(
        !g.position_string(&t).contains('?'),
        "{}",
        g.position_string(&t)
    );
    let mut scratch = g.scratch();
    let mut rng = <rand_pcg::Pcg64Mcg as rand::SeedableRng>::seed_from_u64(1);
    let _ = g.random_playout(&mut t, &mut rng, 50, &mut scratch);
}

#[test]
fn reactions_on_cells_are_offered_where_their_whole_condition_holds() {
    // Each reaction's condition has a part that reads no cell (asked once) and parts that
    // read the cell; the offered reactions are exactly where the whole condition holds.
    let g = inline(
        r#"game "r" players a b board grid 3 x 3
        var points = 1 per player
        piece stone S s { move step n e s w to empty }
        after move { ask others }
        action guard_it on cells reaction if points > 0 and friend(from) and row(from) > 1
          then set points -= 1
        action flee on cells reaction if points == 0 and empty(from) then set points += 1
        action shrug reaction if points > 0
        start "s2/3/SS1 a""#,
    );
    // The decisions offered, in order of their texts.
    let offered = |s: &tessel_interpreter::State| {
        let mut t = texts(&g, s);
        t.sort();
        t
    };
    let s = g.start_state(0).expect("start");
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(&s, &mut legal, &mut tmp);
    let mut s = s.clone();
    g.apply(&mut s, g.parse_move("a1a2", &legal).expect("a move"));
    // Black is asked: its one stone on a3 (row 3) may be guarded; it has a point, so no flee.
    assert_eq!(offered(&s), ["guard_it@a3", "pass", "shrug"]);
    g.legal_moves(&s, &mut legal, &mut tmp);
    g.apply(
        &mut s,
        g.parse_move("guard_it@a3", &legal).expect("a reaction"),
    );
    // Black moves next; after its move white is asked, with a point: its stone on a2 may be
    // guarded, not the one on b1 (row 1).
    g.legal_moves(&s, &mut legal, &mut tmp);
    g.apply(&mut s, g.parse_move("a3b3", &legal).expect("a move"));
    assert_eq!(offered(&s), ["guard_it@a2", "pass", "shrug"]);
    g.legal_moves(&s, &mut legal, &mut tmp);
    g.apply(
        &mut s,
        g.parse_move("guard_it@a2", &legal).expect("a reaction"),
    );
    // White moves on; black, asked with no point left, may only flee to an empty cell.
    g.legal_moves(&s, &mut legal, &mut tmp);
    g.apply(&mut s, g.parse_move("b1c1", &legal).expect("a move"));
    assert_eq!(g.position_string(&s), "1s1/S2/2S b");
    let flee: Vec<String> = ["a1", "a3", "b1", "b2", "c2", "c3"]
        .iter()
        .map(|c| format!("flee@{c}"))
        .chain(["pass".to_string()])
        .collect();
    assert_eq!(offered(&s), flee);
}

#[test]
fn actions_on_cells_sieved_by_per_cell_values_are_offered_where_those_are_set() {
    // Sieves of per-cell values are listed once for the state examined: actions with
    // different sieves each get their own cells, and those that share one the same.
    let g = inline(
        r#"game "v" players a b board grid 4 x 1
        var a_mark = 0 per cell
        var b_mark = 0 per cell
        var pick = 0
        piece man M m { inert }
        setup { set a_mark(a1) = 1, set a_mark(c1) = 1, set b_mark(b1) = 1, set b_mark(d1) = 2 }
        action pa on cells if a_mark(from) == 1
        action pb on cells if b_mark(from) > 0
        action pab on cells if either(pick == 0, a_mark(from), b_mark(from)) == 1
        action pa2 on cells if a_mark(from) == 1 and from != c1
        start "4 a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(
        texts(&g, &s),
        ["pa@a1", "pa@c1", "pb@b1", "pb@d1", "pab@a1", "pab@c1", "pa2@a1"]
    );
}

#[test]
fn actions_on_cells_in_a_region_are_offered_there_only() {
    // `from in R` (or `to`, or `target`: the action's cell each time), also inside a
    // define: the cells of the mover's region are the only ones tried.
    let g = inline(
        r#"game "v" players a b board grid 4 x 2
        region low = rank 1
        region near = mirrored rank 1
        define here(c) = c in near and column(c) > 1
        piece man M m { inert }
        action at_from on cells if from in low and column(from) != 2
        action at_target on cells if target in low and column(target) == 2
        action own on cells if here(from)
        start "4/4 a""#,
    );
    let s = g.start_state(0).expect("start");
    assert_eq!(
        texts(&g, &s),
        [
            "at_from@a1",
            "at_from@c1",
            "at_from@d1",
            "at_target@b1",
            "own@b1",
            "own@c1",
            "own@d1"
        ]
    );
    // The other player's own region is the other rank.
    let s = g.parse_position("4/4 b", 0).expect("position");
    assert_eq!(
        texts(&g, &s),
        [
            "at_from@a1",
            "at_from@c1",
            "at_from@d1",
            "at_target@b1",
            "own@b2",
            "own@c2",
            "own@d2"
        ]
    );
}
