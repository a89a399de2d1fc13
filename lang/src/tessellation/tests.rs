//! Tests of the geometry and of the full and incremental derivations.

use super::*;

fn p(x: f64, y: f64) -> Point {
    ((x * UNIT as f64) as i64, (y * UNIT as f64) as i64)
}
fn poly(pts: &[(f64, f64)]) -> Drawn {
    Drawn {
        points: pts.iter().map(|&(x, y)| p(x, y)).collect(),
    }
}
fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort();
    v
}

#[test]
fn numbers_are_read_exactly() {
    assert_eq!(parse_fixed("2"), Some(2 * UNIT));
    assert_eq!(parse_fixed("-0.5"), Some(-UNIT / 2));
    assert_eq!(parse_fixed("1.000001"), Some(UNIT + 1));
    assert_eq!(parse_fixed("1.0000001"), None);
    assert_eq!(parse_fixed("x"), None);
    assert_eq!(parse_fixed("99999999999"), None);
}

#[test]
fn squares_give_edge_vertex_and_knight_like_trace_relations() {
    // 5 x 5; the centre is 12.
    let d = derive(&squares(5, 5, (0, 0)), &[]).expect("fine");
    assert_eq!(sorted(d.edge[12].clone()), vec![7, 11, 13, 17]);
    assert_eq!(sorted(d.vertex[12].clone()), vec![6, 8, 16, 18]);
    // Two-by-one and two-straight offsets, each one edge traced.
    let mut traced: Vec<usize> = d.trace[12].iter().map(|j| j.0).collect();
    traced.sort();
    assert_eq!(traced, vec![1, 2, 3, 5, 9, 10, 14, 15, 19, 21, 22, 23]);
    assert!(d.trace[12].iter().all(|j| j.1 == 1));
    // The corner: two across edges, one at a vertex.
    assert_eq!(sorted(d.edge[0].clone()), vec![1, 5]);
    assert_eq!(d.vertex[0], vec![6]);
}

#[test]
fn hexagons_have_six_edge_neighbours_and_no_vertex_only_ones() {
    let h = hexagons(2, (0, 0));
    let drawn: Vec<Drawn> = h.iter().map(|x| x.2.clone()).collect();
    let d = derive(&drawn, &[]).expect("fine");
    let centre = h.iter().position(|x| x.0 == 2 && x.1 == 2).expect("centre");
    assert_eq!(d.edge[centre].len(), 6);
    assert!(d.vertex[centre].is_empty());
    // Traces on hexes: the second ring, along the edges between two neighbours.
    assert_eq!(d.trace[centre].len(), 6);
    assert_eq!(drawn.len(), 19);
}

#[test]
fn a_tessel_touching_another_at_two_vertices_only_is_a_vertex_neighbour() {
    // A 3 x 1 bar below, a 3 x 1 bar above it whose middle is cut out by a notch, so the
    // left and right squares of the row above meet the bar only... Simpler: a square
    // U-shape and a square across its gap: the square `top` touches `u` at two points.
    let u = poly(&[
        (0.0, 0.0),
        (3.0, 0.0),
        (3.0, 2.0),
        (2.0, 2.0),
        (2.0, 1.0),
        (1.0, 1.0),
        (1.0, 2.0),
        (0.0, 2.0),
    ]);
    // `cap` rests on the U's two tips at (1, 2) and (2, 2), over the hole.
    let cap = poly(&[(1.0, 2.0), (2.0, 2.0), (2.0, 3.0), (1.0, 3.0)]);
    // The hole itself is left out of play.
    let left = poly(&[(0.0, 2.0), (1.0, 2.0), (1.0, 3.0), (0.0, 3.0)]);
    let d = derive(&[u, cap, left], &[]).expect("fine");
    // cap and u share (1,2) and (2,2) but no edge: a vertex neighbour (once).
    assert_eq!(d.vertex[1], vec![0]);
    assert!(!d.edge[1].contains(&0));
    // left shares the edge (0,2)-(1,2) with u and (1,2)-(1,3) with cap.
    assert_eq!(sorted(d.edge[2].clone()), vec![0, 1]);
}

