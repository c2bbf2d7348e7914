//! `cargo xtask unit`: the unit tests (`cargo test`) of the workspace members whose inputs
//! changed since their tests last passed, and the tool's own tests when the tool or the
//! workspace's manifests changed. With an empty record (a fresh clone) or `--force`, every
//! member with tests (`cargo test --workspace` when that is all of them).

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

/// The members whose files the tool's tests read: the showcase problems, `common` and
/// the corpus. A problem added by `make new`, or another's limits edited, is none of them.
const TESTED_MEMBERS: [&str; 5] = ["boj-17825", "boj-18139", "puzzle68-q58", "common", "corpus"];

/// The tool's tests read the files of `TESTED_MEMBERS` and their cases (bundling and running
/// them; their manifests through cargo's metadata of the workspace), the packages the lock file pins from registries, the workspace manifest but
/// for its member list, and the files its documentation tests hold to the commands (README,
/// Makefile, CI, the help snapshot), as well as their own source. A new problem (a member
/// line, its lock entry with no source, its folder) changes none of these.
fn tool_hash(ws: &Workspace, env: &Fingerprint) -> String {
    let mut f = env.clone();
    f.text("check", "xtask tests");
    for file in ["README.md", "Makefile", ".ci/run", "xtask/help.txt"] {
        f.file(&ws.root.join(file));
    }
    f.tree(&ws.root.join("docs"));
    // Their own files outside `src/` (in `environment`): the end-to-end tests, and the
    // wrapper the tool's build goes through (its lint tests build through it).
    f.tree(&ws.root.join("xtask/tests"));
    f.file(&ws.root.join("xtask/lint-wrapper"));
    let read = |file: &str| std::fs::read_to_string(ws.root.join(file)).unwrap_or_default();
    f.text("workspace manifest", &without_members(&read("Cargo.toml")));
    f.text("registry packages", &registry_packages(&read("Cargo.lock")));
    for member in TESTED_MEMBERS {
        f.tree(&ws.root.join(member));
        f.tree(&ws.root.join("testcases").join(member));
    }
    f.hex()
}

/// The workspace manifest with its `members` list left out (as written, when it does not
/// parse: a broken manifest is hashed as it is).
fn without_members(manifest: &str) -> String {
    let Ok(mut doc) = manifest.parse::<toml_edit::DocumentMut>() else {
        return manifest.to_string();
    };
    if let Some(ws) = doc.get_mut("workspace").and_then(|w| w.as_table_like_mut()) {
        ws.remove("members");
    }
    doc.to_string()
}

/// The lock file's packages that come from a registry or git (those with a `source`), one
/// `name version source` line each: what a new member adds to the lock (an entry with no
/// source, its dependencies' names) is left out.
fn registry_packages(lock: &str) -> String {
    let Ok(doc) = lock.parse::<toml_edit::DocumentMut>() else {
        return lock.to_string();
    };
    let mut lines = Vec::new();
    if let Some(packages) = doc.get("package").and_then(|p| p.as_array_of_tables()) {
        for p in packages {
            let field = |k: &str| p.get(k).and_then(|v| v.as_str()).unwrap_or("");
            if !field("source").is_empty() {
                lines.push(format!(
                    "{} {} {} {}",
                    field("name"),
                    field("version"),
                    field("source"),
                    field("checksum")
                ));
            }
        }
    }
    lines.sort();
    lines.join("\n")
}

/// The arguments of `cargo xtask unit`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    record: RecordArgs,
}

/// Whether package `p` has unit tests to run: a library (its doctests) or a `#[test]` in one
/// of its Rust files. The corpus crate has neither: building its 70 programs as test
/// harnesses (every crate they use compiled once more, in the test profile) checked nothing
/// its own step does not.
fn has_tests(p: &cargo_metadata::Package, dir: &std::path::Path) -> bool {
    is_library(p) || tree_mentions(dir, "#[test]")
}

/// Whether package `p` has a library target (whose doctests `cargo test --doc` runs).
fn is_library(p: &cargo_metadata::Package) -> bool {
    p.targets
        .iter()
        .any(|t| t.kind.iter().any(|k| k.to_string() == "lib"))
}

/// The folder of member `p` (its manifest's), `root` if cargo gave none.
fn member_dir(p: &cargo_metadata::Package, root: &std::path::Path) -> std::path::PathBuf {
    p.manifest_path
        .parent()
        .map_or_else(|| root.to_path_buf(), |d| d.as_std_path().to_path_buf())
}

