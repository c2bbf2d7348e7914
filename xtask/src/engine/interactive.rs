//! An interactive case: the solution and the judge's side (the interactor) talk through
//! pipes, the solution's stdout the interactor's stdin and the interactor's stdout the
//! solution's stdin. The solution runs as every run does (`super::run`: CPU time, memory,
//! stack, its own process group, a clean environment); its stdin and stdout are named pipes
//! at the paths `run` opens, so nothing of how a run is measured changes. This tool relays
//! both directions, keeping a bounded transcript (`<stem>.exchange`, `>` the solution's
//! lines, `<` the interactor's).
//!
//! The interactor is run as `interactor <case.in> [<case.out>]`; exit status 0 accepts,
//! anything else is a wrong answer with its stderr. A deadlock (a query never flushed: both
//! sides waiting) uses no CPU: the wall-clock cap ends the solution, TLE.

use super::{Limits, Run};
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How much of each direction the transcript keeps.
const TRANSCRIPT_BYTES: usize = 64 * 1024;

/// How long the interactor may take to finish once the solution has ended.
const INTERACTOR_GRACE: Duration = Duration::from_secs(2);

/// How long a relay may take to see its pipe close once both sides have ended and the
/// interactor's process group is gone: a process outside it that holds a pipe (a
/// `setsid()` child of the interactor) is no reason to wait longer.
const RELAY_GRACE: Duration = Duration::from_millis(500);

/// How an interactive case went.
#[derive(Debug)]
pub struct Interaction {
    /// The solution's run (its `stdout` is what it wrote, bounded).
    pub run: Run,
    /// How the interactor ended; `None` when it had to be killed (it never finished).
    pub interactor: Option<ExitStatus>,
    /// The interactor's stderr, and the transcript of the exchange.
    pub interactor_stderr: PathBuf,
    pub exchange: PathBuf,
}

/// Runs `solution` against `interactor` on case `input` (and its `output`, when it has one),
/// the solution within `limits`; files under `out_stem` (`.out`, `.stderr`, `.exchange`,
/// `.interactor.stderr`).
pub fn interact(
    solution: &Path,
    interactor: &Path,
    input: &Path,
    output: Option<&Path>,
    limits: Limits,
    out_stem: &Path,
) -> anyhow::Result<Interaction> {
    let stem = out_stem.display().to_string();
    let to_solution = PathBuf::from(format!("{stem}.in.fifo"));
    let from_solution = PathBuf::from(format!("{stem}.out"));
    let exchange = PathBuf::from(format!("{stem}.exchange"));
    let interactor_stderr = PathBuf::from(format!("{stem}.interactor.stderr"));
    if let Some(dir) = out_stem.parent() {
        fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    }
    for fifo in [&to_solution, &from_solution] {
        let _ = fs::remove_file(fifo);
        nix::unistd::mkfifo(
            fifo,
            nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR,
        )
        .map_err(|e| anyhow::anyhow!("{}: cannot make a pipe: {e}", fifo.display()))?;
    }
    let mut judge = start_interactor(interactor, input, output)?;
    // Its stderr drained like a program's: bounded whatever it prints.
    let drain = match judge.stderr.take() {
        Some(pipe) => Some(super::drain_stderr(pipe, &interactor_stderr)?),
        None => None,
    };
    let (judge_in, judge_out) = (judge.stdin.take(), judge.stdout.take());
    let (Some(judge_in), Some(judge_out)) = (judge_in, judge_out) else {
        let _ = judge.kill();
        anyhow::bail!("{}: no pipes to the interactor", interactor.display());
    };
    // Each relay opens its end of a named pipe, which waits for the solution to open the
    // other: started first, they let `run` open the pipes as the files it takes.
    let up = {
        let path = from_solution.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        thread::spawn(move || tx.send(relay_from_file(&path, judge_in)));
        rx
    };
    let down = {
        let path = to_solution.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        thread::spawn(move || tx.send(relay_to_file(judge_out, &path)));
        rx
    };
    let run = super::run(solution, &[], &to_solution, limits, out_stem);
    let interactor_end = finish(&mut judge, run.is_err());
    // Whatever the interactor left running in its group ends with it.
    super::end_group(judge.id());
    // Unblock a relay still waiting for an end the solution never opened (it did not start).
    unblock(&to_solution, &from_solution);
    let written = up.recv_timeout(RELAY_GRACE).unwrap_or_default();
    let read = down.recv_timeout(RELAY_GRACE).unwrap_or_default();
    if let Some(d) = drain {
        d.finish();
    }
    let _ = fs::remove_file(&to_solution);
    let _ = fs::remove_file(&from_solution);
    // What the solution wrote stands where a run's output stands.
    fs::write(&from_solution, &written.kept).map_err(|e| anyhow::anyhow!("{stem}.out: {e}"))?;
    fs::write(&exchange, transcript(&written, &read))
        .map_err(|e| anyhow::anyhow!("{}: {e}", exchange.display()))?;
    Ok(Interaction {
        run: run?,
        interactor: interactor_end,
        interactor_stderr,
        exchange,
    })
}

