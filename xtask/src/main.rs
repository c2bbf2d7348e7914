//! `cargo xtask`: the workspace's own tooling. The verbs live in `commands/`, one file each
//! with its arguments; ARCHITECTURE.md (beside this crate) maps the rest.

mod bench;
mod boj_page;
mod bundle;
mod commands;
mod docs;
mod edits;
mod engine;
mod error;
mod fast_hash;
mod judge;
mod resolve;
#[cfg(test)]
mod testing;
mod verify;
mod workspace;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Workspace tooling for the judge submissions"
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Every step of `make test` (format, lint, unit tests, cases, stress pairs, corpus), each
    /// run whatever fails before it, then one summary of what failed with each fix.
    All(commands::all::Args),
    /// Every case under testcases/ against the release and the bundled build, for the problems
    /// whose inputs changed since they last passed.
    Cases(commands::cases::Args),
    /// Bundle a solution into one file, compile it alone like the judge, run every case.
    Submit(commands::submit::Args),
    /// Everything about one problem: its unit tests, its cases, a few seconds of stress.
    Test(commands::test::Args),
    /// The unit tests of the workspace members (and of this tool) whose inputs changed.
    Unit(commands::unit::Args),
    /// Bundle every corpus program, compile it alone and compare its output with cargo's build
    /// (those whose inputs changed since they last passed).
    Corpus(commands::corpus::Args),
    /// Clippy's findings on this tool, read from its build (the second half of `make clippy`).
    #[command(hide = true)]
    Lint(commands::lint::Args),
    /// One package of `corpus --real`, in its own workspace (run by it as a child process).
    #[command(hide = true)]
    RealPackage(commands::corpus_real::PackageArgs),
    /// Benchmarks: Rush Hour, Q58 and Dice Yut against their references; `scale`: make test's
    /// cost by the number of problems.
    Bench(commands::bench::Args),
    /// Scaffold a new problem crate, its sample case and the workspace member entry.
    New(commands::new::Args),
    /// The solution against its brute force on random inputs until they disagree; shrinks.
    Stress(commands::stress::Args),
    /// (Re)write the samples and metadata of an existing problem from its page.
    Fetch(commands::fetch::Args),
    /// Receive problems from the browser: Competitive Companion POSTs each to this port.
    Listen(commands::listen::Args),
}

fn main() -> ExitCode {
    // Before any thread starts: the children (cargo, make, rustc) get the caller's
    // environment, not `cargo run`'s additions.
    let ours: Vec<_> = std::env::vars_os()
        .map(|(k, _)| k)
        .filter(|k| k.to_str().is_some_and(workspace::cargo::set_by_cargo_run))
        .collect();
    for name in ours {
        std::env::remove_var(name);
    }
    let cli = Cli::parse();
    let result = match cli.task {
        Task::All(args) => commands::all::run(args),
        Task::Cases(args) => commands::cases::run(args),
        Task::Submit(args) => commands::submit::run(args),
        Task::Test(args) => commands::test::run(args),
        Task::Unit(args) => commands::unit::run(args),
        Task::Corpus(args) => commands::corpus::run(args),
        Task::Lint(args) => commands::lint::run(args),
        Task::RealPackage(args) => commands::corpus_real::run_package(args),
        Task::Bench(args) => commands::bench::run(args),
        Task::New(args) => commands::new::run(args),
        Task::Stress(args) => commands::stress::run(args),
        Task::Fetch(args) => commands::fetch::run(args),
        Task::Listen(args) => commands::listen::run(args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message:#}");
            ExitCode::FAILURE
        }
    }
}
