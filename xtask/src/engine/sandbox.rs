//! The place a program runs, as a judge's: an empty private folder as its current folder,
//! its stdin a private copy of the case (never a path into `testcases/`), no descriptor but
//! 0, 1 and 2, and, where the kernel has Landlock, no file of the machine it may write but
//! in its folder and none it may read but the system's (`/usr`, `/etc`, `/proc`, ...) and
//! its own binary: the workspace (cases, record, sources) is out of its reach, and so is
//! TCP. Where the kernel allows a network namespace of its own (root, or an unprivileged
//! user namespace), it has no network at all. What this machine gives is `describe`d.
//!
//! Everything the forked child does (`Prepared::enter`) is a system call on values made
//! before the fork: no allocation between fork and exec.

use std::ffi::CString;
use std::fs;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};

// Landlock's ABI (linux/landlock.h).
const CREATE_RULESET_VERSION: u32 = 1;
const RULE_PATH_BENEATH: libc::c_int = 1;
const FS_EXECUTE: u64 = 1 << 0;
const FS_WRITE_FILE: u64 = 1 << 1;
const FS_READ_FILE: u64 = 1 << 2;
const FS_READ_DIR: u64 = 1 << 3;
/// Every filesystem right of ABI 1 (execute .. make symlink).
const FS_ABI1: u64 = (1 << 13) - 1;
const FS_REFER: u64 = 1 << 13;
const FS_TRUNCATE: u64 = 1 << 14;
const FS_IOCTL_DEV: u64 = 1 << 15;
const NET_BIND_TCP: u64 = 1 << 0;
const NET_CONNECT_TCP: u64 = 1 << 1;
const SCOPE_ABSTRACT_UNIX_SOCKET: u64 = 1 << 0;
const SCOPE_SIGNAL: u64 = 1 << 1;
/// `close_range`'s flag: mark as close-on-exec instead of closing now.
const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;

#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// The Landlock ABI this kernel offers, 0 without.
pub fn landlock_abi() -> u32 {
    // SAFETY: the version query takes no pointer (NULL, 0) and returns a number or -1.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<RulesetAttr>(),
            0usize,
            CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(v).unwrap_or(0)
}

/// What the system gives a program to read and run: libraries, the loader, `/proc` and
/// `/sys` (std reads its stack and CPU count there), `/dev`.
const SYSTEM: [&str; 9] = [
    "/usr", "/lib", "/lib64", "/bin", "/sbin", "/etc", "/proc", "/sys", "/dev",
];

/// One program's private place, made before it starts and removed after it ends.
pub struct Prepared {
    /// Its current folder (removed when this is dropped); `None` for the judge's side.
    pub dir: Option<tempfile::TempDir>,
    /// Its stdin: the case copied into `dir`, or the input itself when it is not a file (an
    /// interactive run's named pipe).
    pub stdin: PathBuf,
    /// What the forked child enters (shared with the `pre_exec` closure).
    pub entry: std::sync::Arc<Entry>,
}

/// What a forked child enters before `exec`.
pub struct Entry {
    ruleset: Option<Ruleset>,
    /// Whether anything is entered at all (not for the judge's side: a checker reads the
    /// case and the answers where they are).
    confined: bool,
}

/// A Landlock ruleset's parts, opened before the fork.
struct Ruleset {
    attr: RulesetAttr,
    /// Paths (opened `O_PATH`, close-on-exec) and the rights beneath each.
    rules: Vec<(OwnedFd, u64)>,
}

/// Makes a private place for running `program` on `input`.
pub fn prepare(program: &Path, input: &Path) -> anyhow::Result<Prepared> {
    let dir = tempfile::Builder::new()
        .prefix("xtask-run-")
        .tempdir()
        .map_err(|e| anyhow::anyhow!("a private folder for {}: {e}", program.display()))?;
    let is_file = fs::metadata(input).map(|m| m.is_file()).unwrap_or(false);
    let stdin = if is_file {
        let copy = dir.path().join("stdin");
        fs::copy(input, &copy).map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
        copy
    } else {
        input.to_path_buf()
    };
    let ruleset = ruleset(program, dir.path(), &stdin);
    Ok(Prepared {
        dir: Some(dir),
        stdin,
        entry: std::sync::Arc::new(Entry {
            ruleset,
            confined: true,
        }),
    })
}

/// The judge's side (a checker): run where it is, on `input` itself, unconfined.
pub fn trusted(input: &Path) -> Prepared {
    Prepared {
        dir: None,
        stdin: input.to_path_buf(),
        entry: std::sync::Arc::new(Entry {
            ruleset: None,
            confined: false,
        }),
    }
}

