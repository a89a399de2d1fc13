//! Gathers a ruleset from its files: follows `use` and `variant … extends`, detects import
//! cycles, and merges a variant's declarations over its base. No IO here: files come
//! through the caller's [`Loader`].

use crate::ast::{File, Item, Name};
use crate::diag::{codes, Diagnostic, FileId, Sources, Span};
use crate::syntax;
use std::collections::HashMap;

/// Where rules files come from. The CLI reads the disk and the bundled library; tests use
/// a map in memory.
pub trait Loader {
    /// Finds `request` (a `use` target or a variant's base) as seen from the file named
    /// `from`. Returns a canonical name (equal for equal files) and the text.
    fn load(&self, request: &str, from: &str) -> Result<(String, String), String>;

    /// Finds an area file (`board tessels "FILE"`) as seen from the file named `from`:
    /// its name as written, no extension added. By default, as [`Loader::load`] does.
    fn load_area(&self, request: &str, from: &str) -> Result<(String, String), String> {
        self.load(request, from)
    }
}

/// A loader over an in-memory map of names to texts (`NAME` and `NAME.tessel` both match).
pub struct MapLoader(pub HashMap<String, String>);

impl Loader for MapLoader {
    fn load(&self, request: &str, _from: &str) -> Result<(String, String), String> {
        let key = request.trim_end_matches(".tessel");
        self.0
            .get(key)
            .map(|t| (key.to_string(), t.clone()))
            .ok_or_else(|| format!("no file named `{request}`"))
    }
}

/// The gathered declarations of a ruleset, in order, with the sources they came from.
pub struct Gathered {
    pub items: Vec<Item>,
}

struct Gatherer<'a> {
    loader: &'a dyn Loader,
    sources: &'a mut Sources,
    /// Files being gathered, for cycle detection: canonical name and the span that used it.
    stack: Vec<String>,
    done: HashMap<String, ()>,
    diags: Vec<Diagnostic>,
}

/// Parses `text` (named `name`) and everything it uses or extends.
pub fn gather(
    name: &str,
    text: &str,
    loader: &dyn Loader,
    sources: &mut Sources,
) -> Result<Gathered, Vec<Diagnostic>> {
    let mut g = Gatherer {
        loader,
        sources,
        stack: Vec::new(),
        done: HashMap::new(),
        diags: Vec::new(),
    };
    let items = g.file(name.to_string(), text.to_string());
    if g.diags.iter().any(|d| d.is_error()) {
        Err(g.diags)
    } else {
        Ok(Gathered { items })
    }
}

