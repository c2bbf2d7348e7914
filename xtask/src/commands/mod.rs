//! The `cargo xtask` verbs, one file per verb, each with its arguments (`Args`) beside its
//! `run`. A verb never calls another's `run`: where one needs another's work (`make test`
//! runs `unit`, `cases`, `stress`, `corpus`), it runs it as a child process.
//! - `all`: every step of `make test`, each run whatever fails, and one summary;
//! - `cases`: every case against the release and the bundled build;
//! - `submit`: one file for the judge, verified;
//! - `test`: everything about one problem;
//! - `unit`: the unit tests of the members whose inputs changed;
//! - `corpus`: the bundler's differential test (`corpus_real`: `corpus --real <dir>`, and the
//!   hidden `real-package` child it runs per package);
//! - `stress`: solution against brute force on random inputs;
//! - `new`, `fetch`: a problem crate made, its samples fetched;
//! - `listen`: problems from the browser (Competitive Companion);
//! - `lint`: clippy's findings on this tool, read from its build (`make clippy`);
//! - `bench`: the benchmarks of `bench/`.

pub mod all;
pub mod bench;
pub mod cases;
pub mod corpus;
pub mod corpus_real;
pub mod fetch;
pub mod lint;
pub mod listen;
pub mod new;
pub mod stress;
pub mod submit;
pub mod test;
pub mod unit;