#[test]
fn a_boundary_of_several_edges_costs_a_unit_a_vertex() {
    // A 2-wide bottom tessel and two squares on top: the middle vertex (1,1) is where
    // three meet. With a single tall tessel on top instead, the boundary between it
    // and the bottom has a vertex where only the two meet.
    let bottom = poly(&[(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (0.0, 1.0)]);
    let top = poly(&[
        (0.0, 1.0),
        (1.0, 1.0),
        (2.0, 1.0),
        (3.0, 1.0),
        (3.0, 2.0),
        (0.0, 2.0),
    ]);
    let start = poly(&[(-1.0, 0.0), (0.0, 0.0), (0.0, 1.0), (-1.0, 1.0)]);
    let far = poly(&[(3.0, 0.0), (4.0, 0.0), (4.0, 1.0), (3.0, 1.0)]);
    let d = derive(&[bottom, top, start, far], &[]).expect("fine");
    // From `start`, vertex (0,1): along bottom|top through (1,1) and (2,1) to (3,1),
    // where `far` touches: three edges, three units.
    assert_eq!(d.trace[2], vec![(3, 3)]);
}

#[test]
fn a_cylinder_splice_joins_the_left_and_right_columns() {
    let drawn = squares(4, 2, (0, 0));
    let splice = vec![
        (p(0.0, 0.0), p(4.0, 0.0)),
        (p(0.0, 1.0), p(4.0, 1.0)),
        (p(0.0, 2.0), p(4.0, 2.0)),
    ];
    let d = derive(&drawn, &[splice]).expect("orientable");
    // a1 (0) now borders d1 (3) across an edge; a2 (4) touches d1 at a vertex.
    assert!(d.edge[0].contains(&3));
    assert!(d.vertex[0].contains(&7));
    assert!(d.edge[3].contains(&0));
}

#[test]
fn a_torus_joins_both_pairs_of_sides() {
    let drawn = squares(4, 4, (0, 0));
    let sides: Vec<(Point, Point)> = (0..=4)
        .map(|k| (p(0.0, k as f64), p(4.0, k as f64)))
        .collect();
    let ends: Vec<(Point, Point)> = (0..=4)
        .map(|k| (p(k as f64, 0.0), p(k as f64, 4.0)))
        .collect();
    let d = derive(&drawn, &[sides, ends]).expect("orientable");
    // Every square has four neighbours across edges and four at its corners.
    assert!(d.edge.iter().all(|e| e.len() == 4), "{:?}", d.edge);
    assert!(d.vertex.iter().all(|v| v.len() == 4), "{:?}", d.vertex);
    // a1 (0) borders d1 (3) and a4 (12) round the back.
    assert!(d.edge[0].contains(&3) && d.edge[0].contains(&12));
    assert!(d.vertex[0].contains(&15), "the far corner touches a1");
}

#[test]
fn a_twisted_splice_is_refused() {
    let drawn = squares(4, 2, (0, 0));
    // A Möbius band: the left side's bottom joins the right side's top.
    let splice = vec![
        (p(0.0, 0.0), p(4.0, 2.0)),
        (p(0.0, 1.0), p(4.0, 1.0)),
        (p(0.0, 2.0), p(4.0, 0.0)),
    ];
    let e = derive(&drawn, &[splice]).expect_err("not orientable");
    assert!(e.contains(&Problem::NonOrientable { splice: 0 }), "{e:?}");
}

#[test]
fn drawing_mistakes_are_found() {
    let big = Drawn {
        points: (0..20)
            .map(|i| {
                let a = i as f64 * std::f64::consts::TAU / 20.0;
                p((a.cos() * 10.0).round(), (a.sin() * 10.0).round())
            })
            .collect(),
    };
    let e = derive(&[big], &[]).expect_err("too many");
    assert!(
        matches!(
            e[0],
            Problem::TooManyVertices {
                tessel: 0,
                count: 20
            }
        ),
        "{e:?}"
    );
    let apart = derive(
        &[
            poly(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]),
            poly(&[(5.0, 0.0), (6.0, 0.0), (6.0, 1.0)]),
        ],
        &[],
    )
    .expect_err("apart");
    assert_eq!(apart, vec![Problem::Apart { tessel: 1 }]);
    let flat = derive(&[poly(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])], &[]).expect_err("flat");
    assert_eq!(flat, vec![Problem::Flat { tessel: 0 }]);
    // A bow tie, even or lopsided, crosses itself (it is not flat).
    for tie in [
        [(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)],
        [(0.0, 0.0), (3.0, 2.0), (3.0, 0.0), (0.0, 2.0)],
    ] {
        let crossed = derive(&[poly(&tie)], &[]).expect_err("bow tie");
        assert!(
            matches!(crossed[..], [Problem::SelfCrossing { tessel: 0, .. }]),
            "{crossed:?}"
        );
    }
    // Edges that cross, and a tessel inside another.
    let crossing = derive(
        &[
            poly(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]),
            poly(&[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]),
        ],
        &[],
    )
    .expect_err("crossing");
    assert!(
        matches!(crossing[0], Problem::Crossing { .. }),
        "{crossing:?}"
    );
    let inside = derive(
        &[
            poly(&[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]),
            poly(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)]),
        ],
        &[],
    )
    .expect_err("inside");
    assert!(matches!(inside[0], Problem::Crossing { .. }), "{inside:?}");
    let twice = derive(
        &[squares(1, 1, (0, 0)), squares(1, 1, (0, 0))].concat(),
        &[],
    )
    .expect_err("overlap");
    assert!(matches!(twice[0], Problem::Overlap { .. }), "{twice:?}");
}

