//! The playing area made and altered by the players: computer players make every alteration,
//! and scribing (`layout=scribed`).

use super::*;

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
                let m = agent.choose(g, &s, &legal, &mut rng, &mut scratch);
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
    assert!(
        area.drawing().tessels[g2].is_empty(),
        "g2 is part of f2 now"
    );
    assert!(across(&g, &s, "f2").contains(&"h2".to_string()));
    assert_eq!(
        area.drawing().tessels[f2].len(),
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
        assert!(area.drawing().tessels.iter().any(|t| t.len() > 4));
        for p in 0..g.players() as u8 {
            assert!(!bases(&g, &s, p).is_empty() || var(&g, &s, "blood", p as usize) == 0);
        }
        // The record replays to the same position and the same area.
        let (_, back) = tessel::record::replay(&g, &record).expect("replays");
        assert_eq!(g.position_string(&back), g.position_string(&s));
        assert_eq!(
            back.area.expect("area").drawing().tessels,
            area.drawing().tessels
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
