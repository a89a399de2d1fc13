//! The hostile-input corpus, tests/data/hostile/: every file there is run through the
//! watched `tessel`, and must end by itself with the exit code it expects — never a signal,
//! a hang or a blow-up. A new case is a new file:
//!
//! - `rules/NAME.tessel`: `tessel check NAME.tessel`;
//! - `positions/GAME.NAME.pos`: `tessel moves GAME --position @FILE`;
//! - `records/NAME.json`: `tessel replay FILE`; `records/GAME.NAME.txt`: a game text,
//!   `tessel replay FILE --rules GAME`.
//!
//! By default a case is refused (exit 1 or 2). A sidecar `FILE.expect` may say otherwise,
//! a line each: `exit N` (the code expected), `says TEXT` (what the output must contain),
//! `args …` (other arguments, `{}` standing for the file).

use super::*;

/// What a case expects, from its sidecar.
struct Expected {
    exit: Option<i32>,
    says: Vec<String>,
    args: Option<Vec<String>>,
}

fn expected(file: &Path) -> Expected {
    let mut e = Expected {
        exit: None,
        says: Vec::new(),
        args: None,
    };
    let sidecar = PathBuf::from(format!("{}.expect", file.display()));
    let Ok(text) = std::fs::read_to_string(sidecar) else {
        return e;
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(n) = line.strip_prefix("exit ") {
            e.exit = Some(n.trim().parse().expect("`exit N` in a sidecar"));
        } else if let Some(t) = line.strip_prefix("says ") {
            e.says.push(t.to_string());
        } else if let Some(a) = line.strip_prefix("args ") {
            e.args = Some(a.split_whitespace().map(str::to_string).collect());
        } else {
            panic!(
                "{}: a sidecar line is `exit N`, `says TEXT` or `args …`: {line}",
                file.display()
            );
        }
    }
    e
}

/// The arguments a corpus file is run with, by its folder and name.
fn default_args(kind: &str, file: &Path) -> Vec<String> {
    let path = file.display().to_string();
    let name = file.file_name().and_then(|n| n.to_str()).expect("a name");
    let game = name.split('.').next().expect("a game").to_string();
    match kind {
        "rules" => vec!["check".into(), path],
        "positions" => vec![
            "moves".into(),
            game,
            "--position".into(),
            format!("@{path}"),
        ],
        _ if name.ends_with(".json") => vec!["replay".into(), path],
        _ => vec!["replay".into(), path, "--rules".into(), game],
    }
}

#[test]
fn every_corpus_file_is_refused_or_handled_within_bounds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hostile");
    let mut wrong = Vec::new();
    let mut ran = 0;
    for kind in ["rules", "positions", "records"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(kind))
            .expect("a corpus folder")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x != "expect"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no {kind} in the corpus");
        for file in files {
            let e = expected(&file);
            let args = match &e.args {
                Some(a) => a
                    .iter()
                    .map(|a| a.replace("{}", &file.display().to_string()))
                    .collect(),
                None => default_args(kind, &file),
            };
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&args, "");
            ran += 1;
            let all = format!("{}{}", out.stdout, out.stderr);
            let code_ok = match e.exit {
                Some(n) => out.code == Some(n),
                None => matches!(out.code, Some(1 | 2)),
            };
            let panicked = all.contains("panicked");
            let missing: Vec<&String> = e
                .says
                .iter()
                .filter(|s| !all.contains(s.as_str()))
                .collect();
            if !out.ended_cleanly() || !code_ok || panicked || !missing.is_empty() {
                let tail: String = all.chars().take(600).collect();
                wrong.push(format!(
                    "{}: exit {:?}, hung {}, blew up {}, missing {missing:?}\n{tail}",
                    file.display(),
                    out.code,
                    out.hung,
                    out.blew_up
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {ran} corpus files:\n{}",
        wrong.len(),
        wrong.join("\n\n")
    );
}
