//! The pieces of Muso: their moves, water, stacks of two, captures, the kili refill.

use super::*;

#[test]
fn waso_leaps_one_or_two_diagonally_and_keeps_off_water() {
    let g = game(&[]);
    // c3: b2, d4 and a1 are telo; the waso leaps over the pipi on d2.
    let s = at(&g, "9/9/9/9/2W6/3P5/9 r", "4/4");
    assert_eq!(targets(&g, &s, "c3"), cells("a5 b4 d2 e1 e5"));
    // d2 holds its own pipi: it may stack there (one target, by stacking).
    assert!(after(&g, &s, "c3d2").starts_with("9/9/9/i7i/9/3P-W5/9"));
}

#[test]
fn kijetesantakalu_jumps_like_a_knight() {
    let g = game(&[]);
    let s = at(&g, "9/9/9/i8/2U6/9/9 r", "4/4");
    // From c3: a2, b1 and e4 are telo; a4 holds a kili, which it may stack on.
    assert_eq!(targets(&g, &s, "c3"), cells("a4 b5 d1 d5 e2"));
}

#[test]
fn akesi_and_kala_are_aquatic() {
    let g = game(&[]);
    let s = at(&g, "9/9/9/9/2A6/9/9 r", "4/4");
    // One diagonally (b2 and d4 are telo: allowed), or exactly two orthogonally.
    assert_eq!(targets(&g, &s, "c3"), cells("a3 b2 b4 c1 c5 d2 d4 e3"));
    let s = at(&g, "9/9/9/9/9/1K7/9 r", "4/4");
    assert_eq!(targets(&g, &s, "b2"), cells("a1 a2 a3 b1 b3 c1 c2 c3"));
}

#[test]
fn soweli_rides_orthogonally_and_stops_at_water() {
    let g = game(&[]);
    let s = at(&g, "9/9/9/i1S6/9/9/9 r", "4/4");
    // East: d4 is telo, which it cannot enter alone nor pass. West: b4, and the kili on a4.
    assert_eq!(targets(&g, &s, "c4"), cells("a4 b4 c1 c2 c3 c5 c6 c7"));
    // On the telo cell d4 stands its own pipi: it may stack there, not go on to e4.
    let s = at(&g, "9/9/9/2SP5/9/9/9 r", "4/4");
    let t = targets(&g, &s, "c4");
    assert!(
        t.contains(&"d4".to_string()) && !t.contains(&"e4".to_string()),
        "{t:?}"
    );
}

#[test]
fn pipi_moves_orthogonally_and_captures_diagonally() {
    let g = game(&[]);
    // c3: moves to b3 c2 c4 d3; a black pipi on d4 (telo) and one on b4.
    let s = at(&g, "9/9/9/1p1p5/2P6/9/9 r", "4/4");
    // It captures b4; d4 is a single piece on telo, which a pipi may not capture.
    assert_eq!(targets(&g, &s, "c3"), cells("b3 b4 c2 c4 d3"));
    // A pipi never captures orthogonally.
    let s = at(&g, "9/9/9/2p6/2P6/9/9 r", "4/4");
    assert!(!targets(&g, &s, "c3").contains(&"c4".to_string()));
}

