//! Naming: every name made to mean in one file what it meant across crates.
//!
//! Takes the trees `read` gives and the dependencies cargo resolved (`Dep`), and gives the
//! same items with their paths rewritten for life as modules of the bundle: a library's
//! `crate::x`, `$crate::x` and its dependencies' paths point at their modules (`paths`),
//! and the solution, kept verbatim but for what one file needs, is prepared with what the
//! pruner reads of it: the names it writes, imports, globs and the modules it names
//! (`solution`). It may assume `#[cfg]` is settled; after it, a path names an item of the
//! bundle as the bundle will hold it.

pub mod libraries;
pub mod paths;
pub mod solution;
