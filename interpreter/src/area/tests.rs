//! Tests of drawn areas changed in play: kept step by step, each is the area its drawing
//! makes when derived afresh; merges found on the rings are those of the lists.

use super::*;
use proptest::prelude::*;
use tessel_lang::tessellation::squares;

/// A board of `w` x `h` squares and `spare` spare cells, with enough direction slots
/// for every relation of a square.
fn area(w: u32, h: u32, spare: usize) -> (ir::Board, Area) {
    let mut tessels: Vec<Vec<Point>> = squares(w, h, (0, 0))
        .into_iter()
        .map(|d| d.points)
        .collect();
    tessels.extend((0..spare).map(|_| Vec::new()));
    let cells = tessels.len();
    let board = ir::Board {
        cells: (0..cells).map(|c| format!("c{c}")).collect(),
        dirs: (0..40).map(|d| format!("d{d}")).collect(),
        opposite: vec![None; 40],
        ..ir::Board::default()
    };
    let drawing = ir::Drawing {
        tessels,
        splices: Vec::new(),
        slots: [(0..10).collect(), (10..20).collect(), (20..40).collect()],
    };
    let area = Area::build(&board, &[], 2, drawing).expect("squares");
    (board, area)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Splits, merges, splices and unsplices in any order: the area kept and changed
    /// step by step is the area its drawing makes when derived afresh.
    #[test]
    fn an_area_changed_step_by_step_is_the_area_derived_afresh(
        w in 2u32..6, h in 2u32..6,
        steps in prop::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 1..30),
    ) {
        let (board, mut area) = area(w, h, 10);
        let cells = board.cells.len();
        let kinds = [AreaChange::Split, AreaChange::Merge, AreaChange::Splice, AreaChange::Unsplice];
        let all = |_: usize| true;
        for (kind, a, b) in steps {
            let kind = kinds[kind];
            let a = a % cells;
            // One of the changes that may be made to `a`, if any.
            let ways: Vec<i64> = (0..cells as i64 + 2)
                .filter(|&b| area.can(kind, a, b, &all))
                .collect();
            if ways.is_empty() {
                continue;
            }
            let b = ways[b % ways.len()];
            // Everything asked of the area before the change, so that what the change
            // takes over is put to the test below.
            let answers = |area: &Area| -> Vec<bool> {
                kinds
                    .iter()
                    .flat_map(|&k| (0..cells).map(move |x| (k, x)))
                    .flat_map(|(k, x)| (0..cells as i64 + 2).map(move |y| (k, x, y)))
                    .map(|(k, x, y)| area.can(k, x, y, &all))
                    .collect()
            };
            answers(&area);
            let Some(next) = area.change(&board, (kind, a, b), &all) else {
                // Refused only when the drawing it makes is no playing area.
                let d = drawn_after(&area, (kind, a, b), &all);
                prop_assert!(Area::build(&board, &[], 2, d).is_none());
                continue;
            };
            let fresh = Area::build(&board, &[], 2, next.drawing());
            let fresh = fresh.expect("the drawing changed in play is a playing area");
            prop_assert_eq!(&next.tess, &fresh.tess);
            prop_assert_eq!(answers(&next), answers(&fresh));
            for x in 0..cells {
                for y in 0..cells {
                    prop_assert_eq!(next.merge(x, y), fresh.merge(x, y));
                }
            }
            prop_assert_eq!(
                links(cells, &next.drawing(), &next.tess),
                links(cells, &fresh.drawing(), &fresh.tess)
            );
            prop_assert_eq!(next.board.tables(), fresh.board.tables());
            prop_assert_eq!(&next.board.outlines, &fresh.board.outlines);
            area = next;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// After any changes, every cell a change at `a` can be made with is among `a`'s
    /// partners for that change (what a visit of the partners tries).
    #[test]
    fn every_cell_a_change_can_be_made_with_is_a_partner(
        w in 2u32..6, h in 2u32..6,
        steps in prop::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 0..20),
    ) {
        let (board, mut area) = area(w, h, 10);
        let cells = board.cells.len();
        let kinds = [AreaChange::Split, AreaChange::Merge, AreaChange::Splice, AreaChange::Unsplice];
        let all = |_: usize| true;
        let check = |area: &Area| -> Result<(), TestCaseError> {
            for &kind in &kinds[1..] {
                for a in 0..cells {
                    let mut partners = Vec::new();
                    area.partners(kind, a, &mut partners);
                    for b in 0..cells {
                        if area.can(kind, a, b as i64, &all) {
                            prop_assert!(partners.contains(&b), "{:?} {} {}", kind, a, b);
                        }
                    }
                }
            }
            Ok(())
        };
        check(&area)?;
        for (kind, a, b) in steps {
            let (kind, a) = (kinds[kind], a % cells);
            let ways: Vec<i64> = (0..cells as i64 + 2)
                .filter(|&b| area.can(kind, a, b, &all))
                .collect();
            if ways.is_empty() {
                continue;
            }
            if let Some(next) = area.change(&board, (kind, a, ways[b % ways.len()]), &all) {
                area = next;
                check(&area)?;
            }
        }
    }
}

