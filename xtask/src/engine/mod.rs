//! The engine: runs one program on one case, within the judge's limits, and returns a
//! verdict with its time and peak memory. Commands (`cases`, `submit`, `corpus`) use it;
//! it uses none of them.
//!
//! The program's stdout and stderr go to files under `target/cases/` (never to memory), so
//! a program that prints 200 MB costs disk, not the terminal: the report quotes a bounded
//! part and names the file.

pub mod compare;
pub mod interactive;
pub mod pool;
pub mod sandbox;
#[cfg(test)]
mod sandbox_tests;
pub mod stress;
pub mod suite;
mod traced;

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use wait4::Wait4;

/// What a program may use, as the judge measures it.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// CPU time, user and system: a verdict does not depend on what else the machine runs.
    pub time: Duration,
    pub memory_bytes: u64,
    /// How deep its stack may grow (BOJ: the memory limit); 0 keeps the caller's.
    pub stack_bytes: u64,
    /// What it may write (stdout and stderr each); past it, OLE. 0: no limit.
    pub output_bytes: u64,
}

impl Limits {
    /// `time` and `memory_bytes`, the stack and output left as the caller's.
    pub const fn new(time: Duration, memory_bytes: u64) -> Limits {
        Limits {
            time,
            memory_bytes,
            stack_bytes: 0,
            output_bytes: 0,
        }
    }

    /// A program that sleeps or waits uses no CPU: past this much wall time, once it is
    /// seen to make no progress (`Pace`), it is killed, and its verdict is TLE.
    pub fn wall_cap(&self) -> Duration {
        self.time * WALL_CAP_FACTOR + WALL_CAP_SLACK
    }

    /// Past this much wall time a run ends whatever its pace: however loaded the machine,
    /// nothing waits for ever.
    pub fn hard_wall_cap(&self) -> Duration {
        self.time * HARD_CAP_FACTOR + HARD_CAP_SLACK
    }
}

/// The last hard cap: 20 times the time limit plus 10 s.
const HARD_CAP_FACTOR: u32 = 20;
const HARD_CAP_SLACK: Duration = Duration::from_secs(10);

/// How a program's CPU time grows, window by window: past the wall-clock cap a program that
/// still gets its share of a core (a loaded machine) runs on until its CPU time decides; one
/// that does not (it sleeps, waits, or is stuck) is a hang.
pub(crate) struct Pace {
    mark: Instant,
    cpu_at_mark: Duration,
    /// Whether the last full window showed progress.
    progressing: bool,
}

/// The window over which the pace is read.
const PACE_WINDOW: Duration = Duration::from_millis(500);
/// The least share of one core a program must get in a window to count as progressing:
/// a program waiting on input or sleeping gets far less; one among 30 busy threads on two
/// cores gets more.
const PACE_SHARE: f64 = 0.02;

impl Pace {
    pub(crate) fn new(now: Instant) -> Pace {
        Pace {
            mark: now,
            cpu_at_mark: Duration::ZERO,
            progressing: true,
        }
    }

    /// Takes in a sample of the CPU time at `now`; whether the program is progressing.
    fn sample(&mut self, now: Instant, cpu: Duration) -> bool {
        let span = now.saturating_duration_since(self.mark);
        if span >= PACE_WINDOW {
            let gained = cpu.saturating_sub(self.cpu_at_mark);
            self.progressing = gained.as_secs_f64() >= PACE_SHARE * span.as_secs_f64();
            self.mark = now;
            self.cpu_at_mark = cpu;
        }
        self.progressing
    }
}

/// The wall-clock cap is this many times the time limit, plus `WALL_CAP_SLACK`.
const WALL_CAP_FACTOR: u32 = 2;
const WALL_CAP_SLACK: Duration = Duration::from_secs(1);

/// The environment a program runs in: a judge passes none of its own caller's variables
/// (`RUST_BACKTRACE=1` would make a panicking program slow and large).
pub const CLEAN_PATH: &str = "/usr/local/bin:/usr/bin:/bin";
pub const CLEAN_LANG: &str = "C.UTF-8";

/// What is kept of a program's stderr: the judge ignores it, so it is never an output
/// limit, and past this it is read and dropped.
pub const STDERR_KEPT: u64 = 1 << 20;

/// A program's stderr (a pipe) drained into a file by a thread of its own, `STDERR_KEPT`
/// bytes kept.
pub(crate) struct Drain {
    done: std::sync::mpsc::Receiver<()>,
}

