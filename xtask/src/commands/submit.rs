//! `cargo xtask submit <problem>`: bundle a solution into one file and verify it the way
//! the judge will build it (`verify`), before anyone pastes it.

use crate::bundle;
use crate::error::PathContext;
use crate::verify::{bundle_and_verify_reusing, inputs};
use crate::workspace::problems::{Problem, Workspace};
use crate::workspace::record;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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

/// The arguments of `cargo xtask submit`.
#[derive(clap::Args)]
pub struct Args {
    /// Crate name or short id (18139, boj-18139, puzzle68-q58, q58).
    problem: String,
    /// Lay library code out like rustfmt instead of compactly.
    #[arg(long)]
    readable: bool,
    /// Prune library code by name only, without asking rustc what is unused.
    #[arg(long)]
    names_only: bool,
    /// Start at the surest step: the whole crates, unpruned (as cargo-equip pastes them).
    #[arg(long)]
    whole: bool,
    /// Seconds the bundler may spend making the bundle smaller once a first draft compiles
    /// (0: the first draft that passes). Default: $XTASK_BUDGET, else 10.
    #[arg(long, value_name = "SECONDS")]
    budget: Option<f64>,
    /// Verify again even if nothing the last verified bundle depends on changed.
    #[arg(long)]
    force: bool,
    /// Prune anew, without trying the last verified bundle's libraries first.
    #[arg(long)]
    fresh: bool,
}

/// The budget when neither `--budget` nor `XTASK_BUDGET` says: about what a contest user
/// waits for a pasteable file on a 2-core machine.
pub const DEFAULT_BUDGET_SECONDS: f64 = 10.0;

/// The variable that sets the budget for every `submit` (`--budget` wins).
pub const BUDGET_VARIABLE: &str = "XTASK_BUDGET";

/// The budget in seconds: `flag`, else `$XTASK_BUDGET`, else the default. A value that is
/// not a number of seconds is an error naming where it came from.
fn budget_seconds(flag: Option<f64>, variable: Option<String>) -> anyhow::Result<f64> {
    let (seconds, from) = match (flag, variable) {
        (Some(s), _) => (s, "--budget".to_string()),
        (None, Some(v)) => (
            v.trim().parse::<f64>().map_err(|_| {
                anyhow::anyhow!("{BUDGET_VARIABLE}={v:?} is not a number of seconds")
            })?,
            BUDGET_VARIABLE.to_string(),
        ),
        (None, None) => (DEFAULT_BUDGET_SECONDS, String::new()),
    };
    if !seconds.is_finite() || !(0.0..=86_400.0).contains(&seconds) {
        return Err(anyhow::anyhow!(
            "{from} {seconds}: the budget is a number of seconds from 0 to 86400"
        ));
    }
    Ok(seconds)
}

impl Args {
    /// The bundler's options for `judge`.
    fn options(&self, judge: &'static crate::judge::Profile) -> bundle::Options {
        bundle::Options {
            judge,
            pruning: if self.names_only {
                bundle::Pruning::Names
            } else {
                bundle::Pruning::Compiler
            },
            layout: if self.readable {
                bundle::Layout::Readable
            } else {
                bundle::Layout::Compact
            },
            scope: if self.whole {
                bundle::Scope::Whole
            } else {
                bundle::Scope::Reached
            },
            deadline: bundle::budget::Deadline::NONE,
            // One bundle at a time: the other core is free for the reading as written.
            alongside: Some(bundle::LARGE_SOURCE),
        }
    }

    /// What of the options changes the bundle made, for the memo's key.
    fn label(&self, budget: f64) -> String {
        format!(
            "submit readable={} names_only={} whole={} budget={budget}",
            self.readable, self.names_only, self.whole
        )
    }
}

/// The verified bundles remembered for one problem, under
/// `target/xtask-cache/submit/<crate>/`, each by the hash of everything its verification
/// depends on (`record::problem_hash`: the solution and its crate, its cases, every package
/// it reaches with its features, the build settings, both compilers, the tool's source) and
/// the options it was made with: `<hash>.rs` the bundle, `<hash>.txt` the report printed.
struct Memo {
    dir: PathBuf,
}

/// Bundles kept per problem: undoing an edit finds the bundle from before it.
const MEMO_KEPT: usize = 8;

impl Memo {
    fn open(ws: &Workspace, problem: &Problem) -> Memo {
        Memo {
            dir: ws
                .target
                .join("xtask-cache")
                .join("submit")
                .join(&problem.name),
        }
    }

