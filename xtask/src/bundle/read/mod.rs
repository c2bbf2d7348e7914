//! Reading: a crate's source as syntax trees the judge's build would compile.
//!
//! Takes a library (`Library`: its root file, features and dependencies) or the solution's
//! file, and gives items: every `mod x;` replaced by its file (`files` for the solution,
//! `load` for a library), `#[cfg]` settled as the judge builds (`cfg`), the library's own
//! item-making `macro_rules!` calls expanded in place (`expand`), and the attributes of
//! proc-macro crates the judge cannot have written out on the solution (`memoise`,
//! `easy_ext`). `scan` reads what a file refers to; `syntax` answers what every stage asks of
//! an item (its name, its attributes). Nothing here knows of the bundle's other modules: a
//! tree read here still names its crate as `crate` and its dependencies by their own names.

pub mod cfg;
pub mod easy_ext;
pub mod expand;
pub mod files;
pub mod load;
pub mod memoise;
pub mod scan;
pub mod syntax;
