//! The crates a judge has installed (AtCoder's), which a bundle names instead of inlining:
//! while a bundle for such a judge is made, every compile of a draft, and the verifying
//! build, goes through the judge's own rustc with `--extern` for each installed crate the
//! program uses, built once by cargo at the judge's versions (`resolve::installed`).
//!
//! Set for the length of one submit (`enter`); a process bundling for a judge with nothing
//! installed never sets it, and every compile is as before.

use std::path::PathBuf;
use std::sync::RwLock;

/// The judge's rustc and the arguments that give it the installed crates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Externs {
    pub rustc: PathBuf,
    /// `-L dependency=<dir>`, then `--extern <name>=<file>` for each crate.
    pub args: Vec<String>,
}

static ACTIVE: RwLock<Option<Externs>> = RwLock::new(None);

/// Clears the externs when dropped.
pub struct Entered(());

impl Drop for Entered {
    fn drop(&mut self) {
        *ACTIVE.write().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

/// Every compile of a draft uses `externs` until the guard is dropped.
pub fn enter(externs: Externs) -> Entered {
    *ACTIVE.write().unwrap_or_else(|e| e.into_inner()) = Some(externs);
    Entered(())
}

/// The externs in force, if any.
pub fn active() -> Option<Externs> {
    ACTIVE.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The arguments to add to a compile of a draft (none when nothing is installed).
pub fn args() -> Vec<String> {
    active().map(|e| e.args).unwrap_or_default()
}

/// The rustc a draft is compiled with: the judge's while externs are in force (only it can
/// read the crates built by it), else `default`.
pub fn rustc_or(default: PathBuf) -> PathBuf {
    active().map_or(default, |e| e.rustc)
}
