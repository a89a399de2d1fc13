//! The rulesets and standard library shipped inside the binary, and the loader that finds
//! a `use`d or extended file: beside the including file first, then in the bundle.

use include_dir::{include_dir, Dir};
use std::path::{Path, PathBuf};
use tessel_interpreter::Game;
use tessel_lang::{Compiled, Loader};

static RULESETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/rulesets");
static STDLIB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/stdlib");
static PLUGINS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/plugins");

/// The bundled games: `(name, title line)`, sorted by name.
pub fn list() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = RULESETS
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "tessel"))
        .map(|f| {
            let name = f
                .path()
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = f.contents_utf8().unwrap_or("");
            let title = text
                .lines()
                .find_map(|l| {
                    let l = l.trim();
                    // The quoted title: `game "Chess"`, `variant "Muso kawa" extends …`.
                    let rest = l
                        .strip_prefix("game ")
                        .or_else(|| l.strip_prefix("variant "))?;
                    rest.split('"').nth(1).map(str::to_string)
                })
                .unwrap_or_default();
            (name, title)
        })
        .collect();
    out.sort();
    out
}

/// A bundled game as `tessel list` shows it: its name, title, players and summary.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameInfo {
    pub name: String,
    pub title: String,
    /// The fewest and the most players.
    pub players: Seats,
    /// The summary line of its `about` (empty without one).
    pub summary: String,
}

/// How many players sit: `min` to `max`.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Seats {
    pub min: u32,
    pub max: u32,
}

impl std::fmt::Display for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

/// Each bundled game compiled with its default options, sorted by name; a game that does
/// not compile (it never should) keeps its title and shows no players.
pub fn games() -> Vec<GameInfo> {
    list()
        .into_iter()
        .map(|(name, title)| {
            let program = load(&name, &[]).ok().and_then(|l| l.compiled.program);
            let (players, summary) =
                program.map_or((Seats { min: 0, max: 0 }, String::new()), |p| {
                    let (min, max) = p.about.seats;
                    (Seats { min, max }, p.about.summary)
                });
            GameInfo {
                name,
                title,
                players,
                summary,
            }
        })
        .collect()
}

fn bundled(dir: &Dir<'static>, name: &str) -> Option<String> {
    let file = if name.ends_with(".tessel") {
        name.to_string()
    } else {
        format!("{name}.tessel")
    };
    dir.get_file(&file)
        .and_then(|f| f.contents_utf8())
        .map(|s| s.to_string())
}

/// The text of the bundled game `name`, if there is one.
pub fn bundled_rules(name: &str) -> Option<String> {
    bundled(&RULESETS, name)
}

/// Finds rules files on disk and in the bundle. Canonical names are `bundle:rulesets/X`,
/// `bundle:stdlib/X` or a file path.
pub struct BundleLoader;

impl Loader for BundleLoader {
    fn load(&self, request: &str, from: &str) -> Result<(String, String), String> {
        let file = if request.ends_with(".tessel") {
            request.to_string()
        } else {
            format!("{request}.tessel")
        };
        // Beside the including file, when it is on disk.
        if !from.starts_with("bundle:") {
            let base = Path::new(from).parent().unwrap_or(Path::new("."));
            let candidate: PathBuf = base.join(&file);
            if candidate.exists() {
                // One name per file, however it was reached, so that cycles are seen.
                let canonical = canonical_name(&candidate);
                return crate::files::read_text(
                    &candidate,
                    crate::files::MAX_RULES,
                    "the rules file",
                )
                .map(|t| (canonical, t));
            }
        }
        let plain = file
            .trim_end_matches(".tessel")
            .trim_start_matches("stdlib/")
            .trim_start_matches("rulesets/");
        if let Some(t) = bundled(&STDLIB, plain) {
            return Ok((format!("bundle:stdlib/{plain}"), t));
        }
        if let Some(t) = bundled(&RULESETS, plain) {
            return Ok((format!("bundle:rulesets/{plain}"), t));
        }
        let mut msg = format!(
            "no file `{file}` beside this one, in the standard library, or among the bundled rulesets"
        );
        if let Some(close) = closest_bundled(plain) {
            msg += &format!("; did you mean `{close}`?");
        }
        Err(msg)
    }

