//! How a benchmark measures: whole processes timed (`timed`, `median`), instructions counted
//! by callgrind (`instructions`), and the original programs compiled from `../shared/seeds/`.

use crate::error::{Context, PathContext};
use crate::workspace::problems::Workspace;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Runs `program args < input` and returns (stdout, seconds).
pub fn timed(program: &Path, args: &[&str], input: &[u8]) -> anyhow::Result<(String, f64)> {
    use std::io::Write;
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| anyhow::anyhow!("{}: {e}", program.display()))?;
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().at(program)?;
    let seconds = started.elapsed().as_secs_f64();
    let _ = writer.join();
    if !out.status.success() {
        return Err(anyhow::anyhow!(
            "{} failed: {}",
            program.display(),
            out.status
        ));
    }
    Ok((String::from_utf8_lossy(&out.stdout).into_owned(), seconds))
}

pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

/// Instructions executed by `program args < input`, whole process, from callgrind.
pub fn instructions(program: &Path, args: &[&str], input: &[u8]) -> anyhow::Result<u64> {
    let dir = tempfile::tempdir().context("a scratch folder for callgrind")?;
    let input_path = dir.path().join("input");
    fs::write(&input_path, input).at(&input_path)?;
    let out = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!(
            "--callgrind-out-file={}",
            dir.path().join("cg.out").display()
        ))
        .arg(program)
        .args(args)
        .stdin(fs::File::open(&input_path).at(&input_path)?)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| anyhow::anyhow!("valgrind: {e}"))?;
    let log = String::from_utf8_lossy(&out.stderr);
    log.lines()
        .find_map(|l| l.split("Collected :").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| {
            anyhow::anyhow!(
                "no instruction count from callgrind for {}",
                program.display()
            )
        })
}

pub fn valgrind_present() -> bool {
    Command::new("valgrind")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Compiles an original program from `../shared/seeds/` (never redistributed) into
/// target/bench-originals; `None` when it is not beside the project.
pub fn original(ws: &Workspace, file: &str, compiler: &str) -> anyhow::Result<Option<PathBuf>> {
    let source = ws.root.join("../shared/seeds").join(file);
    if !source.is_file() {
        println!("skipped: {} is not here", source.display());
        return Ok(None);
    }
    let dir = ws.target.join("bench-originals");
    fs::create_dir_all(&dir).at(&dir)?;
    let binary = dir.join(file.split('.').next().unwrap_or(file));
    let status = Command::new(compiler)
        .args(["-O2", "-w", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| anyhow::anyhow!("cannot run {compiler}: {e}"))?;
    if !status.success() {
        return Err(anyhow::anyhow!("{compiler} -O2 {file} failed"));
    }
    Ok(Some(binary))
}
