//! Helpers shared by the tests: fixture programs are compiled here, never committed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes `source` as `dir/<name>.rs` and compiles it as the judge does
/// (`rustc --edition 2021 -O`) into `dir/<name>`; panics with rustc's message on failure.
pub fn build_rust(dir: &Path, name: &str, source: &str) -> PathBuf {
    let src = dir.join(format!("{name}.rs"));
    fs::write(&src, source).unwrap();
    let bin = dir.join(name);
    let out = Command::new(crate::judge::local_rustc())
        .args(crate::judge::BOJ.rustc_args(&src, &bin))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    bin
}

/// Writes `files` (path relative to `dir`, text) under `dir`, making folders as needed.
pub fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (name, text) in files {
        let path = dir.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}
