//! `cargo xtask all` (what `make test` runs): every step of the workspace's checks, each run
//! even when one before it failed, and one closing summary of what failed with the command
//! that fixes or explains each. A step is a Makefile target (the Makefile stays the one
//! place that says what a step runs), run as `make <step>` in a child process.

use crate::workspace::cargo::project_root;
use std::process::Command;

/// The arguments of `cargo xtask all`.
#[derive(clap::Args)]
pub struct Args {
    /// Check everything again, ignoring the record of what passed.
    #[arg(long)]
    force: bool,
}

/// One step: its Makefile target, and what to run when it failed.
pub struct Step {
    pub target: &'static str,
    pub fix: &'static str,
}

/// The steps, in `make test`'s order.
pub const STEPS: [Step; 6] = [
    Step {
        target: "fmt-check",
        fix: "cargo fmt --all && cargo fmt --manifest-path xtask/Cargo.toml --all (rewrites the files in place)",
    },
    Step {
        target: "clippy",
        fix: "make clippy, then the changes its messages above ask for",
    },
    Step {
        target: "unit",
        fix: "cargo xtask unit -v (the failing tests are named above)",
    },
    Step {
        target: "cases",
        fix: "make test-<problem> for each problem that failed above",
    },
    Step {
        target: "stress-check",
        fix: "make stress-<problem> for the pair that disagreed above (its case is saved)",
    },
    Step {
        target: "corpus",
        fix: "cargo xtask corpus -v (the program named above)",
    },
];

/// Runs each of `steps` with `run` (true: passed), all of them whatever fails; the summary
/// lines and whether all passed.
pub fn run_steps(steps: &[Step], mut run: impl FnMut(&Step) -> bool) -> (Vec<String>, bool) {
    let failed: Vec<&Step> = steps.iter().filter(|s| !run(s)).collect();
    if failed.is_empty() {
        return (
            vec![format!("summary all {} steps passed", steps.len())],
            true,
        );
    }
    let mut lines = vec![format!(
        "summary {} of {} steps failed; to fix or see why:",
        failed.len(),
        steps.len()
    )];
    for s in failed {
        lines.push(format!("  {:<12} {}", s.target, s.fix));
    }
    (lines, false)
}

/// `cargo xtask all`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    let make = std::env::var("MAKE").unwrap_or_else(|_| "make".into());
    let started = std::time::Instant::now();
    let (lines, ok) = run_in(&project_root(), &make, args.force);
    for line in lines {
        println!("{line}");
    }
    println!("took    {:.1} s", started.elapsed().as_secs_f64());
    Ok(ok)
}

/// Every step as `make <step>` in `root`, each announced and timed as it ends; the summary
/// lines and whether all passed.
fn run_in(root: &std::path::Path, make: &str, force: bool) -> (Vec<String>, bool) {
    run_steps(&STEPS, |step| {
        println!("step    {}", step.target);
        let begun = std::time::Instant::now();
        let mut command = Command::new(make);
        command
            .arg("--no-print-directory")
            .arg(step.target)
            .current_dir(root);
        if force {
            command.arg("FORCE=1");
        }
        let passed = match command.status() {
            Ok(status) => status.success(),
            Err(e) => {
                println!("FAIL    {}: cannot run {make}: {e}", step.target);
                false
            }
        };
        let verdict = if passed { "passed" } else { "failed" };
        println!(
            "step    {} {verdict} ({:.1} s)",
            step.target,
            begun.elapsed().as_secs_f64()
        );
        passed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failing step does not stop the others: every step runs, and the summary names each
    /// failed one with its fix, in order; all passing is one line.
    #[test]
    fn every_step_runs_and_the_summary_names_each_failure_with_its_fix() {
        let mut ran = Vec::new();
        let (lines, ok) = run_steps(&STEPS, |s| {
            ran.push(s.target);
            !matches!(s.target, "fmt-check" | "cases")
        });
        assert_eq!(ran, STEPS.map(|s| s.target));
        assert!(!ok);
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].starts_with("summary 2 of 6 steps failed"));
        assert!(lines[1].contains("fmt-check") && lines[1].contains("cargo fmt --all"));
        assert!(lines[2].contains("cases") && lines[2].contains("make test-<problem>"));
        let (lines, ok) = run_steps(&STEPS, |_| true);
        assert!(ok);
        assert_eq!(lines, ["summary all 6 steps passed"]);
    }

    /// Real processes: a workspace whose Makefile formats-checks an unformatted solution and
    /// compares a wrong answer, its other steps passing. Every step runs (each leaves its
    /// name in a log), and the summary names exactly the two failures, each with its fix.
    #[test]
    fn an_unformatted_solution_and_a_wrong_answer_are_both_in_the_summary_of_one_run() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("src")).unwrap();
        std::fs::write(d.join("src/main.rs"), "fn main(){println!(\"{}\",1+2);}\n").unwrap();
        std::fs::write(d.join("a.out"), "2\n").unwrap();
        let mut makefile = String::new();
        for s in STEPS {
            let action = match s.target {
                "fmt-check" => "rustfmt --edition 2021 --check src/main.rs > /dev/null",
                // The solution's answer (3) against the expected one (2): a WA.
                "cases" => "echo 3 | diff - a.out > /dev/null",
                _ => "true",
            };
            makefile.push_str(&format!(
                "{}:\n\t@echo {} >> ran.log\n\t@{action}\n",
                s.target, s.target
            ));
        }
        std::fs::write(d.join("Makefile"), makefile).unwrap();
        // make's own "Error 1" lines kept out of the test's output.
        let quiet_make = d.join("quiet-make");
        std::fs::write(&quiet_make, "#!/bin/sh\nexec make \"$@\" 2>/dev/null\n").unwrap();
        let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
        std::fs::set_permissions(&quiet_make, executable).unwrap();
        let (lines, ok) = run_in(d, &quiet_make.to_string_lossy(), false);
        assert!(!ok);
        let ran = std::fs::read_to_string(d.join("ran.log")).unwrap();
        assert_eq!(
            ran.lines().collect::<Vec<_>>(),
            STEPS.map(|s| s.target),
            "every step runs"
        );
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(
            lines[0].starts_with("summary 2 of 6 steps failed"),
            "{lines:?}"
        );
        assert!(lines[1].contains("fmt-check") && lines[1].contains("cargo fmt --all"));
        assert!(lines[2].contains("cases") && lines[2].contains("make test-<problem>"));
    }

    /// Each step is a target of the Makefile, and `make test` runs them through this
    /// command.
    #[test]
    fn every_step_is_a_makefile_target_and_make_test_runs_them_all() {
        let makefile = std::fs::read_to_string(project_root().join("Makefile")).unwrap();
        for s in STEPS {
            assert!(
                makefile
                    .lines()
                    .any(|l| l.starts_with(&format!("{}:", s.target))),
                "no `{}:` target",
                s.target
            );
        }
        assert!(
            makefile.contains("$(CARGO) xtask all"),
            "make test runs `xtask all`"
        );
    }
}
