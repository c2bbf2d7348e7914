//! `cargo xtask cases`: every case of every problem, against its release binary and against
//! its bundled single file built as the judge builds it, so what is pasted is what was
//! tested. Every problem runs even when another fails, is refused or does not build; the
//! closing line counts every failure of any kind.

use crate::engine::suite::{self, Tally};
use crate::verify;
use crate::workspace::cargo::build_release;
use crate::workspace::problems::{Problem, Workspace};
use crate::workspace::record::{self, Record, RecordArgs};

/// One problem: its release binary's cases, then the bundle's. Every case is meant to run
/// twice; a run that a failed build or bundle kept from happening counts as failed.
fn run_problem(ws: &Workspace, problem: &Problem, inputs: &verify::Inputs) -> Tally {
    let meant = 2 * suite::count(&ws.cases_dir(problem), &problem.rule);
    let mut tally = Tally::default();
    let mut broken = false;
    let release = build_release(&[&problem.name], &[]).and_then(|()| {
        let binary = ws.target.join("release").join(&problem.name);
        ws.run_cases(problem, &binary, "release")
    });
    match release {
        Ok(t) => tally.add(t),
        Err(e) => {
            println!("FAIL    {} (release): {e}", problem.name);
            broken = true;
        }
    }
    let options = crate::bundle::Options::for_judge(problem.profile());
    match verify::bundle_and_verify(ws, problem, inputs, options) {
        Ok(bundled) => {
            tally.add(bundled.tally);
            // The bundle itself failed (size, compile or std-API check).
            broken |= !bundled.ok;
        }
        Err(e) => {
            println!("FAIL    {} (bundle): {e}", problem.name);
            broken = true;
        }
    }
    let never = tally.settle(meant);
    if never > 0 {
        println!(
            "FAIL    {}: {never} of its {meant} case runs never ran",
            problem.name
        );
    } else if broken && tally.failed == 0 {
        tally.failed += 1;
    }
    tally
}

/// What checking one problem came to.
struct Checked {
    tally: Tally,
    /// Whether it passed as a whole (its cases, its bundle).
    ok: bool,
}

/// Checks `problem` in this process, records a pass, and says what it came to.
fn check_here(
    ws: &Workspace,
    inputs: &verify::Inputs,
    env: &record::Fingerprint,
    record: &Record,
    problem: &Problem,
    hash: Option<&str>,
) -> Checked {
    let solution = std::fs::read_to_string(&problem.main_rs).unwrap_or_default();
    if solution.contains(crate::workspace::problems::TEMPLATE_MARK) {
        println!(
            "note    {} is still the template: its samples fail until it is solved",
            problem.name
        );
    }
    let tally = run_problem(ws, problem, inputs);
    // Remembered only when nothing it depends on changed while it ran.
    let after = record::problem_hash(ws, env, &inputs.meta, "cases", problem).ok();
    match (hash, tally.failed) {
        (Some(h), 0) if after.as_deref() == Some(h) => {
            record.pass(&problem.name, h, &tally.figures())
        }
        (Some(h), f) if f > 0 => record.fail(&problem.name, h),
        _ => {}
    }
    Checked {
        tally,
        ok: tally.failed == 0,
    }
}

/// What a child `cases <problem> --report-to <file>` writes to the file as it ends: its
/// counts, as JSON (the parent reads this, never the lines it prints for the user).
#[derive(serde::Serialize, serde::Deserialize)]
struct Report {
    tally: Tally,
    /// Whether every problem it checked passed.
    ok: bool,
}

/// Checks `problem` in a child process of this tool (`cases <problem>`), its output kept
/// until it ends; the child records its own pass and reports its counts through a file.
/// Returns what it came to, what it printed, and whether a run hit the time limit.
fn check_in_child(ws: &Workspace, problem: &Problem, force: bool) -> (Checked, String, bool) {
    let meant = 2 * suite::count(&ws.cases_dir(problem), &problem.rule);
    let broken = |why: String| {
        let mut tally = Tally::default();
        tally.settle(meant.max(1));
        (Checked { tally, ok: false }, why, false)
    };
    let (exe, report_dir) = match (std::env::current_exe(), tempfile::tempdir()) {
        (Ok(exe), Ok(dir)) => (exe, dir),
        (Err(e), _) | (_, Err(e)) => {
            return broken(format!(
                "FAIL    {}: cannot start a check: {e}\n",
                problem.name
            ))
        }
    };
    let report_file = report_dir.path().join("report.json");
    let mut command = std::process::Command::new(exe);
    command.args(["cases", &problem.name, "--report-to"]);
    command.arg(&report_file);
    if force {
        command.arg("--force");
    }
    let output = command.stderr(std::process::Stdio::inherit()).output();
    let text = output
        .as_ref()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_else(|e| format!("FAIL    {}: cannot run its check: {e}\n", problem.name));
    let status_ok = output.as_ref().is_ok_and(|o| o.status.success());
    let report: Option<Report> = std::fs::read_to_string(&report_file)
        .ok()
        .and_then(|json| serde_json::from_str(&json).ok());
    // A child that died before its report: every run it owed counts as failed.
    let (mut tally, reported_ok) = report.map_or((Tally::default(), false), |r| (r.tally, r.ok));
    tally.settle(meant);
    if !(status_ok && reported_ok) && tally.failed == 0 {
        tally.failed += 1;
    }
    let timed_out = tally.timed_out > 0;
    (
        Checked {
            tally,
            ok: status_ok && reported_ok && tally.failed == 0,
        },
        text,
        timed_out,
    )
}