/// Starts draining `pipe` into `path`.
pub(crate) fn drain_stderr(pipe: std::process::ChildStderr, path: &Path) -> anyhow::Result<Drain> {
    use std::io::Write;
    let mut file =
        fs::File::create(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let (tx, done) = std::sync::mpsc::channel();
    thread::spawn(move || {
        let mut pipe = pipe;
        let mut kept = 0u64;
        let mut buf = vec![0u8; 64 << 10];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = STDERR_KEPT.saturating_sub(kept).min(n as u64) as usize;
                    if room > 0 && file.write_all(&buf[..room]).is_ok() {
                        kept += room as u64;
                    }
                }
            }
        }
        let _ = tx.send(());
    });
    Ok(Drain { done })
}

impl Drain {
    /// Waits for the pipe to close (every writer gone), a moment at most: a child of the
    /// program that kept it open is no reason to wait.
    pub(crate) fn finish(self) {
        let _ = self.done.recv_timeout(Duration::from_millis(500));
    }
}

/// SIGXFSZ: the kernel's signal to a process writing past its file-size limit.
const SIGXFSZ: i32 = 25;

/// In the forked child, before `exec`: its own process group (everything it starts ends
/// with it), and the judge's stack and output limits. Only async-signal-safe system calls
/// (setpgid, getrlimit, setrlimit), no allocation.
pub(crate) fn child_setup(limits: Limits) -> std::io::Result<()> {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    nix::unistd::setpgid(nix::unistd::Pid::from_raw(0), nix::unistd::Pid::from_raw(0))?;
    for (resource, wanted) in [
        (Resource::RLIMIT_STACK, limits.stack_bytes),
        (Resource::RLIMIT_FSIZE, limits.output_bytes),
    ] {
        if wanted > 0 {
            let (_, hard) = getrlimit(resource)?;
            setrlimit(resource, wanted.min(hard), hard)?;
        }
    }
    Ok(())
}

/// An exclusive hold on a folder of saved outputs, for as long as it lives: two runs at once
/// (two `make test`) take turns instead of writing the same files. Released when dropped,
/// or when the process ends, however it ends.
pub struct OutputsLock {
    _lock: nix::fcntl::Flock<fs::File>,
}

/// Locks `dir` (made if missing) for this run; when another run holds it, says so in one
/// line and waits for it.
pub fn lock_outputs(dir: &Path, what: &str) -> anyhow::Result<OutputsLock> {
    use nix::fcntl::{Flock, FlockArg};
    fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    let path = dir.join(".lock");
    let open = || {
        fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    };
    let lock = match Flock::lock(open()?, FlockArg::LockExclusiveNonblock) {
        Ok(lock) => lock,
        Err((file, _)) => {
            println!(
                "wait    another run is checking {what} (it holds {}): waiting for it",
                path.display()
            );
            Flock::lock(file, FlockArg::LockExclusive)
                .map_err(|(_, e)| anyhow::anyhow!("{}: {e}", path.display()))?
        }
    };
    Ok(OutputsLock { _lock: lock })
}

/// Ends whatever the program left running in its process group (a child it spawned).
pub(crate) fn end_group(pid: u32) {
    let _ = nix::sys::signal::killpg(
        nix::unistd::Pid::from_raw(pid as i32),
        nix::sys::signal::Signal::SIGKILL,
    );
}

/// CPU time (user + system) a running process has used: its threads' run time from
/// `/proc/<pid>/task/*/schedstat` (nanoseconds), or the process's clock ticks from
/// `/proc/<pid>/stat` (which also count threads already gone), whichever is more.
pub(crate) fn cpu_of(pid: u32) -> Option<Duration> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after `pid (comm) `.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // /proc counts in USER_HZ, which Linux fixes at 100 whatever the kernel's own HZ.
    const USER_HZ: u64 = 100;
    let from_ticks = Duration::from_nanos(ticks * (1_000_000_000 / USER_HZ));
    let mut scheduled = 0u64;
    if let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            let line = fs::read_to_string(task.path().join("schedstat")).unwrap_or_default();
            scheduled += line
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    Some(from_ticks.max(Duration::from_nanos(scheduled)))
}

/// Why a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Exited with this code.
    Code(i32),
    /// Killed by this signal (not by us).
    Signal(i32),
    /// Killed by the runner at the time limit (CPU time, or the wall-clock cap).
    TimeLimit,
    /// Killed by the runner when its resident memory passed the limit.
    MemoryLimit,
    /// Stopped by the kernel as it wrote past the output limit (SIGXFSZ).
    OutputLimit,
    /// Killed by the runner as it started another process (fork, vfork, a spawn): judges
    /// allow none, and a process outside the run is out of its limits.
    Forked,
}

/// One run of a program.
#[derive(Clone, Debug)]
pub struct Run {
    pub end: End,
    pub wall: Duration,
    /// CPU time, user and system: what the time limit is judged by.
    pub cpu: Duration,
    /// Peak resident memory of the program itself (its own high-water mark, read as it
    /// exits), in bytes.
    pub peak_memory: u64,
    /// Where its stdout and stderr were saved.
    pub stdout: PathBuf,
    pub stderr: PathBuf,
}

