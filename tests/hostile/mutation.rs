//! The seeded mutation run of issue 19: thousands of mutated rules files, positions,
//! records, game texts and typed moves go through the real `tessel` binary, each run
//! watched (10 s, 1 GB); it prints the runs and the failures by kind, keeps every failing
//! input under target/mutation/failures/ (and those over 2 s or 200 MB under
//! target/mutation/notable/), and fails if there is any failure. It takes minutes, so
//! `cargo test` skips it:
//!
//! `cargo test --release --test hostile -- --ignored mutation_run --nocapture`
//!
//! `TESSEL_MUTATION_SEED` (default 19) picks the run, `TESSEL_MUTATION_SCALE` scales the
//! counts (percent, default 100), `TESSEL_MUTATION_JOBS` runs that many at once (default 2).

use super::mutate::{self, Seeded, MOVE_WORDS, POSITION_WORDS, RULES_WORDS};
use super::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use tessel_interpreter::Game;

/// The time bound of one run in this test.
const BOUND: Duration = Duration::from_secs(10);
/// Inputs that take longer or grow larger than this are kept (target/mutation/notable/)
/// and listed, though they pass.
const NOTABLE_TIME: Duration = Duration::from_secs(2);
const NOTABLE_KB: u64 = 200_000;

/// The bundled rulesets (mutated) and the standard library (spliced in).
const RULESETS: &[&str] = &[
    "chess",
    "english-draughts",
    "international-draughts",
    "mu",
    "muso",
    "muso-3p",
    "muso-4p",
    "muso-kawa",
    "mutou",
    "mutou-drawn",
    "oicustiytac",
    "veney",
    "veney-donkey",
    "veney-fairy",
];
const STDLIB: &[&str] = &["board8", "grid", "movers", "pawns"];

/// How a run ended, as the run counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Accepted,
    Refused,
    Panic,
    Signal,
    Hang,
    BlowUp,
    OtherExit,
}

impl Kind {
    fn of(o: &Outcome) -> Kind {
        if o.hung {
            Kind::Hang
        } else if o.blew_up {
            Kind::BlowUp
        } else if o.stderr.contains("panicked") || o.code == Some(101) {
            Kind::Panic
        } else {
            match o.code {
                Some(0) => Kind::Accepted,
                Some(1 | 2) => Kind::Refused,
                Some(_) => Kind::OtherExit,
                None => Kind::Signal,
            }
        }
    }

    fn failed(self) -> bool {
        !matches!(self, Kind::Accepted | Kind::Refused)
    }
}

/// One input: the files it needs, the commands run on it (each after the first only when
/// the one before accepted it), and what is typed.
struct Case {
    category: &'static str,
    files: Vec<(String, Vec<u8>)>,
    commands: Vec<Vec<String>>,
    stdin: Vec<u8>,
}

/// What the run found for one command.
struct Ran {
    category: &'static str,
    kind: Kind,
    elapsed: Duration,
    peak_kb: u64,
}

/// A bundled game's name, positions along seeded walks, and records with their game texts.
type GameBases = (String, Vec<String>, Vec<(tessel::record::Record, String)>);

/// Per category: runs, runs by kind, the slowest, the most memory (kB).
type Row = (usize, BTreeMap<Kind, usize>, Duration, u64);

/// The valid inputs the cases are mutated from.
struct Bases {
    rules: Vec<String>,
    donors: Vec<String>,
    /// Per bundled game: its name, positions along seeded walks, records and game texts.
    games: Vec<GameBases>,
}

