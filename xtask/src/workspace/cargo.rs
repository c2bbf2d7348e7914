//! Cargo, run from this tool on the solutions' workspace: where that workspace is, its
//! metadata, and cargo commands with a clean environment.

use cargo_metadata::MetadataCommand;
use std::path::PathBuf;
use std::process::Command;

/// The variable that points a child's cargo commands at another workspace.
pub const ROOT_VARIABLE: &str = "XTASK_SOLUTIONS_ROOT";

/// The solutions' workspace: the folder above this tool's own. xtask is a workspace of its
/// own (a host tool, so its dependencies are not held back to the judge's Rust), and its
/// commands always act on the solutions' workspace, wherever they are started from.
///
/// `corpus --real` checks each package of another folder in a child process that sets
/// `XTASK_SOLUTIONS_ROOT` to that package's folder: there, cargo runs in that workspace.
pub fn project_root() -> PathBuf {
    if let Some(root) = std::env::var_os(ROOT_VARIABLE) {
        return PathBuf::from(root);
    }
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// `cargo metadata` of the solutions' workspace.
pub fn metadata_command() -> MetadataCommand {
    let mut command = MetadataCommand::new();
    // From the workspace's own folder, so that its `.cargo/config.toml` (a target-dir) counts.
    command.manifest_path(project_root().join("Cargo.toml"));
    command.current_dir(project_root());
    command
}

/// Cargo (the one running this task, if any), in the solutions' workspace, without the
/// variables `cargo run` set for this tool's own process: a build script that reruns when
/// one changes (ring's reads `CARGO_MANIFEST_DIR`) would otherwise make the next
/// `cargo xtask` rebuild the tool.
pub fn cargo_command() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command.current_dir(project_root());
    forget_cargo_run(&mut command);
    command
}

/// Removes from `command`'s environment the variables `cargo run` set for this process.
pub fn forget_cargo_run(command: &mut Command) {
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        let ours = key.starts_with("CARGO_PKG_")
            || matches!(
                key.as_ref(),
                "CARGO_MANIFEST_DIR"
                    | "CARGO_MANIFEST_PATH"
                    | "CARGO_CRATE_NAME"
                    | "CARGO_BIN_NAME"
                    | "CARGO_PRIMARY_PACKAGE"
                    | "OUT_DIR"
            );
        if ours {
            command.env_remove(key.as_ref());
        }
    }
}

/// `cargo build --release --quiet -p <package>...` then `targets` (`--bin x`, `--examples`):
/// the one way this tool builds workspace members (a problem, the corpus, a benchmark's
/// examples), so that every build shares one set of flags and one target folder.
pub fn release_build(packages: &[&str], targets: &[&str]) -> Command {
    let mut command = cargo_command();
    command.args(["build", "--release", "--quiet"]);
    for p in packages {
        command.args(["-p", p]);
    }
    command.args(targets);
    command
}

/// Runs `release_build`; an error unless it succeeds.
pub fn build_release(packages: &[&str], targets: &[&str]) -> anyhow::Result<()> {
    let status = release_build(packages, targets)
        .status()
        .map_err(|e| anyhow::anyhow!("cannot run cargo: {e}"))?;
    status.success().then_some(()).ok_or_else(|| {
        anyhow::anyhow!(
            "cargo build --release -p {} {} failed",
            packages.join(" -p "),
            targets.join(" ")
        )
    })
}

/// Runs cargo with `args` in the solutions' workspace; an error unless it succeeds.
pub fn cargo(args: &[&str]) -> anyhow::Result<()> {
    let status = cargo_command()
        .args(args)
        .status()
        .map_err(|e| anyhow::anyhow!("cannot run cargo: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| anyhow::anyhow!("cargo {} failed", args.join(" ")))
}
