//! Options and the shape of a game: every option set, the private distribution, the cooperative
//! form, altering pieces, drawn areas, perft, the first player, altering the playing area.

use super::*;

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

/// Red's bases on e5 (a Blood and two Walkers), f6 and h5; blue's on a11; three points.
fn bases_to_give_from() -> (Game, State) {
    let g = game(&[]);
    let s = position(
        &g,
        &[
            ("e5", 0, [1, 2, 0, 0, 0]),
            ("f6", 0, [1, 0, 0, 0, 0]),
            ("h5", 0, [0, 0, 1, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    (g, s)
}

#[test]
fn a_base_picked_holds_until_a_shakken_is_given_from_it() {
    // Picking is how a person names the base shakken are given from, no rule of the seed's:
    // a pick could be moved on and on without a give, and the search did (a turn of 2,661
    // picks). Once a pick is made, a give comes next (or anything else the turn allows);
    // after a give, the same base gives on or another is picked.
    let (g, mut s) = bases_to_give_from();
    play(&g, &mut s, &["pick@e5"]);
    let t = texts(&g, &s);
    assert!(!t.iter().any(|m| m.starts_with("pick@")), "{t:?}");
    play(&g, &mut s, &["give_walker@f6"]);
    let t = texts(&g, &s);
    assert!(t.contains(&"pick@f6".to_string()), "{t:?}");
    assert!(t.contains(&"give_walker@f6".to_string()), "{t:?}");
}

#[test]
fn altering_pieces_moves_shakken_between_bases_for_the_tessels_crossed() {
    let (g, mut s) = bases_to_give_from();
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
        [24, 200, 1345, 8056]
    );
    // Altering any bases: the other player's four may be picked too.
    let g = game(&[("choices", "on"), ("alterations", "off")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(
        (1..=4).map(|d| g.perft(&s, d)).collect::<Vec<_>>(),
        [28, 320, 1965, 13244]
    );
    let g = game(&[("alterations", "off"), ("alter_bases", "own")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(g.perft(&s, 3), 16115);
    // With the playing area altered too (splits and merges within reach). (21172 before
    // a mark had to lead to an alteration: after `split_b@k1` one tessel within reach
    // could be marked though nothing could be joined to it; 1257 and 21171 before a mark
    // held until its alteration: a marked tessel could be marked over.)
    // (Every figure here fell when a pick came to hold until a give and to last one
    // turn: before, 212, 1757, 11496; 376, 4093, 38452; 16527; 1167, 13926.)
    let g = game(&[("choices", "on"), ("alter_bases", "own")]);
    let s = g.start_state(0).expect("start");
    assert_eq!(
        (1..=3).map(|d| g.perft(&s, d)).collect::<Vec<_>>(),
        [69, 1155, 12734]
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
        area.drawing().tessels[e5].len(),
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
    play(&g, &mut s, &["mark@d1", "splice_to@h1"]);
    let walk = across(&g, &s, "d1");
    assert!(walk.contains(&"h1".to_string()), "{walk:?}");
    play(&g, &mut s, &["mark@d1", "unsplice_from@h1"]);
    assert_eq!(var(&g, &s, "units", 0), 2);
}

#[test]
fn a_mark_holds_until_its_alteration_is_made() {
    // Marks are how a person names the first of two tessels; they are no rule of the game.
    // One is made once an alteration (take it back with undo): a mark that could be moved
    // on and on gave the computer players a window without end.
    let g = game(&[]);
    let mut s = position(
        &g,
        &[
            ("d1", 0, [1, 1, 0, 0, 0]),
            ("h1", 0, [1, 0, 0, 0, 0]),
            ("a11", 1, [1, 0, 0, 0, 0]),
        ],
        Some(3),
    );
    assert!(texts(&g, &s).contains(&"mark@h1".to_string()));
    play(&g, &mut s, &["mark@d1"]);
    let t = texts(&g, &s);
    assert!(!t.iter().any(|m| m.starts_with("mark@")), "{t:?}");
    assert!(t.contains(&"splice_to@h1".to_string()), "{t:?}");
    play(&g, &mut s, &["splice_to@h1"]);
    assert!(texts(&g, &s).contains(&"mark@d1".to_string()), "a new mark");
}

#[test]
fn a_caller_marks_once_an_interpolated_alteration() {
    let (g, mut s) = after_an_area_alteration();
    play(&g, &mut s, &["call_toss", "_q1=3"]);
    let t = texts(&g, &s);
    let mark = t
        .iter()
        .find(|m| m.starts_with("i_mark@"))
        .unwrap_or_else(|| panic!("blue may mark: {t:?}"))
        .clone();
    play(&g, &mut s, &[&mark]);
    assert_eq!(s.to_move, 1, "blue is asked again");
    let t = texts(&g, &s);
    assert!(!t.iter().any(|m| m.starts_with("i_mark@")), "{t:?}");
    assert!(
        t.iter().any(|m| m.starts_with("i_merge@")
            || m.starts_with("i_splice@")
            || m.starts_with("i_unsplice@")),
        "the mark leads to an alteration: {t:?}"
    );
}

/// Calls on: red (on e5) has split e5, blue (on k11) may call.
fn after_an_area_alteration() -> (Game, State) {
    let g = game(&[("choices", "on")]);
    let mut s = position(
        &g,
        &[("e5", 0, [1, 1, 0, 0, 0]), ("k11", 1, [1, 0, 0, 0, 0])],
        Some(3),
    );
    play(&g, &mut s, &["split_a@e5"]);
    (g, s)
}

#[test]
fn a_choice_called_on_an_area_alteration_lets_the_caller_interpolate_alterations() {
    let (g, mut s) = after_an_area_alteration();
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

#[test]
fn interpolations_left_unmade_lapse_when_the_caller_stops() {
    // "The calling player may interpolate up to the quandar total … in the called
    // player's move sequence as it stands at the time of the call": what the caller leaves
    // unmade is not theirs to make in a later window without a new call.
    let (g, mut s) = after_an_area_alteration();
    play(&g, &mut s, &["call_toss", "_q1=2", "i_split@k11", "pass"]);
    assert_eq!(s.to_move, 0);
    let t = texts(&g, &s);
    let again = t
        .iter()
        .find(|m| m.starts_with("split_a@"))
        .unwrap_or_else(|| panic!("red may alter again: {t:?}"))
        .clone();
    play(&g, &mut s, &[&again]);
    // A new window: blue may call again, but makes no alteration without a call.
    assert_eq!(s.to_move, 1, "blue is asked");
    let t = texts(&g, &s);
    assert!(!t.iter().any(|m| m.starts_with("i_")), "{t:?}");
}
