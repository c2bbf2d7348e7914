//! `cargo xtask submit <problem>`: bundle a solution into one file and verify it the way
//! the judge will build it, before anyone pastes it.

use crate::bundle;
use crate::cases::{self, Tally};
use crate::crates;
use crate::problems::{Problem, Workspace};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The judge's compiler version: the bundle must not use std APIs newer than this.
pub const JUDGE_RUST: &str = "1.73";

/// The workspace's dependency resolution, read once for every problem bundled.
pub struct Inputs {
    pub meta: cargo_metadata::Metadata,
}

pub fn inputs(_ws: &Workspace) -> Result<Inputs, String> {
    Ok(Inputs {
        meta: crates::metadata()?,
    })
}

/// What a verified (or failed) bundle came to.
pub struct Outcome {
    pub path: PathBuf,
    pub ok: bool,
    pub tally: Tally,
}

/// Bundles `problem` into `target/submit/<crate>.rs`, compiles it alone with the judge's
/// command, checks std APIs against the judge's Rust, runs every case and checks the size.
pub fn bundle_and_verify(
    ws: &Workspace,
    problem: &Problem,
    inputs: &Inputs,
) -> Result<Outcome, String> {
    let graph = crates::graph(&inputs.meta, &problem.name)?;
    let bundle = bundle::bundle(&problem.main_rs, &graph.deps, &graph.libraries, bundle::Options::default())?;
    let dir = ws.target.join("submit");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(format!("{}.rs", problem.name));
    fs::write(&path, &bundle.text).map_err(|e| format!("{}: {e}", path.display()))?;
    let size = bundle.text.len() as u64;
    println!(
        "bundle  {}: {} bytes ({:.1} KiB of {} KiB); inlined: {}",
        problem.name,
        size,
        size as f64 / 1024.0,
        problem.source_limit / 1024,
        if bundle.libraries.is_empty() {
            "nothing".to_string()
        } else {
            bundle
                .libraries
                .iter()
                .map(|(name, size)| format!("{name} {:.1} KiB", *size as f64 / 1024.0))
                .collect::<Vec<_>>()
                .join(", ")
        }
    );
    let mut ok = true;
    if size > problem.source_limit {
        println!(
            "FAIL    size {size} bytes exceeds the judge's limit of {} bytes",
            problem.source_limit
        );
        ok = false;
    }
    let build = tempfile::tempdir().map_err(|e| e.to_string())?;
    fs::copy(&path, build.path().join("Main.rs")).map_err(|e| e.to_string())?;
    let mut tally = Tally::default();
    match compile_like_the_judge(build.path()) {
        Err(message) => {
            println!("FAIL    rustc --edition 2021 -O on the bundle alone:\n{message}");
            ok = false;
        }
        Ok(()) => {
            if let Err(message) = check_std_apis(build.path()) {
                println!("FAIL    std APIs newer than Rust {JUDGE_RUST}:\n{message}");
                ok = false;
            }
            tally = cases::run_problem(ws, problem, &build.path().join("Main"), "bundled")?;
            ok &= tally.failed == 0;
        }
    }
    if !ok {
        println!(
            "FAILED  {} (kept for inspection; do not submit it)",
            path.display()
        );
    }
    Ok(Outcome { path, ok, tally })
}

/// `rustc --edition 2021 -O -o Main Main.rs` in `dir`, as BOJ builds Rust 2021.
fn compile_like_the_judge(dir: &Path) -> Result<(), String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let output = Command::new(rustc)
        .current_dir(dir)
        .args(["--edition", "2021", "-O", "-o", "Main", "Main.rs"])
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// clippy's `incompatible_msrv` lint on the bundle with `msrv = 1.73`: this machine's rustc
/// is newer than the judge's, so a std API stabilised after 1.73 would compile here and
/// fail there. Skipped, with a note, where clippy-driver is not installed.
fn check_std_apis(dir: &Path) -> Result<(), String> {
    fs::write(
        dir.join("clippy.toml"),
        format!("msrv = \"{JUDGE_RUST}\"\n"),
    )
    .map_err(|e| e.to_string())?;
    let output = Command::new("clippy-driver")
        .current_dir(dir)
        .env("CLIPPY_CONF_DIR", dir)
        .args([
            "--edition",
            "2021",
            "--emit=metadata",
            "-o",
            "msrv-check",
            "Main.rs",
        ])
        .args(["-A", "warnings", "-D", "clippy::incompatible_msrv"])
        .output();
    match output {
        Err(_) => {
            println!(
                "note    clippy-driver not found: std APIs not checked against Rust {JUDGE_RUST}"
            );
            Ok(())
        }
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
    }
}

/// Copies `path` to the clipboard with the first tool found; returns its name.
fn copy_to_clipboard(path: &Path) -> Option<&'static str> {
    let tools: [(&str, &[&str]); 4] = [
        ("wl-copy", &[]),
        ("xclip", &["-selection", "clipboard"]),
        ("xsel", &["--clipboard", "--input"]),
        ("pbcopy", &[]),
    ];
    let text = fs::read(path).ok()?;
    for (tool, args) in tools {
        let Ok(mut child) = Command::new(tool)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        else {
            continue;
        };
        let written = child
            .stdin
            .take()
            .map(|mut s| s.write_all(&text).is_ok())
            .unwrap_or(false);
        if written && child.wait().map(|s| s.success()).unwrap_or(false) {
            return Some(tool);
        }
    }
    None
}

/// `cargo xtask submit <problem>`.
pub fn run(name: &str) -> Result<bool, String> {
    let ws = Workspace::load()?;
    let problem = ws.find(name)?.clone();
    let inputs = inputs(&ws)?;
    let outcome = bundle_and_verify(&ws, &problem, &inputs)?;
    println!(
        "{} passed, {} failed",
        outcome.tally.passed, outcome.tally.failed
    );
    if !outcome.ok {
        return Ok(false);
    }
    println!(
        "ready   {} — {} ({})",
        outcome.path.display(),
        problem.title,
        problem.url
    );
    match copy_to_clipboard(&outcome.path) {
        Some(tool) => println!("copied  to the clipboard with {tool}"),
        None => println!("paste   the file above into the judge (no clipboard tool found)"),
    }
    Ok(true)
}