    fn load_area(&self, request: &str, from: &str) -> Result<(String, String), String> {
        self.area(request, from)
    }
}

impl BundleLoader {
    /// An area file: beside the including file when that is on disk, else bundled.
    fn area(&self, request: &str, from: &str) -> Result<(String, String), String> {
        if !from.starts_with("bundle:") {
            let candidate: PathBuf = crate::files::beside(Path::new(from), request)?;
            if candidate.exists() {
                return crate::files::read_text(
                    &candidate,
                    crate::files::MAX_RULES,
                    "the area file",
                )
                .map(|t| (canonical_name(&candidate), t));
            }
        }
        let plain = request.trim_start_matches("rulesets/");
        match RULESETS.get_file(plain).and_then(|f| f.contents_utf8()) {
            Some(t) => Ok((format!("bundle:rulesets/{plain}"), t.to_string())),
            None => Err(format!(
                "no file `{request}` beside this one or among the bundled rulesets"
            )),
        }
    }
}

/// The bundled ruleset or standard-library file whose name is closest to `name` (at most
/// two edits away), for a did-you-mean.
fn closest_bundled(name: &str) -> Option<String> {
    let names = STDLIB.files().chain(RULESETS.files()).filter_map(|f| {
        f.path()
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
    });
    names
        .map(|n| (tessel_lang::diag::edit_distance(name, &n), n))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, n)| n)
}

/// One name per file however it was reached (so that include cycles are seen), relative
/// to the working directory when the file is under it (so that messages stay short).
fn canonical_name(path: &Path) -> String {
    let Ok(full) = std::fs::canonicalize(path) else {
        return path.display().to_string();
    };
    let cwd = std::env::current_dir().and_then(std::fs::canonicalize);
    match cwd.as_ref().ok().and_then(|c| full.strip_prefix(c).ok()) {
        Some(rel) => rel.display().to_string(),
        None => full.display().to_string(),
    }
}

/// A compiled ruleset and the name it was found by.
pub struct Loaded {
    pub name: String,
    pub compiled: Compiled,
}

/// Finds `file_or_name` (a path wins over a bundled name) and compiles it with options.
pub fn load(file_or_name: &str, options: &[(String, String)]) -> Result<Loaded, String> {
    let path = Path::new(file_or_name);
    let (name, text) =
        if path.exists() && (path.is_file() || bundled(&RULESETS, file_or_name).is_none()) {
            let t = crate::files::read_text(path, crate::files::MAX_RULES, "the rules file")?;
            (canonical_name(path), t)
        } else if let Some(t) = bundled(&RULESETS, file_or_name) {
            (
                format!(
                    "bundle:rulesets/{}",
                    file_or_name.trim_end_matches(".tessel")
                ),
                t,
            )
        } else {
            let names: Vec<String> = list().into_iter().map(|(n, _)| n).collect();
            let close = names.iter().find(|n| {
                let (a, b) = (n.as_str(), file_or_name.trim_end_matches(".tessel"));
                a.starts_with(b) || b.starts_with(a)
            });
            let mut msg = format!(
                "`{file_or_name}` is neither a file nor a bundled game (bundled: {})",
                names.join(", ")
            );
            if let Some(c) = close {
                msg += &format!("; did you mean `{c}`?");
            }
            return Err(msg);
        };
    let mut compiled = tessel_lang::compile(&name, &text, &BundleLoader, options);
    attach_plugins(&mut compiled);
    Ok(Loaded { name, compiled })
}