/// A long run of changes from a seeded rng: after every one, the tessellation, the
/// links and the board kept step by step are those of the drawing derived afresh.
#[test]
fn a_long_run_of_changes_keeps_the_area_its_drawing_makes() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(16);
    let kinds = [
        AreaChange::Split,
        AreaChange::Merge,
        AreaChange::Splice,
        AreaChange::Unsplice,
    ];
    let all = |_: usize| true;
    for (w, h) in [(7, 7), (4, 6)] {
        let (board, mut area) = area(w, h, 20);
        let cells = board.cells.len();
        let mut made = 0;
        for step in 0..1500 {
            // Splits and merges most often, as in play.
            let kind = kinds[[0, 0, 1, 1, 2, 3][rng.random_range(0..6)]];
            let drawn: Vec<usize> = (0..cells)
                .filter(|&c| !area.tess.drawn(c).is_empty())
                .collect();
            let a = drawn[rng.random_range(0..drawn.len())];
            let ways: Vec<i64> = (0..cells as i64 + 2)
                .filter(|&b| area.can(kind, a, b, &all))
                .collect();
            if ways.is_empty() {
                continue;
            }
            let b = ways[rng.random_range(0..ways.len())];
            let Some(next) = area.change(&board, (kind, a, b), &all) else {
                continue;
            };
            let fresh = Area::build(&board, &[], 2, next.drawing()).expect("an area");
            assert_eq!(next.tess, fresh.tess, "step {step}");
            assert_eq!(
                links(cells, &next.drawing(), &next.tess),
                links(cells, &fresh.drawing(), &fresh.tess),
                "step {step}"
            );
            assert_eq!(next.board.tables(), fresh.board.tables(), "step {step}");
            assert_eq!(next.board.outlines, fresh.board.outlines, "step {step}");
            area = next;
            made += 1;
        }
        assert!(made > 500, "{made} changes made");
    }
}

/// The outline of two rings together as it was first worked out (lists of shared edges,
/// the outline built, then its straight corners dropped): what [`Area::joint`] must give.
fn union_by_lists(ra: &[Point], rb: &[Point]) -> Option<Vec<Point>> {
    let (na, nb) = (ra.len(), rb.len());
    if na < 3 || nb < 3 {
        return None;
    }
    let shared: Vec<bool> = (0..na)
        .map(|i| {
            let (p, q) = (ra[i], ra[(i + 1) % na]);
            (0..nb).any(|k| rb[k] == q && rb[(k + 1) % nb] == p)
        })
        .collect();
    let starts: Vec<usize> = (0..na)
        .filter(|&i| shared[i] && !shared[(i + na - 1) % na])
        .collect();
    if starts.len() != 1 {
        return None;
    }
    let s = starts[0];
    let mut e = s;
    while shared[e % na] {
        e = (e + 1) % na;
    }
    let (start, end) = (ra[s], ra[e]);
    let mut out = Vec::new();
    let mut i = e;
    loop {
        out.push(ra[i]);
        if ra[i] == start {
            break;
        }
        i = (i + 1) % na;
    }
    let kb = rb.iter().position(|&p| p == start)?;
    let mut k = (kb + 1) % nb;
    while rb[k] != end {
        out.push(rb[k]);
        k = (k + 1) % nb;
        if k == kb {
            return None;
        }
    }
    let n = out.len();
    let straight = |i: usize| {
        let (p, q, r) = (out[(i + n - 1) % n], out[i], out[(i + 1) % n]);
        i128::from(q.0 - p.0) * i128::from(r.1 - p.1)
            == i128::from(q.1 - p.1) * i128::from(r.0 - p.0)
    };
    let kept: Vec<Point> = (0..n).filter(|&i| !straight(i)).map(|i| out[i]).collect();
    (kept.len() >= 3 && kept.len() <= MAX_VERTICES).then_some(kept)
}

/// Along a seeded run of changes, every merge found on the two rings with nothing
/// allocated (and pair by pair) is the one the lists give, for every pair of cells.
#[test]
fn merges_found_on_the_rings_are_those_the_lists_give() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(17);
    let kinds = [AreaChange::Split, AreaChange::Merge];
    let all = |_: usize| true;
    let (board, mut area) = area(5, 5, 20);
    let cells = board.cells.len();
    let mut merges = 0;
    for _ in 0..300 {
        for a in 0..cells {
            let near: Vec<usize> = area.tess.relations(a).map_or(Vec::new(), |r| {
                r.edge.iter().chain(&r.vertex).copied().collect()
            });
            for b in 0..cells {
                let want = near
                    .contains(&b)
                    .then(|| union_by_lists(area.ring(a), area.ring(b)))
                    .flatten();
                merges += usize::from(want.is_some());
                assert_eq!(area.merge(a, b), want, "{a} with {b}");
            }
        }
        let kind = kinds[rng.random_range(0..2)];
        let a = rng.random_range(0..cells);
        let ways: Vec<i64> = (0..cells as i64 + 2)
            .filter(|&b| area.can(kind, a, b, &all))
            .collect();
        if ways.is_empty() {
            continue;
        }
        let b = ways[rng.random_range(0..ways.len())];
        if let Some(next) = area.change(&board, (kind, a, b), &all) {
            area = next;
        }
    }
    assert!(merges > 1000, "{merges} merges");
}

/// The drawing a change makes of `area` (a change that can be made, even if the drawing
/// is no playing area).
fn drawn_after(
    area: &Area,
    change: (AreaChange, usize, i64),
    empty: &dyn Fn(usize) -> bool,
) -> ir::Drawing {
    let (redrawn, splices) = area.redrawing(change, empty).expect("it can be made");
    let mut d = area.drawing();
    for (c, points) in redrawn {
        d.tessels[c] = points;
    }
    if let Some(splices) = splices {
        d.splices = splices;
    }
    d
}
