//! Rules that played differently from the seed (issue 17): Rand with no target, the ten move
//! units, matched quandarinn, altering between any bases, layouts that say what would do.

use super::*;

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
                        !area.ring(m.to as usize).is_empty(),
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
