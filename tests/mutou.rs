//! MuTou (rulesets/mutou.tessel): the set layouts for 2 to 10 players, the standard
//! distribution of shakken, Walker/Angler/Jagger moves paid in wafer-points, wafer
//! accounting (rest, the bank and banked entitlements, extra moves, defeat), capture with
//! the transfer of shakken, and whole seeded games.

mod common;

use common::{across, cell, play, texts};
use rand::SeedableRng;
use tessel_interpreter::{Game, Piece, State};

const MUTOU: &str = "rulesets/mutou.tessel";

/// The ruleset with options; without `choices`, played without called choices (the
/// tests of choices ask for them), so that each test sees only what it is about.
fn game(options: &[(&str, &str)]) -> Game {
    let mut all: Vec<(&str, &str)> = options.to_vec();
    if !options.iter().any(|(k, _)| *k == "choices") {
        all.push(("choices", "off"));
    }
    common::load(MUTOU, &all)
}

fn var(g: &Game, s: &State, name: &str, index: usize) -> i64 {
    g.var(s, name, index)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

fn set(g: &Game, s: &mut State, name: &str, index: usize, value: i64) {
    assert!(g.set_var(s, name, index, value), "{name}[{index}]");
}

/// The cells holding `player`'s bases.
fn bases(g: &Game, s: &State, player: u8) -> Vec<usize> {
    (0..g.board.cells())
        .filter(|&c| !s.cells[c].is_none() && s.cells[c].owner() == player)
        .collect()
}

/// A board with only the bases given: (cell, owner, [blood, walker, angler, jagger, rand]).
fn only(g: &Game, s: &mut State, pieces: &[(&str, u8, [i64; 5])]) {
    for c in 0..g.board.cells() {
        s.cells[c] = Piece::NONE;
    }
    s.buried.clear();
    for p in 0..g.players() {
        set(g, s, "blood", p, 0);
    }
    for &(name, owner, shakken) in pieces {
        let c = cell(g, name);
        s.cells[c] = Piece::new(0, owner);
        for (v, n) in [
            "bloods_on",
            "walkers_on",
            "anglers_on",
            "jaggers_on",
            "rands_on",
        ]
        .iter()
        .zip(shakken)
        {
            set(g, s, v, c, n);
        }
        set(g, s, "_seat", c, owner as i64);
        let b = var(g, s, "blood", owner as usize);
        set(g, s, "blood", owner as usize, b + shakken[0]);
    }
    // As a turn begins again: what the turn works out from the board (reach) is redone.
    g.begin_turn(s);
}

/// The start of a game of `g` with only the bases given on the board (see `only`), a turn
/// of the first player begun, with `points` wafer-points for it when given.
fn position(g: &Game, pieces: &[(&str, u8, [i64; 5])], points: Option<i64>) -> State {
    let mut s = g.start_state(0).expect("start");
    only(g, &mut s, pieces);
    if let Some(p) = points {
        set(g, &mut s, "points", 0, p);
    }
    s
}

/// The moves of the piece on `from`, as destinations, sorted.
fn moves_from(g: &Game, s: &State, from: &str) -> Vec<String> {
    let mut t: Vec<String> = texts(g, s)
        .into_iter()
        .filter_map(|m| m.strip_prefix(from).map(str::to_string))
        .collect();
    t.sort();
    t
}

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

fn random_game(players: &str, seed: u64) -> (String, u32) {
    let g = game(&[("players", players), ("choices", "on")]);
    let mut s = g.start_state(seed).expect("start");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut scratch = g.scratch();
    let o = g
        .random_playout(&mut s, &mut rng, 200_000, &mut scratch)
        .expect("the game ends");
    (o.ending, s.ply)
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
    // Twelve bases, each with a stack of three shakken, and a key to the colours.
    assert_eq!(svg.matches("width=\"12\" height=\"4\"").count(), 3 * 12);
    assert!(svg.contains(">bloods_on<") && svg.contains(">rands_on<"));
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

#[test]
fn the_private_distribution_is_hidden_until_every_player_is_done() {
    let g = game(&[
        ("distribution", "chosen"),
        ("bases", "2"),
        ("bloods", "1"),
        ("walkers", "1"),
        ("anglers", "0"),
        ("jaggers", "0"),
        ("rands", "0"),
    ]);
    let mut s = g.start_state(0).expect("start");
    let red = bases(&g, &s, 0);
    let blue = bases(&g, &s, 1);
    let name = |c: usize| g.board.cell_names[c].clone();
    let mut t = texts(&g, &s);
    t.sort();
    // Only putting shakken on one's own bases: no moves, no pass, no rest.
    assert!(t.iter().all(|m| m.starts_with("put_")), "{t:?}");
    play(
        &g,
        &mut s,
        &[
            &format!("put_blood@{}", name(red[0])),
            &format!("put_walker@{}", name(red[1])),
        ],
    );
    // Red is done; nothing shows yet.
    assert_eq!(s.to_move, 1);
    assert_eq!(var(&g, &s, "bloods_on", red[0]), 0);
    play(
        &g,
        &mut s,
        &[
            &format!("put_blood@{}", name(blue[1])),
            &format!("put_walker@{}", name(blue[1])),
        ],
    );
    // Everyone is done: every base shows what it carries, and play begins.
    assert_eq!(var(&g, &s, "stage", 0), 1);
    assert_eq!(var(&g, &s, "bloods_on", red[0]), 1);
    assert_eq!(var(&g, &s, "walkers_on", red[1]), 1);
    assert_eq!(var(&g, &s, "walkers_on", blue[1]), 1);
    assert_eq!(var(&g, &s, "blood", 1), 1);
    assert_eq!(s.to_move, 0);
    assert!(texts(&g, &s).contains(&"rest".to_string()));
}

#[test]
fn in_the_cooperative_form_the_game_stops_when_all_agree() {
    let g = game(&[("form", "cooperative"), ("players", "3")]);
    let mut s = g.start_state(0).expect("start");
    let mut scratch = g.scratch();
    play(&g, &mut s, &["agree_to_stop", "agree_to_stop"]);
    assert!(g.status(&s, &mut scratch).is_none());
    // Green rests instead: the agreement is withdrawn, and must begin again.
    play(&g, &mut s, &["rest", "agree_to_stop", "agree_to_stop"]);
    assert!(g.status(&s, &mut scratch).is_none());
    play(&g, &mut s, &["agree_to_stop"]);
    let o = g.status(&s, &mut scratch).expect("stopped");
    assert_eq!(o.ending, "all players agreed to stop");
    assert_eq!(o.scores, vec![0.5; 3]);
}

#[test]
fn altering_pieces_moves_shakken_between_bases_for_the_tessels_crossed() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 2, 0, 0, 0]),
            ("f6", 0, [1, 0, 0, 0, 0]),
            ("h5", 0, [0, 0, 1, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    play(&g, &mut s, &["pick@e5", "give_walker@f6"]);
    let (e5, f6) = (cell(&g, "e5"), cell(&g, "f6"));
    assert_eq!(var(&g, &s, "walkers_on", e5), 1);
    assert_eq!(var(&g, &s, "walkers_on", f6), 1);
    assert_eq!(
        var(&g, &s, "units", 0),
        1,
        "a vertex neighbour: one alteration"
    );
    // Altering pieces excludes moving them in the same turn (the basic game).
    assert!(moves_from(&g, &s, "e5").is_empty());
    // h5 is three crossings from e5: three units, and only two are left.
    let t = texts(&g, &s);
    assert!(!t.contains(&"give_walker@h5".to_string()), "{t:?}");
    assert!(t.contains(&"give_walker@f6".to_string()));

    // The advanced game mixes them; a far base costs more.
    let g = game(&[("mixed", "true")]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 2, 0, 0, 0]),
            ("h5", 0, [0, 0, 1, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        None,
    );
    set(&g, &mut s, "points", 0, 5);
    play(&g, &mut s, &["pick@e5", "give_walker@h5"]);
    assert_eq!(var(&g, &s, "units", 0), 3);
    assert!(moves_from(&g, &s, "e5").contains(&"e6".to_string()));
}

#[test]
fn a_choice_called_on_an_alteration_shares_out_the_heap() {
    let g = game(&[("choices", "on")]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 2, 0, 0, 0]),
            ("f6", 0, [1, 0, 1, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    play(&g, &mut s, &["pick@e5", "give_walker@f6"]);
    // Blue calls: a toss of 2. The two bases' five shakken go into one heap, and blue
    // puts two of them.
    assert_eq!(s.to_move, 1);
    play(&g, &mut s, &["call_toss", "_q1=2"]);
    assert_eq!(var(&g, &s, "heap_w", 0), 2);
    assert_eq!(s.to_move, 1, "the caller shares out first");
    let mut t = texts(&g, &s);
    t.sort();
    assert!(t.contains(&"heap_walker@e5".to_string()), "{t:?}");
    play(&g, &mut s, &["heap_blood@f6", "heap_blood@f6"]);
    // Back to red, who must put the rest (three) before anything else.
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    assert!(t.iter().all(|m| m.starts_with("put_back_")), "{t:?}");
    play(
        &g,
        &mut s,
        &[
            "put_back_walker@e5",
            "put_back_walker@e5",
            "put_back_angler@e5",
        ],
    );
    let (e5, f6) = (cell(&g, "e5"), cell(&g, "f6"));
    assert_eq!(var(&g, &s, "bloods_on", f6), 2);
    assert_eq!(var(&g, &s, "bloods_on", e5), 0);
    assert_eq!(var(&g, &s, "walkers_on", e5), 2);
    assert_eq!(var(&g, &s, "anglers_on", e5), 1);
    assert!(texts(&g, &s).contains(&"pass".to_string()));
}

#[test]
fn a_drawn_playing_area_gives_the_stands_and_is_played_on() {
    let g = common::load("rulesets/mutou-drawn.tessel", &[("choices", "off")]);
    let s = g.start_state(0).expect("start");
    let names = |p: u8| -> Vec<String> {
        bases(&g, &s, p)
            .into_iter()
            .map(|c| g.board.cell_names[c].clone())
            .collect()
    };
    assert_eq!(names(0), ["a1", "a2", "a3", "a4"]);
    assert_eq!(names(1), ["g1", "g2", "g3", "g4"]);
    let mut green = names(2);
    green.sort();
    assert_eq!(green, ["b5", "c6", "d7", "e6"]);
    // The hand-drawn wedge is a neighbour of g1 and g2 across edges.
    assert_eq!(across(&g, &s, "wedge"), ["g1", "g2"]);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2);
    let mut s = s;
    let mut scratch = g.scratch();
    let o = g
        .random_playout(&mut s, &mut rng, 100_000, &mut scratch)
        .expect("ends");
    assert_eq!(o.ending, "one player still has Blood");
}

/// Regression numbers: decision sequences from the two-player start, every decision a
/// person (or chance) could make counted — with called choices, the other player's
/// answer after each move is a decision too.
#[test]
fn perft_from_the_two_player_start() {
    // (Altering only one's own bases, as before issue 17's item 4.)
    let g = game(&[
        ("choices", "on"),
        ("alterations", "off"),
        ("alter_bases", "own"),
    ]);
    let s = g.start_state(0).expect("start");
    assert_eq!(
        (1..=4).map(|d| g.perft(&s, d)).collect::<Vec<_>>(),
        [24, 212, 1757, 11496]
    );
    // Altering any bases: the other player's four may be picked too.
    let g = game(&[("choices", "on"), ("alterations", "off")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(
        (1..=4).map(|d| g.perft(&s, d)).collect::<Vec<_>>(),
        [28, 376, 4093, 38452]
    );
    let g = game(&[("alterations", "off"), ("alter_bases", "own")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 3), 16527);
    // With the playing area altered too (splits and merges within reach). (21172 before
    // a mark had to lead to an alteration: after `split_b@k1` one tessel within reach
    // could be marked though nothing could be joined to it.)
    let g = game(&[("choices", "on"), ("alter_bases", "own")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(
        (1..=3).map(|d| g.perft(&s, d)).collect::<Vec<_>>(),
        [69, 1257, 21171]
    );
}

#[test]
fn render_draws_a_drawn_area_as_its_polygons_with_the_stacks() {
    let g = common::load("rulesets/mutou-drawn.tessel", &[]);
    let s = g.start_state(0).expect("start");
    let svg = tessel::render::svg(&g, &s);
    // 37 hexagons, the wedge and the spur; twelve bases with three shakken each.
    assert_eq!(svg.matches("<polygon").count(), 39);
    assert_eq!(svg.matches("width=\"12\" height=\"4\"").count(), 36);
}

#[test]
fn chance_may_elect_the_first_player() {
    let g = game(&[("players", "3"), ("first", "chance")]);
    let mut s = g.start_state(0).expect("start");
    // The throw waits before anything else; the player it names begins.
    assert!(g.waiting_chance(&s).is_some());
    play(&g, &mut s, &["_first=2"]);
    assert_eq!(s.to_move, 1);
    assert!(texts(&g, &s).contains(&"rest".to_string()));
}

#[test]
fn altering_the_playing_area_splits_merges_and_splices_within_reach() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &[("e5", 0, [1, 1, 0, 0, 0]), ("a11", 1, [1, 0, 0, 0, 0])],
        Some(3),
    );
    let t = texts(&g, &s);
    // Out of reach: tessels that do not touch red's pieces.
    assert!(
        t.contains(&"split_a@e5".to_string()) && t.contains(&"split_a@f6".to_string()),
        "{t:?}"
    );
    assert!(!t.contains(&"split_a@h8".to_string()));
    play(&g, &mut s, &["split_a@f6"]);
    let x1 = cell(&g, "x1");
    assert!(
        g.bd(&s).outlines[x1].len() == 3,
        "the new tessel is a triangle"
    );
    assert_eq!(var(&g, &s, "units", 0), 1);
    // Altering the area excludes moving pieces in the same turn.
    assert!(moves_from(&g, &s, "e5").is_empty());
    // Merging e5's neighbour across an edge (empty, within reach) into e5.
    let t = texts(&g, &s);
    let merge = t
        .iter()
        .find(|m| m.starts_with("merge_") && m.ends_with("@e5"))
        .expect("a merge")
        .clone();
    play(&g, &mut s, &[&merge]);
    let e5 = cell(&g, "e5");
    let area = s.area.clone().expect("the area as it stands");
    assert_eq!(
        area.drawing.tessels[e5].len(),
        4,
        "two squares make a rectangle"
    );
    // A splice of two tessels' open edges (a person marks the first): d1 and h1 are joined,
    // and then the splice is taken away again.
    let mut s = position(
        &g,
        &[
            ("d1", 0, [1, 1, 0, 0, 0]),
            ("h1", 0, [1, 0, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    play(&g, &mut s, &["mark@h1", "mark@d1", "splice_to@h1"]);
    let walk = across(&g, &s, "d1");
    assert!(walk.contains(&"h1".to_string()), "{walk:?}");
    play(&g, &mut s, &["unsplice_from@h1"]);
    assert_eq!(var(&g, &s, "units", 0), 2);
}

#[test]
fn a_choice_called_on_an_area_alteration_lets_the_caller_interpolate_alterations() {
    let g = game(&[("choices", "on")]);
    let mut s = position(
        &g,
        &[("e5", 0, [1, 1, 0, 0, 0]), ("k11", 1, [1, 0, 0, 0, 0])],
        Some(3),
    );
    play(&g, &mut s, &["split_a@e5"]);
    // Blue calls, tosses a 1: blue makes one alteration of its own, within its reach.
    play(&g, &mut s, &["call_toss", "_q1=1"]);
    assert_eq!(s.to_move, 1);
    let t = texts(&g, &s);
    assert!(t.contains(&"i_split@k11".to_string()), "{t:?}");
    assert!(
        !t.contains(&"i_split@e6".to_string()),
        "red's side is out of blue's reach"
    );
    play(&g, &mut s, &["i_split@k11"]);
    // Back to red, whose turn goes on.
    assert_eq!(s.to_move, 0);
    assert_eq!(g.bd(&s).outlines[cell(&g, "x2")].len(), 3);
    assert!(texts(&g, &s).contains(&"pass".to_string()));
}

// ---- Computer players alter the playing area (issue 17, item 5) --------------------------

/// A seeded game between `agent`s (at most `max_plies` decisions), with the number of
/// times each action was taken, by name (`splice_to`, `merge_in`, …; moves are not
/// counted).
fn agent_game(
    g: &Game,
    agent: &tessel_interpreter::Agent,
    seed: u64,
    max_plies: u32,
) -> std::collections::BTreeMap<String, u32> {
    use tessel_interpreter::Actor;
    let mut s = g.start_state(seed).expect("start");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut scratch = g.scratch();
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    let mut kinds = std::collections::BTreeMap::new();
    while s.ply < max_plies {
        match g.actor(&s, &mut scratch) {
            Actor::Nobody => break,
            Actor::Chance => {
                let m = g.sample_chance(&mut s).expect("an outcome");
                g.apply(&mut s, m);
            }
            Actor::Player(_) => {
                g.legal_moves(&s, &mut legal, &mut tmp);
                let m = agent.choose(g, &s, &legal, &mut rng, &mut scratch, 200);
                if m.is_action() {
                    let text = g.move_text_among(&legal, m);
                    let name = text.split('@').next().unwrap_or("").to_string();
                    *kinds.entry(name).or_insert(0) += 1;
                }
                g.apply(&mut s, m);
            }
        }
    }
    kinds
}

#[test]
fn computer_players_make_every_alteration_of_the_playing_area_a_person_can() {
    // Random players, with alterations on: over a few seeded games they split, merge
    // across an edge, and — marking a tessel first — splice.
    let g = game(&[("choices", "off")]);
    let agent = tessel_interpreter::Agent::Random;
    let mut all = std::collections::BTreeMap::new();
    for seed in 1..=3 {
        for (k, n) in agent_game(&g, &agent, seed, 3000) {
            *all.entry(k).or_insert(0) += n;
        }
    }
    let count = |k: &str| all.get(k).copied().unwrap_or(0);
    assert!(count("split_a") + count("split_b") > 0, "{all:?}");
    assert!(count("mark") > 0, "{all:?}");
    assert!(count("splice_to") > 0, "{all:?}");
    // The same seed, the same game.
    assert_eq!(
        agent_game(&g, &agent, 2, 3000),
        agent_game(&g, &agent, 2, 3000)
    );
}

// ---- Scribing the playing area (`layout=scribed`, issue 17, item 6) ----------------------

/// The texts of the legal decisions at `s`, chance outcomes included.
fn outcome_texts(g: &Game, s: &State) -> Vec<String> {
    let mut legal = Vec::new();
    let mut tmp = g.empty_state(0);
    g.legal_moves(s, &mut legal, &mut tmp);
    legal
        .iter()
        .map(|m| {
            if m.is_chance() {
                g.chance_text(s, *m)
            } else {
                g.move_text_among(&legal, *m)
            }
        })
        .collect()
}

#[test]
fn the_players_outline_cut_and_sow_the_playing_area_then_play_on_it() {
    // Two bases and two shakken a player, so that the scribing is short.
    let g = game(&[
        ("layout", "scribed"),
        ("bases", "2"),
        ("bloods", "1"),
        ("walkers", "1"),
        ("anglers", "0"),
        ("jaggers", "0"),
        ("rands", "0"),
    ]);
    let mut s = g.start_state(0).expect("start");
    // Outlining: no pieces yet; red (the first player) chooses where the zones begin on
    // the rim — not inside it.
    assert_eq!(var(&g, &s, "stage", 0), 5);
    assert!(bases(&g, &s, 0).is_empty() && bases(&g, &s, 1).is_empty());
    let t = texts(&g, &s);
    assert!(t.contains(&"outline@a1".to_string()), "{t:?}");
    assert!(!t.contains(&"outline@e5".to_string()) && !t.contains(&"pass".to_string()));
    play(&g, &mut s, &["outline@a1"]);
    // Cutting: blue claims a zone (the half from k11 round to a2); red, the outliner, gets
    // the one left (a1 round to k10), with no choice.
    assert_eq!((var(&g, &s, "stage", 0), s.to_move), (6, 1));
    play(&g, &mut s, &["claim@a11"]);
    assert_eq!((var(&g, &s, "stage", 0), s.to_move), (7, 0));
    assert_eq!(var(&g, &s, "_my_zone", 0), 0);
    assert_eq!(var(&g, &s, "_my_zone", 1), 1);
    // Sowing: red casts each shak; it falls in red's zone, never in blue's or on a shak.
    assert_eq!(texts(&g, &s), ["cast"]);
    play(&g, &mut s, &["cast"]);
    let falls = outcome_texts(&g, &s);
    assert!(falls.contains(&"_cast=e1".to_string()), "{falls:?}");
    assert!(!falls.contains(&"_cast=e11".to_string()), "{falls:?}");
    play(&g, &mut s, &["_cast=e1", "cast"]);
    assert!(!outcome_texts(&g, &s).contains(&"_cast=e1".to_string()));
    play(&g, &mut s, &["_cast=f2"]);
    // The stand: two tessels of the zone joined by an edge (e1 and f2 are not).
    play(&g, &mut s, &["stand_on@e1"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"stand_on@f1".to_string()), "{t:?}");
    assert!(!t.contains(&"stand_on@f2".to_string()), "{t:?}");
    play(&g, &mut s, &["stand_on@f1"]);
    // Drawing the shak's tessel on f2 larger: g2 scribed into it.
    let grow = texts(&g, &s)
        .into_iter()
        .find(|m| m.starts_with("grow_") && m.ends_with("@g2"))
        .expect("g2 may join f2's tessel");
    play(&g, &mut s, &[&grow]);
    let (f2, g2) = (cell(&g, "f2"), cell(&g, "g2"));
    let area = s.area.clone().expect("the area as scribed");
    assert!(area.drawing.tessels[g2].is_empty(), "g2 is part of f2 now");
    assert!(across(&g, &s, "f2").contains(&"h2".to_string()));
    assert_eq!(
        area.drawing.tessels[f2].len(),
        4,
        "f2 and g2 make a rectangle"
    );
    play(&g, &mut s, &["sown"]);
    // Blue sows.
    assert_eq!(s.to_move, 1);
    play(&g, &mut s, &["cast", "_cast=e11", "cast", "_cast=c10"]);
    play(&g, &mut s, &["stand_on@e11", "stand_on@d11", "sown"]);
    // Setting out: the bases stand on the stands, and red begins the first turn.
    assert_eq!(var(&g, &s, "stage", 0), 1);
    assert_eq!(s.to_move, 0);
    assert_eq!(s.turns, 0);
    let named = |p: u8| -> Vec<String> {
        let mut v: Vec<String> = bases(&g, &s, p)
            .into_iter()
            .map(|c| g.board.cell_names[c].clone())
            .collect();
        v.sort();
        v
    };
    assert_eq!(named(0), ["e1", "f1"]);
    assert_eq!(named(1), ["d11", "e11"]);
    assert_eq!(var(&g, &s, "blood", 0), 1);
    // Play goes on over the area as scribed: the Walker (dealt to f1) steps onto the wider
    // tessel f2.
    let walker = bases(&g, &s, 0)
        .into_iter()
        .find(|&c| var(&g, &s, "walkers_on", c) == 1)
        .expect("a walker");
    let from = g.board.cell_names[walker].clone();
    assert!(
        moves_from(&g, &s, &from).contains(&"f2".to_string()),
        "{:?}",
        moves_from(&g, &s, &from)
    );
}

#[test]
fn a_seeded_game_scribes_its_area_plays_on_it_and_replays() {
    for players in ["2", "3"] {
        let options = [("layout", "scribed"), ("players", players)];
        let g = game(&options);
        let opts: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .chain([("choices".to_string(), "off".to_string())])
            .collect();
        let mut record = tessel::record::Record::new("mutou", &opts, 4, None);
        let mut s = g.start_state(4).expect("start");
        common::play_recorded(&g, &mut s, &mut record, &[], 4, 600, false);
        // The area was scribed (every player sowed, some tessels drawn larger) and play
        // went on from it.
        assert_eq!(var(&g, &s, "stage", 0), 1, "{players} players");
        assert!(s.turns > 0 && record.decisions.iter().any(|d| d.starts_with("grow_")));
        assert_eq!(
            record.decisions.iter().filter(|d| *d == "sown").count(),
            players.parse::<usize>().unwrap()
        );
        let area = s.area.clone().expect("the area as it stands");
        assert!(area.drawing.tessels.iter().any(|t| t.len() > 4));
        for p in 0..g.players() as u8 {
            assert!(!bases(&g, &s, p).is_empty() || var(&g, &s, "blood", p as usize) == 0);
        }
        // The record replays to the same position and the same area.
        let (_, back) = tessel::record::replay(&g, &record).expect("replays");
        assert_eq!(g.position_string(&back), g.position_string(&s));
        assert_eq!(
            back.area.expect("area").drawing.tessels,
            area.drawing.tessels
        );
        // And as a game text in the ruleset's notation, read back.
        let text = tessel::record::game_text(&g, &record).expect("writes");
        let again = tessel::record::from_game_text(&g, "mutou", &opts, None, &text).expect("reads");
        assert_eq!(again.decisions, record.decisions, "{text}");
    }
}

#[test]
fn a_scribed_area_never_leaves_a_player_without_a_decision() {
    for opts in [
        vec![
            ("players", "4"),
            ("distribution", "chosen"),
            ("first", "chance"),
        ],
        vec![("players", "2"), ("side", "4")],
        vec![("players", "5"), ("tier", "common"), ("side", "9")],
    ] {
        let mut all = opts.clone();
        all.extend([("layout", "scribed"), ("choices", "on")]);
        let g = game(&all);
        for seed in 0..2u64 {
            let mut s = g.start_state(seed).expect("start");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut scratch = g.scratch();
            let o = g.random_playout(&mut s, &mut rng, 20_000, &mut scratch);
            let o = o.unwrap_or_else(|| panic!("{opts:?} seed {seed}: unfinished"));
            assert_eq!(
                o.ending, "one player still has Blood",
                "{opts:?} seed {seed}"
            );
        }
    }
    // On a drawn area there is no ruled surface to scribe on: the game says so.
    let g = common::load("rulesets/mutou-drawn.tessel", &[("layout", "scribed")]);
    let s = g.start_state(0).expect("start");
    let o = g.status(&s, &mut g.scratch()).expect("over");
    assert_eq!(
        o.ending,
        "layout=scribed needs the square surface of mutou, not a drawn area"
    );
}

/// Issue 17, item 1: a Rand with no tessel to go to offered every tessel out of play
/// (unreachable, like the target it lacked). The piece stays; no move lands outside the
/// area as it stands.
#[test]
fn a_rand_with_no_target_stays_and_never_leaves_the_area() {
    let g = game(&[]);
    // Red's a1 hemmed in by its own bases across both edges: one edge reaches nothing.
    let mut s = position(
        &g,
        &[
            ("a1", 0, [1, 0, 0, 0, 1]),
            ("a2", 0, [1, 0, 0, 0, 0]),
            ("b1", 0, [0, 0, 0, 0, 0]),
            ("k11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    play(&g, &mut s, &["rand@a1", "_rand_first=1", "_rand_count=1"]);
    assert!(moves_from(&g, &s, "a1").is_empty(), "{:?}", texts(&g, &s));
    assert_eq!(texts(&g, &s), ["rand_stays"]);
    play(&g, &mut s, &["rand_stays"]);
    assert!(s.cells[cell(&g, "a1")].owner() == 0);
    assert!(texts(&g, &s).contains(&"pass".to_string()));
}

/// Issue 17, item 1: in seeded random games with choices, no move offered ever lands on
/// a tessel that is not in the area as it stands, and the games end.
#[test]
fn in_seeded_games_no_move_lands_outside_the_area() {
    use rand::Rng;
    let g = game(&[("choices", "on")]);
    for seed in 0..4u64 {
        let mut s = g.start_state(seed).expect("start");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut scratch = g.scratch();
        let mut legal = Vec::new();
        let mut tmp = g.empty_state(0);
        let mut over = false;
        for _ in 0..100_000 {
            if let Some(m) = g.sample_chance(&mut s) {
                g.apply(&mut s, m);
                continue;
            }
            if g.status(&s, &mut scratch).is_some() {
                over = true;
                break;
            }
            g.legal_moves(&s, &mut legal, &mut tmp);
            g.drop_manual(&mut legal);
            for m in &legal {
                if !m.is_pass() && m.from != u16::MAX && m.to != u16::MAX {
                    let area = s.area.as_ref().expect("the area as it stands");
                    assert!(
                        !area.rings[m.to as usize].is_empty(),
                        "seed {seed}: a move to {} off the area",
                        g.board.cell_names[m.to as usize]
                    );
                }
            }
            let m = legal[rng.random_range(0..legal.len())];
            g.apply(&mut s, m);
        }
        assert!(over, "seed {seed}: unfinished");
    }
}

/// Issue 17, item 2: "every piece is restricted in its range for each move to a maximum of
/// ten move units" — even with wafer-points and wafers for extra uses to spare, a piece
/// moves at most ten units a turn (one piece made 13 moves after extra wafers).
#[test]
fn a_piece_moves_at_most_ten_units_a_turn() {
    let g = game(&[]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 1, 0, 1, 1]),
            ("c3", 0, [1, 0, 0, 0, 0]),
            ("k11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(14),
    );
    set(&g, &mut s, "wafers_held", 0, 20);
    // Ten Walker (and Blood) steps back and forth: eight of them paid for with a wafer.
    for i in 0..10 {
        let m = if i % 2 == 0 { "e5e6" } else { "e6e5" };
        play(&g, &mut s, &[m]);
    }
    assert_eq!(var(&g, &s, "units", 0), 10);
    assert_eq!(var(&g, &s, "wafers_held", 0), 12);
    // Four wafer-points and wafers left, but e5 has used its ten units: no Walker, Jagger
    // or Rand use; another piece may still move.
    let t = texts(&g, &s);
    assert!(moves_from(&g, &s, "e5").is_empty(), "{t:?}");
    assert!(!t.contains(&"rand@e5".to_string()), "{t:?}");
    assert!(!moves_from(&g, &s, "c3").is_empty(), "{t:?}");
}

/// Issue 17, item 3: "the simultaneous uncovering and matching of two quandarinn by the
/// caller and the called player" — each sets a face in secret (not two dice thrown), and
/// the difference is the total; "any player may call", so after one call the others who
/// have not called yet are asked again.
#[test]
fn matched_quandarinn_are_set_in_secret_and_more_than_one_player_may_call() {
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
    play(&g, &mut s, &["e5e6", "call_match"]);
    // Blue paid red a wafer; red, the called player, sets a face first: one of the
    // quandar's six, and nothing else (no pass, no chance).
    assert_eq!(var(&g, &s, "wafers_held", 1), 2);
    assert_eq!(var(&g, &s, "wafers_held", 0), 4);
    assert_eq!(s.to_move, 0);
    assert!(g.waiting_chance(&s).is_none());
    let mut t = texts(&g, &s);
    t.sort();
    assert_eq!(
        t,
        ["face_1", "face_2", "face_3", "face_4", "face_5", "face_6"]
    );
    let face = g
        .program
        .actions
        .iter()
        .find(|a| a.name == "face_5")
        .expect("face_5");
    assert!(face.secret, "a face is set in secret");
    play(&g, &mut s, &["face_5"]);
    // Then blue, the caller, sets theirs, and uncovers both: 5 and 2 make 3.
    assert_eq!(s.to_move, 1);
    play(&g, &mut s, &["face_2"]);
    assert_eq!(texts(&g, &s), ["uncover"]);
    play(&g, &mut s, &["uncover"]);
    assert_eq!(var(&g, &s, "_choice_left", 0), 3);
    // Three Rand moves of e6, then green, who has not called, may call too.
    assert_eq!(s.to_move, 0);
    play(
        &g,
        &mut s,
        &["choice_rand", "_rand_first=1", "_rand_count=1", "e6e7"],
    );
    play(&g, &mut s, &["_rand_first=1", "_rand_count=1", "e7e8"]);
    play(&g, &mut s, &["_rand_first=1", "_rand_count=1", "e8e9"]);
    assert_eq!(s.to_move, 2, "green is asked after blue's call");
    let mut t = texts(&g, &s);
    t.sort();
    assert_eq!(t, ["call_match", "call_toss", "pass"]);
    play(&g, &mut s, &["call_toss", "_q1=1"]);
    assert_eq!(var(&g, &s, "wafers_held", 0), 5);
    play(
        &g,
        &mut s,
        &["choice_rand", "_rand_first=1", "_rand_count=1", "e9e10"],
    );
    // Both have called on this move: nobody is asked again, red goes on.
    assert_eq!(s.to_move, 0);
    assert!(texts(&g, &s).contains(&"pass".to_string()));
}

/// Issue 17, item 4: "the player moves a shak from one piece to another" — any two bases,
/// not only the mover's own (option `alter_bases=own` keeps to one's own). Blood moved
/// counts for the players who hold it; the last Blood taken off a player puts them out.
#[test]
fn altering_pieces_moves_shakken_between_any_bases() {
    let g = game(&[("players", "3")]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 0, 0, 0, 0]),
            ("e6", 1, [1, 2, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
            ("f6", 2, [1, 0, 1, 0, 0]),
        ],
        Some(3),
    );
    set(&g, &mut s, "alive", 0, 3);
    set(&g, &mut s, "wafers_held", 2, 4);
    // Blue's walker onto red's base, then green's angler onto blue's.
    play(&g, &mut s, &["pick@e6", "give_walker@e5"]);
    let (e5, e6, f6) = (cell(&g, "e5"), cell(&g, "e6"), cell(&g, "f6"));
    assert_eq!(var(&g, &s, "walkers_on", e5), 1);
    assert_eq!(var(&g, &s, "walkers_on", e6), 1);
    play(&g, &mut s, &["pick@f6", "give_angler@e6"]);
    assert_eq!(var(&g, &s, "anglers_on", e6), 1);
    // Green's only Blood onto red's base: red has two, green none and is out, its
    // wafers red's.
    play(&g, &mut s, &["give_blood@e5"]);
    assert_eq!(var(&g, &s, "bloods_on", e5), 2);
    assert_eq!(var(&g, &s, "blood", 0), 2);
    assert_eq!(var(&g, &s, "blood", 2), 0);
    assert_eq!(var(&g, &s, "gone", 2), 1);
    assert_eq!(var(&g, &s, "alive", 0), 2);
    assert_eq!(var(&g, &s, "wafers_held", 0), 3 + 4);
    assert!(s.cells[f6].is_none(), "green's pieces leave play");

    // Blood in the heap of a called choice is not lost while it waits to be put back.
    let g = game(&[("choices", "on")]);
    let mut s = position(
        &g,
        &[
            ("e5", 0, [1, 2, 0, 0, 0]),
            ("f6", 0, [0, 0, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    play(
        &g,
        &mut s,
        &["pick@e5", "give_walker@f6", "call_toss", "_q1=1"],
    );
    play(&g, &mut s, &["heap_walker@f6", "put_back_walker@e5"]);
    assert_eq!(var(&g, &s, "gone", 0), 0, "red's Blood waits in the heap");
    play(&g, &mut s, &["put_back_blood@e5"]);
    assert_eq!(var(&g, &s, "blood", 0), 1);

    // With `alter_bases=own`, only one's own bases.
    let g = game(&[("alter_bases", "own")]);
    let s = position(
        &g,
        &[
            ("e5", 0, [1, 1, 0, 0, 0]),
            ("f6", 0, [1, 0, 0, 0, 0]),
            ("e6", 1, [1, 2, 0, 0, 0]),
        ],
        Some(3),
    );
    let t = texts(&g, &s);
    assert!(
        t.contains(&"pick@e5".to_string()) && !t.contains(&"pick@e6".to_string()),
        "{t:?}"
    );
}

/// Issue 17, item 8: a layout that cannot be played says why, and what would do.
#[test]
fn an_unplayable_layout_says_what_would_do() {
    let ending = |g: &Game| {
        let s = g.start_state(0).expect("start");
        let mut scratch = g.scratch();
        g.status(&s, &mut scratch).expect("over at once").ending
    };
    let g = game(&[("tier", "high"), ("players", "10")]);
    assert_eq!(
        ending(&g),
        "the set layout is too small: 10 stands of 8 bases need -o side=21 or more"
    );
    let g = game(&[("tier", "high"), ("players", "10"), ("side", "21")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(var(&g, &s, "stage", 0), 1, "side 21 holds them");
    let g = game(&[("layout", "drawn")]);
    assert!(
        ending(&g).starts_with("layout=drawn needs a drawn area whose tessels mark the stands"),
        "{}",
        ending(&g)
    );
}
