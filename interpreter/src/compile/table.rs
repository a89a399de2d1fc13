//! Parts of a condition or value that read nothing but the board's fixed geometry at one or
//! two cells (`(row(c) - 1) / 4 + 1`, `abs(measure(s) - measure(c)) <= 1`,
//! `cell_at(1, row(c))`), worked out once per game for every cell, or pair of cells, and
//! read from that table in play.
//!
//! What a part may hold: constants, arithmetic, comparisons, `not`, `and`, `or`, `either`,
//! `abs`, `min`, `max`, and the coordinates (`row`, `column`) and `cell_at` of the board
//! the game was built with — which no play changes (a drawn area changed in play keeps its
//! cells' coordinates). Anything else in it is an argument, worked out in play; at most two
//! different ones, each read as a cell somewhere in the part (inside `row` or `column`).
//! Where an argument is no cell of the board (`none`), the part runs as compiled without
//! the table, so a table only ever answers what that code would.
//!
//! A part with `and`, `or` or `either` works out every argument first, where the code it
//! stands for might not have needed one; so its arguments must be cheap to read: one of
//! the move's cells, the mover, a variable.

use super::{compile, Compiler};
use crate::code::Code;
use crate::eval::binary;
use crate::reads;
use tessel_lang::ir::{BinOp, CellId, Expr};

/// At most this many entries in one table.
const MOST: usize = 1 << 16;
/// A part with fewer operations than this is not worth a table.
const LEAST_OPS: usize = 3;

/// The board's fixed geometry, as the tables read it.
pub(super) struct Geometry {
    pub(super) coords: Vec<(u16, u16)>,
    pub(super) by_coord: (usize, Vec<CellId>),
}

/// What a part is made of.
#[derive(Default)]
struct Shape<'e> {
    /// The different arguments, in order of first appearance, each with whether it is read
    /// as a cell.
    args: Vec<(&'e Expr, bool)>,
    ops: usize,
    /// Whether an `and`, `or` or `either` stands in it.
    short: bool,
}

impl<'e> Shape<'e> {
    /// Reads `e` as a part, `false` if it may not be one.
    fn part(&mut self, e: &'e Expr) -> bool {
        use Expr as E;
        match e {
            E::Int(_) | E::Bool(_) | E::Cell(_) | E::Piece(_) | E::Player(_) => true,
            E::Same(_, x) | E::Code(_, x) => self.part(x),
            E::Bin(op, a, b) => {
                self.ops += 1;
                self.short |= matches!(op, BinOp::And | BinOp::Or);
                self.part(a) && self.part(b)
            }
            E::Not(x) | E::Neg(x) | E::Abs(x) => {
                self.ops += 1;
                self.part(x)
            }
            E::Min(a, b) | E::Max(a, b) | E::CellAt(a, b) => {
                self.ops += 1;
                self.part(a) && self.part(b)
            }
            E::Either(c, a, b) => {
                self.ops += 1;
                self.short = true;
                self.part(c) && self.part(a) && self.part(b)
            }
            E::Row(c) | E::Column(c) => {
                self.ops += 1;
                match &**c {
                    E::CellAt(..) | E::Either(..) | E::Cell(_) => self.part(c),
                    c => self.arg(c, true),
                }
            }
            other => self.arg(other, false),
        }
    }

    /// Takes `e` as an argument (read as a cell, if `cell`); `false` past two.
    fn arg(&mut self, e: &'e Expr, cell: bool) -> bool {
        let len = self.args.len();
        match self.args.iter_mut().find(|(a, _)| *a == e) {
            Some((_, c)) => *c |= cell,
            None if len < 2 => self.args.push((e, cell)),
            None => return false,
        }
        true
    }
}

/// Whether reading `e` costs no more than a lookup.
fn cheap(e: &Expr) -> bool {
    use Expr as E;
    match e {
        E::To | E::From | E::Target | E::Mover | E::Var(_) => true,
        E::VarAt(_, c) => cheap(c) || c.constant().is_some(),
        E::Same(_, x) | E::Code(_, x) => cheap(x),
        _ => false,
    }
}

