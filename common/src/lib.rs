//! Reusable, std-only pieces for the solutions in this workspace.
//!
//! Everything here may be inlined into a judge submission by `cargo xtask submit`, so the
//! rules for bundle-safe code apply: std only, paths between modules through `crate::`,
//! `super::` or `self::`, no glob imports, macros (if any) through `$crate`.

pub mod bignum;
pub mod exact_map;
pub mod tokens;