    /// The bundle and report remembered under `key`, if both are there.
    fn get(&self, key: &str) -> Option<(String, String)> {
        let text = fs::read_to_string(self.dir.join(format!("{key}.rs"))).ok()?;
        let report = fs::read_to_string(self.dir.join(format!("{key}.txt"))).ok()?;
        // Touched, so the newest used are the ones kept.
        let _ = fs::write(self.dir.join(format!("{key}.txt")), &report);
        Some((text, report))
    }

    /// Remembers a verified bundle; the oldest beyond `MEMO_KEPT` go. A memo that cannot be
    /// written only costs a verification later.
    fn put(&self, key: &str, text: &str, report: &str) {
        if fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let _ = fs::write(self.dir.join(format!("{key}.rs")), text);
        let _ = fs::write(self.dir.join(format!("{key}.txt")), report);
        let mut reports: Vec<(std::time::SystemTime, PathBuf)> = fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .filter_map(|p| Some((fs::metadata(&p).ok()?.modified().ok()?, p)))
            .collect();
        reports.sort_by_key(|r| std::cmp::Reverse(r.0));
        for (_, old) in reports.into_iter().skip(MEMO_KEPT) {
            let _ = fs::remove_file(old.with_extension("rs"));
            let _ = fs::remove_file(old);
        }
    }

    /// The report of a refusal remembered under `key` (a bundle that failed before its
    /// cases: over the source limit, no step compiling).
    fn refusal(&self, key: &str) -> Option<String> {
        fs::read_to_string(self.dir.join(format!("{key}.refused.txt"))).ok()
    }

    /// Remembers the report of a refusal, so that the same submit again answers at once.
    fn put_refusal(&self, key: &str, report: &str) {
        if fs::create_dir_all(&self.dir).is_ok() {
            let _ = fs::write(self.dir.join(format!("{key}.refused.txt")), report);
        }
    }

    fn libraries_path(&self) -> PathBuf {
        self.dir.join("libraries.json")
    }

    /// The libraries kept under `key`, if any (a file that does not read is none).
    fn libraries(&self, key: &str) -> Option<bundle::reuse::Kept> {
        let text = fs::read_to_string(self.libraries_path()).ok()?;
        let (k, kept): (String, bundle::reuse::Kept) = serde_json::from_str(&text).ok()?;
        (k == key).then_some(kept)
    }

    fn keep_libraries(&self, key: &str, kept: &bundle::reuse::Kept) {
        if fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        if let Ok(text) = serde_json::to_string(&(key, kept)) {
            let tmp = self.dir.join(".libraries.json.tmp");
            if fs::write(&tmp, text).is_ok() {
                let _ = fs::rename(&tmp, self.libraries_path());
            }
        }
    }
}

/// The keys of `problem` now, from one reading of the environment (the tool's source,
/// the compilers, the build settings): the memo's (`record::problem_hash` and the options'
/// `label`), and the one under which its kept libraries (`bundle::reuse`) serve the next
/// submit, which covers all the memo's does but the problem's own files and cases (its
/// manifest stays: its dependencies and features). `None` for one that cannot be computed
/// (then nothing is remembered or reused under it).
fn keys(
    ws: &Workspace,
    problem: &Problem,
    meta: &cargo_metadata::Metadata,
    compilers: &crate::judge::Compilers,
    label: &str,
) -> (Option<String>, Option<String>) {
    let env = record::environment(&ws.root, compilers);
    let memo = record::problem_hash(ws, &env, meta, label, problem).ok();
    let mut f = env;
    f.text("check", &format!("{label} libraries"));
    f.file(&problem.dir.join("Cargo.toml"));
    let libraries = f
        .packages(&ws.root, meta, &problem.name)
        .ok()
        .map(|()| f.hex());
    (memo, libraries)
}

/// Writes the verified bundle to `target/submit/<crate>.rs` and says where it is.
fn ready(ws: &Workspace, problem: &Problem, text: Option<&str>) -> anyhow::Result<PathBuf> {
    let path = ws
        .target
        .join("submit")
        .join(format!("{}.rs", problem.name));
    if let Some(text) = text {
        let dir = path.parent().expect("target/submit/<crate>.rs");
        fs::create_dir_all(dir).at(dir)?;
        let _ = fs::remove_file(path.with_file_name(format!("{}.FAILED.rs", problem.name)));
        fs::write(&path, text).at(&path)?;
    }
    println!("{}", ready_line(&path, &problem.title, &problem.url));
    match copy_to_clipboard(&path) {
        Some(tool) => println!("copied  to the clipboard with {tool}"),
        None => println!("paste   the file above into the judge (no clipboard tool found)"),
    }
    Ok(path)
}

