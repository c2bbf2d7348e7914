//! A run whose memory figure is the program's own, as a judge gives it: the program is
//! started under ptrace, stopped for an instant as it exits (`PTRACE_O_TRACEEXIT`, while its
//! memory still exists) and its high-water mark (`VmHWM`) read then. That mark belongs to the
//! memory the program got at `exec`, so nothing of this tool (which can be hundreds of MiB,
//! and which the kernel's `ru_maxrss` of a child does count) enters it, and a program that
//! ends within a millisecond is measured as exactly as a long one.
//!
//! Where ptrace is refused (a sandbox), [`spawn`] says so and the caller falls back to
//! sampling.

use super::{memory_of, over_limit, End, Limits, Run};
use nix::errno::Errno;
use nix::sys::ptrace;
use nix::sys::signal::{kill, Signal};
use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
use nix::unistd::Pid;
use std::fs;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Why a program was not started under ptrace.
pub enum NotStarted {
    /// ptrace is refused here: run it without.
    Untraceable,
    /// It cannot be started at all.
    Failed(String),
}

/// A started program, stopped by ptrace at its `exec`.
pub struct Traced {
    pid: Pid,
    /// Its stderr, drained into the file (`super::drain_stderr`).
    drain: Option<super::Drain>,
}

/// Starts `program` traced. A binary written a moment ago can still be open for writing in
/// a child another thread is forking ("text file busy", ETXTBSY): retried briefly then.
pub fn spawn(
    program: &Path,
    args: &[&std::ffi::OsStr],
    place: &super::sandbox::Prepared,
    stdout: &Path,
    stderr: &Path,
    limits: Limits,
) -> Result<Traced, NotStarted> {
    let failed = |e: String| NotStarted::Failed(e);
    let open = |p: &Path| fs::File::open(p).map_err(|e| failed(format!("{}: {e}", p.display())));
    let create =
        |p: &Path| fs::File::create(p).map_err(|e| failed(format!("{}: {e}", p.display())));
    let mut attempt = 0;
    let mut child = loop {
        let mut command = Command::new(program);
        command
            .args(args)
            .env_clear()
            .env("PATH", super::CLEAN_PATH)
            .env("LANG", super::CLEAN_LANG)
            .stdin(Stdio::from(open(&place.stdin)?))
            .stdout(Stdio::from(create(stdout)?))
            .stderr(Stdio::piped());
        if let Some(dir) = &place.dir {
            command.current_dir(dir.path());
        }
        let entry = place.entry.clone();
        // SAFETY: the closure runs in the forked child between fork and exec. It makes only
        // async-signal-safe system calls (setpgid, getrlimit, setrlimit in `child_setup`;
        // close_range, unshare, the Landlock calls and prctl in `Entry::enter`; then
        // ptrace(PTRACE_TRACEME)), allocates nothing and touches no state shared with the
        // parent. The reasons are measured: the memory column (see the module's opening and
        // `a_trivial_program_is_measured_*`), the judge's stack, output and process group,
        // and a program kept from the workspace (the engine's tests of each).
        unsafe {
            command.pre_exec(move || {
                super::child_setup(limits)?;
                entry.enter();
                ptrace::traceme().map_err(std::io::Error::from)
            });
        }
        match command.spawn() {
            Ok(child) => break child,
            Err(e) if e.raw_os_error() == Some(Errno::ETXTBSY as i32) && attempt < 20 => {
                attempt += 1;
                thread::sleep(Duration::from_millis(10));
            }
            Err(e) if e.raw_os_error() == Some(Errno::EPERM as i32) => {
                return Err(NotStarted::Untraceable)
            }
            Err(e) => return Err(failed(format!("cannot start {}: {e}", program.display()))),
        }
    };
    let pid = Pid::from_raw(child.id() as i32);
    let drain = match child.stderr.take() {
        Some(pipe) => Some(super::drain_stderr(pipe, stderr).map_err(|e| failed(e.to_string()))?),
        None => None,
    };
    // The first stop is at exec; from there on, stop once more as it exits, and take it
    // down with this tool if this tool dies.
    match waitpid(pid, None) {
        Ok(WaitStatus::Stopped(_, Signal::SIGTRAP)) => {}
        other => {
            let _ = kill(pid, Signal::SIGKILL);
            let _ = waitpid(pid, None);
            return Err(failed(format!(
                "{} did not start under ptrace: {other:?}",
                program.display()
            )));
        }
    }
    // TRACEEXEC: a later exec (a wrapper script's `exec prog`) is an event, not a SIGTRAP
    // that would be passed on to the program and kill it.
    let mut options = ptrace::Options::PTRACE_O_TRACEEXIT
        | ptrace::Options::PTRACE_O_TRACEEXEC
        | ptrace::Options::PTRACE_O_EXITKILL;
    // A solution's fork, vfork or spawn is seen as it happens (threads are not: no
    // TRACECLONE), and ends the run (`watch`).
    if place.confined() {
        options |= ptrace::Options::PTRACE_O_TRACEFORK | ptrace::Options::PTRACE_O_TRACEVFORK;
    }
    if let Err(e) = ptrace::setoptions(pid, options).and_then(|()| ptrace::cont(pid, None)) {
        let _ = kill(pid, Signal::SIGKILL);
        let _ = waitpid(pid, None);
        return Err(failed(format!("ptrace on {}: {e}", program.display())));
    }
    Ok(Traced { pid, drain })
}

