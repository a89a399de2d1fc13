//! Compiled expressions ([`Code`]) for the simplest shapes, each one closure with no call
//! below it: a value read in one step (a [`Leaf`]: a constant, a variable, one of the move's
//! cells), two such compared or combined, a leaf compared with a constant, a table of the
//! board's geometry read at one or two leaves; and a chain of `and`s or `or`s as one list.
//! `compile/` chooses them; each gives what the tree evaluator gives for the expression it
//! stands for.

use crate::eval::Ctx;
use crate::game::ruleset::Game;
use tessel_lang::ir::BinOp;

/// An expression made ready to run.
pub(crate) type Code = Box<dyn Fn(&Game, &Ctx) -> i64 + Send + Sync>;

/// Which of the context's numbers a leaf reads as a cell: one of the move's cells, or the
/// player to move (a per-cell variable read at `mover`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum At {
    From,
    To,
    Target,
    Mover,
}

/// A value read in one step, as the compiler finds it (each is run by a type of its own,
/// [`Read`], so a code over leaves knows at once what it reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaf {
    Const(i64),
    /// The number `at` stands for.
    At(At),
    /// A plain variable at its slot.
    Var(usize),
    /// A per-player variable's first slot: the mover's value.
    PlayerVar(usize),
    /// A per-cell variable (first slot, number of cells) at a cell: 0 off its cells.
    CellVar(usize, usize, At),
    /// `row(c)` (true) or `column(c)`.
    Coord(bool, At),
    Decisions,
    Ply,
    /// A part kept once per examined state (`memo.rs`), at its slot: its value read back,
    /// or worked out the first time ([`Game::work_out_kept`]).
    Kept(u32),
}

/// How a leaf is read.
trait Read: Copy + Send + Sync + 'static {
    fn get(self, g: &Game, cx: &Ctx) -> i64;
}

/// The numbers of [`At`], as a type's constant.
const FROM: u8 = 0;
const TO: u8 = 1;
const TARGET: u8 = 2;
const MOVER: u8 = 3;

#[inline(always)]
fn at<const AT: u8>(cx: &Ctx) -> i64 {
    match AT {
        FROM => cx.from as i64,
        TO => cx.to as i64,
        TARGET => cx.target as i64,
        _ => cx.mover as i64,
    }
}

#[derive(Clone, Copy)]
struct Const(i64);
#[derive(Clone, Copy)]
struct Cell<const AT: u8>;
#[derive(Clone, Copy)]
struct Var(usize);
#[derive(Clone, Copy)]
struct PlayerVar(usize);
#[derive(Clone, Copy)]
struct CellVar<const AT: u8>(usize, usize);
#[derive(Clone, Copy)]
struct Coord<const AT: u8>(bool);
#[derive(Clone, Copy)]
struct Decisions;
#[derive(Clone, Copy)]
struct Ply;
#[derive(Clone, Copy)]
struct KeptAt(u32);

impl Read for Const {
    #[inline(always)]
    fn get(self, _: &Game, _: &Ctx) -> i64 {
        self.0
    }
}
impl<const AT: u8> Read for Cell<AT> {
    #[inline(always)]
    fn get(self, _: &Game, cx: &Ctx) -> i64 {
        at::<AT>(cx)
    }
}
impl Read for Var {
    #[inline(always)]
    fn get(self, _: &Game, cx: &Ctx) -> i64 {
        cx.s.vars[self.0]
    }
}
impl Read for PlayerVar {
    #[inline(always)]
    fn get(self, _: &Game, cx: &Ctx) -> i64 {
        cx.s.vars[self.0 + cx.mover as usize]
    }
}
impl<const AT: u8> Read for CellVar<AT> {
    #[inline(always)]
    fn get(self, _: &Game, cx: &Ctx) -> i64 {
        // The move's cells and the mover are never below 0.
        let c = at::<AT>(cx) as usize;
        if c < self.1 {
            cx.s.vars[self.0 + c]
        } else {
            0
        }
    }
}
impl<const AT: u8> Read for Coord<AT> {
    #[inline(always)]
    fn get(self, g: &Game, cx: &Ctx) -> i64 {
        g.coordinate(at::<AT>(cx), self.0)
    }
}
impl Read for Decisions {
    #[inline(always)]
    fn get(self, _: &Game, cx: &Ctx) -> i64 {
        cx.s.turn_step as i64
    }
}
impl Read for Ply {
    #[inline(always)]
    fn get(self, _: &Game, cx: &Ctx) -> i64 {
        cx.s.ply as i64
    }
}
impl Read for KeptAt {
    #[inline(always)]
    fn get(self, g: &Game, cx: &Ctx) -> i64 {
        match cx.kept.map(|k| k.known(self.0)) {
            Some(v) if v != crate::memo::UNKNOWN => v,
            _ => g.work_out_kept(self.0, cx),
        }
    }
}

