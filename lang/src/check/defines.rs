//! Definitions (`define NAME(PARAMS) = EXPR`): each use is written out as the body with
//! the arguments in place of the parameters. Named blocks (`define NAME { … }`): each
//! `do NAME` is written out as the block's statements.

use super::expressions::Value;
use super::{err, Lowerer};
use crate::ast::{self, ExprKind, Item, Name};
use crate::diag::codes;
use crate::ir::Expr;
use std::collections::HashMap;

/// The definitions and the state of writing them out.
#[derive(Default)]
pub(super) struct Defines<'a> {
    /// Named expressions (`define`): parameters and body.
    bodies: HashMap<String, (&'a [Name], &'a ast::Expr)>,
    /// Named blocks of statements (`define NAME { … }`).
    blocks: HashMap<String, &'a [ast::Stmt]>,
    /// The blocks being written out, innermost last (a block may not run itself).
    running: Vec<String>,
    /// The definitions being expanded, innermost last (a definition may not use itself).
    expanding: Vec<String>,
    /// Uses of definitions written out so far: a bound, so that definitions that double at
    /// each level cannot make the checker run for ever.
    expansions: usize,
    /// Nodes of syntax written out by uses of definitions so far: a bound on the work, since
    /// an argument used twice doubles at each level (`define d(x) = e(x + x)`).
    pub(super) written: usize,
}

impl Defines<'_> {
    /// Whether `name` is a definition.
    pub(super) fn contains(&self, name: &str) -> bool {
        self.bodies.contains_key(name)
    }
}

impl<'a> Lowerer<'a> {
    /// Gathers the definitions, each with its parameters named once.
    pub(super) fn defines_from(&mut self, items: &'a [Item]) {
        for item in items {
            if let Item::DefineBlock { name, body } = item {
                self.defines
                    .blocks
                    .insert(name.text.clone(), body.as_slice());
            }
            if let Item::Define { name, params, body } = item {
                let text = name.text.as_str();
                if super::functions::FUNCTIONS.contains(&text)
                    || super::expressions::BUILT_IN_NAMES.contains(&text)
                {
                    self.error(
                        err(
                            codes::DUPLICATE,
                            format!("`{text}` is built into the language: a definition cannot take its name"),
                            name.span,
                            "a built-in name",
                        )
                        .hint(format!("name the definition differently, e.g. `my_{text}`")),
                    );
                    continue;
                }
                self.defines
                    .bodies
                    .insert(name.text.clone(), (params.as_slice(), body));
                for (i, p) in params.iter().enumerate() {
                    if params[..i].iter().any(|q| q.text == p.text) {
                        self.error(err(
                            codes::DUPLICATE,
                            format!("the parameter `{}` is named twice", p.text),
                            p.span,
                            "named again here",
                        ));
                    }
                }
            }
        }
    }

    /// A use of a definition: its body, the arguments in place of the parameters.
    pub(super) fn expand(&mut self, f: &Name, args: &[ast::Expr]) -> Option<(Expr, Value)> {
        let (params, body) = self.defines.bodies[&f.text];
        if params.len() != args.len() {
            let form = if params.is_empty() {
                f.text.clone()
            } else {
                let ps: Vec<&str> = params.iter().map(|p| p.text.as_str()).collect();
                format!("{}({})", f.text, ps.join(", "))
            };
            self.error(
                err(
                    codes::WRONG_ARGUMENTS,
                    format!(
                        "`{}` takes {} argument{}",
                        f.text,
                        params.len(),
                        if params.len() == 1 { "" } else { "s" }
                    ),
                    f.span,
                    format!("given {}", args.len()),
                )
                .hint(format!("write it as {form}")),
            );
            return None;
        }
        // Arguments are written out inside the body, so a definition may meet itself again
        // through an argument (`start(seat_of(c))` where `seat_of` uses `start`); only one
        // that keeps meeting itself refers to itself.
        if self
            .defines
            .expanding
            .iter()
            .filter(|n| **n == f.text)
            .count()
            >= 16
        {
            self.error(
                err(
                    codes::SELF_REFERENCE,
                    format!("the definition `{}` uses itself", f.text),
                    f.span,
                    "used inside its own definition",
                )
                .hint("a definition is written out where it is used, so it cannot refer to itself"),
            );
            return None;
        }
        self.defines.expansions += 1;
        if self.defines.expansions > MAX_EXPANSIONS {
            if self.defines.expansions == MAX_EXPANSIONS + 1 {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        format!("definitions are written out more than {MAX_EXPANSIONS} times"),
                        f.span,
                        "one use too many",
                    )
                    .hint("definitions that use others several times grow very fast: use a variable instead"),
                );
            }
            return None;
        }
        let size = written_size(body, params, args);
        self.defines.written = self.defines.written.saturating_add(size);
        if self.defines.written > MAX_WRITTEN {
            if self.defines.written - size <= MAX_WRITTEN {
                self.error(
                    err(
                        codes::BAD_RANGE,
                        format!("definitions written out make more than {MAX_WRITTEN} terms"),
                        f.span,
                        "written out here",
                    )
                    .hint("a parameter used twice doubles its argument at each level of definitions: use a variable instead"),
                );
            }
            return None;
        }
        let expanded = substitute(body, params, args);
        self.defines.expanding.push(f.text.clone());
        let out = self.expr(&expanded);
        self.defines.expanding.pop();
        out
    }
}