/// `ready   <file> — <title> (<url>)`; a title or URL still the template's `TODO` is not
/// shown (a fresh problem's).
fn ready_line(path: &std::path::Path, title: &str, url: &str) -> String {
    let known = |s: &str| !s.trim().is_empty() && !s.starts_with("TODO");
    let mut line = format!("ready   {}", path.display());
    if known(title) {
        line.push_str(&format!(" — {title}"));
    }
    if known(url) {
        line.push_str(&format!(" ({url})"));
    }
    line
}

/// `cargo xtask submit <problem>`.
/// The answer remembered under `key`, printed again: a verified bundle (written as
/// `ready` writes it) or a refusal; `None` when there is neither.
fn remembered(
    memo: &Memo,
    key: &str,
    ws: &Workspace,
    problem: &Problem,
) -> anyhow::Result<Option<bool>> {
    if let Some((text, report)) = memo.get(key) {
        print!("{report}");
        println!(
            "cached  {}: verified before, and nothing it depends on has changed since (`--force` verifies again)",
            problem.name
        );
        ready(ws, problem, Some(&text))?;
        return Ok(Some(true));
    }
    if let Some(report) = memo.refusal(key) {
        print!("{report}");
        println!(
            "cached  {}: refused before, and nothing it depends on has changed since (`--force` tries again)",
            problem.name
        );
        return Ok(Some(false));
    }
    Ok(None)
}

