//! Cargo, run from this tool on the solutions' workspace: where that workspace is, its
//! metadata, and cargo commands with a clean environment.

use cargo_metadata::MetadataCommand;
use std::path::PathBuf;
use std::process::Command;

/// The variable that points a child's cargo commands at another workspace.
pub const ROOT_VARIABLE: &str = "XTASK_SOLUTIONS_ROOT";

/// The solutions' workspace: the one you stand in, found at run time as cargo finds its
/// own: the nearest folder, from the current one up, that holds a `Cargo.toml` and this
/// tool's `xtask/Cargo.toml`. Never where the tool was built: two clones that share a
/// target folder (`CARGO_TARGET_DIR`) share one build of the tool, and each must act on its
/// own problems. Outside any workspace, the folder above the tool's own sources.
///
/// `corpus --real` checks each package of another folder in a child process that sets
/// `XTASK_SOLUTIONS_ROOT` to that package's folder: there, cargo runs in that workspace.
pub fn project_root() -> PathBuf {
    if let Some(root) = std::env::var_os(ROOT_VARIABLE) {
        return PathBuf::from(root);
    }
    if let Some(root) = std::env::current_dir().ok().and_then(|d| find_root(&d)) {
        return root;
    }
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The nearest folder from `start` up that holds `Cargo.toml` and `xtask/Cargo.toml`.
pub fn find_root(start: &std::path::Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|d| d.join("Cargo.toml").is_file() && d.join("xtask/Cargo.toml").is_file())
        .map(|d| d.to_path_buf())
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

/// Whether `name` is one of the variables `cargo run` (or `cargo test`) sets for this tool's
/// own process (its package's name, version and folder). Left in a child's environment, a
/// build script that watches one (ring's `rerun-if-env-changed=CARGO_MANIFEST_DIR`) reruns,
/// and the next `cargo xtask` rebuilds the tool and its TLS stack.
pub fn set_by_cargo_run(name: &str) -> bool {
    name.starts_with("CARGO_PKG_")
        || matches!(
            name,
            "CARGO_MANIFEST_DIR"
                | "CARGO_MANIFEST_PATH"
                | "CARGO_MANIFEST_LINKS"
                | "CARGO_CRATE_NAME"
                | "CARGO_BIN_NAME"
                | "CARGO_PRIMARY_PACKAGE"
                | "OUT_DIR"
        )
}

/// Removes from `command`'s environment the variables `cargo run` set for this process.
pub fn forget_cargo_run(command: &mut Command) {
    for (key, _) in std::env::vars_os() {
        if let Some(key) = key.to_str().filter(|k| set_by_cargo_run(k)) {
            command.env_remove(key);
        }
    }
}

/// `cargo build --release --quiet -p <package>...` then `targets` (`--bin x`, `--examples`):
/// the one way this tool builds workspace members (a problem, a benchmark's
/// examples; the corpus builds in a profile of its own), so that every build shares one set
/// of flags and one target folder.
pub fn release_build(packages: &[&str], targets: &[&str]) -> Command {
    profile_build("release", packages, targets)
}

/// `release_build` in cargo profile `profile`.
pub fn profile_build(profile: &str, packages: &[&str], targets: &[&str]) -> Command {
    let mut command = cargo_command();
    command.args(["build", "--profile", profile, "--quiet"]);
    for p in packages {
        command.args(["-p", p]);
    }
    command.args(targets);
    command
}

/// Runs `release_build`; an error unless it succeeds.
pub fn build_release(packages: &[&str], targets: &[&str]) -> anyhow::Result<()> {
    run_release(release_build(packages, targets), packages, targets)
}

fn run_release(mut command: Command, packages: &[&str], targets: &[&str]) -> anyhow::Result<()> {
    let status = command
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

/// Runs `command` with its standard output passed on to `out` as it comes, and, once it
/// has printed something, a line `{label} ({n} s)` of its own after each `every` in which
/// it printed nothing: a test binary whose tests each take seconds (the tool's end-to-end
/// tests, 10 to 12 s for two) is never a silent stretch. Standard error is left to the
/// terminal: before the tests print, cargo's progress bar shows the build, and a line of
/// ours would break it. Whether the command succeeded.
pub fn with_heartbeat(
    mut command: Command,
    label: &str,
    every: std::time::Duration,
    out: &mut dyn std::io::Write,
) -> anyhow::Result<bool> {
    use std::io::Read;
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| anyhow::anyhow!("cannot run {:?}: {e}", command.get_program()))?;
    let mut stdout = child.stdout.take().expect("piped");
    let (send, receive) = std::sync::mpsc::channel::<Vec<u8>>();
    let reader = std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buffer) {
            if send.send(buffer[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    let start = std::time::Instant::now();
    let (mut printed, mut at_line_start) = (false, true);
    loop {
        match receive.recv_timeout(every) {
            Ok(bytes) => {
                out.write_all(&bytes)?;
                out.flush()?;
                (printed, at_line_start) = (true, bytes.ends_with(b"\n"));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) if !printed => {}
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                let newline = if at_line_start { "" } else { "\n" };
                let secs = start.elapsed().as_secs();
                writeln!(out, "{newline}{label} ({secs} s)")?;
                out.flush()?;
                at_line_start = true;
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let _ = reader.join();
    let status = child
        .wait()
        .map_err(|e| anyhow::anyhow!("cannot wait for {:?}: {e}", command.get_program()))?;
    Ok(status.success())
}

#[cfg(test)]
mod tests {
    use super::{find_root, set_by_cargo_run, with_heartbeat};

    /// A child that is silent, prints, falls silent past the heartbeat's period twice, and
    /// prints again: its bytes pass through unchanged and in order, each silence after its
    /// first bytes gets lines of its own (after a newline the child had not printed), none
    /// comes before them, and its exit status is kept.
    #[test]
    fn a_silent_child_gets_heartbeat_lines_between_its_own_bytes_passed_through() {
        let mut command = std::process::Command::new("sh");
        command.args([
            "-c",
            "sleep 0.7; printf 'ab'; sleep 0.7; printf 'cd\\n'; sleep 0.7; exit 3",
        ]);
        let mut out = Vec::new();
        let every = std::time::Duration::from_millis(300);
        let ok = with_heartbeat(command, "still", every, &mut out).unwrap();
        assert!(!ok, "exit 3 is a failure");
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(text.starts_with("ab"), "{text}");
        let own: String = lines
            .iter()
            .filter(|l| !l.starts_with("still"))
            .copied()
            .collect();
        assert_eq!(own, "abcd", "{text}");
        assert!(text.contains("ab\nstill ("), "{text}");
        assert!(text.contains("cd\nstill ("), "{text}");
        let beat = |l: &&&str| l.starts_with("still (") && l.ends_with(" s)");
        assert!(lines.iter().filter(beat).count() >= 2, "{text}");
        assert!(text.ends_with(" s)\n"), "{text}");
        let quiet = std::process::Command::new("true");
        let mut out = Vec::new();
        assert!(with_heartbeat(quiet, "still", every, &mut out).unwrap());
        assert!(out.is_empty());
    }

    /// The variables `cargo run` (and `cargo test`) set for the tool are dropped, checked on
    /// this very test's environment, which cargo gave the same ones; what a user sets for
    /// cargo (its home, target folder, profiles, flags) passes through.
    #[test]
    fn what_cargo_run_sets_for_the_tool_is_dropped_and_the_users_settings_pass() {
        for name in [
            "CARGO_PKG_NAME",
            "CARGO_MANIFEST_DIR",
            "CARGO_PKG_VERSION_MAJOR",
        ] {
            assert!(
                std::env::var_os(name).is_some(),
                "cargo sets {name} for tests"
            );
            assert!(set_by_cargo_run(name), "{name}");
        }
        for name in [
            "CARGO",
            "CARGO_HOME",
            "CARGO_TARGET_DIR",
            "CARGO_PROFILE_RELEASE_DEBUG",
            "CARGO_BUILD_JOBS",
            "CARGO_ENCODED_RUSTFLAGS",
            "RUSTFLAGS",
        ] {
            assert!(!set_by_cargo_run(name), "{name}");
        }
    }

    /// Two clones side by side: from anywhere inside one (its root, a problem's `src/`, its
    /// `xtask/`), the workspace is that clone, whichever clone the tool was built in; from
    /// outside both, none.
    #[test]
    fn the_workspace_is_the_clone_you_stand_in() {
        let dir = tempfile::tempdir().unwrap();
        for clone in ["one", "two"] {
            for file in ["Cargo.toml", "xtask/Cargo.toml", "boj-1000/Cargo.toml"] {
                let path = dir.path().join(clone).join(file);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, "").unwrap();
            }
            std::fs::create_dir_all(dir.path().join(clone).join("boj-1000/src")).unwrap();
        }
        let two = dir.path().join("two");
        for inside in ["", "boj-1000/src", "xtask"] {
            assert_eq!(find_root(&two.join(inside)), Some(two.clone()), "{inside}");
        }
        assert_eq!(find_root(dir.path()), None);
    }
}
