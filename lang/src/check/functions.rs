//! Built-in functions (`empty(c)`, `count(p)`, `distance(a, b, edge)`, …), by family.

use super::expressions::Value;
use super::{err, Lowerer};
use crate::ast::{self, ExprKind, Name};
use crate::diag::{codes, with_suggestion};
use crate::ir::{BinOp, Expr, Type};

/// The built-in functions, by name (a definition may not take one of these names).
pub(super) const FUNCTIONS: &[&str] = &[
    "empty",
    "friend",
    "enemy",
    "unmoved",
    "attacked",
    "moved",
    "count",
    "held",
    "height",
    "neutral",
    "owner",
    "taken",
    "distance",
    "max_cells",
    "sum_cells",
    "drawn",
    "splits",
    "can_split",
    "can_merge",
    "can_splice",
    "can_unsplice",
    "seat",
    "seat_number",
    "row",
    "column",
    "either",
    "where",
    "in_line",
    "count_along",
    "line",
    "cell_at",
    "abs",
    "holds",
    "around",
    "adjacent",
    "section_total",
    "sections",
    "section_size",
    "section_cell",
    "section_border",
    "repeated",
    "checked",
    "pieces",
    "any_cell",
    "count_cells",
    "min",
    "max",
    "count_between",
];

impl Lowerer<'_> {
    /// A call of a built-in function (or of a variable kept per cell or per player).
    pub(super) fn call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        match f.text.as_str() {
            name if self.names.vars.get(name).is_some_and(|&v| {
                self.vars[v as usize].per_cell || self.vars[v as usize].per_player
            }) =>
            {
                self.var_at(f, args)
            }
            "empty" | "unmoved" | "attacked" | "friend" | "enemy" | "neutral" | "height"
            | "pieces" | "holds" | "owner" => self.cell_call(f, args),
            "moved" | "count" | "held" | "where" | "taken" => self.piece_call(f, args),
            "min" | "max" | "abs" | "either" | "seat" | "seat_number" => self.number_call(f, args),
            "any_cell" | "count_cells" | "max_cells" | "sum_cells" | "around" | "sections"
            | "section_size" | "section_total" | "section_cell" | "section_border" | "in_line"
            | "count_between" => self.over_cells_call(f, args),
            "repeated" => self.repeated_call(f, args),
            "checked" => self.checked_call(f, args),
            "adjacent" | "distance" | "cell_at" | "row" | "column" => self.geometry_call(f, args),
            "count_along" => self.count_along_call(f, args),
            "line" => self.line_call(f, args),
            "drawn" | "splits" | "can_split" | "can_merge" | "can_splice" | "can_unsplice" => {
                self.area_call(f, args)
            }
            other => self.unknown_function(f, other),
        }
    }

    /// `repeated(board)`, `repeated(position)`: how often the position now was met before.
    fn repeated_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        if !self.arity(f, args, 1, 1, "repeated(board) or repeated(position)") {
            return None;
        }
        let form = match &args[0].kind {
            ExprKind::Name(n) if n == "board" => crate::ir::Repetition::Board,
            ExprKind::Name(n) if n == "position" => crate::ir::Repetition::Position,
            _ => {
                self.error(
                    err(
                        codes::TYPE_MISMATCH,
                        "`repeated` asks about the board or the whole position",
                        args[0].span,
                        "neither `board` nor `position`",
                    )
                    .hint("write `repeated(board)` (the pieces on the cells) or `repeated(position)` (the pieces, the zones and whose turn it is)"),
                );
                return None;
            }
        };
        self.uses_repetition = true;
        Some((Expr::Repeated(form), Value::Plain(Type::Int)))
    }

    /// Whether `f` has `lo` to `hi` arguments; an error showing `form` when not.
    pub(super) fn arity(
        &mut self,
        f: &Name,
        args: &[ast::Expr],
        lo: usize,
        hi: usize,
        form: &str,
    ) -> bool {
        if args.len() < lo || args.len() > hi {
            self.error(
                err(
                    codes::WRONG_ARGUMENTS,
                    format!(
                        "`{}` takes {}",
                        f.text,
                        if lo == hi {
                            format!("{lo} argument{}", if lo == 1 { "" } else { "s" })
                        } else {
                            format!("{lo} to {hi} arguments")
                        }
                    ),
                    f.span,
                    format!("called with {}", args.len()),
                )
                .hint(format!("write it as {form}")),
            );
            false
        } else {
            true
        }
    }

    /// `NAME(CELL)`, `NAME(PLAYER)`: a variable's value at a cell or for a player.
    fn var_at(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        let name = f.text.as_str();
        let v = self.names.vars[name];
        let per_cell = self.vars[v as usize].per_cell;
        if !self.arity(
            f,
            args,
            1,
            1,
            &format!("{name}({})", if per_cell { "CELL" } else { "PLAYER" }),
        ) {
            return None;
        }
        let c = Box::new(self.typed(&args[0], if per_cell { Cell } else { Player }));
        Some((Expr::VarAt(v, c), Value::Plain(self.vars[v as usize].ty)))
    }

    /// What stands on a cell: `empty`, `friend`, `enemy`, `neutral`, `unmoved`, `attacked`,
    /// `height`, `pieces`, `holds`, `owner`.
    fn cell_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        let b = |x: Expr| Some((x, Value::Plain(Bool)));
        match f.text.as_str() {
            "empty" | "unmoved" | "attacked" => {
                if !self.arity(f, args, 1, 1, &format!("{}(CELL)", f.text)) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                b(match f.text.as_str() {
                    "empty" => Expr::Empty(c),
                    "unmoved" => Expr::Unmoved(c),
                    _ => Expr::Attacked(c),
                })
            }
            "friend" | "enemy" | "neutral" => {
                if !self.arity(
                    f,
                    args,
                    1,
                    2,
                    &format!("{}(CELL) or {}(CELL, PIECE)", f.text, f.text),
                ) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let p = args
                    .get(1)
                    .map(|a| self.typed(a, Piece))
                    .and_then(|x| match x {
                        Expr::Piece(p) => Some(p),
                        _ => None,
                    });
                b(if f.text == "friend" {
                    Expr::Friend(c, p)
                } else if f.text == "neutral" {
                    Expr::Neutral(c, p)
                } else {
                    Expr::Enemy(c, p)
                })
            }
            "height" => {
                if !self.arity(f, args, 1, 1, "height(CELL)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                Some((Expr::Height(c), Value::Plain(Int)))
            }
            "pieces" => {
                if !self.arity(f, args, 1, 2, "pieces(CELL) or pieces(CELL, PLAYER)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let who = args.get(1).map(|a| Box::new(self.typed(a, Player)));
                Some((Expr::PiecesAt(c, who), Value::Plain(Int)))
            }
            "holds" => {
                if !self.arity(f, args, 2, 2, "holds(CELL, PIECE)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                match self.typed(&args[1], Piece) {
                    Expr::Piece(p) => Some((Expr::Holds(c, p), Value::Plain(Int))),
                    _ => None,
                }
            }
            "owner" => {
                if !self.arity(f, args, 1, 1, "owner(CELL)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                Some((Expr::OwnerOf(c), Value::Plain(Player)))
            }
            _ => unreachable!("`call` sends no other name here"),
        }
    }

    /// Pieces and zones: `moved`, `count`, `held`, `where`, `taken`.
    fn piece_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        let b = |x: Expr| Some((x, Value::Plain(Bool)));
        match f.text.as_str() {
            "moved" => {
                if !self.arity(f, args, 1, 1, "moved(PIECE)") {
                    return None;
                }
                match self.typed(&args[0], Piece) {
                    Expr::Piece(p) => b(Expr::Moved(p)),
                    _ => None,
                }
            }
            "count" => {
                if !self.arity(f, args, 1, 2, "count(PIECE) or count(PIECE, PLAYER)") {
                    return None;
                }
                let p = match self.typed(&args[0], Piece) {
                    Expr::Piece(p) => Some(p),
                    _ => None,
                };
                let who = args.get(1).map(|a| Box::new(self.typed(a, Player)));
                Some((Expr::Count(p, who), Value::Plain(Int)))
            }
            "held" => {
                if !self.arity(
                    f,
                    args,
                    2,
                    3,
                    "held(ZONE, PIECE) or held(ZONE, PIECE, PLAYER)",
                ) {
                    return None;
                }
                let zone = match &args[0].kind {
                    ExprKind::Name(n) => self.zone_ref(&Name {
                        text: n.clone(),
                        span: args[0].span,
                    })?,
                    _ => {
                        self.error(err(
                            codes::TYPE_MISMATCH,
                            "expected the name of a zone",
                            args[0].span,
                            "not a zone",
                        ));
                        return None;
                    }
                };
                let who = args.get(2).map(|a| Box::new(self.typed(a, Player)));
                match self.typed(&args[1], Piece) {
                    Expr::Piece(p) => Some((Expr::Held(zone, p, who), Value::Plain(Int))),
                    _ => None,
                }
            }
            "where" => {
                if !self.arity(f, args, 2, 2, "where(PIECE, PLAYER)") {
                    return None;
                }
                let who = Box::new(self.typed(&args[1], Player));
                match self.typed(&args[0], Piece) {
                    Expr::Piece(p) => Some((Expr::Where(p, who), Value::Plain(Cell))),
                    _ => None,
                }
            }
            "taken" => {
                if !self.arity(f, args, 1, 1, "taken(NAME of a `per piece` variable)") {
                    return None;
                }
                let v = match &args[0].kind {
                    ast::ExprKind::Name(n) => self
                        .names
                        .vars
                        .get(n)
                        .copied()
                        .filter(|&v| self.vars[v as usize].per_piece),
                    _ => None,
                };
                let Some(v) = v else {
                    self.error(
                        err(
                            codes::TYPE_MISMATCH,
                            "`taken` reads a `per piece` variable of the piece captured last",
                            f.span,
                            "needs the name of a `per piece` variable",
                        )
                        .hint("declare it `var NAME = 0 per piece`, then write `taken(NAME)`"),
                    );
                    return None;
                };
                // The captured piece's values are kept just past the board's cells.
                let past = Box::new(Expr::Int(self.board.cells.len() as i64));
                Some((Expr::VarAt(v, past), Value::Plain(self.vars[v as usize].ty)))
            }
            _ => unreachable!("`call` sends no other name here"),
        }
    }

    /// Numbers: `min`, `max`, `abs`, `either`, `seat`.
    fn number_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        match f.text.as_str() {
            "min" | "max" => {
                if !self.arity(f, args, 2, 2, &format!("{}(A, B)", f.text)) {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Int));
                let b = Box::new(self.typed(&args[1], Int));
                Some((
                    if f.text == "min" {
                        Expr::Min(a, b)
                    } else {
                        Expr::Max(a, b)
                    },
                    Value::Plain(Int),
                ))
            }
            "either" => {
                if !self.arity(f, args, 3, 3, "either(CONDITION, VALUE, OTHER VALUE)") {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Bool));
                let (a, ta) = self.expr(&args[1])?;
                let Value::Plain(t) = ta else {
                    self.error(err(
                        codes::TYPE_MISMATCH,
                        format!("`either` gives a value, not {}", ta.word()),
                        args[1].span,
                        "not a value",
                    ));
                    return None;
                };
                let b = self.typed(&args[2], t);
                // An option's constant picks at once.
                match *c {
                    Expr::Bool(true) => Some((a, Value::Plain(t))),
                    Expr::Bool(false) => Some((b, Value::Plain(t))),
                    _ => Some((Expr::Either(c, Box::new(a), Box::new(b)), Value::Plain(t))),
                }
            }
            "seat" => {
                if !self.arity(f, args, 1, 1, "seat(NUMBER)") {
                    return None;
                }
                // Players are their seat numbers: the number itself names the player.
                let n = self.typed(&args[0], Int);
                Some((n, Value::Plain(Player)))
            }
            "seat_number" => {
                if !self.arity(f, args, 1, 1, "seat_number(PLAYER)") {
                    return None;
                }
                // The inverse of `seat`: a seated player's number; -1 for anyone else.
                let p = self.typed(&args[0], Player);
                let seated = Expr::Bin(
                    BinOp::Lt,
                    Box::new(p.clone()),
                    Box::new(Expr::Int(self.players.len() as i64)),
                );
                let number = Expr::Either(Box::new(seated), Box::new(p), Box::new(Expr::Int(-1)));
                Some((number, Value::Plain(Int)))
            }
            "abs" => {
                if !self.arity(f, args, 1, 1, "abs(NUMBER)") {
                    return None;
                }
                let x = Box::new(self.typed(&args[0], Int));
                Some((Expr::Abs(x), Value::Plain(Int)))
            }
            _ => unreachable!("`call` sends no other name here"),
        }
    }

    /// Conditions and numbers over cells, with `to` standing for each: `any_cell`,
    /// `count_cells`, `max_cells`, `sum_cells`, `around`, `sections`, `section_size`,
    /// `section_total`, `section_cell`, `in_line`.
    fn over_cells_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        match f.text.as_str() {
            "any_cell" | "count_cells" => {
                if !self.arity(f, args, 1, 1, &format!("{}(CONDITION on `to`)", f.text)) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Bool));
                Some(if f.text == "any_cell" {
                    (Expr::AnyCell(c), Value::Plain(Bool))
                } else {
                    (Expr::CountCells(c), Value::Plain(Int))
                })
            }
            "max_cells" | "sum_cells" => {
                if !self.arity(
                    f,
                    args,
                    2,
                    2,
                    &format!("{}(CONDITION on `to`, NUMBER)", f.text),
                ) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Bool));
                let v = Box::new(self.typed(&args[1], Int));
                Some(if f.text == "max_cells" {
                    (Expr::MaxCells(c, v), Value::Plain(Int))
                } else {
                    (Expr::SumCells(c, v), Value::Plain(Int))
                })
            }
            "sections" if args.len() == 3 => {
                let c = Box::new(self.typed(&args[0], Cell));
                let cond = Box::new(self.typed(&args[1], Bool));
                let group = Box::new(self.typed(&args[2], Bool));
                Some((Expr::SectionsOf(c, cond, group), Value::Plain(Int)))
            }
            "section_border" => {
                if !self.arity(
                    f,
                    args,
                    3,
                    3,
                    "section_border(CELL, CONDITION on `to`, CONDITION on `to`)",
                ) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let cond = Box::new(self.typed(&args[1], Bool));
                let test = Box::new(self.typed(&args[2], Bool));
                Some((Expr::SectionBorder(c, cond, test), Value::Plain(Int)))
            }
            "section_cell" => {
                if !self.arity(
                    f,
                    args,
                    3,
                    3,
                    "section_cell(CELL, CONDITION on `to`, CONDITION on `to`)",
                ) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let cond = Box::new(self.typed(&args[1], Bool));
                let test = Box::new(self.typed(&args[2], Bool));
                Some((Expr::SectionCell(c, cond, test), Value::Plain(Cell)))
            }
            "around" | "sections" | "section_size" => {
                let form = if f.text == "sections" {
                    "sections(CELL, CONDITION on `to`) or sections(CELL, CONDITION on `to`, GROUP on `to`)".to_string()
                } else {
                    format!("{}(CELL, CONDITION on `to`)", f.text)
                };
                let hi = if f.text == "sections" { 3 } else { 2 };
                if !self.arity(f, args, 2, hi, &form) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                let cond = Box::new(self.typed(&args[1], Bool));
                Some((
                    match f.text.as_str() {
                        "around" => Expr::Around(c, cond),
                        "sections" => Expr::Sections(c, cond),
                        _ => Expr::SectionSize(c, cond),
                    },
                    Value::Plain(Int),
                ))
            }
            "section_total" | "in_line" | "count_between" => {
                let totals = f.text == "section_total";
                let (form, kinds) = if totals {
                    (
                        "section_total(CELL, CONDITION on `to`, NUMBER)",
                        [Cell, Bool, Int],
                    )
                } else if f.text == "count_between" {
                    (
                        "count_between(CELL, CELL, CONDITION on `to`)",
                        [Cell, Cell, Bool],
                    )
                } else {
                    ("in_line(CELL, CELL, CONDITION on `to`)", [Cell, Cell, Bool])
                };
                if !self.arity(f, args, 3, 3, form) {
                    return None;
                }
                let mut typed = kinds
                    .iter()
                    .zip(args)
                    .map(|(k, a)| Box::new(self.typed(a, *k)))
                    .collect::<Vec<_>>()
                    .into_iter();
                let (Some(a), Some(b), Some(c)) = (typed.next(), typed.next(), typed.next()) else {
                    return None;
                };
                Some(if totals {
                    (Expr::SectionTotal(a, b, c), Value::Plain(Int))
                } else if f.text == "count_between" {
                    (Expr::CountBetween(a, b, c), Value::Plain(Int))
                } else {
                    (Expr::InLine(a, b, c), Value::Plain(Bool))
                })
            }
            _ => unreachable!("`call` sends no other name here"),
        }
    }

    /// Cells and directions: `adjacent`, `distance`, `cell_at`, `row`, `column`.
    fn geometry_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        match f.text.as_str() {
            "adjacent" => {
                if !self.arity(
                    f,
                    args,
                    2,
                    3,
                    "adjacent(CELL, CELL) or adjacent(CELL, CELL, DIRECTIONS)",
                ) {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                let c = Box::new(self.typed(&args[1], Cell));
                match args.get(2) {
                    None => Some((Expr::Adjacent(a, c), Value::Plain(Bool))),
                    Some(d) => {
                        let dirs = self.dirs_arg(d, "adjacent")?;
                        Some((Expr::AdjacentVia(a, c, dirs), Value::Plain(Bool)))
                    }
                }
            }
            "distance" => {
                if !self.arity(f, args, 3, 3, "distance(CELL, CELL, DIRECTIONS)") {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                let b = Box::new(self.typed(&args[1], Cell));
                let dirs = self.dirs_arg(&args[2], "distance")?;
                Some((Expr::Distance(a, b, dirs), Value::Plain(Int)))
            }
            "cell_at" => {
                if !self.arity(f, args, 2, 2, "cell_at(COLUMN, ROW)") {
                    return None;
                }
                let x = Box::new(self.typed(&args[0], Int));
                let y = Box::new(self.typed(&args[1], Int));
                Some((Expr::CellAt(x, y), Value::Plain(Cell)))
            }
            "row" | "column" => {
                if !self.arity(f, args, 1, 1, &format!("{}(CELL)", f.text)) {
                    return None;
                }
                let c = Box::new(self.typed(&args[0], Cell));
                Some((
                    if f.text == "row" {
                        Expr::Row(c)
                    } else {
                        Expr::Column(c)
                    },
                    Value::Plain(Int),
                ))
            }
            _ => unreachable!("`call` sends no other name here"),
        }
    }

    /// The drawn area as it changes: `drawn`, `splits`, `can_split`, `can_merge`, `can_splice`,
    /// `can_unsplice`.
    fn area_call(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        use Type::*;
        match f.text.as_str() {
            "drawn" => {
                if !self.arity(f, args, 1, 1, "drawn(CELL)") {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                Some((Expr::Drawn(a), Value::Plain(Bool)))
            }
            "splits" => {
                if !self.arity(f, args, 1, 1, "splits(CELL)") {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                Some((Expr::Splits(a), Value::Plain(Int)))
            }
            "can_split" | "can_merge" | "can_splice" | "can_unsplice" => {
                let split = f.text == "can_split";
                let form = if split {
                    "can_split(CELL, N)".to_string()
                } else {
                    format!("{}(CELL, CELL)", f.text)
                };
                if !self.arity(f, args, 2, 2, &form) {
                    return None;
                }
                let a = Box::new(self.typed(&args[0], Cell));
                let b = Box::new(self.typed(&args[1], if split { Int } else { Cell }));
                let kind = match f.text.as_str() {
                    "can_split" => ast::AreaChange::Split,
                    "can_merge" => ast::AreaChange::Merge,
                    "can_splice" => ast::AreaChange::Splice,
                    _ => ast::AreaChange::Unsplice,
                };
                Some((Expr::AreaCan(kind, a, b), Value::Plain(Bool)))
            }
            _ => unreachable!("`call` sends no other name here"),
        }
    }

    /// The error for a function that does not exist.
    fn unknown_function(&mut self, f: &Name, other: &str) -> Option<(Expr, Value)> {
        let known = FUNCTIONS;
        let mut d = err(
            codes::UNKNOWN_NAME,
            format!("there is no function `{other}`"),
            f.span,
            "unknown function",
        );
        d = with_suggestion(
            d,
            other,
            known
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .iter(),
        );
        d = d.hint(format!("the functions are {}", known.join(", ")));
        self.error(d);
        None
    }
}