/// The arguments of `cargo xtask cases`.
#[derive(clap::Args)]
pub struct Args {
    /// Only these problems (crate name or short id such as 18139); all when empty.
    problems: Vec<String>,
    #[command(flatten)]
    record: RecordArgs,
    /// For a parent `cases`: write the counts to this file as JSON instead of printing the
    /// closing lines.
    #[arg(long, hide = true, value_name = "FILE")]
    report_to: Option<std::path::PathBuf>,
}

/// `cargo xtask cases [problems...]`: every problem whose inputs changed since its last
/// pass (all with `--force`); the others are counted as cached. Problems to check are
/// built by one cargo run, then checked in parallel, one child process per core; a problem
/// that hit a time limit while others ran beside it is checked again alone before its
/// verdict counts.
pub fn run(args: Args) -> anyhow::Result<bool> {
    let (names, flags) = (&args.problems, args.record);
    let ws = Workspace::load()?;
    let problems = ws.select(names)?;
    let inputs = verify::inputs(&ws)?;
    let env = record::environment(&ws.root, &crate::judge::Compilers::find()?);
    let record = Record::open(&ws.target, "cases", flags.force);
    let mut cached = 0;
    let mut stale = Vec::new();
    for problem in &problems {
        // A problem cargo cannot resolve is checked, and its failure is reported there.
        let hash = record::problem_hash(&ws, &env, &inputs.meta, "cases", problem).ok();
        match hash
            .as_deref()
            .and_then(|h| record.passed(&problem.name, h))
        {
            Some(summary) => {
                cached += 1;
                if flags.verbose {
                    println!("cached  {}: {summary}", problem.name);
                }
            }
            None => stale.push((problem, hash)),
        }
    }
    if !stale.is_empty() && args.report_to.is_none() {
        println!("{}", crate::engine::sandbox::describe());
    }
    if stale.len() > 1 {
        // One cargo run builds them all on every core; a failure is reported per problem.
        let packages: Vec<&str> = stale.iter().map(|(p, _)| p.name.as_str()).collect();
        let _ = build_release(&packages, &[]);
    }
    let workers = crate::engine::pool::cores();
    let results: Vec<Checked> = if stale.len() <= 1 || workers == 1 {
        stale
            .iter()
            .map(|(p, h)| check_here(&ws, &inputs, &env, &record, p, h.as_deref()))
            .collect()
    } else {
        let print = std::sync::Mutex::new(());
        let first = crate::engine::pool::map(&stale, workers, |(p, _)| {
            let (checked, text, timed_out) = check_in_child(&ws, p, flags.force);
            if !timed_out || checked.ok {
                let _guard = print.lock().unwrap_or_else(|e| e.into_inner());
                print!("{text}");
            }
            (checked, timed_out)
        });
        let mut results = Vec::new();
        for ((p, _), result) in stale.iter().zip(first) {
            results.push(match result {
                Ok((checked, false)) | Ok((checked @ Checked { ok: true, .. }, true)) => checked,
                Ok((_, true)) => {
                    println!(
                        "rerun   {}: a time limit was hit while problems ran side by side; checked again alone:",
                        p.name
                    );
                    let (checked, text, _) = check_in_child(&ws, p, flags.force);
                    print!("{text}");
                    checked
                }
                Err(e) => {
                    println!("FAIL    {}: {e}", p.name);
                    let mut tally = Tally::default();
                    tally.settle(2 * suite::count(&ws.cases_dir(p), &p.rule));
                    Checked { tally, ok: false }
                }
            });
        }
        results
    };
    // A problem whose metadata is refused (said by `select`) is a failure of its own.
    let refused = if names.is_empty() {
        ws.invalid.len()
    } else {
        0
    };
    close(&results, cached, refused, args.report_to.as_deref())
}

/// The closing lines of `cases` (or, for a parent, the report file): `results` of the
/// problems checked, `cached` ones, `refused` ones whose metadata is refused.
fn close(
    results: &[Checked],
    cached: usize,
    refused: usize,
    report_to: Option<&std::path::Path>,
) -> anyhow::Result<bool> {
    let mut total = Tally::default();
    let mut failed = refused;
    for r in results {
        total.add(r.tally);
        failed += usize::from(!r.ok);
    }
    if let Some(file) = report_to {
        let report = Report {
            tally: total,
            ok: failed == 0,
        };
        let json = serde_json::to_string(&report).expect("a report is JSON");
        std::fs::write(file, json).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
        return Ok(failed == 0);
    }
    println!(
        "runs    {} passed, {} failed (each case against the release and the bundled build)",
        total.passed, total.failed
    );
    println!(
        "{}",
        record::summary_line(cached, results.len() + refused, failed)
    );
    Ok(failed == 0)
}