/// Runs `program` with `args`, stdin from `input`, stdout and stderr to `<out_stem>.out`
/// and `<out_stem>.stderr`, within `limits`, in its own private place (`sandbox`): a
/// solution.
pub fn run(
    program: &Path,
    args: &[&std::ffi::OsStr],
    input: &Path,
    limits: Limits,
    out_stem: &Path,
) -> anyhow::Result<Run> {
    // Its own empty folder and a private copy of the case; removed when the run has ended.
    let place = sandbox::prepare(program, input)?;
    run_in(program, args, &place, limits, out_stem)
}

/// `run` for the judge's side (a checker): where it is, on the files it is given.
pub fn run_trusted(
    program: &Path,
    args: &[&std::ffi::OsStr],
    input: &Path,
    limits: Limits,
    out_stem: &Path,
) -> anyhow::Result<Run> {
    run_in(program, args, &sandbox::trusted(input), limits, out_stem)
}

/// `run` in `place`.
fn run_in(
    program: &Path,
    args: &[&std::ffi::OsStr],
    place: &sandbox::Prepared,
    limits: Limits,
    out_stem: &Path,
) -> anyhow::Result<Run> {
    if let Some(dir) = out_stem.parent() {
        fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
    }
    let stdout = PathBuf::from(format!("{}.out", out_stem.display()));
    let stderr = PathBuf::from(format!("{}.stderr", out_stem.display()));
    let started = Instant::now();
    match traced::spawn(program, args, place, &stdout, &stderr, limits) {
        Ok(child) => traced::watch(child, program, limits, started, stdout, stderr),
        Err(traced::NotStarted::Untraceable) => {
            sampled_run(program, args, place, limits, started, stdout, stderr)
        }
        Err(traced::NotStarted::Failed(e)) => Err(anyhow::anyhow!("{e}")),
    }
}

/// A run where the program cannot be traced (ptrace refused): the kernel's peak for a
/// child counts the memory it had before `exec` (a copy, or with vfork a share, of this
/// process's). Above this process's own peak it is exactly the program's; below, the
/// program's own high-water mark, sampled while it runs, is the figure.
fn sampled_run(
    program: &Path,
    args: &[&std::ffi::OsStr],
    place: &sandbox::Prepared,
    limits: Limits,
    started: Instant,
    stdout: PathBuf,
    stderr: PathBuf,
) -> anyhow::Result<Run> {
    let inherited = own_peak();
    let mut child = spawn(program, args, place, &stdout, limits)?;
    let drain = match child.stderr.take() {
        Some(pipe) => Some(drain_stderr(pipe, &stderr)?),
        None => None,
    };
    let pid = child.id();
    let mut sampled_peak = 0;
    let mut pace = Pace::new(started);
    let mut nap = Duration::from_micros(100);
    let mut killed_for = None;
    loop {
        match child.try_wait4() {
            Ok(Some(usage)) => {
                let wall = started.elapsed();
                let end = match killed_for {
                    Some(end) => end,
                    None => end_of(usage.status),
                };
                let peak_memory = if usage.rusage.maxrss > inherited {
                    usage.rusage.maxrss
                } else {
                    sampled_peak
                };
                end_group(pid);
                if let Some(d) = drain {
                    d.finish();
                }
                return Ok(Run {
                    end,
                    wall,
                    cpu: usage.rusage.utime + usage.rusage.stime,
                    peak_memory,
                    stdout,
                    stderr,
                });
            }
            Ok(None) => {}
            Err(e) => return Err(anyhow::anyhow!("waiting for {}: {e}", program.display())),
        }
        if killed_for.is_none() {
            killed_for = over_limit(pid, started, limits, &mut sampled_peak, &mut pace);
            if killed_for.is_some() {
                let _ = child.kill();
            }
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    }
}

#[cfg(unix)]
pub(crate) fn end_of(status: std::process::ExitStatus) -> End {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => End::Code(code),
        (None, Some(SIGXFSZ)) => End::OutputLimit,
        (None, Some(signal)) => End::Signal(signal),
        (None, None) => End::Code(-1),
    }
}

/// One look at running process `pid`: its high-water mark raises `sampled_peak`, and the
/// limit it has passed, if any (time first), is the end to kill it for. CPU time decides:
/// the wall-clock cap ends only a run that makes no progress (`Pace`), and the hard cap
/// any run.
pub(crate) fn over_limit(
    pid: u32,
    started: Instant,
    limits: Limits,
    sampled_peak: &mut u64,
    pace: &mut Pace,
) -> Option<End> {
    let (resident, peak) = memory_of(pid).unwrap_or((0, 0));
    *sampled_peak = (*sampled_peak).max(peak);
    let cpu = cpu_of(pid).unwrap_or_default();
    let now = Instant::now();
    let wall = now.saturating_duration_since(started);
    let progressing = pace.sample(now, cpu);
    let hung = wall > limits.wall_cap() && !progressing;
    if cpu > limits.time || hung || wall > limits.hard_wall_cap() {
        Some(End::TimeLimit)
    } else if resident > limits.memory_bytes {
        Some(End::MemoryLimit)
    } else {
        None
    }
}