/// A drawing for the property tests: a `w` x `h` grid of unit squares from (0, 0), each
/// kept (0), split into two triangles along one diagonal or the other (1, 2: the two
/// halves in two slots), or left out (3); with the left and right sides spliced when
/// `cylinder`. Slots: two a square, the second empty unless it is split.
fn grid_drawing(w: i64, h: i64, ways: &[u8]) -> Vec<Vec<Point>> {
    let u = UNIT;
    let mut slots = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let (x0, y0) = (x * u, y * u);
            let (a, b, c, d) = ((x0, y0), (x0 + u, y0), (x0 + u, y0 + u), (x0, y0 + u));
            let way = ways.get((y * w + x) as usize).copied().unwrap_or(0) % 4;
            let (first, second) = match way {
                0 => (vec![a, b, c, d], vec![]),
                1 => (vec![a, b, c], vec![a, c, d]),
                2 => (vec![a, b, d], vec![b, c, d]),
                _ => (vec![], vec![]),
            };
            slots.push(first);
            slots.push(second);
        }
    }
    slots
}

fn cylinder(w: i64, h: i64) -> Vec<Vec<(Point, Point)>> {
    vec![(0..=h)
        .map(|k| ((0, k * UNIT), (w * UNIT, k * UNIT)))
        .collect()]
}

fn drawn_of(slots: &[Vec<Point>]) -> Vec<Drawn> {
    slots
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| Drawn { points: s.clone() })
        .collect()
}

/// The full derivation agrees with the first one, which it replaced: the same relations
/// in the same order, or the same kinds of problem.
fn same_as_reference(drawn: &[Drawn], splices: &[Vec<(Point, Point)>]) {
    let (new, old) = (
        derive(drawn, splices),
        reference::derive_reference(drawn, splices),
    );
    match (new, old) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => {
            let kinds = |v: &[Problem]| -> Vec<std::mem::Discriminant<Problem>> {
                v.iter().map(std::mem::discriminant).collect()
            };
            assert_eq!(kinds(&a), kinds(&b), "{a:?} / {b:?}");
        }
        (a, b) => panic!("derive {a:?}\nreference {b:?}"),
    }
}

#[test]
fn the_full_derivation_matches_the_reference_on_the_bundled_shapes() {
    same_as_reference(&squares(5, 5, (0, 0)), &[]);
    let hex: Vec<Drawn> = hexagons(3, (0, 0)).into_iter().map(|h| h.2).collect();
    same_as_reference(&hex, &[]);
    same_as_reference(&squares(4, 3, (0, 0)), &cylinder(4, 3));
    let ends: Vec<(Point, Point)> = (0..=4)
        .map(|k| ((k * UNIT, 0), (k * UNIT, 4 * UNIT)))
        .collect();
    same_as_reference(&squares(4, 4, (0, 0)), &[cylinder(4, 4)[0].clone(), ends]);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn derive_matches_the_reference(
            w in 1i64..5, h in 1i64..5,
            ways in prop::collection::vec(0u8..8, 16),
            spliced in any::<bool>(),
        ) {
            let slots = grid_drawing(w, h, &ways);
            let splices = if spliced { cylinder(w, h) } else { Vec::new() };
            same_as_reference(&drawn_of(&slots), &splices);
        }

        #[test]
        fn altering_step_by_step_gives_the_area_derived_afresh(
            w in 1i64..5, h in 1i64..5,
            start in prop::collection::vec(0u8..8, 16),
            steps in prop::collection::vec((prop::collection::vec(0u8..8, 16), 0u8..3), 1..6),
        ) {
            let mut slots = grid_drawing(w, h, &start);
            let mut splices = Vec::new();
            let mut kept = Tessellation::new(&slots, &splices);
            for (ways, splice) in steps {
                // Redraw the slots that differ, and splice or unsplice the sides.
                let next = grid_drawing(w, h, &ways);
                let redrawn: Vec<(usize, Vec<Point>)> = (0..slots.len())
                    .filter(|&c| slots[c] != next[c])
                    .map(|c| (c, next[c].clone()))
                    .collect();
                match splice {
                    1 => splices = cylinder(w, h),
                    2 => splices.clear(),
                    _ => {}
                }
                slots = next;
                let fresh = Tessellation::new(&slots, &splices);
                if let Ok(before) = &kept {
                    let altered = before.alter(&redrawn, &splices);
                    prop_assert_eq!(&altered, &fresh);
                    prop_assert_eq!(before.try_alter(&redrawn, &splices, Redrawing::Any), fresh.clone().ok());
                }
                kept = fresh;
            }
        }
    }
}