/// The boards after each decision from `from` to `to` (a plain move and a carry can both
/// go there), sorted.
fn boards(g: &Game, s: &State, from_to: &str) -> Vec<String> {
    let mut b: Vec<String> = texts(g, s)
        .iter()
        .filter(|m| ends(m).is_some_and(|(f, t)| format!("{f}{t}") == from_to))
        .map(|m| {
            after(g, s, m)
                .split(' ')
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    b.sort();
    b
}

#[test]
fn stacks_hold_two_and_only_the_top_moves() {
    let g = game(&[]);
    // A red kala stacks on its own pipi at c4 ...
    let s = at(&g, "9/9/9/2P6/2K6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3c4"), ["9/9/9/i1P-K5i/9/9/9"]);
    // ... but not on a stack of two.
    let s = at(&g, "9/9/9/2P-W6/2K6/9/9 r", "4/4");
    assert!(!targets(&g, &s, "c3").contains(&"c4".to_string()));
    // The top moves alone (the pipi stays, trapped no more) or carries the pipi.
    let s = at(&g, "9/9/9/9/2P-K6/9/9 r", "4/4");
    assert_eq!(
        boards(&g, &s, "c3d3"),
        ["9/9/9/i7i/2PK5/9/9", "9/9/9/i7i/3P-K5/9/9"]
    );
    // The pipi beneath cannot move on its own.
    for m in texts(&g, &s)
        .iter()
        .filter(|m| ends(m).is_some_and(|(f, _)| f == "c3"))
    {
        let rows: Vec<String> = after(&g, &s, m).split('/').map(str::to_string).collect();
        assert_ne!(rows[4], "2K6", "{m}: the pipi moved from under the kala");
    }
}

#[test]
fn captures_take_the_top_of_a_stack_and_carry_captures_a_single_piece() {
    let g = game(&[]);
    // The kala captures the black waso on top of a black pipi: the pipi stays, trapped.
    let s = at(&g, "9/9/9/3p-w5/2K6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2p-K4i/9/9/9"]);
    // A carrying stack captures a single unstacked enemy ...
    let s = at(&g, "9/9/9/3p5/2P-K6/9/9 r", "4/4");
    assert_eq!(
        boards(&g, &s, "c3d4"),
        ["9/9/9/i2K4i/2P6/9/9", "9/9/9/i2P-K4i/9/9/9"]
    );
    // ... but not the top of a stack (that would make three).
    let s = at(&g, "9/9/9/3p-w5/2P-K6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2p-K4i/2P6/9/9"]);
    // The captured pieces are out of play, in their owner's part of `out`.
    let s = at(&g, "9/9/9/3p5/2K6/9/9 r", "4/4");
    assert_eq!(after(&g, &s, "c3d4"), "9/9/9/i2K4i/9/9/9 0/1 3/3 p 1");
}

#[test]
fn water_stops_the_land_pieces_but_not_their_stacking() {
    let g = game(&[]);
    // A waso may not land alone on telo, nor capture a single piece there ...
    let s = at(&g, "9/9/9/3p5/2W6/9/9 r", "4/4");
    assert!(!targets(&g, &s, "c3").contains(&"d4".to_string()));
    // ... but it may stack on its own piece there, and capture the top of a stack.
    let s = at(&g, "9/9/9/3P5/2W6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2P-W4i/9/9/9"]);
    let s = at(&g, "9/9/9/3p-w5/2W6/9/9 r", "4/4");
    assert_eq!(boards(&g, &s, "c3d4"), ["9/9/9/i2p-W4i/9/9/9"]);
    // A land stack may not carry onto telo; a kala's stack may.
    let s = at(&g, "9/9/9/9/9/2P-W6/9 r", "4/4");
    assert!(boards(&g, &s, "c2b1").is_empty());
    let s = at(&g, "9/9/9/9/9/2P-K6/9 r", "4/4");
    assert_eq!(
        boards(&g, &s, "c2b1"),
        ["9/9/9/i7i/9/2P6/1K7", "9/9/9/i7i/9/9/1P-K7"]
    );
}

#[test]
fn kili_refill_from_each_kasi_reserve() {
    let g = game(&[]);
    // The kala carries the kili off a4; a4 takes one from its reserve (2 left, then 1).
    let s = at(&g, "9/9/9/i-K7i/9/9/9 r", "2/0");
    assert_eq!(
        boards(&g, &s, "a4b5"),
        ["9/9/1K7/i7i/9/9/9", "9/9/1i-K7/i7i/9/9/9"]
    );
    let mut t = s.clone();
    play(&g, &mut t, &["a4b5+"]);
    assert!(
        g.position_string(&t).ends_with(" 1/0 p 1"),
        "{}",
        g.position_string(&t)
    );
    // With the reserve empty, nothing comes.
    let s = at(&g, "9/9/9/i-K7i/9/9/9 r", "0/0");
    assert!(after(&g, &s, "a4b5+").starts_with("9/9/1i-K7/8i/"));
}