/// A game as the server offers it (`GET /games`) and the Python package describes it.
#[derive(serde::Serialize, Clone, Debug)]
pub struct Description {
    /// The name to ask for: a bundled name or a rules file's path, as given.
    pub name: String,
    pub title: String,
    /// The rules file's opening comment: what the game is, and its readings.
    pub about: String,
    pub players: Vec<String>,
    /// Every option, with its value in this game.
    pub options: Vec<tessel_lang::ir::OptionInfo>,
}

impl Description {
    /// The description of `game`, loaded as `name`.
    pub fn of(name: &str, game: &Game) -> Description {
        Description {
            name: name.to_string(),
            title: game.program.title.clone(),
            about: opening_comment(&rules_text(name)),
            players: game.program.players.clone(),
            options: game.program.options.clone(),
        }
    }
}

/// The comment a rules text opens with, without its `//` marks.
fn opening_comment(text: &str) -> String {
    text.lines()
        .map(str::trim_start)
        .take_while(|l| l.starts_with("//"))
        .map(|l| {
            l.trim_start_matches('/')
                .strip_prefix(' ')
                .unwrap_or(l.trim_start_matches('/'))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of a ruleset: a file, or a bundled game.
fn rules_text(name: &str) -> String {
    let path = Path::new(name);
    if path.is_file() {
        return crate::files::read_text(path, crate::files::MAX_RULES, "the rules file")
            .unwrap_or_default();
    }
    bundled_rules(name).unwrap_or_default()
}

/// Compiles `name` with `options` into a game ready to play, its start position checked:
/// the game, or the diagnostics (or why the ruleset was not found) as text. What the
/// server and the Python package load games with.
pub fn compile(name: &str, options: &[(String, String)]) -> Result<Game, String> {
    let c = load(name, options)?.compiled;
    let errors = c
        .diagnostics
        .iter()
        .any(|d| d.severity == tessel_lang::diag::Severity::Error);
    match c.program {
        Some(p) if !errors => {
            let game = Game::new(p);
            crate::start_check(&game)
                .map_err(|d| crate::diagnostics::to_string(&c.sources, &[d]))?;
            Ok(game)
        }
        _ => Err(crate::diagnostics::to_string(&c.sources, &c.diagnostics)),
    }
}

/// Reads and compiles the plug-ins a compiled ruleset names, each found beside the file
/// that names it (or among the bundled `plugins/` for a bundled ruleset). A plug-in that
/// cannot be read or used is an error at the place that names it.
fn attach_plugins(compiled: &mut tessel_lang::Compiled) {
    let Some(program) = compiled.program.as_mut() else {
        return;
    };
    let mut failed = false;
    for p in &mut program.plugins {
        let from = compiled.sources.name(p.span.file).to_string();
        let bytes = if from.starts_with("bundle:") {
            // Bundled plug-ins are found by their file name.
            let plain = Path::new(&p.path)
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_default();
            PLUGINS
                .get_file(&plain)
                .map(|f| f.contents().to_vec())
                .ok_or_else(|| format!("no bundled plug-in `{}`", p.path))
        } else {
            // Only a plain file of sensible size (not `/dev/zero`, not a pipe, not a
            // directory); a module that is no WebAssembly is refused as it is compiled.
            let base = Path::new(&from).parent().unwrap_or(Path::new("."));
            crate::files::read_bytes(&base.join(&p.path), crate::files::MAX_PLUGIN, "the plug-in")
        };
        let checked = bytes.and_then(|b| {
            tessel_interpreter::plugin::Plugin::load(&p.path, &b)
                .map(|_| b)
                .map_err(|e| e.to_string())
        });
        match checked {
            Ok(b) => p.bytes = b,
            Err(e) => {
                failed = true;
                compiled.diagnostics.push(
                    tessel_lang::Diagnostic::error(tessel_lang::diag::codes::PLUGIN, e)
                        .at(p.span, "this plug-in")
                        .hint("see docs/plugins.md for what a plug-in must export and answer"),
                );
            }
        }
    }
    if failed {
        compiled.program = None;
    }
}
