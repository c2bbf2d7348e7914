//! The bundler's shared vocabulary: what every stage takes and gives. A library to inline
//! (`Library`, `Dep`, `Origin`), how to bundle (`Options`: `Pruning`, `Scope`, the layout
//! and the deadline), and what comes out (`Bundle`, `Inlined`). It names no stage: the one
//! type of another module an option holds is the clock's (`budget::Deadline`).

use super::budget;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How library code is laid out in the bundle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One item per line, tokens with only the spaces they need (the default: library
    /// code is read in its own repository, and judges limit the source size).
    Compact,
    /// rustfmt-like layout by prettyplease.
    Readable,
}

/// With `XTASK_TIMES` set, prints the seconds since the first call and `label` to stderr:
/// where a `submit` spends its time (`xtask/benches/submit.sh` has the totals).
pub(crate) fn phase(label: &str) {
    static START: std::sync::OnceLock<Option<std::time::Instant>> = std::sync::OnceLock::new();
    let start =
        START.get_or_init(|| std::env::var_os("XTASK_TIMES").map(|_| std::time::Instant::now()));
    if let Some(start) = start {
        eprintln!("time    {:6.3} s  {label}", start.elapsed().as_secs_f64());
    }
}

/// How a crate refers to one of its dependencies.
#[derive(Clone, Debug)]
pub enum Dep {
    /// Inlined as this module of the bundle.
    Module(String),
    /// A proc-macro crate (its package name): it cannot be inlined.
    ProcMacro(String),
    /// A crate the judge has installed (AtCoder's): paths to it are left as written, and the
    /// bundle is built against the judge's copy (`externs`).
    Installed,
}

/// A library crate that may be inlined.
#[derive(Clone, Debug)]
pub struct Library {
    /// Its module in the bundle: the crate's library name (`ac_library` for ac-library-rs).
    pub module: String,
    /// `name version`, for messages.
    pub package: String,
    /// Its `src/lib.rs` (the library target's root).
    pub root: PathBuf,
    pub edition: String,
    /// Cargo features that are on.
    pub features: Vec<String>,
    /// Its dependencies, by the name its source uses.
    pub deps: BTreeMap<String, Dep>,
    /// A comment placed above the module (license notice).
    pub notice: String,
    /// Why it cannot be inlined (a build script that does more than set cfgs, a native
    /// library), if so.
    pub unbundleable: Option<String>,
    /// The cfgs its build script sets for the judge's compiler (`has_total_cmp`,
    /// `key="value"`): `#[cfg]` is settled with them.
    pub cfgs: Vec<String>,
    /// The variables its build script sets for its code (`cargo:rustc-env=K=V`): `env!("K")`
    /// is written out with them.
    pub env: Vec<(String, String)>,
    /// The text files its build script writes to `OUT_DIR` (path relative to it, text):
    /// `include!(concat!(env!("OUT_DIR"), "/f.rs"))` is written out with them.
    pub generated: Vec<(String, String)>,
    /// Its build script (`build.rs`), if it has one: run for the judge by `build_scripts`.
    pub build_script: Option<PathBuf>,
    /// Where cargo has it, for the steps that compile or run it (`build_scripts`,
    /// `migrate`); `None` for a library that is only files (tests).
    pub origin: Option<Origin>,
}

impl Library {
    /// A library with nothing settled yet: no features, dependencies, notice, build script,
    /// cfgs or environment, nothing refused, no cargo origin. Readers fill in what they know.
    pub fn new(module: &str, package: &str, root: PathBuf, edition: &str) -> Library {
        Library {
            module: module.to_string(),
            package: package.to_string(),
            root,
            edition: edition.to_string(),
            features: Vec::new(),
            deps: BTreeMap::new(),
            notice: String::new(),
            unbundleable: None,
            cfgs: Vec::new(),
            env: Vec::new(),
            generated: Vec::new(),
            build_script: None,
            origin: None,
        }
    }
}

/// A library as cargo knows it.
#[derive(Clone, Debug)]
pub struct Origin {
    /// Cargo's id of the package, as in `cargo build --message-format=json`.
    pub package_id: String,
    pub name: String,
    pub version: String,
    /// Its library target's crate name (`ac_library` for ac-library-rs).
    pub lib_name: String,
    /// The `rust-version` it declares, if any.
    pub rust_version: Option<String>,
    pub manifest_dir: PathBuf,
    /// Its dependencies: the name its source uses, and the package id (the judge's, and on a
    /// judge of another platform this machine's too: `migrate` builds it here).
    pub deps: Vec<(String, String)>,
}

/// The bundled file and what went into it.
pub struct Bundle {
    pub text: String,
    /// Every library inlined, in order.
    pub libraries: Vec<Inlined>,
}

/// One library as it went into a bundle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inlined {
    /// Its module in the bundle (`Library::module`).
    pub module: String,
    /// `name version` (`Library::package`).
    pub package: String,
    /// The bytes its part of the bundle takes.
    pub bytes: usize,
}

impl Inlined {
    /// `module (package)`, as the size lines show it.
    pub fn label(&self) -> String {
        format!("{} ({})", self.module, self.package)
    }
}

/// How hard to prune.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// Reachability by name only.
    Names,
    /// Then rustc as an oracle, round after round, until it finds nothing more unused.
    Compiler,
}

/// How much of each library goes in: the steps `submit` climbs, in order, while a draft
/// does not compile or does not print what cargo's build prints. Correct first, then small.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// What the pruner's rules say the program reaches (then `pruning` as asked).
    Reached,
    /// The whole crates, less what rustc proves dead in them (each removal verified by
    /// compiling, like the oracle's rounds on a reached draft).
    WholeLessDead,
    /// The whole crates, cfgs settled, tests and docs gone: as cargo-equip pastes them.
    Whole,
}

impl Scope {
    /// The steps, from the smallest bundle to the surest.
    pub const LADDER: [Scope; 3] = [Scope::Reached, Scope::WholeLessDead, Scope::Whole];

    /// How `submit` names the step.
    pub fn label(self) -> &'static str {
        match self {
            Scope::Reached => "pruned",
            Scope::WholeLessDead => "whole crates less what rustc finds dead",
            Scope::Whole => "whole crates",
        }
    }
}

/// How to bundle.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub pruning: Pruning,
    pub layout: Layout,
    pub scope: Scope,
    /// The judge the bundle is for: its target settles `#[cfg]`s.
    pub judge: &'static crate::judge::Profile,
    /// When refining stops (`budget`): past it, the smallest draft known to compile so far.
    pub deadline: budget::Deadline,
    /// The source bytes of the reached libraries over which a second thread reads them as
    /// written while this one reads them the second way (`read_first`): `LARGE_SOURCE` for
    /// one `submit`; `None` (never) where bundles are made side by side (the corpus).
    pub alongside: Option<u64>,
}

impl Options {
    /// The usual way: pruned with the compiler's help, compact, from the first step.
    pub fn for_judge(judge: &'static crate::judge::Profile) -> Options {
        Options {
            pruning: Pruning::Compiler,
            layout: Layout::Compact,
            scope: Scope::Reached,
            judge,
            deadline: budget::Deadline::NONE,
            alongside: None,
        }
    }
}

/// Tests bundle for BOJ unless they say otherwise.
#[cfg(test)]
impl Default for Options {
    fn default() -> Self {
        Options::for_judge(&crate::judge::BOJ)
    }
}
