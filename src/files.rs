//! The user's files: read only when they are plain files, never more than a stated size,
//! and saved so that a crash at any moment leaves the old file or the new one whole.

use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The largest rules file (a ruleset, a file it uses, an area file).
pub const MAX_RULES: u64 = 16 << 20;
/// The largest position file (`--position @FILE`): room for the whole saved state of a
/// board of 60000 cells with several per-cell variables.
pub const MAX_POSITION: u64 = 16 << 20;
/// The largest record or game text.
pub const MAX_RECORD: u64 = 64 << 20;
/// The largest plug-in module.
pub const MAX_PLUGIN: u64 = 4 << 20;

/// Reads the text of `path`, refusing anything but a plain file and more than `limit`
/// bytes; `what` names the file in messages ("the position file"). A byte order mark
/// that some editors write at the start of UTF-8 text is left out.
pub fn read_text(path: &Path, limit: u64, what: &str) -> Result<String, String> {
    let mut bytes = read_bytes(path, limit, what)?;
    if bytes.starts_with("\u{feff}".as_bytes()) {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|_| format!("{what} {} is not UTF-8 text", path.display()))
}

/// Reads the bytes of `path`, refusing anything but a plain file and more than `limit`
/// bytes. A FIFO, a device (`/dev/zero`) or a directory is refused before it is opened, so
/// that nothing blocks or grows without end.
pub fn read_bytes(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {what} {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "{what} {shown} is not a plain file (a directory, a device or a pipe cannot be read)"
        ));
    }
    if meta.len() > limit {
        return Err(format!(
            "{what} {shown} is {} bytes; at most {limit} are read",
            meta.len()
        ));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {what} {shown}: {e}"))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // A file that grows while it is read is still cut at the limit.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {what} {shown}: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!("{what} {shown} is larger than {limit} bytes"));
    }
    Ok(bytes)
}

/// A file named by a rules file (`board tessels "area.txt"`, a plug-in): `request` must be a
/// relative path that stays inside `base`'s directory tree (no `..`, not absolute), so that
/// a rules file cannot read what lies elsewhere on the machine.
pub fn beside(base: &Path, request: &str) -> Result<PathBuf, String> {
    let rel = Path::new(request);
    if rel.is_absolute()
        || rel
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(format!(
            "`{request}` must be a path relative to the rules file, without `..` (files a rules file names stay beside it)"
        ));
    }
    let dir = base.parent().unwrap_or(Path::new("."));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let candidate = dir.join(rel);
    // A link that leads out of the folder is refused as well.
    if let (Ok(full), Ok(root)) = (
        std::fs::canonicalize(&candidate),
        std::fs::canonicalize(dir),
    ) {
        if !full.starts_with(&root) {
            return Err(format!(
                "`{request}` leads out of the rules file's folder (through a link)"
            ));
        }
    }
    Ok(candidate)
}

/// Saves `text` as `path`: written to a temporary file of its own beside it, flushed to the
/// disk, renamed over `path`, and the folder flushed, so that the old file or the new one
/// is whole whatever happens, and two saves never share a temporary file.
pub fn save(path: &Path, text: &str) -> Result<(), String> {
    static SAVES: AtomicU64 = AtomicU64::new(0);
    let shown = path.display();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("cannot save {shown}: it names no file"))?;
    let tmp = dir.join(format!(
        ".{name}.{}-{}.tmp",
        std::process::id(),
        SAVES.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut f = std::fs::File::create_new(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot save {shown}: {e}"));
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot save {shown}: {e}"));
    }
    // The rename itself is made durable by flushing the folder (where the system allows).
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory, removed when the test ends.
    fn scratch() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("tessel-files-")
            .tempdir()
            .unwrap()
    }

    #[test]
    fn special_files_are_refused_before_they_are_opened() {
        for p in ["/dev/zero", "/dev/null", "/"] {
            let e = read_text(Path::new(p), MAX_POSITION, "the position file").unwrap_err();
            assert!(e.contains("not a plain file"), "{e}");
        }
    }

    #[test]
    fn a_file_over_the_limit_is_refused() {
        let dir = scratch();
        let p = dir.path().join("big.txt");
        std::fs::write(&p, "x".repeat(2000)).unwrap();
        let e = read_text(&p, 1000, "the record").unwrap_err();
        assert!(e.contains("2000 bytes; at most 1000"), "{e}");
        assert_eq!(read_text(&p, 2000, "the record").unwrap().len(), 2000);
    }

    #[test]
    fn named_files_stay_beside_the_rules_file() {
        let base = Path::new("rulesets/game.tessel");
        assert_eq!(
            beside(base, "areas/a.txt").unwrap(),
            Path::new("rulesets/areas/a.txt")
        );
        for bad in ["/etc/shadow", "../secret", "areas/../../x"] {
            assert!(beside(base, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn saves_replace_the_file_and_leave_no_temporary_file() {
        let dir = scratch();
        let p = dir.path().join("game.json");
        save(&p, "one").unwrap();
        save(&p, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "{left:?}");
    }
}