pub fn run(args: Args) -> anyhow::Result<bool> {
    let started = Instant::now();
    crate::bundle::phase("submit: begin");
    let budget = budget_seconds(args.budget, std::env::var(BUDGET_VARIABLE).ok())?;
    let ws = Workspace::load()?;
    let problem = ws.find(&args.problem)?.clone();
    let mut options = args.options(problem.profile());
    let mut inputs = inputs(&ws)?;
    let compilers = crate::judge::Compilers::find_for(problem.profile())?;
    // Asked once: verify takes them from here (a fifth of a second through rustup's proxy).
    inputs.compilers = Some(compilers.clone());
    let memo = Memo::open(&ws, &problem);
    let label = args.label(budget);
    let (key, libraries_key) = keys(&ws, &problem, &inputs.meta, &compilers, &label);
    crate::bundle::phase("submit: workspace read");
    if let Some(answer) = key
        .as_ref()
        .filter(|_| !args.force)
        .and_then(|k| remembered(&memo, k, &ws, &problem).transpose())
    {
        return answer;
    }
    if let Some(bin) = problem.judge_bin() {
        // The special judge is a binary target of the problem crate.
        crate::workspace::cargo::build_release(&[&problem.name], &["--bin", &bin])?;
    }
    let meant = crate::engine::suite::count(&ws.cases_dir(&problem), &problem.rule);
    options.deadline = crate::bundle::budget::Deadline::after(Duration::from_secs_f64(budget));
    let _ = crate::verify::take_transcript();
    let _ = crate::bundle::budget::take_cuts();
    let reuse = libraries_key
        .as_ref()
        .filter(|_| !args.fresh)
        .and_then(|k| memo.libraries(k));
    let shown = crate::bundle::budget::show_steps();
    let mut outcome = bundle_and_verify_reusing(&ws, &problem, &inputs, options, reuse.as_ref())?;
    drop(shown);
    let never = outcome.tally.settle(meant);
    let tally = outcome
        .tally
        .line(never, "the bundle failed before its cases");
    println!("{tally}");
    crate::bundle::phase("submit: bundled and verified");
    if !outcome.ok {
        // A bundle refused before any case ran is refused again from the same inputs (and
        // budget): remembered, as a verified one is. A failed case is not (a time limit can
        // be the machine's load).
        if let Some(key) = key.filter(|_| meant > 0 && never == meant) {
            if keys(&ws, &problem, &inputs.meta, &compilers, &label)
                .0
                .as_ref()
                == Some(&key)
            {
                let mut report = crate::verify::take_transcript();
                report.push(tally);
                let report: String = report.iter().map(|l| format!("{l}\n")).collect();
                memo.put_refusal(&key, &report);
            }
        }
        return Ok(false);
    }
    let cuts = crate::bundle::budget::take_cuts();
    let mut report = crate::verify::take_transcript();
    report.push(tally);
    if !cuts.is_empty() {
        let line = format!(
            "budget  {budget} s spent: this is the smallest bundle verified by then; more time would have tried {} (`--budget <s>` or {BUDGET_VARIABLE})",
            cuts.join(", ")
        );
        println!("{line}");
        report.push(line);
    }
    println!("time    {:.1} s", started.elapsed().as_secs_f64());
    ready(&ws, &problem, None)?;
    // Remembered only when nothing it depends on changed while it was verified.
    if let Some(key) = key {
        let text = fs::read_to_string(&outcome.path).at(&outcome.path)?;
        if keys(&ws, &problem, &inputs.meta, &compilers, &label)
            .0
            .as_ref()
            == Some(&key)
        {
            let report: String = report.iter().map(|l| format!("{l}\n")).collect();
            memo.put(&key, &text, &report);
        }
    }
    if let (Some(key), Some(kept)) = (libraries_key, &outcome.kept) {
        memo.keep_libraries(&key, kept);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal is remembered under its key only, and never read as a verified bundle (nor
    /// a verified bundle as a refusal): the same submit answers what it answered.
    #[test]
    fn a_remembered_refusal_answers_its_key_only_and_is_never_a_verified_bundle() {
        let dir = tempfile::tempdir().unwrap();
        let memo = Memo {
            dir: dir.path().join("boj-1"),
        };
        memo.put_refusal(
            "k1",
            "FAIL    size 600000 bytes exceeds the judge's limit\n",
        );
        memo.put("k2", "fn main() {}\n", "1 passed, 0 failed\n");
        assert_eq!(
            memo.refusal("k1").as_deref(),
            Some("FAIL    size 600000 bytes exceeds the judge's limit\n")
        );
        assert!(memo.get("k1").is_none(), "a refusal is no verified bundle");
        assert!(
            memo.refusal("k2").is_none(),
            "a verified bundle is no refusal"
        );
        assert!(memo.refusal("k3").is_none());
    }

    /// A scratch workspace: problem `boj-1` on a path library `lib` beside it, one case, and
    /// a stand-in for the tool's source (`xtask/src`).
    fn scratch() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let write = |p: &str, t: &str| {
            let p = dir.path().join(p);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, t).unwrap();
        };
        write(
            "Cargo.toml",
            "[workspace]\nmembers = [\"boj-1\"]\nresolver = \"2\"\n",
        );
        write("boj-1/Cargo.toml", "[package]\nname = \"boj-1\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[package.metadata.problem]\ntime-limit-ms = 1000\nmemory-limit-mb = 256\njudge = \"BOJ\"\n[dependencies]\nlib = { path = \"../lib\" }\n");
        write(
            "boj-1/src/main.rs",
            "fn main() { println!(\"{}\", lib::f()); }\n",
        );
        write("lib/Cargo.toml", "[package]\nname = \"lib\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[features]\nextra = []\n");
        write("lib/src/lib.rs", "pub fn f() -> u32 { 1 }\n");
        write("testcases/boj-1/a.in", "");
        write("testcases/boj-1/a.out", "1\n");
        write("xtask/src/main.rs", "fn main() {}\n");
        dir
    }

    /// Both keys of `boj-1` in the workspace at `root` as it is now.
    fn keys_now(root: &Path, compilers: &crate::judge::Compilers) -> (String, String) {
        let meta = cargo_metadata::MetadataCommand::new()
            .manifest_path(root.join("Cargo.toml"))
            .current_dir(root)
            .exec()
            .unwrap();
        let ws = Workspace::from_metadata(&meta).unwrap();
        let problem = ws.find("boj-1").unwrap();
        let label = "submit";
        (
            super::keys(&ws, problem, &meta, compilers, label)
                .0
                .unwrap(),
            super::keys(&ws, problem, &meta, compilers, label)
                .1
                .unwrap(),
        )
    }

    /// The memo serves a bundle only while nothing it depends on changed; the kept
    /// libraries survive an edit of the solution or its cases, and nothing else.
    #[test]
    fn each_input_of_a_bundle_changes_the_keys_that_depend_on_it() {
        let dir = scratch();
        let root = dir.path();
        let compilers = crate::judge::Compilers::find().unwrap();
        let edit = |p: &str, t: &str| fs::write(root.join(p), t).unwrap();
        let (memo0, libs0) = keys_now(root, &compilers);
        assert_eq!(keys_now(root, &compilers), (memo0.clone(), libs0.clone()));
        // The solution and a case: a new memo key, the same libraries key.
        edit(
            "boj-1/src/main.rs",
            "fn main() { println!(\"{}\", lib::f() + 0); }\n",
        );
        let (memo1, libs1) = keys_now(root, &compilers);
        assert_ne!(memo1, memo0);
        assert_eq!(libs1, libs0);
        edit("testcases/boj-1/a.out", "1 \n");
        let (memo2, libs2) = keys_now(root, &compilers);
        assert_ne!(memo2, memo1);
        assert_eq!(libs2, libs0);
        // Each of these changes both.
        let mut seen = vec![memo2.clone()];
        let changed = |what: &str, keys: (String, String), seen: &mut Vec<String>| {
            assert!(
                !seen.contains(&keys.0),
                "{what}: the memo key did not change"
            );
            assert_ne!(keys.1, libs0, "{what}: the libraries key did not change");
            seen.push(keys.0);
        };
        edit("lib/src/lib.rs", "pub fn f() -> u32 { 2 }\n");
        changed(
            "the library's source",
            keys_now(root, &compilers),
            &mut seen,
        );
        edit("boj-1/Cargo.toml", "[package]\nname = \"boj-1\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[package.metadata.problem]\ntime-limit-ms = 1000\nmemory-limit-mb = 256\njudge = \"BOJ\"\n[dependencies]\nlib = { path = \"../lib\", features = [\"extra\"] }\n");
        changed("a feature", keys_now(root, &compilers), &mut seen);
        edit("xtask/src/main.rs", "fn main() { }\n");
        changed("the tool's source", keys_now(root, &compilers), &mut seen);
        let mut other = compilers.clone();
        other.local.label = "rustc 9.99.0".into();
        changed("a compiler", keys_now(root, &other), &mut seen);
    }

    #[test]
    fn the_budget_comes_from_the_flag_then_the_variable_then_the_default_and_bad_values_say_where()
    {
        assert_eq!(budget_seconds(Some(3.0), Some("7".into())).unwrap(), 3.0);
        assert_eq!(budget_seconds(None, Some(" 7.5 ".into())).unwrap(), 7.5);
        assert_eq!(budget_seconds(None, None).unwrap(), DEFAULT_BUDGET_SECONDS);
        assert_eq!(budget_seconds(Some(0.0), None).unwrap(), 0.0);
        let e = budget_seconds(None, Some("ten".into()))
            .unwrap_err()
            .to_string();
        assert!(e.contains("XTASK_BUDGET") && e.contains("ten"), "{e}");
        let e = budget_seconds(Some(-1.0), None).unwrap_err().to_string();
        assert!(e.contains("--budget"), "{e}");
    }

    #[test]
    fn an_unknown_problem_is_one_line_naming_the_known_ones() {
        let args = Args {
            problem: "no-such-problem".into(),
            readable: false,
            names_only: false,
            whole: false,
            budget: None,
            force: false,
            fresh: false,
        };
        let err = run(args).err().unwrap().to_string();
        assert_eq!(err.lines().count(), 1);
        assert!(
            err.contains("no-such-problem") && err.contains("boj-18139"),
            "{err}"
        );
    }

    /// A fresh problem's `ready` line names no `TODO` title or URL; a titled one shows both.
    #[test]
    fn the_ready_line_shows_no_template_todo() {
        let path = std::path::Path::new("target/submit/boj-1000.rs");
        assert_eq!(
            ready_line(
                path,
                "TODO: the problem's title",
                "https://www.acmicpc.net/problem/1000"
            ),
            "ready   target/submit/boj-1000.rs (https://www.acmicpc.net/problem/1000)"
        );
        assert_eq!(
            ready_line(
                path,
                "TODO: the problem's title",
                "TODO: where the problem comes from"
            ),
            "ready   target/submit/boj-1000.rs"
        );
        assert_eq!(
            ready_line(path, "A+B", "https://www.acmicpc.net/problem/1000"),
            "ready   target/submit/boj-1000.rs — A+B (https://www.acmicpc.net/problem/1000)"
        );
    }
}