/// `e`'s value where its arguments have the values `vals`.
fn value(e: &Expr, args: &[(&Expr, bool)], vals: &[i64], geo: &Geometry) -> i64 {
    use Expr as E;
    if let Some(i) = args.iter().position(|(a, _)| *a == e) {
        return vals[i];
    }
    let v = |x: &Expr| value(x, args, vals, geo);
    match e {
        E::Same(_, x) | E::Code(_, x) => v(x),
        E::Bin(op, a, b) => binary(*op, v(a), v(b)),
        E::Not(x) => i64::from(v(x) == 0),
        E::Neg(x) => v(x).wrapping_neg(),
        E::Abs(x) => v(x).wrapping_abs(),
        E::Min(a, b) => v(a).min(v(b)),
        E::Max(a, b) => v(a).max(v(b)),
        E::CellAt(x, y) => reads::cell_at(&geo.by_coord, &geo.coords, v(x), v(y)),
        E::Either(c, a, b) => {
            if v(c) != 0 {
                v(a)
            } else {
                v(b)
            }
        }
        E::Row(c) => reads::coordinate(&geo.coords, v(c), true),
        E::Column(c) => reads::coordinate(&geo.coords, v(c), false),
        other => other.constant().unwrap_or(0),
    }
}

/// The entries of a table, as small as they fit.
enum Entries {
    Small(Box<[i8]>),
    Wide(Box<[i64]>),
}

/// `e` as a table, if it is a part worth one (see the module's text).
pub(super) fn tabulate(l: &mut Compiler, e: &Expr) -> Option<Code> {
    let mut shape = Shape::default();
    if !shape.part(e)
        || shape.ops < LEAST_OPS
        || shape.args.is_empty()
        || !shape.args.iter().all(|&(_, cell)| cell)
        || (shape.short && !shape.args.iter().all(|(a, _)| cheap(a)))
    {
        return None;
    }
    let geo = &l.geometry;
    let n = geo.coords.len();
    let k = shape.args.len();
    if n == 0 || n.checked_pow(k as u32).is_none_or(|size| size > MOST) {
        return None;
    }
    let all: Vec<i64> = match k {
        1 => (0..n as i64)
            .map(|a| value(e, &shape.args, &[a], geo))
            .collect(),
        _ => (0..n as i64)
            .flat_map(|a| (0..n as i64).map(move |b| (a, b)))
            .map(|(a, b)| value(e, &shape.args, &[a, b], geo))
            .collect(),
    };
    let entries = if all.iter().all(|&v| i8::try_from(v).is_ok()) {
        Entries::Small(all.iter().map(|&v| v as i8).collect())
    } else {
        Entries::Wide(all.into())
    };
    let args: Vec<Expr> = shape.args.iter().map(|(a, _)| (*a).clone()).collect();
    // The code without tables, for arguments off the board.
    let was = std::mem::replace(&mut l.plain, true);
    let whole = compile(l, e);
    l.plain = was;
    let mut codes = args.iter().map(|a| compile(l, a));
    let a = codes.next()?;
    let n = n as u64;
    Some(match (codes.next(), entries) {
        (None, Entries::Small(t)) => Box::new(move |g, cx| {
            let x = a(g, cx);
            if (x as u64) < n {
                i64::from(t[x as usize])
            } else {
                whole(g, cx)
            }
        }),
        (None, Entries::Wide(t)) => Box::new(move |g, cx| {
            let x = a(g, cx);
            if (x as u64) < n {
                t[x as usize]
            } else {
                whole(g, cx)
            }
        }),
        (Some(b), Entries::Small(t)) => Box::new(move |g, cx| {
            let (x, y) = (a(g, cx), b(g, cx));
            if (x as u64) < n && (y as u64) < n {
                i64::from(t[(x as u64 * n + y as u64) as usize])
            } else {
                whole(g, cx)
            }
        }),
        (Some(b), Entries::Wide(t)) => Box::new(move |g, cx| {
            let (x, y) = (a(g, cx), b(g, cx));
            if (x as u64) < n && (y as u64) < n {
                t[(x as u64 * n + y as u64) as usize]
            } else {
                whole(g, cx)
            }
        }),
    })
}