/// Opens `path` as `O_PATH` (close-on-exec), if it exists.
fn open_path(path: &Path) -> Option<OwnedFd> {
    let c = CString::new(path.as_os_str().as_encoded_bytes()).ok()?;
    // SAFETY: `c` is a NUL-terminated path; the result is a new descriptor or -1.
    let fd = unsafe { libc::open(c.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
    if fd < 0 {
        return None;
    }
    // SAFETY: `fd` was just opened and is owned by nothing else.
    Some(unsafe { std::os::fd::FromRawFd::from_raw_fd(fd) })
}

/// The rules for `program` in `dir`, when this kernel has Landlock.
fn ruleset(program: &Path, dir: &Path, stdin: &Path) -> Option<Ruleset> {
    let abi = landlock_abi();
    if abi == 0 {
        return None;
    }
    let mut fs_rights = FS_ABI1;
    if abi >= 2 {
        fs_rights |= FS_REFER;
    }
    if abi >= 3 {
        fs_rights |= FS_TRUNCATE;
    }
    if abi >= 5 {
        fs_rights |= FS_IOCTL_DEV;
    }
    let read = FS_EXECUTE | FS_READ_FILE | FS_READ_DIR;
    let mut rules: Vec<(OwnedFd, u64)> = SYSTEM
        .iter()
        .filter_map(|p| open_path(Path::new(p)).map(|fd| (fd, read)))
        .collect();
    // `/dev/null` and friends are written to.
    for dev in ["/dev/null", "/dev/zero", "/dev/full"] {
        if let Some(fd) = open_path(Path::new(dev)) {
            rules.push((fd, FS_READ_FILE | FS_WRITE_FILE));
        }
    }
    rules.push((open_path(program)?, FS_EXECUTE | FS_READ_FILE));
    rules.push((open_path(dir)?, fs_rights));
    if !stdin.starts_with(dir) {
        // An interactive run's named pipe.
        rules.push((open_path(stdin)?, FS_READ_FILE));
    }
    let attr = RulesetAttr {
        handled_access_fs: fs_rights,
        handled_access_net: if abi >= 4 {
            NET_BIND_TCP | NET_CONNECT_TCP
        } else {
            0
        },
        scoped: if abi >= 6 {
            SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL
        } else {
            0
        },
    };
    Some(Ruleset { attr, rules })
}

impl Prepared {
    /// Whether this is a solution's confined run (not the judge's side).
    pub fn confined(&self) -> bool {
        self.entry.confined
    }
}

impl Entry {
    /// In the forked child, before `exec`: descriptors above 2 closed at exec, a network
    /// namespace of its own where the kernel allows one, and the Landlock rules in force.
    /// System calls only, on values made before the fork; a refused step is skipped (what
    /// this machine gives is `describe`d).
    pub fn enter(&self) {
        if !self.confined {
            return;
        }
        // SAFETY (every call below): plain system calls on integers and on pointers to
        // values that live in `self`, made before the fork; none allocates.
        unsafe {
            libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, CLOSE_RANGE_CLOEXEC);
            if libc::unshare(libc::CLONE_NEWNET) != 0 {
                libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET);
            }
            let Some(r) = &self.ruleset else {
                return;
            };
            let size = if r.attr.scoped != 0 {
                std::mem::size_of::<RulesetAttr>()
            } else if r.attr.handled_access_net != 0 {
                2 * std::mem::size_of::<u64>()
            } else {
                std::mem::size_of::<u64>()
            };
            let fd = libc::syscall(
                libc::SYS_landlock_create_ruleset,
                &r.attr as *const RulesetAttr,
                size,
                0u32,
            );
            if fd < 0 {
                return;
            }
            let fd = fd as libc::c_int;
            for (path, rights) in &r.rules {
                let attr = PathBeneathAttr {
                    allowed_access: *rights,
                    parent_fd: path.as_raw_fd(),
                };
                libc::syscall(
                    libc::SYS_landlock_add_rule,
                    fd,
                    RULE_PATH_BENEATH,
                    &attr as *const PathBeneathAttr,
                    0u32,
                );
            }
            libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
            libc::syscall(libc::SYS_landlock_restrict_self, fd, 0u32);
            libc::close(fd);
        }
    }
}

/// One line on what this machine's sandbox is, for `make test`'s header and README.
pub fn describe() -> String {
    let abi = landlock_abi();
    let files = match abi {
        0 => "no Landlock here: a program can read and write what this user can".to_string(),
        abi => format!(
            "Landlock ABI {abi}: writes only in its own folder, reads only the system's files{}",
            if abi >= 4 { ", no TCP" } else { "" }
        ),
    };
    format!("sandbox a private folder and a copy of each case; {files}")
}