/// Whether any `.rs` file under `dir` (its `target/` left out) contains `needle`.
fn tree_mentions(dir: &std::path::Path, needle: &str) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|e| {
        let path = e.path();
        if path.is_dir() {
            path.file_name().is_some_and(|n| n != "target") && tree_mentions(&path, needle)
        } else {
            path.extension().is_some_and(|x| x == "rs")
                && std::fs::read_to_string(&path).is_ok_and(|t| t.contains(needle))
        }
    })
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
        .map(|p| (p, member_dir(p, &ws.root)))
        .filter(|(p, dir)| has_tests(p, dir))
        .map(|(p, dir)| (p.name.to_string(), dir))
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
        let libraries: Vec<&str> = meta
            .workspace_packages()
            .iter()
            .filter(|p| is_library(p) && stale.iter().any(|(n, _, _)| *n == p.name.as_str()))
            .map(|p| p.name.as_str())
            .collect();
        let passed = test_members(&stale, meta.workspace_packages().len(), &libraries);
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
    let tool = tool_hash(&ws, &env);
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
            let passed = test_the_tool();
            if passed && tool_hash(&ws, &env) == tool {
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

/// The tool's own tests (`xtask/`, its own workspace); whether they passed.
fn test_the_tool() -> bool {
    let manifest = project_root().join("xtask").join("Cargo.toml");
    let manifest = manifest.to_string_lossy();
    // Two test threads a core: a third of the tool's test time is tests waiting on a
    // wall clock (time limits, hangs, an unreachable host), which leave their core
    // idle. At three a core a spinning program's CPU share fell so far that the
    // runner's time-limit test, then judged by the wall clock, failed (docs/runner.md).
    let threads = format!("--test-threads={}", 2 * crate::engine::pool::cores());
    println!("unit    cargo test --manifest-path xtask/Cargo.toml -- --quiet {threads}");
    // Its output passes through the tool, so that no stretch is silent (the two
    // end-to-end tests print nothing for 10 to 12 s): the tests' colours are asked
    // for when the tool's own output is a terminal.
    let mut command = crate::workspace::cargo::cargo_command();
    command.args([
        "test",
        "--manifest-path",
        &manifest,
        "--",
        "--quiet",
        &threads,
    ]);
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        command.arg("--color=always");
    }
    crate::workspace::cargo::with_heartbeat(
        command,
        "unit    still testing the tool",
        HEARTBEAT,
        &mut std::io::stdout(),
    )
    .unwrap_or_else(|e| {
        eprintln!("unit    {e:#}");
        false
    })
}

/// The longest the tool's tests run without a line on the terminal.
const HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(8);

