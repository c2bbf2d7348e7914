//! Checking: a draft compiled, and the compiler's answer read. The one place that runs
//! rustc on a draft and parses what it says.
//!
//! Takes a draft's text (the solution and its libraries' modules, as `emit` lays them out)
//! and gives what the compiler proves: items, methods and macro arms never used
//! (`oracle::Findings`), what a debug build instantiates (`mono`), the imports and macros
//! its warnings call unused with the edits that take them out (`warned`), and, where a draft
//! does not compile, what its errors name: names not found, imports unresolved, lints denied
//! (`said`), the impl, operator or member an error asks for (`asks`). For a judge with
//! installed crates, every compile goes through its rustc with `--extern` for them
//! (`externs`). It assumes nothing of how a draft was made: a draft that does not compile
//! is an answer too.

pub mod asks;
pub mod externs;
pub mod mono;
pub mod oracle;
pub mod said;
pub mod warned;