fn start_interactor(
    interactor: &Path,
    input: &Path,
    output: Option<&Path>,
) -> anyhow::Result<Child> {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(interactor);
    command.arg(input);
    if let Some(out) = output {
        command.arg(out);
    }
    command
        .env_clear()
        .env("PATH", super::CLEAN_PATH)
        .env("LANG", super::CLEAN_LANG)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(|e| anyhow::anyhow!("cannot start {}: {e}", interactor.display()))
}

/// The interactor's end once the solution has ended: it has `INTERACTOR_GRACE` to finish
/// (at once when the solution never ran), else it is killed (`None`).
fn finish(judge: &mut Child, at_once: bool) -> Option<ExitStatus> {
    let deadline = Instant::now()
        + if at_once {
            Duration::ZERO
        } else {
            INTERACTOR_GRACE
        };
    loop {
        if let Ok(Some(status)) = judge.try_wait() {
            return Some(status);
        }
        if Instant::now() >= deadline {
            super::end_group(judge.id());
            let _ = judge.kill();
            let _ = judge.wait();
            return None;
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Opens each named pipe's other end once, without waiting, so that a relay blocked in
/// `open` returns (a solution that never started never opened them).
fn unblock(to_solution: &Path, from_solution: &Path) {
    use std::os::unix::fs::OpenOptionsExt;
    let nonblocking = nix::fcntl::OFlag::O_NONBLOCK.bits();
    let _ = fs::OpenOptions::new()
        .read(true)
        .custom_flags(nonblocking)
        .open(to_solution);
    let _ = fs::OpenOptions::new()
        .write(true)
        .custom_flags(nonblocking)
        .open(from_solution);
}

/// What passed one way: the first `TRANSCRIPT_BYTES`, and how much there was.
#[derive(Default)]
struct Relayed {
    kept: Vec<u8>,
    total: u64,
}

fn copy(mut from: impl Read, mut to: impl Write) -> Relayed {
    let mut relayed = Relayed::default();
    let mut buf = [0u8; 8192];
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let room = TRANSCRIPT_BYTES.saturating_sub(relayed.kept.len());
        relayed.kept.extend_from_slice(&buf[..n.min(room)]);
        relayed.total += n as u64;
        if to.write_all(&buf[..n]).and_then(|()| to.flush()).is_err() {
            break;
        }
    }
    relayed
}

/// The solution's stdout (the named pipe at `path`) to the interactor's stdin.
fn relay_from_file(path: &Path, to: impl Write) -> Relayed {
    match fs::File::open(path) {
        Ok(from) => copy(from, to),
        Err(_) => Relayed::default(),
    }
}

/// The interactor's stdout to the solution's stdin (the named pipe at `path`).
fn relay_to_file(from: impl Read, path: &Path) -> Relayed {
    match fs::OpenOptions::new().write(true).open(path) {
        Ok(to) => copy(from, to),
        Err(_) => Relayed::default(),
    }
}

/// Both directions, each line marked: `>` what the solution wrote, `<` what it was told
/// (each direction whole up to `TRANSCRIPT_BYTES`, the solution's first).
fn transcript(written: &Relayed, read: &Relayed) -> String {
    let mut out = String::new();
    for (mark, r, what) in [
        (">", written, "the solution wrote"),
        ("<", read, "the interactor wrote"),
    ] {
        out.push_str(&format!("# {what} {} bytes\n", r.total));
        for line in String::from_utf8_lossy(&r.kept).lines() {
            out.push_str(&format!("{mark} {line}\n"));
        }
        if r.total > r.kept.len() as u64 {
            out.push_str(&format!(
                "{mark} ... ({} more bytes)\n",
                r.total - r.kept.len() as u64
            ));
        }
    }
    out
}

/// The verdict of an interactive case, as the judge gives it: the solution's limits first,
/// then the interactor's word, then the solution's exit.
pub fn verdict(i: &Interaction, limits: Limits) -> super::Verdict {
    use super::{End, Verdict};
    match &i.run.end {
        End::TimeLimit => return Verdict::TimeLimitExceeded,
        End::MemoryLimit => return Verdict::MemoryLimitExceeded,
        End::OutputLimit => return Verdict::OutputLimitExceeded,
        End::Forked => return Verdict::RuntimeError(super::describe_end(&i.run.end)),
        _ => {}
    }
    if i.run.cpu > limits.time {
        return Verdict::TimeLimitExceeded;
    }
    if i.run.peak_memory > limits.memory_bytes {
        return Verdict::MemoryLimitExceeded;
    }
    let said = super::stderr_summary(&i.interactor_stderr, 6);
    match i.interactor {
        Some(status) if status.success() => match &i.run.end {
            End::Code(0) => Verdict::Accepted,
            other => Verdict::RuntimeError(super::describe_end(other)),
        },
        Some(status) => Verdict::WrongAnswer(format!(
            "the interactor rejected it ({status}){}\nexchange: {}",
            if said.is_empty() {
                String::new()
            } else {
                format!(":\n{said}")
            },
            i.exchange.display()
        )),
        None => Verdict::WrongAnswer(format!(
            "the interactor did not finish after the solution ended\nexchange: {}",
            i.exchange.display()
        )),
    }
}

#[cfg(test)]
pub(crate) mod tests;
