//! Golden diagnostics: every `tests/data/check/{ok,err}/*.tessel` is checked as `tessel
//! check` would, and the rendered output is compared with the `.stderr` file beside it.
//! Re-bless all expected files with `TESSEL_BLESS=1 cargo test --test golden`.
//!
//! A case may set options on its first line: `// options: name=value name=value`.

use std::path::{Path, PathBuf};

fn cases(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tessel"))
        .collect();
    v.sort();
    v
}

fn options_of(text: &str) -> Vec<(String, String)> {
    text.lines()
        .next()
        .and_then(|l| l.strip_prefix("// options:"))
        .map(|rest| {
            rest.split_whitespace()
                .filter_map(|kv| {
                    kv.split_once('=')
                        .map(|(k, v)| (k.to_string(), v.to_string()))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn rendered(path: &Path) -> (String, Vec<&'static str>, bool) {
    let text = std::fs::read_to_string(path).expect("case is readable");
    let name = path.to_string_lossy().replace('\\', "/");
    let (sources, diags) = tessel::check(&name, &options_of(&text)).expect("case is found");
    let codes = diags.iter().map(|d| d.code).collect();
    let has_error = diags.iter().any(|d| d.is_error());
    (
        tessel::diagnostics::to_string(&sources, &diags),
        codes,
        has_error,
    )
}

fn compare(path: &Path, actual: &str, failures: &mut Vec<String>) {
    let expected_path = path.with_extension("stderr");
    if std::env::var_os("TESSEL_BLESS").is_some() {
        std::fs::write(&expected_path, actual).expect("expected file is writable");
        return;
    }
    match std::fs::read_to_string(&expected_path) {
        Ok(expected) if expected == actual => {}
        Ok(expected) => failures.push(format!(
            "{}: output differs\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display()
        )),
        Err(_) => failures.push(format!(
            "{}: no {} (run with TESSEL_BLESS=1)\n{actual}",
            path.display(),
            expected_path.display()
        )),
    }
}

#[test]
fn error_cases() {
    let mut failures = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    let all = cases("tests/data/check/err");
    for path in &all {
        let (out, codes, has_error) = rendered(path);
        if !has_error {
            failures.push(format!("{}: expected an error, got none", path.display()));
        }
        kinds.extend(codes);
        compare(path, &out, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        kinds.len() >= 15,
        "the corpus covers {} kinds of error: {kinds:?}",
        kinds.len()
    );
}

/// Every `tests/data/check/warn/*.tessel` loads (no error) but draws a warning.
#[test]
fn warning_cases() {
    let mut failures = Vec::new();
    for path in cases("tests/data/check/warn") {
        let (out, codes, has_error) = rendered(&path);
        if has_error || codes.is_empty() {
            failures.push(format!("{}: expected warnings only\n{out}", path.display()));
        }
        compare(&path, &out, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every rules file in `dir` checks without a diagnostic.
fn all_clean(dir: &str) {
    let mut failures = Vec::new();
    for path in cases(dir) {
        let (out, _, _) = rendered(&path);
        if !out.is_empty() {
            failures.push(format!(
                "{}: expected no diagnostics\n{out}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn ok_cases() {
    all_clean("tests/data/check/ok");
}

#[test]
fn documentation_examples_check_clean() {
    all_clean("docs/examples");
}
