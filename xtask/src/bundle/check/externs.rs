//! The crates a judge has installed (AtCoder's), which a bundle names instead of inlining:
//! while a bundle for such a judge is made, every compile of a draft, and the verifying
//! build, goes through the judge's own rustc with `--extern` for each installed crate the
//! program uses, built once by cargo at the judge's versions (`resolve::installed`).
//!
//! Set for the length of one submit on its thread (`enter`), and carried into the threads
//! a compile is spread over (`carry`); a thread bundling for a judge with nothing installed
//! never sees it (tests and the corpus's workers run side by side), and every compile is as
//! before.

use std::cell::RefCell;
use std::path::PathBuf;

/// The judge's rustc and the arguments that give it the installed crates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Externs {
    pub rustc: PathBuf,
    /// `-L dependency=<dir>`, then `--extern <name>=<file>` for each crate.
    pub args: Vec<String>,
}

thread_local! {
    static ACTIVE: RefCell<Option<Externs>> = const { RefCell::new(None) };
}

/// Puts back what was in force when dropped.
pub struct Entered(Option<Externs>);

impl Drop for Entered {
    fn drop(&mut self) {
        let before = self.0.take();
        ACTIVE.with(|a| *a.borrow_mut() = before);
    }
}

/// Every compile of a draft on this thread uses `externs` until the guard is dropped.
pub fn enter(externs: Externs) -> Entered {
    Entered(ACTIVE.with(|a| a.borrow_mut().replace(externs)))
}

/// In a thread spawned for a compile: what was in force on the spawning thread (`active()`
/// there), in force here too until the guard is dropped.
pub fn carry(from: Option<Externs>) -> Option<Entered> {
    from.map(enter)
}

/// The externs in force on this thread, if any.
pub fn active() -> Option<Externs> {
    ACTIVE.with(|a| a.borrow().clone())
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
