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

use super::{compile, leaf, Compiler};
use crate::code::{self, Code};
use crate::eval::binary;
use crate::reads;
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;
use tessel_lang::ir::{BinOp, CellId, Expr};

/// At most this many entries in one table.
const MOST: usize = 1 << 16;
/// At most this many bytes in all of a game's tables together.
const BUDGET: usize = 16 << 20;
/// A part with fewer operations than this is not worth a table.
const LEAST_OPS: usize = 3;
/// A part with more operations than this is not looked at (so that trying every part of
/// a large condition costs no more than a pass over it for each of its nodes).
const MOST_OPS: usize = 64;

/// The board's fixed geometry, as the tables read it, and the tables made so far (equal
/// parts share one).
pub(super) struct Geometry {
    pub(super) coords: Vec<(u16, u16)>,
    pub(super) by_coord: (usize, Vec<CellId>),
    made: HashMap<Node, Entries>,
    /// The rows made for sieves ([`rows`]): a part and which of its two cells is the
    /// candidate.
    rows_made: HashMap<(Node, usize), Arc<[u64]>>,
    /// Bytes the tables may still take.
    left: usize,
}

impl Geometry {
    pub(super) fn new(coords: Vec<(u16, u16)>, by_coord: (usize, Vec<CellId>)) -> Geometry {
        Geometry {
            coords,
            by_coord,
            made: HashMap::default(),
            rows_made: HashMap::default(),
            left: BUDGET,
        }
    }

    /// How many different tables were made.
    #[cfg(test)]
    pub(super) fn tables(&self) -> usize {
        self.made.len()
    }
}

/// A part as its table is worked out from: its arguments numbered.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Const(i64),
    Arg(u8),
    Bin(BinOp, Box<Node>, Box<Node>),
    Not(Box<Node>),
    Neg(Box<Node>),
    Abs(Box<Node>),
    Min(Box<Node>, Box<Node>),
    Max(Box<Node>, Box<Node>),
    CellAt(Box<Node>, Box<Node>),
    Either(Box<Node>, Box<Node>, Box<Node>),
    Coord(bool, Box<Node>),
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
    /// Kept values are read as the parts they keep (for sieves, worked out once).
    through_kept: bool,
}

impl<'e> Shape<'e> {
    /// Reads `e` as a part; `None` if it may not be one.
    fn part(&mut self, e: &'e Expr) -> Option<Node> {
        use Expr as E;
        let b = Box::new;
        if self.ops > MOST_OPS {
            return None;
        }
        Some(match e {
            E::Int(_) | E::Bool(_) | E::Cell(_) | E::Piece(_) | E::Player(_) => {
                Node::Const(e.constant().unwrap_or(0))
            }
            E::Same(_, x) | E::Code(_, x) => self.part(x)?,
            E::Memo(_, x) if self.through_kept => self.part(x)?,
            E::Bin(op, x, y) => {
                self.ops += 1;
                self.short |= matches!(op, BinOp::And | BinOp::Or);
                Node::Bin(*op, b(self.part(x)?), b(self.part(y)?))
            }
            E::Not(x) | E::Neg(x) | E::Abs(x) => {
                self.ops += 1;
                let x = b(self.part(x)?);
                match e {
                    E::Not(_) => Node::Not(x),
                    E::Neg(_) => Node::Neg(x),
                    _ => Node::Abs(x),
                }
            }
            E::Min(x, y) | E::Max(x, y) | E::CellAt(x, y) => {
                self.ops += 1;
                let (x, y) = (b(self.part(x)?), b(self.part(y)?));
                match e {
                    E::Min(..) => Node::Min(x, y),
                    E::Max(..) => Node::Max(x, y),
                    _ => Node::CellAt(x, y),
                }
            }
            E::Either(c, x, y) => {
                self.ops += 1;
                self.short = true;
                Node::Either(b(self.part(c)?), b(self.part(x)?), b(self.part(y)?))
            }
            E::Row(c) | E::Column(c) => {
                self.ops += 1;
                let c = match &**c {
                    E::CellAt(..) | E::Either(..) | E::Cell(_) => self.part(c)?,
                    c => self.arg(c, true)?,
                };
                Node::Coord(matches!(e, E::Row(_)), b(c))
            }
            other => self.arg(other, false)?,
        })
    }