/// The tests of the `stale` members (`all`: how many members the workspace has), then the
/// doctests of those of them that are `libraries`; whether both passed. cargo's own lines
/// show the build's progress; the tests print one dot each. `--tests` is every unit and
/// integration test and no example: `cargo test` alone also builds each example in the
/// test profile (optimised) only to see that it compiles, which `make lint` checks already
/// (clippy, every target) and `stress` builds the pairs it runs in release: 13 of the 35
/// CPU-seconds of a fresh clone's build of the showcase's tests.
fn test_members(
    stale: &[(String, std::path::PathBuf, String)],
    all: usize,
    libraries: &[&str],
) -> bool {
    let select = |names: &mut dyn Iterator<Item = &str>, args: &mut Vec<String>| {
        if stale.len() == all {
            args.push("--workspace".into());
        } else {
            for name in names {
                args.extend(["-p".to_string(), name.to_string()]);
            }
        }
    };
    let mut tests = vec!["test".to_string(), "--tests".into()];
    select(&mut stale.iter().map(|(n, _, _)| n.as_str()), &mut tests);
    tests.extend(["--".into(), "--quiet".into()]);
    println!("unit    cargo {}", tests.join(" "));
    let mut passed = cargo(&tests.iter().map(String::as_str).collect::<Vec<_>>()).is_ok();
    if !libraries.is_empty() {
        let mut docs = vec!["test".to_string(), "--doc".into()];
        select(&mut libraries.iter().copied(), &mut docs);
        docs.extend(["--".into(), "--quiet".into()]);
        println!("unit    cargo {}", docs.join(" "));
        passed &= cargo(&docs.iter().map(String::as_str).collect::<Vec<_>>()).is_ok();
    }
    passed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This workspace's members: the corpus crate (binaries only, no `#[test]`) is left to
    /// its own step; a library (its doctests) and a crate with tests are tested. Checked
    /// against a plain scan of each member's files.
    #[test]
    fn only_members_with_a_library_or_a_test_are_built_as_tests() {
        let meta = crate::workspace::packages::metadata().unwrap();
        let tested: Vec<(String, bool)> = meta
            .workspace_packages()
            .iter()
            .map(|p| {
                let dir = member_dir(p, &project_root());
                (p.name.to_string(), has_tests(p, &dir))
            })
            .collect();
        let of = |name: &str| tested.iter().find(|(n, _)| n == name).map(|(_, t)| *t);
        assert_eq!(of("corpus"), Some(false), "{tested:?}");
        assert_eq!(of("common"), Some(true), "{tested:?}");
        assert_eq!(of("testkit"), Some(true), "{tested:?}");
        // boj-17825 is a binary: tested because its main.rs has tests (a plain grep).
        let main = std::fs::read_to_string(project_root().join("boj-17825/src/main.rs")).unwrap();
        assert_eq!(
            of("boj-17825"),
            Some(main.contains("#[test]")),
            "{tested:?}"
        );
    }

    const LOCK: &str = "version = 4\n\n[[package]]\nname = \"boj-17825\"\nversion = \"0.1.0\"\ndependencies = [\"proconio\"]\n\n[[package]]\nname = \"proconio\"\nversion = \"0.5.0\"\nsource = \"registry+https://example.invalid/index\"\nchecksum = \"ab\"\n";

    /// A workspace in a scratch folder: the files the hash reads, the showcase's and a
    /// problem made later.
    fn fixture(root: &std::path::Path) {
        let write = |rel: &str, text: &str| {
            let path = root.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "Cargo.toml",
            "[workspace]\nresolver = \"2\"\nmembers = [\"boj-17825\", \"common\"]\n\n[profile.release]\nlto = true\n",
        );
        write("Cargo.lock", LOCK);
        for f in ["README.md", "Makefile", ".ci/run", "xtask/help.txt"] {
            write(f, "text\n");
        }
        write("xtask/tests/judges.rs", "fn t() {}\n");
        write("xtask/lint-wrapper", "exec \"$@\"\n");
        write("boj-17825/Cargo.toml", "[package]\nname = \"boj-17825\"\n");
        write("boj-17825/src/main.rs", "fn main() {}\n");
        write("testcases/boj-17825/sample-1.in", "1\n");
        write("common/src/lib.rs", "pub fn f() {}\n");
    }

    /// `make new` (a member line, its lock entry with no source, its folder and cases) and
    /// an edit to that problem's limits leave the tool's hash as it was; a registry
    /// package's version, a showcase solution, one of its cases, `common`, the workspace's
    /// build profile, README, the tool's end-to-end tests or its compiler wrapper each
    /// change it.
    #[test]
    fn a_new_problem_leaves_the_tools_hash_and_what_its_tests_read_changes_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fixture(root);
        let ws = Workspace {
            root: root.to_path_buf(),
            target: root.join("target"),
            problems: Vec::new(),
            invalid: Vec::new(),
        };
        let env = Fingerprint::new("test");
        let before = tool_hash(&ws, &env);
        let edit = |rel: &str, from: &str, to: &str| {
            let path = root.join(rel);
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.contains(from), "{rel}: {from}");
            std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        };
        // make new-1000, then its limits edited.
        edit("Cargo.toml", "\"common\"]", "\"common\", \"boj-1000\"]");
        std::fs::write(
            root.join("Cargo.lock"),
            format!("{LOCK}\n[[package]]\nname = \"boj-1000\"\nversion = \"0.1.0\"\ndependencies = [\"proconio\"]\n"),
        )
        .unwrap();
        std::fs::create_dir_all(root.join("boj-1000/src")).unwrap();
        std::fs::write(root.join("boj-1000/Cargo.toml"), "time-limit-ms = 1000\n").unwrap();
        std::fs::write(root.join("boj-1000/src/main.rs"), "fn main() {}\n").unwrap();
        assert_eq!(tool_hash(&ws, &env), before, "a new problem");
        edit("boj-1000/Cargo.toml", "1000", "2000");
        assert_eq!(tool_hash(&ws, &env), before, "a new problem's limits");
        let mut seen = std::collections::BTreeSet::from([before]);
        for (rel, from, to) in [
            ("Cargo.lock", "0.5.0", "0.5.1"),
            ("boj-17825/src/main.rs", "{}", "{ }"),
            ("testcases/boj-17825/sample-1.in", "1", "2"),
            ("common/src/lib.rs", "{}", "{ }"),
            ("Cargo.toml", "lto = true", "lto = false"),
            ("README.md", "text", "words"),
            ("xtask/tests/judges.rs", "{}", "{ }"),
            ("xtask/lint-wrapper", "exec", "exec "),
        ] {
            edit(rel, from, to);
            assert!(
                seen.insert(tool_hash(&ws, &env)),
                "{rel} changed, the hash did not"
            );
        }
    }
}