/// The resident memory of a running process and its high-water mark, in bytes, from
/// `/proc/<pid>/status` (Linux; elsewhere the limit is judged after the run).
pub(crate) fn memory_of(pid: u32) -> Option<(u64, u64)> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kib: u64 = line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kib * 1024)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// This process's own peak resident memory, in bytes.
fn own_peak() -> u64 {
    memory_of(std::process::id()).map_or(0, |(_, peak)| peak)
}

/// Starts `program`. A binary written a moment ago can still be open for writing in a child
/// that another thread is forking ("text file busy", ETXTBSY): retry briefly then.
fn spawn(
    program: &Path,
    args: &[&std::ffi::OsStr],
    place: &sandbox::Prepared,
    stdout: &Path,
    limits: Limits,
) -> anyhow::Result<std::process::Child> {
    use std::os::unix::process::CommandExt;
    const TEXT_FILE_BUSY: i32 = 26;
    let open = |p: &Path| fs::File::open(p).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()));
    let create =
        |p: &Path| fs::File::create(p).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()));
    let mut attempt = 0;
    loop {
        let mut command = Command::new(program);
        command
            .args(args)
            .env_clear()
            .env("PATH", CLEAN_PATH)
            .env("LANG", CLEAN_LANG)
            .stdin(Stdio::from(open(&place.stdin)?))
            .stdout(Stdio::from(create(stdout)?))
            .stderr(Stdio::piped());
        if let Some(dir) = &place.dir {
            command.current_dir(dir.path());
        }
        let entry = place.entry.clone();
        // SAFETY: the closure runs in the forked child between fork and exec; `child_setup`
        // and `Entry::enter` make only async-signal-safe system calls (setpgid, getrlimit,
        // setrlimit; close_range, unshare, the Landlock calls, prctl) and allocate nothing.
        // The reason is measured: without them a deep recursion gets the caller's 8 MiB
        // stack (RE here, AC on the judge), endless output fills the disk, a child the
        // program starts outlives the run, and a program can read or overwrite its expected
        // output (the engine's tests).
        unsafe {
            command.pre_exec(move || {
                child_setup(limits)?;
                entry.enter();
                Ok(())
            });
        }
        match command.spawn() {
            Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) && attempt < 20 => {
                attempt += 1;
                thread::sleep(Duration::from_millis(10));
            }
            other => {
                return other
                    .map_err(|e| anyhow::anyhow!("cannot start {}: {e}", program.display()))
            }
        }
    }
}

/// At most `max` bytes of a file, as text (for reports: invalid bytes shown as U+FFFD).
pub fn read_head(path: &Path, max: u64) -> String {
    String::from_utf8_lossy(&read_head_bytes(path, max)).into_owned()
}

/// At most `max` bytes of a file.
pub fn read_head_bytes(path: &Path, max: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    if let Ok(f) = fs::File::open(path) {
        let _ = f.take(max).read_to_end(&mut bytes);
    }
    bytes
}

/// The first non-blank lines of a program's stderr, at most `lines` of them, each cut.
pub fn stderr_summary(path: &Path, lines: usize) -> String {
    let head = read_head(path, 16 * 1024);
    head.lines()
        .filter(|l| !l.trim().is_empty())
        .take(lines)
        .map(|l| compare::cut(l, 160))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A run's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// Wrong answer, with a bounded report of where.
    WrongAnswer(String),
    /// Runtime error, with the exit code or signal and the first lines of stderr.
    RuntimeError(String),
    TimeLimitExceeded,
    MemoryLimitExceeded,
    OutputLimitExceeded,
}

impl Verdict {
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::RuntimeError(_) => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
        }
    }
}

/// How a run ended, in words: `exit status 3`, `killed by signal 11 (SIGSEGV)`.
pub fn describe_end(end: &End) -> String {
    match end {
        End::Code(c) => format!("exit status {c}"),
        End::Signal(s) => {
            let name = match s {
                6 => " (SIGABRT)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                15 => " (SIGTERM)",
                _ => "",
            };
            format!("killed by signal {s}{name}")
        }
        End::TimeLimit => "killed at the time limit".into(),
        End::MemoryLimit => "killed at the memory limit".into(),
        End::OutputLimit => "stopped at the output limit".into(),
        End::Forked => {
            "killed as it started another process (the judge allows none; threads are fine)".into()
        }
    }
}

#[cfg(test)]
mod judge_tests;
#[cfg(test)]
mod tests;
