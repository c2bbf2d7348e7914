//! `cargo xtask`: the workspace's own tooling. One file per task; flags are declared here.

mod bench;
mod build_scripts;
mod bundle;
mod cargo;
mod cases;
mod corpus;
mod crates;
mod docs;
mod edits;
mod engine;
mod fetch;
mod judge;
mod migrate;
mod one;
mod problems;
mod real;
mod record;
mod registry;
mod rush_hard;
mod scaffold;
mod scale;
mod stress;
mod submit;
#[cfg(test)]
mod testing;
mod unit;
mod verify;

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
    /// Every case under testcases/ against the release and the bundled build, for the problems
    /// whose inputs changed since they last passed.
    Cases {
        /// Only these problems (crate name or short id such as 18139); all when empty.
        problems: Vec<String>,
        #[command(flatten)]
        record: record::RecordArgs,
    },
    /// Bundle a solution into one file, compile it alone like the judge, run every case.
    Submit {
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
    },
    /// Everything about one problem: its unit tests, its cases, a few seconds of stress.
    Test {
        /// Crate name or short id.
        problem: String,
    },
    /// The unit tests of the workspace members (and of this tool) whose inputs changed.
    Unit {
        #[command(flatten)]
        record: record::RecordArgs,
    },
    /// Bundle every corpus program, compile it alone and compare its output with cargo's build
    /// (those whose inputs changed since they last passed).
    Corpus {
        /// Only these programs (file stems under corpus/src/bin; with --real, solutions
        /// whose path contains one of them); all when empty.
        programs: Vec<String>,
        /// Instead, the contest solutions under this folder (cargo-compete's layout: a
        /// package per contest, `src/bin/<problem>.rs`, samples in `testcases/<problem>.yml`):
        /// cargo's build against its samples, then the bundle against the same samples.
        #[arg(long, value_name = "DIR")]
        real: Option<std::path::PathBuf>,
        /// With --real: about this many solutions, every k-th in path order (0: all).
        #[arg(long, default_value_t = 0)]
        sample: usize,
        #[command(flatten)]
        record: record::RecordArgs,
    },
    /// One package of `corpus --real`, in its own workspace (run by it as a child process).
    #[command(hide = true)]
    RealPackage {
        manifest: std::path::PathBuf,
        bins: Vec<String>,
    },
    /// Benchmarks: Rush Hour, Q58 and Dice Yut against their references; `scale`: make test's
    /// cost by the number of problems.
    Bench {
        /// `rush`, `q58`, `dice`, or `scale` (how `make test` grows with the number of
        /// problems); the first three when omitted. `rush-hard-set` remakes Rush Hour's set
        /// of random boards hardest for the original (needs it and valgrind).
        which: Option<String>,
        /// For `scale`: how many small problems to generate beside this workspace's.
        #[arg(long, default_value_t = 40)]
        problems: usize,
        /// For `rush-hard-set`: how many random boards to draw (seeds 1..=N).
        #[arg(long, default_value_t = 20000)]
        boards: u64,
    },
    /// Scaffold a new problem crate, its sample case and the workspace member entry.
    New {
        /// A BOJ number (1000) or a crate name (boj-1000, puzzle68-q12).
        problem: String,
        /// Read the problem page from here instead (a mirror, a saved page as file://...).
        #[arg(long)]
        url: Option<String>,
    },
    /// The solution against its brute force on random inputs until they disagree; shrinks.
    Stress {
        /// Crate name or short id.
        problem: String,
        #[command(flatten)]
        args: stress::Args,
    },
    /// (Re)write the samples and metadata of an existing problem from its page.
    Fetch {
        /// A BOJ number or crate name.
        problem: String,
        /// Read the problem page from here instead.
        #[arg(long)]
        url: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Cases { problems, record } => cases::run(&problems, record),
        Task::Submit {
            problem,
            readable,
            names_only,
            whole,
        } => submit::run(
            &problem,
            bundle::Options {
                pruning: if names_only {
                    bundle::Pruning::Names
                } else {
                    bundle::Pruning::Compiler
                },
                layout: if readable {
                    bundle::Layout::Readable
                } else {
                    bundle::Layout::Compact
                },
                scope: if whole {
                    bundle::Scope::Whole
                } else {
                    bundle::Scope::Reached
                },
            },
        ),
        Task::Corpus {
            programs,
            real: None,
            record,
            ..
        } => corpus::run(&programs, record),
        Task::Corpus {
            programs,
            real: Some(dir),
            sample,
            record,
        } => real::run(real::RealArgs {
            dir,
            only: programs,
            sample,
            verbose: record.verbose,
            force: record.force,
        }),
        Task::RealPackage { manifest, bins } => real::check_package(&manifest, &bins),
        Task::Unit { record } => unit::run(record),
        Task::Test { problem } => one::run(&problem),
        Task::Bench {
            which,
            problems,
            boards,
        } => bench::run(which.as_deref(), problems, boards),
        Task::New { problem, url } => problems::Workspace::load()
            .and_then(|ws| scaffold::run(&ws.root, &problem, url.as_deref())),
        Task::Stress { problem, args } => stress::run(&problem, args),
        Task::Fetch { problem, url } => problems::Workspace::load()
            .and_then(|ws| scaffold::refetch(&ws.root, &problem, url.as_deref())),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
