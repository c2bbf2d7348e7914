//! Climbing: the ladder on top, which drives every other stage.
//!
//! Takes a solution, its dependencies and the libraries it may reach (`Library`), with
//! `Options`, and gives a `Bundle`. Each step of the ladder (`ladder`) reads the libraries
//! (`readings`: as written, and a second time with impl-only macro calls written out),
//! drafts them (`draft`: prune, then emit), and refines the drafts with the compiler
//! (`refine`: the oracle's rounds, each smaller draft mended from what rustc said) within
//! the budget (`budget`). A bundle verified before is kept for the next submit of the same
//! problem (`reuse`).

pub mod draft;
pub mod ladder;
pub mod readings;
pub mod refine;
pub mod reuse;