fn bases() -> Bases {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |p: PathBuf| std::fs::read_to_string(&p).expect("bundled text");
    let rules: Vec<String> = RULESETS
        .iter()
        .map(|n| read(root.join(format!("rulesets/{n}.tessel"))))
        .collect();
    let mut donors = rules.clone();
    donors.extend(
        STDLIB
            .iter()
            .map(|n| read(root.join(format!("stdlib/{n}.tessel")))),
    );
    let games = RULESETS
        .iter()
        .map(|&name| {
            let loaded = tessel::load(name, &[]).expect("bundled");
            let g = Game::new(loaded.compiled.program.expect("bundled games compile"));
            let mut positions = Vec::new();
            let mut records = Vec::new();
            for seed in 1..=4 {
                let (p, r) = mutate::playthrough(name, &g, seed, 60);
                positions.extend(p);
                let text = tessel::record::game_text(&g, &r).expect("a walk replays");
                records.push((r, text));
            }
            (name.to_string(), positions, records)
        })
        .collect();
    Bases {
        rules,
        donors,
        games,
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// Case `i` of the run: rules files first, then positions, records and typed moves.
fn case(b: &Bases, seed: u64, i: usize, counts: &[usize; 4]) -> Case {
    let mut rng = Seeded(seed ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let donors: Vec<&str> = b.donors.iter().map(String::as_str).collect();
    if i < counts[0] {
        let base = &b.rules[i % b.rules.len()];
        let text = mutate::mutate(base, &donors, RULES_WORDS, &rng.edits(5));
        let f = format!("rulesets/r{i}.tessel");
        let seed = i.to_string();
        return Case {
            category: "rules",
            files: vec![(f.clone(), text)],
            commands: vec![
                strings(&["check", &f]),
                strings(&["perft", &f, "--depth", "2"]),
                strings(&[
                    "random",
                    &f,
                    "--games",
                    "2",
                    "--max-plies",
                    "300",
                    "--seed",
                    &seed,
                ]),
                strings(&["render", &f]),
            ],
            stdin: Vec::new(),
        };
    }
    let (game, positions, records) = &b.games[rng.below(b.games.len())];
    if i < counts[0] + counts[1] {
        let pdonors: Vec<&str> = positions.iter().map(String::as_str).collect();
        let base = &positions[rng.below(positions.len())];
        let text = mutate::mutate(base, &pdonors, POSITION_WORDS, &rng.edits(4));
        let f = format!("p{i}.txt");
        let at = format!("@{f}");
        let command = match i % 4 {
            0 => strings(&["moves", game, "--position", &at]),
            1 => strings(&["perft", game, "--depth", "2", "--position", &at]),
            2 => strings(&["render", game, "--position", &at]),
            _ => strings(&[
                "random",
                game,
                "--games",
                "1",
                "--max-plies",
                "200",
                "--position",
                &at,
            ]),
        };
        return Case {
            category: "positions",
            files: vec![(f, text)],
            commands: vec![command],
            stdin: Vec::new(),
        };
    }
    let (record, text) = &records[rng.below(records.len())];
    if i < counts[0] + counts[1] + counts[2] {
        let edits = rng.edits(4);
        let (f, body, mut command) = if i % 4 < 2 {
            let json = if i.is_multiple_of(4) {
                // The JSON text mutated.
                serde_json::to_string_pretty(record).expect("json")
            } else {
                // The decisions mutated in a record that stays JSON.
                let joined = record.decisions.join("\n");
                let mut r = record.clone();
                r.decisions =
                    String::from_utf8_lossy(&mutate::mutate(&joined, &[], MOVE_WORDS, &edits))
                        .lines()
                        .map(str::to_string)
                        .collect();
                serde_json::to_string_pretty(&r).expect("json")
            };
            let f = format!("g{i}.json");
            let body = if i.is_multiple_of(4) {
                mutate::mutate(&json, &[], MOVE_WORDS, &edits)
            } else {
                json.into_bytes()
            };
            (f.clone(), body, strings(&["replay", &f]))
        } else {
            let f = format!("g{i}.txt");
            let body = mutate::mutate(text, &[], MOVE_WORDS, &edits);
            (f.clone(), body, strings(&["replay", &f, "--rules", game]))
        };
        match i % 3 {
            0 => command.push("--text".into()),
            1 => command.push("--json".into()),
            _ => {}
        }
        return Case {
            category: "records",
            files: vec![(f, body)],
            commands: vec![command],
            stdin: Vec::new(),
        };
    }
    // Typed moves: the walk's decisions, typed into `play` with junk, mutated moves and
    // commands between them.
    let mut typed = String::new();
    for d in &record.decisions {
        match rng.below(8) {
            0 => {
                typed +=
                    &String::from_utf8_lossy(&mutate::mutate(d, &[], MOVE_WORDS, &rng.edits(3)))
            }
            1 => typed += ["moves", "position", "help", "undo", "", "   "][rng.below(6)],
            2 => {
                let junk: String = (0..rng.below(12))
                    .map(|_| char::from(b' ' + rng.below(95) as u8))
                    .collect();
                typed += &junk;
            }
            _ => typed += d,
        }
        typed.push('\n');
    }
    let seed = record.seed.to_string();
    let mut command = strings(&["play", game, "--seed", &seed]);
    if i.is_multiple_of(4) {
        command.extend(strings(&["--ai", "random"]));
    }
    Case {
        category: "typed moves",
        files: Vec::new(),
        commands: vec![command],
        stdin: typed.into_bytes(),
    }
}

/// Copies the folders the bundled rulesets reach beside themselves (areas, plug-ins).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("folder").flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copied");
        }
    }
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "minutes long: the seeded mutation run (see the module's comment)"]
fn mutation_run() {
    let seed = env_or("TESSEL_MUTATION_SEED", 19);
    let scale = env_or("TESSEL_MUTATION_SCALE", 100) as usize;
    let jobs = env_or("TESSEL_MUTATION_JOBS", 2).max(1) as usize;
    let counts = [5000, 2000, 2000, 500].map(|n| (n * scale / 100).max(1));
    let total: usize = counts.iter().sum();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/mutation");
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&root.join("rulesets/areas"), &dir.join("rulesets/areas"));
    copy_dir(&root.join("plugins"), &dir.join("plugins"));
    let failures = dir.join("failures");
    std::fs::create_dir_all(&failures).expect("folder");
    let slow = dir.join("notable");
    std::fs::create_dir_all(&slow).expect("folder");
    let noted: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let b = bases();
    let next = AtomicUsize::new(0);
    let found: Mutex<Vec<Ran>> = Mutex::new(Vec::new());
    let failed: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let began = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total {
                    break;
                }
                let c = case(&b, seed, i, &counts);
                for (name, body) in &c.files {
                    std::fs::write(dir.join(name), body).expect("input written");
                }
                for command in &c.commands {
                    let mut args: Vec<String> = command.clone();
                    // Files are named from the scratch folder.
                    for a in args.iter_mut() {
                        if let Some((n, _)) = c.files.iter().find(|(n, _)| a.ends_with(n.as_str()))
                        {
                            *a = a.replace(n.as_str(), path_str(&dir.join(n)));
                        }
                    }
                    let args: Vec<&str> = args.iter().map(String::as_str).collect();
                    let o = run_within(&args, &c.stdin, BOUND);
                    let kind = Kind::of(&o);
                    // Failures, and inputs slow or large enough to be worth a look.
                    let notable = o.elapsed > NOTABLE_TIME || o.peak_kb > NOTABLE_KB;
                    if kind.failed() || notable {
                        let keep =
                            if kind.failed() { &failures } else { &slow }.join(format!("{i}"));
                        std::fs::create_dir_all(&keep).expect("folder");
                        for (name, body) in &c.files {
                            let base = Path::new(name).file_name().expect("a name");
                            std::fs::write(keep.join(base), body).expect("kept");
                        }
                        std::fs::write(keep.join("stdin"), &c.stdin).expect("kept");
                        let tail: String = o.stderr.chars().rev().take(400).collect();
                        let tail: String = tail.chars().rev().collect();
                        let seen =
                            format!("{:.2} s, {} MB", o.elapsed.as_secs_f64(), o.peak_kb / 1000);
                        std::fs::write(
                            keep.join("command"),
                            format!("{args:?}\n{kind:?} {seen}\n{tail}"),
                        )
                        .expect("kept");
                        let line =
                            format!("{kind:?} ({seen}) {} #{i}: {}", c.category, args.join(" "));
                        if kind.failed() {
                            failed.lock().expect("list").push(line);
                        } else {
                            noted.lock().expect("list").push(line);
                        }
                    }
                    found.lock().expect("list").push(Ran {
                        category: c.category,
                        kind,
                        elapsed: o.elapsed,
                        peak_kb: o.peak_kb,
                    });
                    if kind != Kind::Accepted {
                        break;
                    }
                }
                for (name, _) in &c.files {
                    let _ = std::fs::remove_file(dir.join(name));
                }
            });
        }
    });
    let found = found.into_inner().expect("list");
    let failed = failed.into_inner().expect("list");
    let noted = noted.into_inner().expect("list");
    println!(
        "mutation run: seed {seed}, {total} inputs ({} rules files, {} positions, {} records and game texts, {} typed games), {} runs in {:.0} s, {jobs} at a time",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        found.len(),
        began.elapsed().as_secs_f64()
    );
    let mut table: BTreeMap<&str, Row> = BTreeMap::new();
    for r in &found {
        let row = table.entry(r.category).or_default();
        row.0 += 1;
        *row.1.entry(r.kind).or_default() += 1;
        row.2 = row.2.max(r.elapsed);
        row.3 = row.3.max(r.peak_kb);
    }
    println!("| inputs | runs | accepted | refused | panic | signal | hang > 10 s | over 1 GB | other exit | slowest | most memory |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (category, (runs, kinds, slowest, peak)) in &table {
        let n = |k: Kind| kinds.get(&k).copied().unwrap_or(0);
        println!(
            "| {category} | {runs} | {} | {} | {} | {} | {} | {} | {} | {:.2} s | {} MB |",
            n(Kind::Accepted),
            n(Kind::Refused),
            n(Kind::Panic),
            n(Kind::Signal),
            n(Kind::Hang),
            n(Kind::BlowUp),
            n(Kind::OtherExit),
            slowest.as_secs_f64(),
            peak / 1000
        );
    }
    for n in &noted {
        println!("notable: {n}");
    }
    for f in &failed {
        println!("{f}");
    }
    assert!(
        failed.is_empty(),
        "{} failures (inputs kept in {})",
        failed.len(),
        failures.display()
    );
}
