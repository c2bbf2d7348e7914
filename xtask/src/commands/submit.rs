//! `cargo xtask submit <problem>`: bundle a solution into one file and verify it the way
//! the judge will build it (`verify`), before anyone pastes it.

use crate::bundle;
use crate::verify::{bundle_and_verify, inputs};
use crate::workspace::problems::Workspace;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

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
        }
    }
}

/// `cargo xtask submit <problem>`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    crate::bundle::phase("submit: begin");
    let ws = Workspace::load()?;
    let problem = ws.find(&args.problem)?.clone();
    let options = args.options(problem.profile());
    if let Some(bin) = problem.judge_bin() {
        // The special judge is a binary target of the problem crate.
        crate::workspace::cargo::build_release(&[&problem.name], &["--bin", &bin])?;
    }
    let inputs = inputs(&ws)?;
    crate::bundle::phase("submit: workspace read");
    let meant = crate::engine::suite::count(&ws.cases_dir(&problem), &problem.rule);
    let mut outcome = bundle_and_verify(&ws, &problem, &inputs, options)?;
    let never = outcome.tally.settle(meant);
    println!(
        "{}",
        outcome
            .tally
            .line(never, "the bundle failed before its cases")
    );
    crate::bundle::phase("submit: bundled and verified");
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
        };
        let err = run(args).err().unwrap().to_string();
        assert_eq!(err.lines().count(), 1);
        assert!(
            err.contains("no-such-problem") && err.contains("boj-18139"),
            "{err}"
        );
    }
}
