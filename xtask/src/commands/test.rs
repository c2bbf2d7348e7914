//! `cargo xtask test <problem>` (`make test-<problem>`): everything about one problem, the
//! command to type while solving it: its unit tests, every case against the release and
//! the bundled build (always run, whatever the record says), and its stress pair for a few
//! seconds when it has one that is written. The steps are this tool's own commands, run as
//! child processes as make would run them: no command reaches into another.

use crate::workspace::cargo::cargo;
use crate::workspace::problems::Workspace;
use std::path::Path;

/// Seconds of stress: enough for thousands of small cases, short enough to type often.
const STRESS_SECONDS: u64 = 5;

/// Runs this tool with `args` (its output goes straight through); whether it passed.
fn this_tool(args: &[&str]) -> anyhow::Result<bool> {
    let exe = std::env::current_exe().map_err(|e| anyhow::anyhow!("cannot find this tool: {e}"))?;
    let status = std::process::Command::new(exe)
        .args(args)
        .status()
        .map_err(|e| anyhow::anyhow!("cannot run this tool: {e}"))?;
    Ok(status.success())
}

/// Whether `dir` holds a written stress pair (the scaffold's stubs say they are not); an
/// interactive problem's is its generator alone (its interactor judges).
fn has_pair(dir: &Path, interactive: bool) -> bool {
    let files: &[&str] = match interactive {
        true => &["gen.rs"],
        false => &["gen.rs", "brute.rs"],
    };
    files.iter().all(|f| {
        std::fs::read_to_string(dir.join("examples").join(f))
            .is_ok_and(|text| !text.contains(crate::workspace::problems::PAIR_STUB_MARK))
    })
}

/// The arguments of `cargo xtask test`.
#[derive(clap::Args)]
pub struct Args {
    /// Crate name or short id.
    problem: String,
}

/// `cargo xtask test <problem>`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    let name = args.problem.as_str();
    let ws = Workspace::load()?;
    let problem = ws.find(name)?.clone();
    let mut steps: Vec<(String, bool)> = Vec::new();
    println!("test    {}: unit tests", problem.name);
    let unit = cargo(&["test", "--quiet", "-p", &problem.name]);
    if let Err(e) = &unit {
        println!("FAIL    {e}");
    }
    steps.push(("unit tests".into(), unit.is_ok()));
    println!("test    {}: cases", problem.name);
    steps.push((
        "cases".into(),
        this_tool(&["cases", &problem.name, "--force"])?,
    ));
    let dir = problem
        .main_rs
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| anyhow::anyhow!("a problem's main.rs lies in <crate>/src/"))?;
    let interactive = matches!(problem.rule, crate::engine::compare::Rule::Interactor(_));
    if has_pair(dir, interactive) {
        println!("test    {}: stress for {STRESS_SECONDS} s", problem.name);
        let seconds = STRESS_SECONDS.to_string();
        let stress = this_tool(&[
            "stress",
            &problem.name,
            "--cases",
            "1000000",
            "--time",
            &seconds,
            "--force",
        ])?;
        steps.push((format!("stress {STRESS_SECONDS} s"), stress));
    } else {
        let files = match interactive {
            true => "examples/gen.rs, for the interactor",
            false => "examples/gen.rs, examples/brute.rs",
        };
        println!(
            "note    {} has no written stress pair ({files}): no stress",
            problem.name
        );
    }
    let failed: Vec<&str> = steps
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(s, _)| s.as_str())
        .collect();
    println!(
        "{} steps, {} passed, {} failed{}",
        steps.len(),
        steps.len() - failed.len(),
        failed.len(),
        if failed.is_empty() {
            String::new()
        } else {
            format!(": {}", failed.join(", "))
        }
    );
    Ok(failed.is_empty())
}