/// Ends a program stopped as it forked, and the new process (stopped, traced, before it
/// runs): `End::Forked`.
fn end_forked(pid: Pid) -> End {
    if let Ok(new) = ptrace::getevent(pid) {
        let new = Pid::from_raw(new as i32);
        let _ = kill(new, Signal::SIGKILL);
        let _ = waitpid(new, Some(WaitPidFlag::__WALL));
    }
    let _ = kill(pid, Signal::SIGKILL);
    let _ = ptrace::cont(pid, None);
    End::Forked
}

/// Waits for `child` to end within `limits`, killing it at the time limit or when its
/// resident memory passes the memory limit.
pub fn watch(
    child: Traced,
    program: &Path,
    limits: Limits,
    started: Instant,
    stdout: PathBuf,
    stderr: PathBuf,
) -> anyhow::Result<Run> {
    let pid = child.pid;
    let mut drain = child.drain;
    let mut peak_at_exit = None;
    let mut cpu_at_exit = None;
    let mut sampled_peak = 0;
    let mut sampled_cpu = Duration::ZERO;
    let mut pace = super::Pace::new(started);
    let mut killed_for = None;
    let mut nap = Duration::from_micros(50);
    loop {
        let status = match waitpid(pid, Some(WaitPidFlag::WNOHANG)) {
            Ok(status) => status,
            Err(Errno::EINTR) => continue,
            Err(e) => return Err(anyhow::anyhow!("waiting for {}: {e}", program.display())),
        };
        let end = match status {
            WaitStatus::StillAlive => None,
            WaitStatus::PtraceEvent(_, _, event)
                if event == ptrace::Event::PTRACE_EVENT_EXIT as i32 =>
            {
                // Its memory is still there: the figures are read now.
                peak_at_exit = memory_of(pid.as_raw() as u32).map(|(_, peak)| peak);
                cpu_at_exit = super::cpu_of(pid.as_raw() as u32);
                let _ = ptrace::cont(pid, None);
                continue;
            }
            // A new process: it and the program are killed at once, before the new one
            // runs (it is stopped, traced, as it starts).
            WaitStatus::PtraceEvent(_, _, event)
                if event == ptrace::Event::PTRACE_EVENT_FORK as i32
                    || event == ptrace::Event::PTRACE_EVENT_VFORK as i32 =>
            {
                killed_for = Some(end_forked(pid));
                continue;
            }
            // Another event (an exec): nothing to pass on.
            WaitStatus::PtraceEvent(..) => {
                let _ = ptrace::cont(pid, None);
                continue;
            }
            // A signal on its way to the program (SIGSEGV, SIGPIPE...): passed on as sent.
            WaitStatus::Stopped(_, signal) => {
                let _ = ptrace::cont(pid, Some(signal));
                continue;
            }
            WaitStatus::Exited(_, code) => Some(End::Code(code)),
            WaitStatus::Signaled(_, Signal::SIGXFSZ, _) => Some(End::OutputLimit),
            WaitStatus::Signaled(_, signal, _) => Some(End::Signal(signal as i32)),
            _ => {
                let _ = ptrace::cont(pid, None);
                continue;
            }
        };
        if let Some(end) = end {
            let wall = started.elapsed();
            super::end_group(pid.as_raw() as u32);
            if let Some(d) = drain.take() {
                d.finish();
            }
            return Ok(Run {
                end: killed_for.unwrap_or(end),
                wall,
                cpu: cpu_at_exit.unwrap_or(sampled_cpu).max(sampled_cpu),
                // Killed (no exit stop, or an exit stop after the kill): the last sample.
                peak_memory: peak_at_exit.unwrap_or(sampled_peak).max(sampled_peak),
                stdout,
                stderr,
            });
        }
        if killed_for.is_none() {
            sampled_cpu = super::cpu_of(pid.as_raw() as u32).unwrap_or(sampled_cpu);
            killed_for = over_limit(
                pid.as_raw() as u32,
                started,
                limits,
                &mut sampled_peak,
                &mut pace,
            );
            if killed_for.is_some() {
                let _ = kill(pid, Signal::SIGKILL);
            }
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    }
}
