//! Territory: the four rules of counting.

use super::*;

/// Four sections: A (a7 b7 a6), B (d7 d6 e6), C (b3 c3 c2) and D (eight Commonwealth cells
/// and the virgin f2), separated by Wall.
fn counted(pieces: &[(&str, &str)]) -> Vec<i64> {
    let g = game(&[]);
    let s = at(
        &g,
        &Setup {
            rest: 'w',
            layers: &[
                ("a7 b7 a6 d7 d6 e6 b3 c3 c2 e3 f3 g3 e2 g2 e1 f1 g1", 'c'),
                ("f2", 'v'),
            ],
            pieces,
            idle: 2,
            ..Setup::default()
        },
    );
    let mut scratch = g.scratch();
    let o = g
        .status(&s, &mut scratch)
        .expect("every player passed: over");
    assert_eq!(o.ending, "every player passed");
    o.values
}

#[test]
fn territory_is_counted_by_the_four_rules() {
    // A holds only red: red's (3). B holds red and blue: neutral. C is empty and touched
    // on the Wall by red alone (b4): red's (3). D is empty and touched by blue alone (f4):
    // blue's, with its leftover Virginity (9).
    let base = [
        ("a7", "r"),
        ("b7", "rr"),
        ("d7", "r"),
        ("e6", "b"),
        ("b4", "r"),
        ("f4", "b"),
    ];
    assert_eq!(counted(&base), vec![6, 9]);
    // D touched by both colours on the Wall is neutral.
    let mut both = base.to_vec();
    both.push(("g4", "r"));
    assert_eq!(counted(&both), vec![6, 0]);
    // D touched by no piece is neutral.
    let none: Vec<_> = base.iter().copied().filter(|(c, _)| *c != "f4").collect();
    assert_eq!(counted(&none), vec![6, 0]);
    // B with blue alone is blue's.
    let blue_b: Vec<_> = base
        .iter()
        .map(|&(c, p)| if c == "d7" { (c, "b") } else { (c, p) })
        .collect();
    assert_eq!(counted(&blue_b), vec![6, 12]);
}
