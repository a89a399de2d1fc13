//! Files: special files are refused before they are read, every read is capped, area files
//! stay beside their rules (issue 19, items 5 and 8).

use super::*;

fn refused(out: &Outcome, says: &str) {
    assert!(out.ended_cleanly(), "{out:?}");
    assert!(matches!(out.code, Some(1 | 2)), "{out:?}");
    assert!(out.stderr.contains(says), "{}", out.stderr);
}

#[test]
fn special_files_are_refused_not_read_without_end() {
    let not_plain = "is not a plain file";
    refused(
        &run(&["moves", "chess", "--position", "@/dev/zero"], ""),
        not_plain,
    );
    refused(
        &run(&["replay", "/dev/zero", "--rules", "chess"], ""),
        not_plain,
    );
    refused(
        &run(&["play", "chess", "--load", "/dev/zero"], ""),
        not_plain,
    );
    refused(&run(&["plugin", "check", "/dev/zero"], ""), not_plain);
    refused(&run(&["check", "/dev/zero"], ""), not_plain);
}

#[test]
fn a_pipe_named_as_a_plug_in_does_not_block() {
    let dir = scratch_dir().join("fifo");
    std::fs::create_dir_all(&dir).expect("folder");
    let fifo = dir.join("pipe.wat");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here; skipped");
        return;
    }
    let rules = std::fs::read_to_string("tests/data/plugins/trap-later.tessel")
        .expect("rules")
        .replace("trap-later.wat", "pipe.wat");
    let path = dir.join("pipe.tessel");
    std::fs::write(&path, rules).expect("rules written");
    refused(&run(&["check", path_str(&path)], ""), "is not a plain file");
    refused(
        &run(&["plugin", "check", path_str(&fifo)], ""),
        "is not a plain file",
    );
}

#[test]
fn an_oversized_position_file_is_refused() {
    // 16 MiB: a whole saved state of a board of 60000 cells with per-cell variables fits.
    let big = file("big-position.txt", &"8/".repeat(8_500_000));
    let at = format!("@{}", path_str(&big));
    refused(
        &run(&["moves", "chess", "--position", &at], ""),
        "at most 16777216 are read",
    );
}

#[test]
fn area_files_are_read_only_beside_the_rules() {
    for area in ["/etc/passwd", "../../../../../../etc/passwd"] {
        let text = BASE
            .replace("board grid 3 x 3", &format!("board tessels \"{area}\""))
            .replace("step n", "step edge1")
            .replace("start \"2m/3/M2 w\"\n", "");
        let out = check("area.tessel", &text);
        assert!(out.ended_cleanly(), "{out:?}");
        assert_eq!(out.code, Some(1));
        assert!(out.stderr.contains("without `..`"), "{}", out.stderr);
        assert!(!out.stderr.contains("root:"), "{}", out.stderr);
    }
}
