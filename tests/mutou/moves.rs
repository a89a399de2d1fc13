//! Layouts, moves and wafers: the set layouts, Walkers, Anglers and Jaggers, resting and the bank,
//! captures, Rand and the called choice, change of allegiance, the board drawn.

use super::*;

#[test]
fn the_set_layouts_give_every_player_a_stand_of_edge_joined_squares() {
    for players in 2..=10 {
        let g = game(&[("players", &players.to_string())]);
        let s = g.start_state(0).expect("start");
        assert_eq!(var(&g, &s, "stage", 0), 1, "{players} players");
        for p in 0..players as u8 {
            let mine = bases(&g, &s, p);
            assert_eq!(mine.len(), 4, "{players} players, seat {p}");
            // Edge-contiguous: one group by edge links.
            let name = |c: usize| g.board.cell_names[c].clone();
            let mut edge_group = vec![name(mine[0])];
            let mut todo = vec![name(mine[0])];
            while let Some(c) = todo.pop() {
                for t in across(&g, &s, &c) {
                    if mine.iter().any(|&m| name(m) == t) && !edge_group.contains(&t) {
                        edge_group.push(t.clone());
                        todo.push(t);
                    }
                }
            }
            assert_eq!(
                edge_group.len(),
                4,
                "{players} players, seat {p}: stand not joined"
            );
            // Each player: 2 Blood, 12 shakken, 3 wafers (the friendly tier).
            let total: i64 = mine
                .iter()
                .map(|&c| {
                    [
                        "bloods_on",
                        "walkers_on",
                        "anglers_on",
                        "jaggers_on",
                        "rands_on",
                    ]
                    .iter()
                    .map(|v| var(&g, &s, v, c))
                    .sum::<i64>()
                })
                .sum();
            assert_eq!(total, 12);
            assert_eq!(var(&g, &s, "blood", p as usize), 2);
            assert_eq!(var(&g, &s, "wafers_held", p as usize), 3);
        }
    }
    // The high tier: eight bases a player; ten players need a larger square.
    let g = game(&[("players", "10"), ("tier", "high")]);
    let mut s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    assert_eq!(var(&g, &s, "stage", 0), 3);
    let o = g.status(&s, &mut scratch).expect("over at once");
    assert!(o.ending.contains("too small"), "{}", o.ending);
    let g = game(&[("players", "10"), ("tier", "high"), ("side", "21")]);
    s = g.start_state(0).expect("start");
    assert_eq!(bases(&g, &s, 9).len(), 8);
    // Each number can be overridden.
    let g = game(&[("bases", "2"), ("walkers", "5"), ("wafers", "7")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(bases(&g, &s, 0).len(), 2);
    assert_eq!(var(&g, &s, "wafers_held", 1), 7);
    let walkers: i64 = bases(&g, &s, 0)
        .iter()
        .map(|&c| var(&g, &s, "walkers_on", c))
        .sum();
    assert_eq!(walkers, 5);
}

#[test]
fn walkers_anglers_and_jaggers_move_once_a_shak_within_the_wafer_points() {
    let g = game(&[]);
    let mut s = g.start_state(0).expect("start");
    // A red base on e5 with one Walker, one Angler and one Jagger; a blue one far away.
    only(
        &g,
        &mut s,
        &[("e5", 0, [1, 1, 1, 1, 0]), ("a11", 1, [1, 0, 0, 0, 0])],
    );
    set(&g, &mut s, "points", 0, 3);
    let all = moves_from(&g, &s, "e5");
    // Walker (or Blood) across the four edges, Angler across the four corners, and the
    // Jagger's twelve.
    assert_eq!(all.len(), 4 + 4 + 12, "{all:?}");
    play(&g, &mut s, &["e5e6"]);
    assert_eq!(var(&g, &s, "units", 0), 1);
    // The Walker is used; the Blood still walks.
    assert!(moves_from(&g, &s, "e6").contains(&"e7".to_string()));
    play(&g, &mut s, &["e6e7", "e7f8"]);
    // Three units of three: only the pass is left.
    assert_eq!(var(&g, &s, "units", 0), 3);
    assert_eq!(texts(&g, &s), vec!["pass"]);
    // No wafer was lost: one piece, each use a shak of its own.
    assert_eq!(var(&g, &s, "wafers_held", 0), 3);
}

#[test]
fn resting_gains_a_wafer_from_the_bank_or_banks_the_entitlement() {
    let g = game(&[("bank", "1")]);
    let mut s = g.start_state(0).expect("start");
    play(&g, &mut s, &["rest"]);
    assert_eq!(var(&g, &s, "wafers_held", 0), 4);
    assert_eq!(var(&g, &s, "bank_held", 0), 0);
    // Blue rests with the bank empty: the entitlement is banked.
    play(&g, &mut s, &["rest"]);
    assert_eq!(var(&g, &s, "wafers_held", 1), 3);
    assert_eq!(var(&g, &s, "owed", 1), 1);
    // A wafer comes back to the bank (red's extra move pays one), and blue's next
    // entitlement cashes both: two wafers.
    let red = bases(&g, &s, 0);
    let (a, b) = (
        g.board.cell_names[red[0]].clone(),
        g.board.cell_names[red[1]].clone(),
    );
    let first = moves_from(&g, &s, &a)[0].clone();
    play(&g, &mut s, &[&format!("{a}{first}")]);
    let second = moves_from(&g, &s, &b)
        .into_iter()
        .next()
        .expect("the second base may move");
    play(&g, &mut s, &[&format!("{b}{second}"), "pass"]);
    assert_eq!(
        var(&g, &s, "wafers_held", 0),
        3,
        "the extra move cost a wafer"
    );
    assert_eq!(var(&g, &s, "bank_held", 0), 1);
    set(&g, &mut s, "bank_held", 0, 2);
    play(&g, &mut s, &["rest"]);
    assert_eq!(var(&g, &s, "wafers_held", 1), 5);
    assert_eq!(var(&g, &s, "owed", 1), 0);
}

#[test]
fn a_kind_used_up_may_be_used_again_for_a_wafer_unless_extra_moves_are_off() {
    for (option, allowed) in [("on", true), ("off", false)] {
        let g = game(&[("extra_moves", option)]);
        let mut s = position(
            &g,
            &[("e5", 0, [1, 1, 0, 0, 0]), ("a11", 1, [1, 0, 0, 0, 0])],
            Some(3),
        );
        play(&g, &mut s, &["e5e6", "e6e7"]);
        // Walker and Blood both used: a third step needs a wafer.
        let more = moves_from(&g, &s, "e7");
        assert_eq!(
            more.contains(&"e8".to_string()),
            allowed,
            "{option}: {more:?}"
        );
        if allowed {
            play(&g, &mut s, &["e7e8"]);
            assert_eq!(var(&g, &s, "wafers_held", 0), 2);
            assert_eq!(var(&g, &s, "bank_held", 0), 11);
        }
    }
}

#[test]
fn a_capture_hands_over_shakken_and_the_last_blood_ends_a_player() {
    let g = game(&[("players", "3")]);
    let mut s = g.start_state(0).expect("start");
    // Red's e5 (Blood, Walker) next to green's e6 (its only Blood, a Jagger, a Rand);
    // blue far away.
    only(
        &g,
        &mut s,
        &[
            ("e5", 0, [1, 1, 0, 0, 0]),
            ("e6", 2, [1, 0, 0, 1, 1]),
            ("g9", 2, [0, 1, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
    );
    set(&g, &mut s, "points", 0, 3);
    set(&g, &mut s, "wafers_held", 2, 4);
    set(&g, &mut s, "alive", 0, 3);
    play(&g, &mut s, &["e5e6"]);
    // Green's last Blood is gone: green is out, its wafers are red's, its pieces leave.
    assert_eq!(var(&g, &s, "blood", 2), 0);
    assert_eq!(var(&g, &s, "alive", 0), 2);
    assert_eq!(var(&g, &s, "wafers_held", 0), 3 + 4);
    assert_eq!(var(&g, &s, "wafers_held", 2), 0);
    assert!(s.cells[cell(&g, "g9")].is_none());
    // The captured base's shakken: red may take them onto e6, a wafer-point each.
    let t = texts(&g, &s);
    for a in ["take_blood", "take_jagger", "take_rand"] {
        assert!(t.contains(&a.to_string()), "{a}: {t:?}");
    }
    assert!(!t.contains(&"take_walker".to_string()));
    play(&g, &mut s, &["take_blood", "take_jagger"]);
    let e6 = cell(&g, "e6");
    assert_eq!(var(&g, &s, "bloods_on", e6), 2);
    assert_eq!(var(&g, &s, "jaggers_on", e6), 1);
    assert_eq!(var(&g, &s, "blood", 0), 2);
    // Three units spent: the Rand must stay behind.
    assert!(!texts(&g, &s).contains(&"take_rand".to_string()));
    play(&g, &mut s, &["pass", "rest"]);
    // Green, out, can only pass.
    assert_eq!(texts(&g, &s), vec!["pass"]);
}

#[test]
fn the_last_player_with_blood_wins() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &[("e5", 0, [1, 1, 0, 0, 0]), ("e6", 1, [1, 0, 0, 0, 0])],
        Some(3),
    );
    play(&g, &mut s, &["e5e6"]);
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(o.ending, "one player still has Blood");
    assert_eq!(o.winner(), Some(0));
}

#[test]
fn the_computer_rates_blood_first_and_greedy_takes_a_base_with_blood() {
    use tessel_interpreter::agent::Agent;
    let g = game(&[]);
    // Red's e5 (Blood, Walker) next to blue's e6 (Blood); blue's a11 keeps blue in.
    let s = position(
        &g,
        &[
            ("e5", 0, [1, 1, 0, 0, 0]),
            ("e6", 1, [1, 0, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    let before = [g.score(&s, 0), g.score(&s, 1)];
    let mut taken = s.clone();
    play(&g, &mut taken, &["e5e6"]);
    let after = [g.score(&taken, 0), g.score(&taken, 1)];
    // Red's bases less blue's: blue's base with Blood is gone.
    assert!(after[0] > before[0], "red gains: {before:?} -> {after:?}");
    assert!(after[1] < before[1], "blue loses: {before:?} -> {after:?}");
    // A base lost counts for less than a Blood: blue keeps two bases, one Blood between them.
    let mut spread = s.clone();
    set(&g, &mut spread, "bloods_on", cell(&g, "e6"), 0);
    set(&g, &mut spread, "blood", 1, 1);
    let mut one_base = s.clone();
    one_base.cells[cell(&g, "e6")] = Piece::NONE;
    set(&g, &mut one_base, "blood", 1, 1);
    assert!(g.score(&one_base, 1) < g.score(&spread, 1));
    // Greedy, the capture of a base with Blood among red's decisions, takes it.
    let mut legal = Vec::new();
    let mut scratch = g.scratch();
    g.legal_moves(&s, &mut legal, &mut scratch.state);
    let mut rng = <rand_pcg::Pcg64Mcg as SeedableRng>::seed_from_u64(1);
    let m = Agent::Greedy.choose(&g, &s, &legal, &mut rng, &mut scratch);
    assert_eq!(g.move_text_among(&legal, m), "e5e6");
}

#[test]
fn seeded_random_games_of_two_three_and_six_players_end() {
    for players in ["2", "3", "6"] {
        let (ending, plies) = random_game(players, 1);
        assert_eq!(ending, "one player still has Blood", "{players} players");
        assert!(plies > 20);
        assert_eq!(random_game(players, 1), (ending, plies), "replayable");
    }
}

#[test]
fn a_rand_goes_to_the_farthest_tessel_the_two_counts_allow() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &[("e5", 0, [1, 0, 0, 0, 1]), ("a11", 1, [1, 0, 0, 0, 0])],
        Some(3),
    );
    // An odd first count ends on an edge: the second counts edges. Two edges: the
    // farthest tessels are two Walker steps away, and the mover chooses among them.
    play(&g, &mut s, &["rand@e5", "_rand_first=3", "_rand_count=2"]);
    assert_eq!(
        moves_from(&g, &s, "e5"),
        ["c5", "d4", "d6", "e3", "e7", "f4", "f6", "g5"]
    );
    // Nothing else may be done until the piece has gone.
    assert!(!texts(&g, &s).contains(&"pass".to_string()));
    play(&g, &mut s, &["e5e7"]);
    assert_eq!(var(&g, &s, "units", 0), 1, "the Rand cost one unit");
    // Its one Rand is used: another use costs a wafer.
    play(&g, &mut s, &["rand@e7", "_rand_first=2", "_rand_count=1"]);
    assert_eq!(var(&g, &s, "wafers_held", 0), 2);
    // An even first count ends on a vertex: Angler crossings.
    assert_eq!(moves_from(&g, &s, "e7"), ["d6", "d8", "f6", "f8"]);
    // Far counts stop at the edge of the area: the farthest there is.
    let mut s = position(
        &g,
        &[("a1", 0, [1, 0, 0, 0, 1]), ("k11", 1, [1, 0, 0, 0, 0])],
        Some(3),
    );
    play(&g, &mut s, &["rand@a1", "_rand_first=1", "_rand_count=6"]);
    let far = moves_from(&g, &s, "a1");
    assert_eq!(far.len(), 7, "{far:?}");
    assert!(far.contains(&"a7".to_string()) && far.contains(&"g1".to_string()));
}

#[test]
fn after_a_move_the_others_may_call_a_choice_which_moves_the_piece_again_as_rand() {
    let g = game(&[("players", "3"), ("choices", "on")]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 1, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
            ("k11", 2, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    set(&g, &mut s, "alive", 0, 3);
    play(&g, &mut s, &["e5e6"]);
    // Blue is asked first (the next in turn order), and may call or let it be.
    assert_eq!(s.to_move, 1);
    let mut asked = texts(&g, &s);
    asked.sort();
    assert_eq!(asked, ["call_match", "call_toss", "pass"]);
    play(&g, &mut s, &["pass"]);
    // Then green, who calls: an open toss of one quandar.
    assert_eq!(s.to_move, 2);
    play(&g, &mut s, &["call_toss", "_q1=2"]);
    // The caller's wafer is the called player's.
    assert_eq!(var(&g, &s, "wafers_held", 2), 2);
    assert_eq!(var(&g, &s, "wafers_held", 0), 4);
    // Back to red, who must now move e6 twice as Rand: first one edge …
    assert_eq!(s.to_move, 0);
    assert_eq!(texts(&g, &s), ["choice_rand"]);
    play(
        &g,
        &mut s,
        &["choice_rand", "_rand_first=1", "_rand_count=1"],
    );
    assert_eq!(moves_from(&g, &s, "e6"), ["d6", "e5", "e7", "f6"]);
    play(&g, &mut s, &["e6e7"]);
    // … then again, from where it went (no window opens for these moves).
    assert_eq!(s.to_move, 0);
    play(&g, &mut s, &["_rand_first=2", "_rand_count=1"]);
    assert_eq!(moves_from(&g, &s, "e7"), ["d6", "d8", "f6", "f8"]);
    play(&g, &mut s, &["e7f8"]);
    // The choice's moves done, blue, who has not called on this move, may call too
    // (issue 17, item 3: more than one player may call); blue declines.
    assert_eq!(s.to_move, 1);
    play(&g, &mut s, &["pass"]);
    // The choice's moves cost no units: red has two of three left, and goes on.
    assert_eq!(s.to_move, 0);
    assert_eq!(var(&g, &s, "units", 0), 1);
    assert!(moves_from(&g, &s, "f8").contains(&"f9".to_string()));
    play(&g, &mut s, &["f8f9", "pass", "pass", "pass"]);
    assert_eq!(s.to_move, 1, "red's turn ended after the others declined");

    // Two quandarinn matched: the difference; equal faces do nothing. (They were two
    // dice thrown; now each player sets one: see the test of matched quandarinn.)
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 1, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
            ("k11", 2, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    play(
        &g,
        &mut s,
        &["e5e6", "call_match", "face_4", "face_4", "uncover", "pass"],
    );
    assert_eq!(s.to_move, 0);
    assert!(texts(&g, &s).contains(&"pass".to_string()));

    // With choices off, nobody is asked.
    let g = game(&[("choices", "off")]);
    let mut s = position(
        &g,
        &[("e5", 0, [1, 1, 0, 0, 0]), ("a11", 1, [1, 0, 0, 0, 0])],
        Some(3),
    );
    play(&g, &mut s, &["e5e6"]);
    assert_eq!(s.to_move, 0);
}

#[test]
fn a_change_of_allegiance_trades_the_moving_piece_for_the_target() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 1, 0, 0, 0]),
            ("c3", 0, [1, 0, 0, 0, 0]),
            ("e6", 1, [1, 0, 2, 0, 0]),
            ("k11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    let t = moves_from(&g, &s, "e5");
    assert!(
        t.contains(&"e6".to_string()) && t.contains(&"e6^".to_string()),
        "{t:?}"
    );
    play(&g, &mut s, &["e5e6^"]);
    let (e5, e6) = (cell(&g, "e5"), cell(&g, "e6"));
    // The target is red's now, with its own shakken; the moving piece has left play.
    assert!(s.cells[e5].is_none());
    assert_eq!(s.cells[e6].owner(), 0);
    assert_eq!(var(&g, &s, "anglers_on", e6), 2);
    assert_eq!(var(&g, &s, "blood", 0), 2);
    assert_eq!(var(&g, &s, "blood", 1), 1);
    // It may not move again free this turn; the removed piece's shakken may be moved onto
    // it, a wafer-point each.
    assert!(texts(&g, &s).contains(&"take_walker".to_string()));
    play(&g, &mut s, &["take_walker", "take_blood"]);
    assert_eq!(var(&g, &s, "walkers_on", e6), 1);
    assert_eq!(var(&g, &s, "blood", 0), 3);
    // Trading away one's last Blood puts one out.
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 1, 0, 0, 0]),
            ("e6", 1, [0, 1, 0, 0, 0]),
            ("k11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    play(&g, &mut s, &["e5e6^"]);
    assert_eq!(var(&g, &s, "blood", 0), 0);
    assert_eq!(var(&g, &s, "gone", 0), 1);
    let mut scratch = g.scratch();
    let o = g.status(&s, &mut scratch).expect("over");
    assert_eq!(o.winner(), Some(1));
}

#[test]
fn render_draws_the_playing_area_with_the_stacks_of_shakken() {
    let g = game(&[("players", "3")]);
    let s = g.start_state(0).expect("start");
    let svg = tessel::render::svg(&g, &s);
    // Twelve bases, each with a stack of three shakken, and a key to the colours, by the
    // values' labels.
    assert_eq!(svg.matches("width=\"12\" height=\"4\"").count(), 3 * 12);
    assert!(svg.contains(">Bloods<") && svg.contains(">Rands<"), "{svg}");
}

#[test]
fn under_every_option_a_player_always_has_a_decision_until_the_end() {
    for opts in [
        vec![("form", "cooperative"), ("players", "3")],
        vec![("distribution", "chosen"), ("players", "2")],
        vec![("players", "6"), ("tier", "common"), ("side", "13")],
        vec![("players", "2"), ("extra_moves", "off")],
        vec![("players", "4"), ("defeated", "stay")],
    ] {
        let mut all = opts.clone();
        all.push(("choices", "on"));
        let g = game(&all);
        for seed in 0..6u64 {
            let mut s = g.start_state(seed).expect("start");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut scratch = g.scratch();
            let o = g.random_playout(&mut s, &mut rng, 20_000, &mut scratch);
            assert!(o.is_some(), "{opts:?} seed {seed}: stuck or unfinished");
        }
    }
}
