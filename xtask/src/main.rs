//! `cargo xtask`: the workspace's own tooling. One file per task; flags are declared here.

mod cases;
mod problems;

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
    /// Build the release binaries and run every case under testcases/ against them.
    Cases {
        /// Only these problems (crate name or short id such as 18139); all when empty.
        problems: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Cases { problems } => cases::run(&problems),
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