impl Gatherer<'_> {
    fn file(&mut self, name: String, text: String) -> Vec<Item> {
        let id = self.sources.add(name.clone(), text);
        let parsed = match syntax::parse(id, self.sources.text(id)) {
            Ok(f) => f,
            Err(d) => {
                self.diags.push(d);
                return Vec::new();
            }
        };
        self.stack.push(name.clone());
        self.done.insert(name.clone(), ());
        let out = self.expand(parsed, &name, id);
        self.stack.pop();
        out
    }

    /// Loads a file named by `target` from `from`; `None` when it fails (diagnosed) or was
    /// already included.
    fn include(&mut self, target: &Name, from: &str, what: &str) -> Option<Vec<Item>> {
        let (canon, text) = match self.loader.load(&target.text, from) {
            Ok(x) => x,
            Err(why) => {
                self.diags.push(
                    Diagnostic::error(codes::USE_NOT_FOUND, format!("cannot find the {what} `{}`", target.text))
                        .at(target.span, why)
                        .hint("a name is looked up beside this file, then in the standard library (stdlib/) and the bundled rulesets; write a path in quotes for another place"),
                );
                return None;
            }
        };
        if let Some(pos) = self.stack.iter().position(|s| *s == canon) {
            let chain: Vec<&str> = self.stack[pos..].iter().map(|s| s.as_str()).collect();
            self.diags.push(
                Diagnostic::error(
                    codes::IMPORT_CYCLE,
                    format!("`{}` includes itself", target.text),
                )
                .at(target.span, "this brings the file back into itself")
                .hint(format!(
                    "the chain is {} -> {}; move the shared declarations to a file that both use",
                    chain.join(" -> "),
                    canon
                )),
            );
            return None;
        }
        if self.done.contains_key(&canon) {
            return Some(Vec::new());
        }
        Some(self.file(canon, text))
    }

    fn expand(&mut self, parsed: File, name: &str, _id: FileId) -> Vec<Item> {
        let mut base: Option<Vec<Item>> = None;
        let mut used = Vec::new();
        let mut own = Vec::new();
        for mut item in parsed.items {
            // A drawn area's items come from its own file, which diagnostics point into.
            if let Item::Board(crate::ast::BoardDecl::Tessels {
                items,
                file: Some(f),
                ..
            }) = &mut item
            {
                match self.loader.load_area(&f.text, name) {
                    Ok((canon, text)) => {
                        let id = self.sources.add(canon, text);
                        match syntax::parse_area(id, self.sources.text(id)) {
                            Ok(read) => *items = read,
                            Err(d) => self.diags.push(d),
                        }
                    }
                    Err(why) => self.diags.push(
                        Diagnostic::error(
                            codes::USE_NOT_FOUND,
                            format!("cannot find the area file `{}`", f.text),
                        )
                        .at(f.span, why)
                        .hint("an area file is looked up beside this file, then among the bundled rulesets"),
                    ),
                }
            }
            match &item {
                Item::Use { target } => {
                    let target = target.clone();
                    if let Some(items) = self.include(&target, name, "file") {
                        used.extend(items);
                    }
                }
                Item::Variant { base: b, .. } => {
                    let b = b.clone();
                    // A variant's base is gathered on its own, so its `use`s are not shared.
                    let saved = std::mem::take(&mut self.done);
                    for s in &self.stack {
                        self.done.insert(s.clone(), ());
                    }
                    let items = self.include(&b, name, "base ruleset");
                    self.done = saved;
                    base = Some(items.unwrap_or_default());
                    own.push(item);
                }
                _ => own.push(item),
            }
        }
        used.extend(own);
        match base {
            Some(base) => merge_variant(base, used),
            None => used,
        }
    }
}

/// A variant's declarations over its base: a declaration of the same kind and name
/// replaces the base's in place; the single declarations (game, players, board, position,
/// start, about) replace the base's; everything else is added.
fn merge_variant(base: Vec<Item>, over: Vec<Item>) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::with_capacity(base.len() + over.len());
    let single = |i: &Item| -> Option<&'static str> {
        match i {
            Item::Game { .. } | Item::Variant { .. } => Some("game"),
            Item::Players { .. } => Some("players"),
            Item::Board(_) => Some("board"),
            Item::Position { .. } => Some("position"),
            Item::Start { .. } => Some("start"),
            Item::About { .. } => Some("about"),
            _ => None,
        }
    };
    let mut rest = Vec::new();
    let mut over_slots: Vec<Option<Item>> = over.into_iter().map(Some).collect();
    for b in base {
        let replaced = over_slots.iter_mut().find(|o| {
            o.as_ref().is_some_and(|o| match (o.key(), b.key()) {
                (Some((k1, n1)), Some((k2, n2))) => k1 == k2 && n1.text == n2.text,
                _ => single(o).is_some() && single(o) == single(&b),
            })
        });
        match replaced {
            Some(slot) => out.push(slot.take().expect("found slots hold an item")),
            None => out.push(b),
        }
    }
    for o in over_slots.into_iter().flatten() {
        rest.push(o);
    }
    out.extend(rest);
    out
}

/// The span of the first item, for diagnostics that belong to the whole file.
pub fn file_start(file: FileId) -> Span {
    Span::new(file, 0, 0)
}
