//! Asymmetric sets (2.0.23): each set dealt from the standard start, its own checkmates and disarm.

use super::*;

fn with_sets(white: &str, black: &str) -> Game {
    common::load(
        "rulesets/veney.tessel",
        &[("white_set", white), ("black_set", black)],
    )
}

#[test]
fn each_set_deals_its_own_pieces_from_the_standard_start() {
    // (set, the start with white playing it, the start with black playing it)
    let std = "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4";
    for (set, as_white, as_black) in [
        (
            "standard",
            format!("{std} w DGLJUdglju"),
            format!("{std} w DGLJUdglju"),
        ),
        (
            "archives_assassin",
            "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/1DS1/4/4/4 w 3D5Udglju".into(),
            "4/4/4/1sd1/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJU3d5u".into(),
        ),
        (
            "aristocrat",
            format!("{std} w Ddglju"),
            format!("{std} w DGLJUd"),
        ),
        (
            "ceremonial_guard",
            "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/CRSG/4/4/4 w GL2UCdglju".into(),
            "4/4/4/gsrc/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUgl2uc".into(),
        ),
        (
            "illusionist",
            "4/4/4/bsrc/eeee/4/4/4/4/4/4/EEEE/C1SB/4/4/4 w DGLJUdglju".into(),
            "4/4/4/bs1c/eeee/4/4/4/4/4/4/EEEE/CRSB/4/4/4 w DGLJUdglju".into(),
        ),
        (
            "incomplete",
            format!("{std} w dglju"),
            format!("{std} w DGLJU"),
        ),
    ] {
        for (g, want) in [
            (with_sets(set, "standard"), as_white),
            (with_sets("standard", set), as_black),
        ] {
            let p = g.position_string(&g.start_state(0).expect("start"));
            assert_eq!(p, format!("{want} 0 1 2 8 1"), "{set}");
        }
    }
}

#[test]
fn the_illusionist_s_cloak_lantern_and_jutsu_may_checkmate() {
    // Black's Self on X13 (no Balance: no control); white's Cloak on W11 and Jutsu on X11;
    // white's Self and Lantern below.
    let p = "4/4/4/1src/eeee/CJ2/4/4/4/4/4/EEEE/2S1/4/4/4 w Ldglju 0 1 2 8 1";
    let illusionist = with_sets("illusionist", "standard");
    let t = texts(&illusionist, &at(&illusionist, p));
    assert!(t.contains(&"CtX13#".to_string()), "{t:?}");
    assert!(t.contains(&"JtX13#".to_string()), "{t:?}");
    let standard = game();
    let t = texts(&standard, &at(&standard, p));
    assert!(!t.iter().any(|m| m.ends_with('#')), "{t:?}");
    // The Lantern, sliding within its Self's measure onto the opposing Self.
    let p = "4/4/4/4/4/4/4/4/1s2/4/S2L/4/4/4/4/4 w dglju 0 1 2 8 1";
    let t = texts(&illusionist, &at(&illusionist, p));
    assert!(t.contains(&"LtX8#".to_string()), "{t:?}");
    // Touched, the Illusionist may answer with a dying checkmate by the Cloak.
    let p = "4/4/4/1s2/4/C3/4/4/4/4/4/4/2S1/4/4/4 w dglju 0 1 2 8 1";
    let mut s = at(&illusionist, p);
    play(&illusionist, &mut s, &["CtX13#"]);
    let mut scratch = illusionist.scratch();
    let o = illusionist
        .status(&s, &mut scratch)
        .expect("black cannot answer");
    assert_eq!(o.winner(), Some(0));
}

#[test]
fn a_swordless_player_is_disarmed_only_when_their_set_has_no_blade_left() {
    let mut scratch = game().scratch();
    // The Illusionist with only the Cloak on the board is armed, and so with those that may
    // checkmate in reserve (fended, they come in again); with none of Dagger, Cloak,
    // Lantern, Jutsu on the board or in reserve, disarmed.
    let g = with_sets("illusionist", "standard");
    let armed = "4/4/4/1sr1/4/4/4/4/4/4/4/4/C1S1/4/4/4 w - 0 1 2 8 1";
    assert!(g.status(&at(&g, armed), &mut scratch).is_none());
    let in_reserve = "4/4/4/1sr1/4/4/4/4/4/4/4/4/B1S1/4/4/4 w J 0 1 2 8 1";
    assert!(g.status(&at(&g, in_reserve), &mut scratch).is_none());
    let bare = "4/4/4/1sr1/4/4/4/4/4/4/4/4/B1S1/4/4/4 w G 0 1 2 8 1";
    let o = g.status(&at(&g, bare), &mut scratch).expect("disarmed");
    assert_eq!(o.ending, "checkmate by disarm");
    // The Archives Assassin: a Dagger in reserve is still a blade, and comes in (at most
    // two on the board at a time).
    let g = with_sets("archives_assassin", "standard");
    let one = "4/4/4/1sr1/4/4/4/4/4/4/4/4/1DS1/4/4/4 w 2D 0 1 2 8 1";
    let t = texts(&g, &at(&g, one));
    assert!(t.iter().any(|m| m.starts_with("D*")), "{t:?}");
    let two = "4/4/4/1sr1/4/4/4/4/4/4/4/4/DDS1/4/4/4 w 2D 0 1 2 8 1";
    let t = texts(&g, &at(&g, two));
    assert!(!t.iter().any(|m| m.starts_with("D*")), "{t:?}");
    let stocked = "4/4/4/1sr1/4/4/4/4/4/4/4/4/2S1/4/4/4 w D 0 1 2 8 1";
    assert!(g.status(&at(&g, stocked), &mut scratch).is_none());
    let spent = "4/4/4/1sr1/4/4/4/4/4/4/4/4/2S1/4/4/4 w - 0 1 2 8 1";
    let o = g.status(&at(&g, spent), &mut scratch).expect("disarmed");
    assert_eq!(o.ending, "checkmate by disarm");
}

#[test]
fn a_seeded_random_game_for_every_set_against_the_standard_set() {
    use rand::SeedableRng;
    for set in [
        "archives_assassin",
        "aristocrat",
        "ceremonial_guard",
        "illusionist",
    ] {
        for (white, black) in [(set, "standard"), ("standard", set)] {
            let g = with_sets(white, black);
            let mut s = g.start_state(7).expect("start");
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
            let mut scratch = g.scratch();
            let o = g
                .random_playout(&mut s, &mut rng, 20_000, &mut scratch)
                .unwrap_or_else(|| panic!("{white} v {black} ends"));
            assert!(
                o.ending.contains("checkmate") || o.ending.contains("draw"),
                "{white} v {black}: {}",
                o.ending
            );
        }
    }
}
