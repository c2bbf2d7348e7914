//! The workspace as the tool sees it: its problems and their settings (`problems`), how cargo
//! is run in it (`cargo`) and what its packages reach (`packages`), the records of what
//! passed (`record`), and a problem crate's files (`scaffold`, for `new`, `fetch` and the
//! scale benchmark). `compete` reads someone else's workspace of solutions, as cargo-compete
//! keeps it, for `corpus --real`.

pub mod cargo;
pub mod compete;
pub mod packages;
pub mod problems;
pub mod record;
pub mod scaffold;

/// A suffix for a file or folder written aside and then renamed into place, new at each call:
/// two runs at once (other processes) and two threads of one run (the tool's tests, the
/// corpus's workers, which share a process id) never write the same one. The same name for
/// both threads let one rename the other's half-written file away (a cache write then failed).
pub fn aside() -> String {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}-{n}", std::process::id())
}
