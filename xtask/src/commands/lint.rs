//! `cargo xtask lint` (the second half of `make clippy`): clippy's findings on this tool.
//!
//! The tool is compiled by clippy-driver when clippy is installed (`xtask/lint-wrapper`, the
//! project's `build.rustc-workspace-wrapper`): one compilation builds it and lints it. This
//! command asks cargo for the tool's build again (nothing is compiled when nothing changed)
//! and reads the warnings cargo kept from that compilation: any warning fails, as `cargo
//! clippy -- -D warnings` would. A fresh clone's `make test` so lints the tool without
//! checking its code a second time (13 s of its 3.5 minutes). A tool built while clippy was
//! missing says so (`cfg(clippy)` is clippy-driver's) and is checked by `cargo clippy`.

use crate::workspace::cargo::{cargo, cargo_command, project_root};
use std::io::BufReader;
use std::path::Path;
use std::process::Stdio;

/// The arguments of `cargo xtask lint`.
#[derive(clap::Args)]
pub struct Args {}

/// `cargo xtask lint`.
pub fn run(_: Args) -> anyhow::Result<bool> {
    let manifest = project_root().join("xtask").join("Cargo.toml");
    if !cfg!(clippy) {
        println!(
            "lint    this tool was built without clippy (clippy-driver was not runnable then): cargo clippy"
        );
        let manifest = manifest.to_string_lossy();
        let args = ["clippy", "--manifest-path", &manifest, "--all-targets"];
        return Ok(cargo(&[&args[..], &["--", "-D", "warnings"]].concat()).is_ok());
    }
    let found = build_findings(&manifest)?;
    for rendered in &found.warnings {
        eprint!("{rendered}");
    }
    let n = found.warnings.len();
    println!(
        "lint    the tool's build (clippy-driver): {n} warning{}{}",
        if n == 1 { "" } else { "s" },
        if found.built {
            ""
        } else {
            "; the build failed"
        }
    );
    Ok(found.built && n == 0)
}

/// What cargo reported for one build.
struct Findings {
    /// Whether the build succeeded.
    built: bool,
    /// Each warning or error, as rustc rendered it (once, however many targets met it).
    warnings: Vec<String>,
}

/// Builds the package of `manifest` (its binaries and tests) and collects every warning and
/// error cargo reports for it, those it replays from an earlier compilation included.
fn build_findings(manifest: &Path) -> anyhow::Result<Findings> {
    let mut child = cargo_command()
        .arg("build")
        .arg("--manifest-path")
        .arg(manifest)
        .args(["--bins", "--tests", "--message-format=json"])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| anyhow::anyhow!("cannot run cargo: {e}"))?;
    let stdout = child.stdout.take().expect("piped");
    let mut warnings = Vec::new();
    for message in cargo_metadata::Message::parse_stream(BufReader::new(stdout)) {
        let message = message.map_err(|e| anyhow::anyhow!("reading cargo's messages: {e}"))?;
        if let cargo_metadata::Message::CompilerMessage(m) = message {
            use cargo_metadata::diagnostic::DiagnosticLevel as L;
            if matches!(m.message.level, L::Warning | L::Error) {
                // The binary and its tests share their code: one finding, reported twice.
                let rendered = m.message.rendered.as_deref().unwrap_or(&m.message.message);
                if !warnings.iter().any(|w| w == rendered) {
                    warnings.push(rendered.to_string());
                }
            }
        }
    }
    let built = child
        .wait()
        .map_err(|e| anyhow::anyhow!("cargo: {e}"))?
        .success();
    Ok(Findings { built, warnings })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A package named like the tool, built (`build_findings`) as cargo builds from the
    /// project's root, with its configuration (the wrapper); `body` is its `main`'s.
    fn fixture(body: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("src")).unwrap();
        std::fs::write(
            d.join("Cargo.toml"),
            "[package]\nname = \"xtask\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
        )
        .unwrap();
        std::fs::write(d.join("src/main.rs"), format!("fn main() {{\n{body}\n}}\n")).unwrap();
        dir
    }

    fn clippy_installed() -> bool {
        std::process::Command::new("clippy-driver")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success())
    }

    /// The tool's own build went through the wrapper: compiled by clippy-driver exactly when
    /// clippy is installed (a configuration that lost the wrapper fails this).
    #[test]
    fn the_tools_build_is_clippys_exactly_when_clippy_is_installed() {
        assert_eq!(cfg!(clippy), clippy_installed());
    }

    /// A finding only clippy makes (`len_zero`; rustc alone is silent on it) is reported by
    /// the build that found it and again by a second build that compiles nothing, from cargo's
    /// record of the first; the same package without it reports none.
    #[test]
    fn a_clippy_finding_in_the_build_is_reported_again_when_nothing_is_rebuilt() {
        if !clippy_installed() {
            eprintln!("clippy is not installed: the wrapper compiles with rustc alone");
            return;
        }
        let linted = fixture("    let v = vec![1];\n    if v.len() == 0 { println!(\"empty\"); }");
        let manifest = linted.path().join("Cargo.toml");
        for _ in 0..2 {
            let found = build_findings(&manifest).unwrap();
            assert!(found.built);
            let lint = found.warnings.iter().filter(|w| {
                w.contains("clippy::len_zero") || w.contains("length comparison to zero")
            });
            assert_eq!(lint.count(), 1, "{:?}", found.warnings);
        }
        let clean = fixture("    println!(\"clean\");");
        let found = build_findings(&clean.path().join("Cargo.toml")).unwrap();
        assert!(
            found.built && found.warnings.is_empty(),
            "{:?}",
            found.warnings
        );
    }
}
