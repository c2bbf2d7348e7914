//! `cargo xtask unit`: the unit tests (`cargo test`) of the workspace members whose inputs
//! changed since their tests last passed, and the tool's own tests when the tool or the
//! workspace's manifests changed. With an empty record (a fresh clone) or `--force`, it is
//! `cargo test --workspace`, as before.

use crate::judge::Compilers;
use crate::workspace::cargo::{cargo, project_root};
use crate::workspace::problems::Workspace;
use crate::workspace::record::{self, Fingerprint, Record, RecordArgs};

/// The hash of what member `name`'s tests depend on: the build settings and compilers, its
/// own files and every package it reaches (dev-dependencies too).
fn member_hash(
    ws: &Workspace,
    base: &Fingerprint,
    meta: &cargo_metadata::Metadata,
    dir: &std::path::Path,
    name: &str,
) -> anyhow::Result<String> {
    let mut f = base.clone();
    f.tree(dir);
    f.packages(&ws.root, meta, name)?;
    Ok(f.hex())
}

/// The tool's tests read the workspace's manifests (its problems, the corpus's crates), the
/// files its documentation tests hold to the commands (README, Makefile, CI, the help
/// snapshot), as well as their own source.
fn tool_hash(
    ws: &Workspace,
    env: &Fingerprint,
    members: &[(String, std::path::PathBuf)],
) -> String {
    let mut f = env.clone();
    f.text("check", "xtask tests");
    for file in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "Makefile",
        ".ci/run",
        "xtask/help.txt",
    ] {
        f.file(&ws.root.join(file));
    }
    for (_, dir) in members {
        f.file(&dir.join("Cargo.toml"));
    }
    f.hex()
}

/// The arguments of `cargo xtask unit`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    record: RecordArgs,
}

/// `cargo xtask unit`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    let flags = args.record;
    let ws = Workspace::load()?;
    let meta = crate::workspace::packages::metadata()?;
    let compilers = Compilers::find()?;
    let base = record::build_settings(&ws.root, &compilers);
    let record = Record::open(&ws.target, "unit", flags.force);
    let mut members: Vec<(String, std::path::PathBuf)> = meta
        .workspace_packages()
        .iter()
        .map(|p| {
            let dir = p
                .manifest_path
                .parent()
                .map_or_else(|| ws.root.clone(), |d| d.as_std_path().to_path_buf());
            (p.name.to_string(), dir)
        })
        .collect();
    members.sort();
    let mut stale = Vec::new();
    let mut cached = 0;
    for (name, dir) in &members {
        let hash = member_hash(&ws, &base, &meta, dir, name)?;
        match record.passed(name, &hash) {
            Some(summary) => {
                cached += 1;
                if flags.verbose {
                    println!("cached  {name}: {summary}");
                }
            }
            None => stale.push((name.clone(), dir.clone(), hash)),
        }
    }
    let mut failed = 0;
    if !stale.is_empty() {
        let mut args = vec!["test", "--quiet"];
        if stale.len() == members.len() {
            args.push("--workspace");
        } else {
            for (name, _, _) in &stale {
                args.extend(["-p", name.as_str()]);
            }
        }
        println!("unit    cargo {}", args.join(" "));
        let passed = cargo(&args).is_ok();
        for (name, dir, hash) in &stale {
            // Remembered only when it passed and nothing changed while it ran.
            if passed && member_hash(&ws, &base, &meta, dir, name).ok().as_ref() == Some(hash) {
                record.pass(name, hash, "its unit tests passed");
            } else if !passed {
                record.fail(name, hash);
            }
        }
        if !passed {
            failed += stale.len();
        }
    }
    let env = record::environment(&ws.root, &compilers);
    let tool = tool_hash(&ws, &env, &members);
    let mut tool_checked = 0;
    match record.passed("xtask", &tool) {
        Some(summary) => {
            cached += 1;
            if flags.verbose {
                println!("cached  xtask: {summary}");
            }
        }
        None => {
            tool_checked = 1;
            let manifest = project_root().join("xtask").join("Cargo.toml");
            let manifest = manifest.to_string_lossy();
            println!("unit    cargo test --manifest-path xtask/Cargo.toml --quiet");
            let passed = cargo(&["test", "--quiet", "--manifest-path", &manifest]).is_ok();
            if passed && tool_hash(&ws, &env, &members) == tool {
                record.pass("xtask", &tool, "its unit tests passed");
            } else if !passed {
                record.fail("xtask", &tool);
            }
            failed += usize::from(!passed);
        }
    }
    // cargo reports failures by test binary, not by crate: a failed run counts every crate
    // it covered as failed.
    let checked = stale.len() + tool_checked;
    println!("{}", record::summary_line(cached, checked, failed));
    Ok(failed == 0)
}