    /// Takes `e` as an argument (read as a cell, if `cell`); `None` past two.
    fn arg(&mut self, e: &'e Expr, cell: bool) -> Option<Node> {
        let len = self.args.len();
        match self.args.iter_mut().position(|(a, _)| *a == e) {
            Some(i) => {
                self.args[i].1 |= cell;
                Some(Node::Arg(i as u8))
            }
            None if len < 2 => {
                self.args.push((e, cell));
                Some(Node::Arg(len as u8))
            }
            None => None,
        }
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

/// The part's value where its arguments have the values `vals`.
fn value(n: &Node, vals: &[i64; 2], geo: &Geometry) -> i64 {
    let v = |x: &Node| value(x, vals, geo);
    match n {
        Node::Const(k) => *k,
        Node::Arg(i) => vals[*i as usize],
        Node::Bin(op, a, b) => binary(*op, v(a), v(b)),
        Node::Not(x) => i64::from(v(x) == 0),
        Node::Neg(x) => v(x).wrapping_neg(),
        Node::Abs(x) => v(x).wrapping_abs(),
        Node::Min(a, b) => v(a).min(v(b)),
        Node::Max(a, b) => v(a).max(v(b)),
        Node::CellAt(x, y) => reads::cell_at(&geo.by_coord, &geo.coords, v(x), v(y)),
        Node::Either(c, a, b) => {
            if v(c) != 0 {
                v(a)
            } else {
                v(b)
            }
        }
        Node::Coord(row, c) => reads::coordinate(&geo.coords, v(c), *row),
    }
}

/// The entries of a table, as small as they fit.
#[derive(Clone)]
enum Entries {
    Small(Arc<[i8]>),
    Wide(Arc<[i64]>),
}

/// The part's table on a board of `n` cells, with `k` arguments.
fn entries(node: &Node, n: usize, k: usize, geo: &Geometry) -> Entries {
    let all: Vec<i64> = match k {
        1 => (0..n as i64).map(|a| value(node, &[a, 0], geo)).collect(),
        _ => (0..n as i64)
            .flat_map(|a| (0..n as i64).map(move |b| [a, b]))
            .map(|vals| value(node, &vals, geo))
            .collect(),
    };
    if all.iter().all(|&v| i8::try_from(v).is_ok()) {
        Entries::Small(all.iter().map(|&v| v as i8).collect())
    } else {
        Entries::Wide(all.into())
    }
}

/// `e` as a table, if it is a part worth one (see the module's text).
pub(super) fn tabulate(l: &mut Compiler, e: &Expr) -> Option<Code> {
    let mut shape = Shape {
        through_kept: true,
        ..Shape::default()
    };
    let node = shape.part(e)?;
    if shape.ops < LEAST_OPS
        || shape.args.is_empty()
        || !shape.args.iter().all(|&(_, cell)| cell)
        || (shape.short && !shape.args.iter().all(|(a, _)| cheap(a)))
    {
        return None;
    }
    let geo = &mut l.geometry;
    let n = geo.coords.len();
    let k = shape.args.len();
    let size = n
        .checked_pow(k as u32)
        .filter(|&size| n > 0 && size <= MOST)?;
    let entries = match geo.made.get(&node) {
        Some(known) => known.clone(),
        None => {
            // Worst case, entries of eight bytes.
            geo.left = geo.left.checked_sub(size * 8)?;
            let made = entries(&node, n, k, geo);
            geo.made.insert(node, made.clone());
            made
        }
    };
    let args: Vec<Expr> = shape.args.iter().map(|(a, _)| (*a).clone()).collect();
    // The code without tables, for arguments off the board.
    let was = std::mem::replace(&mut l.plain, true);
    let whole = compile(l, e);
    l.plain = was;
    // Arguments that are leaves are read in place (no call for each).
    let mut args = args.iter().map(|a| leaf(l, a).ok_or_else(|| compile(l, a)));
    let a = args.next()?;
    let b = args.next();
    let n = n as u64;
    Some(match entries {
        Entries::Small(t) => code::lookup((a, b), n, t, whole),
        Entries::Wide(t) => code::lookup((a, b), n, t, whole),
    })
}

/// `e` as a part of the board's geometry at two cells (see the module's text), one the
/// candidate of a visit of every cell (what `candidate` says is it) and the other reading
/// no candidate (`free`): that other, and for each of its values on the board the cells
/// where the part holds, `words` words of one bit per cell each (`compile/within.rs`).
pub(super) fn rows(
    l: &mut Compiler,
    e: &Expr,
    candidate: fn(&Expr) -> bool,
    free: fn(&Expr) -> bool,
) -> Option<(Expr, Arc<[u64]>, usize)> {
    let mut shape = Shape {
        through_kept: true,
        ..Shape::default()
    };
    let node = shape.part(e)?;
    if shape.args.len() != 2 || !shape.args.iter().all(|&(_, cell)| cell) {
        return None;
    }
    let (at, other) = match (candidate(shape.args[0].0), candidate(shape.args[1].0)) {
        (true, false) => (0, shape.args[1].0),
        (false, true) => (1, shape.args[0].0),
        _ => return None,
    };
    if !free(other) {
        return None;
    }
    let geo = &mut l.geometry;
    let n = geo.coords.len();
    if n == 0 || n * n > MOST {
        return None;
    }
    let words = n.div_ceil(64);
    let key = (node, at);
    if let Some(bits) = geo.rows_made.get(&key) {
        return Some((other.clone(), bits.clone(), words));
    }
    geo.left = geo.left.checked_sub(n * words * 8)?;
    let mut bits = vec![0u64; n * words];
    for a in 0..n {
        for c in 0..n {
            let vals = if at == 0 {
                [c as i64, a as i64]
            } else {
                [a as i64, c as i64]
            };
            if value(&key.0, &vals, geo) != 0 {
                bits[a * words + c / 64] |= 1 << (c % 64);
            }
        }
    }
    let bits: Arc<[u64]> = bits.into();
    geo.rows_made.insert(key, bits.clone());
    Some((other.clone(), bits, words))
}