impl Lowerer<'_> {
    /// `do NAME`: the statements of the block, written out here.
    pub(super) fn run_block(&mut self, name: &Name) -> Vec<crate::ir::Stmt> {
        let Some(&body) = self.defines.blocks.get(&name.text) else {
            let (message, label, hint) = if self.defines.contains(&name.text) {
                (
                    format!(
                        "`{}` is a value (`define {} = …`), not a block of statements",
                        name.text, name.text
                    ),
                    "`do` runs a block",
                    format!(
                        "write the statements as a block: `define {} {{ … }}`",
                        name.text
                    ),
                )
            } else {
                (
                    format!("there is no block named `{}`", name.text),
                    "not defined",
                    format!(
                        "define it with its statements: `define {} {{ set … }}`",
                        name.text
                    ),
                )
            };
            self.error(err(codes::UNKNOWN_NAME, message, name.span, label).hint(hint));
            return Vec::new();
        };
        if self.defines.running.contains(&name.text) {
            self.error(
                err(
                    codes::SELF_REFERENCE,
                    format!("the block `{}` runs itself", name.text),
                    name.span,
                    "run inside its own block",
                )
                .hint("a block is written out where it is run, so it cannot run itself"),
            );
            return Vec::new();
        }
        self.defines.expansions += 1;
        if self.defines.expansions > MAX_EXPANSIONS {
            return Vec::new();
        }
        self.defines.running.push(name.text.clone());
        let out = self.stmts(body);
        self.defines.running.pop();
        out
    }
}

/// How many uses of definitions a ruleset may write out in all.
const MAX_EXPANSIONS: usize = 100_000;

/// How many terms all the uses of definitions in a ruleset may write out.
const MAX_WRITTEN: usize = 1_000_000;

/// The number of nodes of `e`.
fn size(e: &ast::Expr) -> usize {
    match &e.kind {
        ExprKind::Call(_, xs) => {
            1usize.saturating_add(xs.iter().map(size).fold(0, usize::saturating_add))
        }
        ExprKind::Unary(_, x) => 1 + size(x),
        ExprKind::Binary(_, a, b) => 1usize.saturating_add(size(a)).saturating_add(size(b)),
        _ => 1,
    }
}

/// The number of nodes `substitute(body, params, args)` makes, without making them.
fn written_size(body: &ast::Expr, params: &[Name], args: &[ast::Expr]) -> usize {
    let arg_sizes: Vec<usize> = args.iter().map(size).collect();
    fn walk(e: &ast::Expr, params: &[Name], arg_sizes: &[usize]) -> usize {
        match &e.kind {
            ExprKind::Name(n) => params
                .iter()
                .position(|p| p.text == *n)
                .map_or(1, |i| arg_sizes[i]),
            ExprKind::Call(_, xs) => xs
                .iter()
                .map(|x| walk(x, params, arg_sizes))
                .fold(1, usize::saturating_add),
            ExprKind::Unary(_, x) => walk(x, params, arg_sizes).saturating_add(1),
            ExprKind::Binary(_, a, b) => walk(a, params, arg_sizes)
                .saturating_add(walk(b, params, arg_sizes))
                .saturating_add(1),
            _ => 1,
        }
    }
    walk(body, params, &arg_sizes)
}

/// A definition's body with each parameter replaced by its argument.
fn substitute(body: &ast::Expr, params: &[Name], args: &[ast::Expr]) -> ast::Expr {
    let sub = |e: &ast::Expr| substitute(e, params, args);
    let kind = match &body.kind {
        ExprKind::Name(n) => match params.iter().position(|p| p.text == *n) {
            Some(i) => return args[i].clone(),
            None => ExprKind::Name(n.clone()),
        },
        ExprKind::Call(f, xs) => ExprKind::Call(f.clone(), xs.iter().map(sub).collect()),
        ExprKind::Unary(op, x) => ExprKind::Unary(*op, Box::new(sub(x))),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, Box::new(sub(a)), Box::new(sub(b))),
        other => other.clone(),
    };
    ast::Expr {
        kind,
        span: body.span,
    }
}
