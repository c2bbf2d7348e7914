//! Emitting: pruned trees printed as the bundle's modules.
//!
//! Takes each library's kept items and gives its module's text: docs and lint attributes
//! out, `#[macro_export]` macros re-exported by path, laid out as `Layout` asks (`render`).
//! Before that, it says which libraries a draft keeps at all and which it refuses: a library
//! of private imports alone is left out, one the judge cannot take is refused with the
//! chain that reaches it (`refuse`). It may assume the items are pruned and their paths
//! rewritten; it decides nothing about what to keep.

pub mod refuse;
pub mod render;
