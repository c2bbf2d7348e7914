//! `cargo xtask submit <problem>`: bundle a solution into one file and verify it the way
//! the judge will build it (`verify`), before anyone pastes it.

use crate::bundle;
use crate::error::PathContext;
use crate::verify::{bundle_and_verify, inputs};
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
    if !seconds.is_finite() || seconds < 0.0 || seconds > 86_400.0 {
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
        reports.sort_by(|a, b| b.0.cmp(&a.0));
        for (_, old) in reports.into_iter().skip(MEMO_KEPT) {
            let _ = fs::remove_file(old.with_extension("rs"));
            let _ = fs::remove_file(old);
        }
    }
}

/// The memo's key for `problem` now: `None` when it cannot be computed (then nothing is
/// remembered or reused).
fn memo_key(
    ws: &Workspace,
    problem: &Problem,
    meta: &cargo_metadata::Metadata,
    compilers: &crate::judge::Compilers,
    label: &str,
) -> Option<String> {
    let env = record::environment(&ws.root, compilers);
    record::problem_hash(ws, &env, meta, label, problem).ok()
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
    println!(
        "ready   {} — {} ({})",
        path.display(),
        problem.title,
        problem.url
    );
    match copy_to_clipboard(&path) {
        Some(tool) => println!("copied  to the clipboard with {tool}"),
        None => println!("paste   the file above into the judge (no clipboard tool found)"),
    }
    Ok(path)
}

/// `cargo xtask submit <problem>`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    let started = Instant::now();
    crate::bundle::phase("submit: begin");
    let budget = budget_seconds(args.budget, std::env::var(BUDGET_VARIABLE).ok())?;
    let ws = Workspace::load()?;
    let problem = ws.find(&args.problem)?.clone();
    let mut options = args.options(problem.profile());
    let inputs = inputs(&ws)?;
    let compilers = crate::judge::Compilers::find()?;
    let memo = Memo::open(&ws, &problem);
    let label = args.label(budget);
    let key = memo_key(&ws, &problem, &inputs.meta, &compilers, &label);
    crate::bundle::phase("submit: workspace read");
    if let Some((text, report)) = key
        .as_ref()
        .filter(|_| !args.force)
        .and_then(|k| memo.get(k))
    {
        print!("{report}");
        println!(
            "cached  {}: verified before, and nothing it depends on has changed since (`--force` verifies again)",
            problem.name
        );
        ready(&ws, &problem, Some(&text))?;
        return Ok(true);
    }
    if let Some(bin) = problem.judge_bin() {
        // The special judge is a binary target of the problem crate.
        crate::workspace::cargo::build_release(&[&problem.name], &["--bin", &bin])?;
    }
    let meant = crate::engine::suite::count(&ws.cases_dir(&problem), &problem.rule);
    options.deadline = crate::bundle::budget::Deadline::after(Duration::from_secs_f64(budget));
    let _ = crate::verify::take_transcript();
    let _ = crate::bundle::budget::take_cuts();
    let mut outcome = bundle_and_verify(&ws, &problem, &inputs, options)?;
    let never = outcome.tally.settle(meant);
    let tally = outcome
        .tally
        .line(never, "the bundle failed before its cases");
    println!("{tally}");
    crate::bundle::phase("submit: bundled and verified");
    if !outcome.ok {
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
        if memo_key(&ws, &problem, &inputs.meta, &compilers, &label).as_ref() == Some(&key) {
            let report: String = report.iter().map(|l| format!("{l}\n")).collect();
            memo.put(&key, &text, &report);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_problem_is_one_line_naming_the_known_ones() {
        let args = Args {
            problem: "no-such-problem".into(),
            readable: false,
            names_only: false,
            whole: false,
            budget: None,
            force: false,
        };
        let err = run(args).err().unwrap().to_string();
        assert_eq!(err.lines().count(), 1);
        assert!(
            err.contains("no-such-problem") && err.contains("boj-18139"),
            "{err}"
        );
    }
}
