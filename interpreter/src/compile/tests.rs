//! Tests of the compiled codes and their sieves.

use super::*;
use crate::state::{Piece, State};

fn b(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// A visit of every cell passes a cell by only where the condition cannot hold.
#[test]
fn a_visit_of_every_cell_passes_by_only_cells_where_the_condition_cannot_hold() {
    use Expr as E;
    // Variable 0 per cell at slot 3 (10 cells); variable 1 plain; variable 2 per cell at
    // slot 14.
    let l = Compiler {
        var_slot: vec![3, 13, 14],
        var_shape: vec![(false, 10), (false, 0), (false, 10)],
        codes: Vec::new(),
        sources: Vec::new(),
        sieves: Vec::new(),
        kept_codes: Vec::new(),
        geometry: table::Geometry::new(Vec::new(), (0, Vec::new())),
        plain: false,
        made: Default::default(),
    };
    let sieve = |e: &Expr| l.sieve(e);
    let friend = E::Friend(b(E::To), None);
    let empty = E::Empty(b(E::To));
    let and = |x: &Expr, y: &Expr| E::Bin(BinOp::And, b(x.clone()), b(y.clone()));
    let or = |x: &Expr, y: &Expr| E::Bin(BinOp::Or, b(x.clone()), b(y.clone()));
    let cmp = |op, x: Expr, k: i64| E::Bin(op, b(x), b(E::Int(k)));
    let owner_is = |p: Expr| E::Bin(BinOp::Eq, b(E::OwnerOf(b(E::To))), b(p));
    let var_at = E::VarAt(0, b(E::To));
    assert_eq!(sieve(&friend), Sieve::PIECES);
    // Empty and holding a piece: no cell at all.
    assert_eq!(
        sieve(&and(&empty, &friend)),
        Sieve::PIECES.and(Sieve::EMPTY)
    );
    assert_eq!(sieve(&E::Not(b(empty.clone()))), Sieve::PIECES);
    assert_eq!(
        sieve(&or(&friend, &E::Enemy(b(E::To), None))),
        Sieve::PIECES
    );
    assert_eq!(sieve(&owner_is(E::Mover)), Sieve::PIECES);
    assert_eq!(
        sieve(&cmp(BinOp::Gt, E::Height(b(E::To)), 0)),
        Sieve::PIECES
    );
    assert_eq!(
        sieve(&cmp(BinOp::Gt, E::PiecesAt(b(E::To), None), 5)),
        Sieve::PIECES
    );
    assert_eq!(
        sieve(&and(&cmp(BinOp::Gt, var_at.clone(), 0), &empty)),
        Sieve::var(3, 10).and(Sieve::EMPTY)
    );
    assert_eq!(sieve(&cmp(BinOp::Ne, var_at.clone(), 0)), Sieve::var(3, 10));
    assert_eq!(sieve(&cmp(BinOp::Eq, var_at.clone(), 1)), Sieve::var(3, 10));
    assert_eq!(sieve(&cmp(BinOp::Eq, var_at.clone(), 0)), Sieve::ALL);
    assert_eq!(sieve(&or(&friend, &empty)), Sieve::ALL);
    assert_eq!(sieve(&E::Friend(b(E::From), None)), Sieve::ALL);
    assert_eq!(sieve(&owner_is(E::Int(-1))), Sieve::ALL);
    assert_eq!(sieve(&cmp(BinOp::Ge, E::Height(b(E::To)), 0)), Sieve::ALL);
    assert_eq!(sieve(&cmp(BinOp::Gt, var_at.clone(), -1)), Sieve::ALL);
    assert_eq!(sieve(&cmp(BinOp::Ne, var_at.clone(), 2)), Sieve::ALL);
    // Both tests, where a conjunction asks for both.
    let var_on = and(&cmp(BinOp::Eq, var_at.clone(), 2), &friend);
    assert_eq!(sieve(&var_on), Sieve::PIECES.and(Sieve::var(3, 10)));
    // A disjunction keeps what both sides ask.
    assert_eq!(
        sieve(&or(&var_on, &cmp(BinOp::Eq, var_at.clone(), 3))),
        Sieve::var(3, 10)
    );
    assert_eq!(sieve(&or(&var_on, &friend)), Sieve::PIECES);
    // Above a count: above 0.
    let around = E::Around(b(E::To), b(friend.clone()));
    let above = |op, x: Expr, y: Expr| E::Bin(op, b(x), b(y));
    assert_eq!(
        sieve(&above(BinOp::Gt, E::Height(b(E::To)), around.clone())),
        Sieve::PIECES
    );
    assert_eq!(
        sieve(&above(BinOp::Ge, E::Height(b(E::To)), around.clone())),
        Sieve::ALL
    );
    let one_more = above(BinOp::Add, around.clone(), E::Int(1));
    assert_eq!(
        sieve(&above(BinOp::Ge, var_at.clone(), one_more)),
        Sieve::var(3, 10)
    );
    // One of two variables, as `either` chooses.
    let either = E::Either(b(E::Var(1)), b(var_at.clone()), b(E::VarAt(2, b(E::To))));
    let two = Sieve {
        pieces: false,
        empty: false,
        vars: [Some((3, 10)), Some((14, 10))],
        kinds: None,
    };
    assert_eq!(sieve(&cmp(BinOp::Eq, either.clone(), 1)), two);
    assert_eq!(
        sieve(&and(&friend, &cmp(BinOp::Eq, either.clone(), 1))),
        Sieve::PIECES.and(two)
    );
    // A single variable is narrower than one of two.
    assert_eq!(
        sieve(&and(
            &cmp(BinOp::Eq, either.clone(), 1),
            &cmp(BinOp::Ne, var_at.clone(), 0)
        )),
        Sieve::var(3, 10)
    );
    assert_eq!(sieve(&cmp(BinOp::Eq, either, 0)), Sieve::ALL);
    // `empty(to)`: only the empty cells.
    assert_eq!(sieve(&empty), Sieve::EMPTY);
    assert!(sieve(&and(&empty, &cmp(BinOp::Ne, var_at.clone(), 0))).empty);
    assert_eq!(sieve(&or(&empty, &friend)), Sieve::ALL);
    let less = above(BinOp::Sub, around, E::Int(1));
    assert_eq!(sieve(&above(BinOp::Gt, var_at, less)), Sieve::ALL);
    // A piece of a named type on top: only cells with such a piece; either of two types,
    // cells with either; a type and a piece of any type, the cells with a piece.
    let friend_2 = E::Friend(b(E::To), Some(2));
    let enemy_70 = E::Enemy(b(E::To), Some(70));
    assert_eq!(sieve(&friend_2), Sieve::kind(2));
    assert_eq!(sieve(&and(&friend, &friend_2)), Sieve::kind(2));
    assert_eq!(
        sieve(&and(&friend_2, &enemy_70)).kinds,
        Sieve::kind(2).and(Sieve::kind(70)).kinds
    );
    let either_kind = sieve(&or(&friend_2, &enemy_70));
    assert_eq!(sieve(&or(&friend_2, &friend)), Sieve::PIECES);
    assert_eq!(sieve(&or(&friend_2, &empty)), Sieve::ALL);
    // Tried on a state: cell 0 a type-2 piece, cell 1 a type-70 one, cell 2 a type-3 one,
    // cell 3 empty.
    let mut st = State::empty(4, Vec::new(), 0, 2);
    st.cells[0] = Piece::new(2, 0);
    st.cells[1] = Piece::new(70, 1);
    st.cells[2] = Piece::new(3, 0);
    let tried = |v: Sieve| (0..4).filter(|&c| v.tries(&st, c)).collect::<Vec<_>>();
    assert_eq!(tried(Sieve::kind(2)), [0]);
    assert_eq!(tried(either_kind), [0, 1]);
    assert_eq!(
        tried(Sieve::kind(2).and(Sieve::kind(70))),
        Vec::<CellId>::new()
    );
    assert_eq!(tried(Sieve::PIECES), [0, 1, 2]);
}

/// A visit through where the pieces stand tries the cells, in order, that a visit trying
/// every cell does: across words of 64 cells, for every kind of sieve.
#[test]
fn a_visit_through_where_the_pieces_stand_tries_the_same_cells() {
    use super::sieve::visit;
    // 150 cells (three words); variable 0 per cell at slot 0.
    let mut st = State::empty(150, vec![0; 150], 0, 2);
    for (c, kind, owner) in [(0, 2, 0), (5, 3, 1), (63, 2, 1), (64, 70, 0), (127, 3, 0)] {
        st.cells[c] = Piece::new(kind, owner);
    }
    st.cells[128] = Piece::new(2, 0);
    st.cells[149] = Piece::new(70, 1);
    for c in [0, 63, 64, 100, 149] {
        st.vars[c] = 1;
    }
    // Piece types 0 to 79; type 200 stands nowhere (the game has none).
    let places = Places::of(&st, 80);
    let sieves = [
        Sieve::ALL,
        Sieve::PIECES,
        Sieve::EMPTY,
        Sieve::var(0, 150),
        Sieve::kind(2),
        Sieve::kind(70),
        Sieve::kind(200),
        Sieve::kind(2).or(Sieve::kind(70)),
        Sieve::kind(2).and(Sieve::var(0, 150)),
        Sieve::kind(3).and(Sieve::EMPTY),
    ];
    for v in sieves {
        let every: Vec<CellId> = (0..150).filter(|&c| v.tries(&st, c)).collect();
        assert_eq!(visit(&st, v, None).collect::<Vec<_>>(), every, "{v:?}");
        assert_eq!(
            visit(&st, v, Some(&places)).collect::<Vec<_>>(),
            every,
            "{v:?}"
        );
    }
    assert_eq!(
        visit(&st, Sieve::kind(2).or(Sieve::kind(70)), Some(&places)).collect::<Vec<_>>(),
        [0, 63, 64, 128, 149]
    );
}

/// Which parts are read from a table: those of the board's geometry at one or two cells,
/// worth one; not a lone coordinate, not three cells, not a part that reads a piece, and
/// not an `either` whose argument is costly to read where it might not have been needed.
#[test]
fn a_table_is_made_for_parts_of_geometry_at_one_or_two_cells() {
    use Expr as E;
    // A board of 3 x 3 cells.
    let coords: Vec<(u16, u16)> = (0..9).map(|c| (c % 3, c / 3)).collect();
    let mut l = Compiler {
        var_slot: vec![0, 1, 2],
        var_shape: vec![(false, 0), (false, 0), (false, 0)],
        codes: Vec::new(),
        sources: Vec::new(),
        sieves: Vec::new(),
        kept_codes: Vec::new(),
        geometry: table::Geometry::new(coords, (3, (0..9).collect())),
        plain: false,
        made: Default::default(),
    };
    let bin = |op, x: Expr, y: Expr| E::Bin(op, b(x), b(y));
    let band = |c: Expr| {
        bin(
            BinOp::Add,
            bin(BinOp::Div, E::Row(b(c)), E::Int(2)),
            E::Int(1),
        )
    };
    let made = |l: &mut Compiler, e: &Expr| table::tabulate(l, e).is_some();
    assert!(made(&mut l, &band(E::To)));
    assert!(made(&mut l, &bin(BinOp::Eq, band(E::Var(0)), band(E::To))));
    assert!(!made(&mut l, &bin(BinOp::Sub, E::Row(b(E::To)), E::Int(1))));
    let three = bin(
        BinOp::Add,
        band(E::Var(0)),
        bin(BinOp::Add, band(E::Var(1)), band(E::To)),
    );
    assert!(!made(&mut l, &three));
    let piece = bin(BinOp::Add, band(E::To), E::Height(b(E::To)));
    assert!(!made(&mut l, &piece));
    // A flag is no cell.
    let flag = E::Either(b(E::Var(2)), b(band(E::To)), b(E::Int(0)));
    assert!(!made(&mut l, &flag));
    let costly = E::Where(1, b(E::Mover));
    let either = |c: Expr| {
        let cond = bin(BinOp::Gt, E::Row(b(c.clone())), E::Int(1));
        E::Either(b(cond), b(band(c)), b(E::Int(0)))
    };
    // Equal parts share one table.
    assert_eq!(l.geometry.tables(), 2);
    assert!(made(&mut l, &band(E::To)));
    assert_eq!(l.geometry.tables(), 2);
    assert!(made(&mut l, &either(E::Var(0))));
    assert!(!made(&mut l, &either(costly.clone())));
    assert!(made(&mut l, &band(costly)));
}

/// A sieve of one per-cell variable visits, along the variable's slots, the cells it
/// tries one by one, in order (and none past the variable's cells).
#[test]
fn a_sieve_of_one_variable_visits_the_cells_it_tries() {
    let cells = 40;
    // Per-cell variables at slot 0 (40 cells) and slot 40 (25 cells).
    let mut s = State::empty(cells, vec![0; 65], 0, 1);
    for c in 0..cells {
        if c % 3 != 0 {
            s.cells[c] = Piece::new((c % 2) as u8, (c % 5 == 0) as u8);
        }
        s.vars[c] = i64::from(c % 4 == 1 || c % 7 == 0);
        if c < 25 {
            s.vars[40 + c] = i64::from(c % 2 == 0) * 3;
        }
    }
    for v in [
        Sieve::var(0, cells),
        Sieve::var(40, 25),
        Sieve::var(0, cells).and(Sieve::PIECES),
        Sieve::var(40, 25).and(Sieve::EMPTY),
        Sieve::var(0, cells).and(Sieve::kind(1)),
    ] {
        let var = v.one_var().expect("one variable");
        let visited: Vec<CellId> = sieve::where_set(&s, v, var).collect();
        let tried: Vec<CellId> = (0..cells as CellId).filter(|&c| v.tries(&s, c)).collect();
        assert_eq!(visited, tried, "{v:?}");
        assert!(!tried.is_empty(), "{v:?}");
    }
    assert_eq!(Sieve::ALL.one_var(), None);
    assert_eq!(Sieve::PIECES.one_var(), None);
}

/// Equal whole conditions run one code (each player's copy of a rule, a condition several
/// rules share); an action's cell part is numbered apart from a statement's equal
/// condition (its sieve reads `from` as the cell too, the statement's does not).
#[test]
fn equal_conditions_share_one_code_and_actions_cell_parts_are_apart() {
    let program = tessel_lang::compile(
        "share",
        r#"
        game "Share"
        players white black
        board grid 4 x 4
        var seen = 0
        piece man M m {
          move step n if friend(from) and empty(to)
          move step e if friend(from) and empty(to)
        }
        action tap on cells if seen == 0 and friend(from) then each cell if friend(from) { set seen = 1 }
        start "m3/4/4/M3 w"
    "#,
        &tessel_lang::MapLoader(Default::default()),
        &[],
    )
    .program
    .expect("the rules are valid");
    let g = Game::new(program);
    let code = |e: &Option<Expr>| match e {
        Some(Expr::Code(n, _)) => Some(*n),
        _ => None,
    };
    let rules: Vec<Option<u32>> = g
        .rules
        .iter()
        .flatten()
        .flatten()
        .map(|r| code(&r.cond))
        .collect();
    assert_eq!(rules.len(), 4, "two rules for each player");
    assert!(
        rules[0].is_some() && rules.iter().all(|&n| n == rules[0]),
        "{rules:?}"
    );
    let rest = code(&g.action_guard[0].2).expect("the action's cell part is a code");
    let Some(Stmt::Each(Some(Expr::Code(n, _)), _)) = g.program.actions[0].effects.first() else {
        panic!("{:?}", g.program.actions[0].effects)
    };
    assert_ne!(rest, *n, "an action's cell part is numbered apart");
    assert_ne!(g.sieves[rest as usize], g.sieves[*n as usize]);
}