/// Runs `$body` with `$r` bound to the [`Read`] of leaf `$leaf`: one instance of `$body`
/// for each type.
macro_rules! read {
    ($leaf:expr, |$r:ident| $body:expr) => {
        match $leaf {
            Leaf::Const(k) => {
                let $r = Const(k);
                $body
            }
            Leaf::At(a) => match a {
                At::From => {
                    let $r = Cell::<FROM>;
                    $body
                }
                At::To => {
                    let $r = Cell::<TO>;
                    $body
                }
                At::Target => {
                    let $r = Cell::<TARGET>;
                    $body
                }
                At::Mover => {
                    let $r = Cell::<MOVER>;
                    $body
                }
            },
            Leaf::Var(slot) => {
                let $r = Var(slot);
                $body
            }
            Leaf::PlayerVar(slot) => {
                let $r = PlayerVar(slot);
                $body
            }
            Leaf::CellVar(slot, n, a) => match a {
                At::From => {
                    let $r = CellVar::<FROM>(slot, n);
                    $body
                }
                At::To => {
                    let $r = CellVar::<TO>(slot, n);
                    $body
                }
                At::Target => {
                    let $r = CellVar::<TARGET>(slot, n);
                    $body
                }
                At::Mover => {
                    let $r = CellVar::<MOVER>(slot, n);
                    $body
                }
            },
            Leaf::Coord(row, a) => match a {
                At::From => {
                    let $r = Coord::<FROM>(row);
                    $body
                }
                At::To => {
                    let $r = Coord::<TO>(row);
                    $body
                }
                At::Target => {
                    let $r = Coord::<TARGET>(row);
                    $body
                }
                At::Mover => {
                    let $r = Coord::<MOVER>(row);
                    $body
                }
            },
            Leaf::Decisions => {
                let $r = Decisions;
                $body
            }
            Leaf::Ply => {
                let $r = Ply;
                $body
            }
            Leaf::Kept(slot) => {
                let $r = KeptAt(slot);
                $body
            }
        }
    };
}

/// A table's argument as it is read: a [`Read`] in place, or a code called.
trait Arg: Send + Sync + 'static {
    fn arg(&self, g: &Game, cx: &Ctx) -> i64;
}
impl<R: Read> Arg for R {
    #[inline(always)]
    fn arg(&self, g: &Game, cx: &Ctx) -> i64 {
        self.get(g, cx)
    }
}
/// An argument that is no leaf a table reads in place.
struct Called(Code);
impl Arg for Called {
    #[inline(always)]
    fn arg(&self, g: &Game, cx: &Ctx) -> i64 {
        (self.0)(g, cx)
    }
}

/// Runs `$body` with `$r` bound to the [`Arg`] of `$x` (a leaf or a code): a leaf a
/// table is read at (one of the move's cells, a variable, a kept part) is read in place.
macro_rules! arg {
    ($x:expr, |$r:ident| $body:expr) => {
        match $x {
            Ok(Leaf::At(At::From)) => {
                let $r = Cell::<FROM>;
                $body
            }
            Ok(Leaf::At(At::To)) => {
                let $r = Cell::<TO>;
                $body
            }
            Ok(Leaf::At(At::Target)) => {
                let $r = Cell::<TARGET>;
                $body
            }
            Ok(Leaf::Var(slot)) => {
                let $r = Var(slot);
                $body
            }
            Ok(Leaf::PlayerVar(slot)) => {
                let $r = PlayerVar(slot);
                $body
            }
            Ok(Leaf::Kept(slot)) => {
                let $r = KeptAt(slot);
                $body
            }
            Ok(other) => {
                let $r = Called(leaf(other));
                $body
            }
            Err(code) => {
                let $r = Called(code);
                $body
            }
        }
    };
}

/// An entry of a table: as small as the values allow.
pub(crate) trait Entry: Copy + Send + Sync + 'static {
    fn value(self) -> i64;
}
impl Entry for i8 {
    #[inline(always)]
    fn value(self) -> i64 {
        i64::from(self)
    }
}
impl Entry for i64 {
    #[inline(always)]
    fn value(self) -> i64 {
        self
    }
}

