//! The benchmarks (`cargo xtask bench`, run by `commands/bench.rs`): each measures in
//! release mode against a baseline run in the same process, medians and ratios.
//! - `showcase`: the three showcase problems against their references;
//! - `rush_hard`: remakes Rush Hour's set of random boards hardest for the original;
//! - `scale`: how `make test`'s cost grows with the number of problems;
//! - `measure`, `rush_input`: what they share.

pub mod measure;
pub mod rush_hard;
pub mod rush_input;
pub mod scale;
pub mod showcase;