/// Table `t` of a board of `n` cells read at `a` (and `b`: at `a * n + b`), each a leaf
/// (read in place where it can be) or a code; `whole` where one is no cell of the board.
pub(crate) fn lookup<T: Entry>(
    (a, b): (Result<Leaf, Code>, Option<Result<Leaf, Code>>),
    n: u64,
    t: std::sync::Arc<[T]>,
    whole: Code,
) -> Code {
    let Some(b) = b else {
        return arg!(a, |a| boxed(move |g, cx| {
            let x = a.arg(g, cx);
            if (x as u64) < n {
                t[x as usize].value()
            } else {
                whole(g, cx)
            }
        }));
    };
    arg!(a, |a| arg!(b, |b| boxed(move |g, cx| {
        let (x, y) = (a.arg(g, cx), b.arg(g, cx));
        if (x as u64) < n && (y as u64) < n {
            t[(x as u64 * n + y as u64) as usize].value()
        } else {
            whole(g, cx)
        }
    })))
}

/// A binary operator other than `and` and `or`, as the tree evaluator applies it.
#[inline(always)]
fn apply(op: BinOp, a: i64, b: i64) -> i64 {
    crate::eval::binary(op, a, b)
}

/// A closure as a code.
fn boxed(f: impl Fn(&Game, &Ctx) -> i64 + Send + Sync + 'static) -> Code {
    Box::new(f)
}

/// The code of a leaf.
pub(crate) fn leaf(x: Leaf) -> Code {
    read!(x, |r| boxed(move |g, cx| r.get(g, cx)))
}

/// The code of `a OP b` over two leaves (both read, whatever `op`: a leaf has no effect and
/// is never undefined).
pub(crate) fn pair(op: BinOp, a: Leaf, b: Leaf) -> Code {
    if let Leaf::Const(k) = b {
        return read!(a, |a| against(op, a, k));
    }
    read!(a, |a| read!(b, |b| boxed(move |g, cx| apply(
        op,
        a.get(g, cx),
        b.get(g, cx)
    ))))
}

/// `a OP k`, the operator chosen once.
fn against<A: Read>(op: BinOp, a: A, k: i64) -> Code {
    match op {
        BinOp::Eq => Box::new(move |g, cx| i64::from(a.get(g, cx) == k)),
        BinOp::Ne => Box::new(move |g, cx| i64::from(a.get(g, cx) != k)),
        BinOp::Lt => Box::new(move |g, cx| i64::from(a.get(g, cx) < k)),
        BinOp::Le => Box::new(move |g, cx| i64::from(a.get(g, cx) <= k)),
        BinOp::Gt => Box::new(move |g, cx| i64::from(a.get(g, cx) > k)),
        BinOp::Ge => Box::new(move |g, cx| i64::from(a.get(g, cx) >= k)),
        BinOp::Add => Box::new(move |g, cx| a.get(g, cx).wrapping_add(k)),
        BinOp::Sub => Box::new(move |g, cx| a.get(g, cx).wrapping_sub(k)),
        _ => Box::new(move |g, cx| apply(op, a.get(g, cx), k)),
    }
}

/// `and` (`all`) or `or` over the codes in turn, stopping where the answer is settled: 1 or 0.
/// Up to four are written out; a longer chain is three and a chain of the rest (no loop).
pub(crate) fn chain(all: bool, list: Vec<Code>) -> Code {
    let list = match <[Code; 2]>::try_from(list) {
        Ok([a, b]) if all => return boxed(move |g, cx| i64::from(a(g, cx) != 0 && b(g, cx) != 0)),
        Ok([a, b]) => return boxed(move |g, cx| i64::from(a(g, cx) != 0 || b(g, cx) != 0)),
        Err(list) => list,
    };
    let list = match <[Code; 3]>::try_from(list) {
        Ok([a, b, c]) if all => {
            return boxed(move |g, cx| i64::from(a(g, cx) != 0 && b(g, cx) != 0 && c(g, cx) != 0))
        }
        Ok([a, b, c]) => {
            return boxed(move |g, cx| i64::from(a(g, cx) != 0 || b(g, cx) != 0 || c(g, cx) != 0))
        }
        Err(list) => list,
    };
    let list = match <[Code; 4]>::try_from(list) {
        Ok([a, b, c, d]) if all => {
            return boxed(move |g, cx| {
                i64::from(a(g, cx) != 0 && b(g, cx) != 0 && c(g, cx) != 0 && d(g, cx) != 0)
            })
        }
        Ok([a, b, c, d]) => {
            return boxed(move |g, cx| {
                i64::from(a(g, cx) != 0 || b(g, cx) != 0 || c(g, cx) != 0 || d(g, cx) != 0)
            })
        }
        Err(list) => list,
    };
    // Longer: the first three, then the rest as a chain of its own.
    let mut list = list;
    let rest = chain(all, list.split_off(3));
    list.push(rest);
    chain(all, list)
}
