//! The judge's facts in one place: how it compiles a Rust submission, with which compiler,
//! and how large a source file it takes.

use std::path::Path;
use std::process::Command;

/// The judge's Rust version (BOJ's "Rust 2021": rustc 1.73).
pub const JUDGE_RUST: &str = "1.73";
/// The rustup toolchain that is the judge's compiler.
pub const JUDGE_TOOLCHAIN: &str = "1.73.0";
/// BOJ's source limit: 512 KB since 2016 (BOJ's feature-request tracker, issue 56),
/// read conservatively as 512,000 bytes.
pub const BOJ_SOURCE_LIMIT: u64 = 512_000;
/// Our own target for every bundle: fits judges that keep a 64 KiB limit.
pub const OUR_SOURCE_TARGET: u64 = 64 * 1024;

/// The output limit of our profiles (see `Profile::output_limit_bytes`).
pub const OUTPUT_LIMIT_BYTES: u64 = 64 << 20;

/// The edition the judge compiles (BOJ's "Rust 2021"), which the bundler writes.
pub const EDITION: &str = "2021";

/// What the tools know of a judge, in one place: the runner, the bundler, the scaffold and
/// every compile "as the judge does" read it through `judge = "..."` in a problem's
/// metadata. Another judge is one more entry in [`profile`].
#[derive(Clone, Debug)]
pub struct Profile {
    /// Its name in `[package.metadata.problem]` (`BOJ`, `codeforces`).
    pub name: &'static str,
    /// Its name in a sentence (`Codeforces`).
    pub display: &'static str,
    /// Its Rust version, and the rustup toolchain that is its compiler.
    pub rust: &'static str,
    pub toolchain: &'static str,
    /// How the judge names the language on its submit page (`Rust 1.89.0 (2021)`), for
    /// README's judges table (read by its test only).
    #[cfg_attr(not(test), allow(dead_code))]
    pub language: &'static str,
    /// `rustc --edition <edition> <flags> -o Main Main.rs`: the judge's own command line.
    pub edition: &'static str,
    pub flags: &'static [&'static str],
    /// The flags a build here takes to run the cases: the judge's less what only its own
    /// platform understands (Codeforces' `-C link-args=/STACK:..` is for Windows' linker;
    /// the stack here is the runner's limit, `stack_mb`).
    pub host_flags: &'static [&'static str],
    /// The main thread's stack, MiB: `None` when it is the memory limit (BOJ).
    pub stack_mb: Option<u64>,
    /// Its source-size limit, bytes.
    pub source_limit: u64,
    /// The size past which a bundle gets a note (judges that keep a 64 KiB limit).
    pub size_note: u64,
    /// Its output rule.
    pub rule: crate::engine::compare::Rule,
    /// What a program may print before its verdict is OLE. BOJ publishes no figure; this is
    /// ours, far above any expected output and far below a disk's worth.
    pub output_limit_bytes: u64,
    /// The limits a new problem starts with until its page says otherwise.
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// Its target: the triple, and the `target_*` cfg values a plain `rustc` sets there (what
    /// `#[cfg]`s, build scripts and platform-specific dependencies are judged by).
    pub target_triple: &'static str,
    pub target_cfgs: TargetCfgs,
    /// Where each fact above comes from, for README's judges table (read by its test only).
    #[cfg_attr(not(test), allow(dead_code))]
    pub sources: &'static str,
    /// The crates the judge has installed (AtCoder): a bundle leaves them as `use` lines and
    /// is built by cargo against these versions, as the judge builds it.
    pub installed: &'static [Installed],
}

/// A crate a judge has installed: package name, exact version, features.
pub type Installed = (&'static str, &'static str, &'static [&'static str]);

/// BOJ: `rustc --edition 2021 -O`, rustc 1.73, 512,000 bytes, trailing spaces ignored.
pub const BOJ: Profile = Profile {
    name: "BOJ",
    display: "BOJ",
    language: "Rust 2021",
    rust: JUDGE_RUST,
    toolchain: JUDGE_TOOLCHAIN,
    edition: EDITION,
    flags: &["-O"],
    host_flags: &["-O"],
    stack_mb: None,
    source_limit: BOJ_SOURCE_LIMIT,
    size_note: OUR_SOURCE_TARGET,
    rule: crate::engine::compare::Rule::Lines,
    output_limit_bytes: OUTPUT_LIMIT_BYTES,
    time_limit_ms: 2000,
    memory_limit_mb: 256,
    target_triple: TARGET_TRIPLE,
    target_cfgs: TARGET_CFGS,
    sources: "BOJ's help page for Rust 2021 (compiler and command); the source limit from BOJ's feature-request tracker (issue 56)",
    installed: &[],
};

/// Codeforces: "Rust 1.89.0 (2021)" (language 75), built on Windows as
/// `rustc --edition=2021 -O -C link-args=/STACK:268435456 --cfg ONLINE_JUDGE`, 64 KB of
/// source. Checkers compare tokens, so the rule is whitespace-blind.
pub const CODEFORCES: Profile = Profile {
    name: "codeforces",
    display: "Codeforces",
    language: "Rust 1.89.0 (2021)",
    rust: "1.89",
    toolchain: "1.89.0",
    edition: "2021",
    flags: &[
        "-O",
        "-C",
        "link-args=/STACK:268435456",
        "--cfg",
        "ONLINE_JUDGE",
    ],
    host_flags: &["-O", "--cfg", "ONLINE_JUDGE"],
    stack_mb: Some(256),
    source_limit: 65_536,
    size_note: 65_536,
    rule: crate::engine::compare::Rule::Tokens,
    output_limit_bytes: OUTPUT_LIMIT_BYTES,
    time_limit_ms: 2000,
    memory_limit_mb: 256,
    target_triple: "x86_64-pc-windows-msvc",
    target_cfgs: WINDOWS_CFGS,
    sources: "the compiler list on Codeforces' submit page (language 75); the command line from Codeforces' blog entry 121114 (\"Command lines\"); 64 KB from its problem statements' rules",
    installed: &[],
};

/// AtCoder (language update 2025-10): "Rust (rustc 1.89.0)", edition 2024, built by cargo
/// in a project whose manifest lists the installed crates at fixed versions, with
/// `--cfg atcoder`; 512 KiB of source.
pub const ATCODER: Profile = Profile {
    name: "atcoder",
    display: "AtCoder",
    language: "Rust (rustc 1.89.0)",
    rust: "1.89",
    toolchain: "1.89.0",
    edition: "2024",
    flags: &["-O", "--cfg", "atcoder"],
    host_flags: &["-O", "--cfg", "atcoder"],
    stack_mb: None,
    source_limit: 512 * 1024,
    size_note: OUR_SOURCE_TARGET,
    rule: crate::engine::compare::Rule::Lines,
    output_limit_bytes: OUTPUT_LIMIT_BYTES,
    time_limit_ms: 2000,
    memory_limit_mb: 1024,
    target_triple: TARGET_TRIPLE,
    target_cfgs: ATCODER_CFGS,
    sources: "AtCoder's language list of 2025-10 (language 6088) and its install script for Rust (the manifest of rust-lang-ja/atcoder-proposal); 512 KiB from its contests' rules",
    installed: ATCODER_CRATES,
};

/// AtCoder's installed crates (language update 2025-10), as its Rust install script's
/// manifest lists them.
const ATCODER_CRATES: &[Installed] = &[
    ("rpds", "1.1.1", &[]),
    ("rand_xorshift", "0.4.0", &[]),
    ("rand_xoshiro", "0.7.0", &[]),
    ("statrs", "0.18.0", &[]),
    ("primal", "0.3.3", &[]),
    ("thiserror", "2.0.16", &[]),
    ("ac-library-rs", "0.2.0", &[]),
    ("once_cell", "1.21.3", &[]),
    ("static_assertions", "1.1.0", &[]),
    ("varisat", "0.2.2", &[]),
    ("memoise", "0.3.2", &[]),
    ("argio", "0.2.0", &[]),
    ("bitvec", "1.0.1", &[]),
    ("counter", "0.7.0", &[]),
    ("hashbag", "0.1.12", &[]),
    ("pathfinding", "4.14.0", &[]),
    ("recur-fn", "2.2.0", &[]),
    ("indexing", "0.4.1", &["experimental_pointer_ranges"]),
    (
        "amplify",
        "4.9.0",
        &["c_raw", "rand", "stringly_conversions"],
    ),
    ("amplify_derive", "4.0.1", &[]),
    ("amplify_num", "0.5.3", &["std"]),
    ("easy-ext", "1.0.2", &[]),
    ("multimap", "0.10.1", &[]),
    ("btreemultimap", "0.1.1", &[]),
    ("bstr", "1.12.0", &[]),
    ("az", "1.2.1", &[]),
    ("glidesort", "0.1.2", &[]),
    ("tap", "1.0.1", &[]),
    ("omniswap", "0.1.0", &[]),
    ("multiversion", "0.8.0", &[]),
    ("num", "0.4.3", &[]),
    ("num-bigint", "0.4.6", &[]),
    ("num-complex", "0.4.6", &[]),
    ("num-integer", "0.1.46", &[]),
    ("num-iter", "0.1.45", &[]),
    ("num-rational", "0.4.2", &[]),
    ("num-traits", "0.2.19", &[]),
    ("num-derive", "0.4.2", &[]),
    ("ndarray", "0.16.1", &[]),
    ("nalgebra", "0.34.0", &[]),
    ("alga", "0.9.3", &[]),
    ("libm", "0.2.15", &[]),
    ("rand", "0.9.2", &[]),
    ("getrandom", "0.3.3", &[]),
    ("rand_chacha", "0.9.0", &[]),
    ("rand_core", "0.9.3", &[]),
    ("rand_hc", "0.4.0", &[]),
    ("rand_pcg", "0.9.0", &[]),
    ("rand_distr", "0.5.1", &[]),
    ("petgraph", "0.8.2", &[]),
    ("indexmap", "2.11.0", &[]),
    ("regex", "1.11.2", &[]),
    ("lazy_static", "1.5.0", &[]),
    ("ordered-float", "5.0.0", &[]),
    ("ascii", "1.1.0", &[]),
    ("permutohedron", "0.2.4", &[]),
    ("superslice", "1.0.0", &[]),
    ("itertools", "0.14.0", &[]),
    ("itertools-num", "0.1.3", &[]),
    ("maplit", "1.0.2", &[]),
    ("either", "1.15.0", &[]),
    ("im-rc", "15.1.0", &[]),
    ("fixedbitset", "0.5.7", &[]),
    ("bitset-fixed", "0.1.0", &[]),
    ("proconio", "0.5.0", &["derive"]),
    ("text_io", "0.1.13", &[]),
    ("rustc-hash", "2.1.1", &[]),
    (
        "smallvec",
        "1.15.1",
        &[
            "const_generics",
            "const_new",
            "write",
            "union",
            "serde",
            "arbitrary",
        ],
    ),
];

impl Profile {
    /// Whether it is a real judge's (not `NO_JUDGE`).
    pub fn is_judge(&self) -> bool {
        self.name != NO_JUDGE.name
    }

    /// How it builds a submission, as a command line: `rustc --edition 2021 -O -o Main Main.rs`.
    pub fn command(&self) -> String {
        let mut words = vec!["rustc", "--edition", self.edition];
        words.extend(self.flags);
        words.extend(["-o", "Main", "Main.rs"]);
        words.join(" ")
    }

    /// The arguments of that command for `source` built into `out` here (`host_flags`).
    pub fn rustc_args(&self, source: &Path, out: &Path) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> = vec!["--edition".into(), self.edition.into()];
        args.extend(self.host_flags.iter().map(Into::into));
        args.extend(["-o".into(), out.into(), source.into()]);
        args
    }

    /// `rustc_args` with the optimiser off and what it implies to the program kept: `-O`
    /// (or `-C opt-level=N`) becomes no debug assertions and no overflow checks, so the
    /// `cfg`s and the arithmetic are the judge's. For checks of the bundler's text, which the
    /// optimiser does not change (the corpus's 71 bundles: 17.8 CPU-s against 39.8 with
    /// rustc 1.73's `-O`); a submission is verified with `rustc_args` itself.
    pub fn unoptimised_args(&self, source: &Path, out: &Path) -> Vec<std::ffi::OsString> {
        let semantics = ["-C", "debug-assertions=off", "-C", "overflow-checks=off"];
        let optimising = |a: &str| {
            a.strip_prefix("opt-level=")
                .or_else(|| a.strip_prefix("-Copt-level="))
                .is_some_and(|level| level != "0")
        };
        let mut out_args = Vec::new();
        let mut args = self.rustc_args(source, out).into_iter().peekable();
        while let Some(a) = args.next() {
            let text = a.to_str().unwrap_or_default();
            let next_optimises = text == "-C"
                && (args.peek())
                    .and_then(|n| n.to_str())
                    .is_some_and(optimising);
            if text == "-O" || optimising(text) && text.starts_with("-C") || next_optimises {
                if next_optimises {
                    args.next();
                }
                out_args.extend(semantics.map(Into::into));
            } else {
                out_args.push(a);
            }
        }
        out_args
    }

    /// Its row of README's judges table: name, language as the judge names it, command
    /// line, target, source limit, stack, compare rule, and where the facts come from.
    #[cfg(test)]
    pub fn readme_row(&self) -> String {
        let stack = match self.stack_mb {
            Some(mb) => format!("{mb} MiB"),
            None => "the memory limit".to_string(),
        };
        let rule = match self.rule {
            crate::engine::compare::Rule::Tokens => "tokens",
            _ => "lines, trailing white space ignored",
        };
        format!(
            "| {} | {} | `{}` | {} | {} bytes | {stack} | {rule} | {} |",
            self.display,
            self.language,
            self.command(),
            self.target_triple,
            self.source_limit,
            self.sources
        )
    }

    /// Whether its target is another platform than this machine's (Codeforces' Windows): a
    /// bundle is then also checked for that target (`Compiler::check_on_target`).
    pub fn foreign_target(&self) -> bool {
        self.target_triple != TARGET_TRIPLE
    }

    /// The rustup command that adds its target's std to its toolchain.
    pub fn target_install(&self) -> String {
        format!(
            "rustup target add --toolchain {} {}",
            self.toolchain, self.target_triple
        )
    }

    /// The names it sets with `--cfg` (`ONLINE_JUDGE`, `atcoder`).
    pub fn judge_cfgs(&self) -> Vec<&'static str> {
        self.target_cfgs
            .iter()
            .filter(|(k, _)| *k == JUDGE_CFG)
            .flat_map(|(_, names)| names.iter().copied())
            .collect()
    }

    /// The rustup command that installs its compiler.
    pub fn toolchain_install(&self) -> String {
        format!(
            "rustup toolchain install {} --profile minimal",
            self.toolchain
        )
    }
}

/// A problem with no judge (`judge = "none"`, a puzzle book's): BOJ's build and rule, with
/// our own size target as its limit.
pub const NO_JUDGE: Profile = Profile {
    name: "none",
    display: "no judge",
    language: "-",
    source_limit: OUR_SOURCE_TARGET,
    ..BOJ
};

/// The judges with a profile, in README's order.
pub const JUDGES: [&Profile; 3] = [&BOJ, &CODEFORCES, &ATCODER];

/// The profile of `judge` (`BOJ`, `codeforces`, `atcoder`, in any case); any other name gets
/// `NO_JUDGE`. Where a problem's profile is chosen: everything that reads a judge's facts is
/// handed the profile chosen here.
pub fn profile(judge: &str) -> &'static Profile {
    JUDGES
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(judge))
        .unwrap_or(&NO_JUDGE)
}

/// A compiler a bundle is built with.
#[derive(Clone, Debug)]
pub struct Compiler {
    /// `rustc 1.95.0`, as the compiler says.
    pub label: String,
    program: String,
}

impl Compiler {
    /// The compiler at `program`, when it answers `--version`.
    fn probe(program: &str) -> Option<Compiler> {
        let version = rustc_version(Path::new(program))
            .ok()
            .filter(|v| !v.is_empty())?;
        let label = version
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        Some(Compiler {
            label,
            program: program.to_string(),
        })
    }

    /// `rustc --edition 2021 -O -o <out> <source>`, as BOJ builds Rust 2021.
    pub fn compile(&self, source: &Path, out: &Path) -> anyhow::Result<()> {
        self.compile_as(&BOJ, source, out)
    }

    /// `source` built into `out` as `judge` builds a submission (its flags for this
    /// machine: `Profile::host_flags`).
    pub fn compile_as(&self, judge: &Profile, source: &Path, out: &Path) -> anyhow::Result<()> {
        self.compile_with(judge, source, out, &[])
    }

    /// `source` built into `out` with `judge`'s flags less its optimiser
    /// (`Profile::unoptimised_args`): the program the judge builds, sooner built.
    pub fn compile_unoptimised_as(
        &self,
        judge: &Profile,
        source: &Path,
        out: &Path,
    ) -> anyhow::Result<()> {
        self.run(&judge.unoptimised_args(source, out))
    }

    /// `source` type- and borrow-checked with the flags `judge` builds it with here, up to
    /// the metadata (`dir/Main.rmeta`): no code generated, a fifth of an optimised build's
    /// time (the corpus's 71 bundles: 7.5 s against 35.8 s with rustc 1.95).
    pub fn check_as(&self, judge: &Profile, source: &Path, dir: &Path) -> anyhow::Result<()> {
        let mut args = judge.rustc_args(source, &dir.join("Main.rmeta"));
        args.insert(0, "--emit=metadata".into());
        self.run(&args)
    }

    /// `compile_as` with `extra` arguments: the judge's installed crates (AtCoder's
    /// `--extern`s, `bundle::externs`).
    pub fn compile_with(
        &self,
        judge: &Profile,
        source: &Path,
        out: &Path,
        extra: &[String],
    ) -> anyhow::Result<()> {
        let mut args = judge.rustc_args(source, out);
        args.extend(extra.iter().map(Into::into));
        self.run(&args)
    }

    /// `source` checked as `judge` builds it on its own platform: the judge's whole command
    /// with `--target <its triple>`, up to the metadata (type and borrow checks, every
    /// `#[cfg]` of that target; no linking, which needs the platform's linker). Needs the
    /// target's std in this compiler's toolchain (`Profile::target_install`).
    pub fn check_on_target(
        &self,
        judge: &Profile,
        source: &Path,
        dir: &Path,
    ) -> anyhow::Result<()> {
        let mut args: Vec<std::ffi::OsString> = vec!["--edition".into(), judge.edition.into()];
        args.extend(judge.flags.iter().map(Into::into));
        args.extend([
            "--target".into(),
            judge.target_triple.into(),
            "--emit=metadata".into(),
            "-o".into(),
            dir.join("Main.rmeta").into(),
            source.into(),
        ]);
        self.run(&args)
    }

    /// Whether this compiler's toolchain has the std of `judge`'s target.
    #[cfg(test)]
    pub fn has_target(&self, judge: &Profile) -> bool {
        let Ok(dir) = tempfile::tempdir() else {
            return false;
        };
        let probe = dir.path().join("probe.rs");
        std::fs::write(&probe, "fn main() {}").is_ok()
            && self.check_on_target(judge, &probe, dir.path()).is_ok()
    }

    fn run(&self, args: &[std::ffi::OsString]) -> anyhow::Result<()> {
        let output = Command::new(&self.program)
            .args(args)
            .output()
            .map_err(|e| anyhow::anyhow!("cannot run {}: {e}", self.label))?;
        if output.status.success() {
            Ok(())
        } else {
            Err(anyhow::anyhow!(
                "{}",
                String::from_utf8_lossy(&output.stderr).into_owned()
            ))
        }
    }
}

/// The compilers to verify with: this machine's rustc, then the judge's own (rustup's
/// toolchain of the profile, 1.73.0 for BOJ) when it is installed.
#[derive(Clone)]
pub struct Compilers {
    pub local: Compiler,
    pub judge: Option<Compiler>,
    /// The profile whose compiler `judge` is.
    pub profile: &'static Profile,
}

impl Compilers {
    /// BOJ's.
    pub fn find() -> anyhow::Result<Compilers> {
        Compilers::find_for(&BOJ)
    }

    /// `profile`'s.
    pub fn find_for(profile: &'static Profile) -> anyhow::Result<Compilers> {
        let rustc = local_rustc();
        let local = Compiler::probe(&rustc).ok_or_else(|| anyhow::anyhow!("cannot run rustc"))?;
        // The toolchain's rustc by its path (as `local_rustc`), not through `rustup run`.
        let judge = judge_rustc_path(profile).and_then(|p| Compiler::probe(&p.to_string_lossy()));
        Ok(Compilers {
            local,
            judge,
            profile,
        })
    }

    /// All of them, the judge's last.
    pub fn all(&self) -> Vec<&Compiler> {
        std::iter::once(&self.local).chain(&self.judge).collect()
    }

    /// The note printed when the judge's compiler is missing.
    pub fn missing_note(&self) -> Option<String> {
        let p = self.profile;
        self.judge.is_none().then(|| {
            format!(
                "note    the judge's compiler (rustc {}) is not installed: `{}` adds it (`make judge-rustc` adds every judge's)",
                p.rust,
                p.toolchain_install()
            )
        })
    }
}

/// The judge's target (BOJ: Linux on x86-64): its triple, and the `target_*` cfg values a
/// plain `rustc` sets there, as cargo passes them to build scripts (`CARGO_CFG_*`).
const TARGET_TRIPLE: &str = "x86_64-unknown-linux-gnu";
const TARGET_CFGS: &[(&str, &[&str])] = &[
    ("target_os", &["linux"]),
    ("target_family", &["unix"]),
    ("target_arch", &["x86_64"]),
    ("target_pointer_width", &["64"]),
    ("target_endian", &["little"]),
    ("target_env", &["gnu"]),
    ("target_vendor", &["unknown"]),
    ("target_has_atomic", &["8", "16", "32", "64", "ptr"]),
    ("target_feature", &["fxsr", "sse", "sse2"]),
    ("panic", &["unwind"]),
];

/// Codeforces' target (Windows on x86-64, MSVC), as `rustc --print cfg --target
/// x86_64-pc-windows-msvc` gives it, and its `--cfg ONLINE_JUDGE`.
const WINDOWS_CFGS: &[(&str, &[&str])] = &[
    ("target_os", &["windows"]),
    ("target_family", &["windows"]),
    ("target_arch", &["x86_64"]),
    ("target_pointer_width", &["64"]),
    ("target_endian", &["little"]),
    ("target_env", &["msvc"]),
    ("target_vendor", &["pc"]),
    ("target_has_atomic", &["8", "16", "32", "64", "128", "ptr"]),
    (
        "target_feature",
        &["cmpxchg16b", "fxsr", "sse", "sse2", "sse3"],
    ),
    ("panic", &["unwind"]),
    (JUDGE_CFG, &["ONLINE_JUDGE"]),
];

/// AtCoder's target is Linux on x86-64 like BOJ's, with `--cfg atcoder` in its
/// `.cargo/config.toml`.
const ATCODER_CFGS: &[(&str, &[&str])] = &[
    ("target_os", &["linux"]),
    ("target_family", &["unix"]),
    ("target_arch", &["x86_64"]),
    ("target_pointer_width", &["64"]),
    ("target_endian", &["little"]),
    ("target_env", &["gnu"]),
    ("target_vendor", &["unknown"]),
    ("target_has_atomic", &["8", "16", "32", "64", "ptr"]),
    ("target_feature", &["fxsr", "sse", "sse2"]),
    ("panic", &["unwind"]),
    (JUDGE_CFG, &["atcoder"]),
];

/// The key under which a target's table lists the bare names the judge sets with `--cfg`
/// (`ONLINE_JUDGE`): not a `key = "value"` cfg, so never one a predicate names.
pub const JUDGE_CFG: &str = "--cfg";

/// The `target_*` cfg values of a judge's target.
pub type TargetCfgs = &'static [(&'static str, &'static [&'static str])];

/// This machine's rustc: `RUSTC` (as cargo sets it for an xtask it runs), else the one
/// `rustc` on the PATH runs, by its own path: rustup's `rustc` is a proxy that settles the
/// toolchain anew on every call (6 ms of CPU each, against over a thousand compiles in a
/// fresh clone's `make test`), and its answer does not change while the tool runs.
pub fn local_rustc() -> String {
    static RESOLVED: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let resolved = RESOLVED.get_or_init(|| {
        std::env::var("RUSTC")
            .ok()
            .or_else(sysroot_rustc)
            .unwrap_or_else(|| "rustc".into())
    });
    resolved.clone()
}

/// `<sysroot>/bin/rustc` for the sysroot `rustc --print sysroot` prints, when that file is
/// there.
fn sysroot_rustc() -> Option<String> {
    let query = Command::new("rustc").args(["--print", "sysroot"]).output();
    let out = query.ok().filter(|o| o.status.success())?;
    let sysroot = String::from_utf8(out.stdout).ok()?;
    let rustc = Path::new(sysroot.trim()).join("bin").join("rustc");
    rustc
        .is_file()
        .then(|| rustc.to_string_lossy().into_owned())
}

/// The path of `judge`'s own rustc (its rustup toolchain), when installed: the judge's
/// compiler runs by it (`Compilers`), and a build script probing the compiler is pointed at
/// it. Found once per process; one not installed is asked again each time (`listen` runs for
/// hours: a toolchain installed meanwhile counts).
pub fn judge_rustc_path(judge: &Profile) -> Option<std::path::PathBuf> {
    type Found = Vec<(&'static str, std::path::PathBuf)>;
    static FOUND: std::sync::Mutex<Found> = std::sync::Mutex::new(Vec::new());
    let found = || FOUND.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, path)) = found().iter().find(|(t, _)| *t == judge.toolchain) {
        return Some(path.clone());
    }
    let out = Command::new("rustup")
        .args(["which", "--toolchain", judge.toolchain, "rustc"])
        .output()
        .ok()?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let path: std::path::PathBuf =
        (out.status.success() && !path.is_empty()).then(|| path.into())?;
    found().push((judge.toolchain, path.clone()));
    Some(path)
}

/// What `rustc --version` says for the compiler at `rustc` (a cache key for the steps that
/// ask a compiler: build scripts, edition migration).
pub fn rustc_version(rustc: &Path) -> anyhow::Result<String> {
    // Asked once per compiler and process: the migration, the build scripts and the
    // compilers' labels all want it.
    static KNOWN: std::sync::Mutex<Vec<(std::path::PathBuf, String)>> =
        std::sync::Mutex::new(Vec::new());
    let known = |k: &Vec<(std::path::PathBuf, String)>| {
        k.iter().find(|(p, _)| p == rustc).map(|(_, v)| v.clone())
    };
    if let Some(v) = known(&KNOWN.lock().unwrap_or_else(|e| e.into_inner())) {
        return Ok(v);
    }
    let out = Command::new(rustc)
        .arg("--version")
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run {}: {e}", rustc.display()))?;
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if out.status.success() {
        let mut k = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
        k.push((rustc.to_path_buf(), version.clone()));
    }
    Ok(version)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The judge's Rust version is decided here; the few files that cannot read it (the
    /// workspace manifest, which cargo's resolver reads; the Makefile and CI, which install
    /// the toolchain before any Rust runs) must say the same.
    #[test]
    fn the_judges_rust_version_is_the_same_in_every_file_that_repeats_it() {
        // The solutions' workspace, above this tool's own (judge.rs asks nothing of `workspace`).
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
        assert!(JUDGE_TOOLCHAIN.starts_with(&format!("{JUDGE_RUST}.")));
        let manifest: toml_edit::DocumentMut = read("Cargo.toml").parse().unwrap();
        assert_eq!(
            manifest["workspace"]["package"]["rust-version"].as_str(),
            Some(JUDGE_RUST)
        );
        let install = format!("rustup toolchain install {JUDGE_TOOLCHAIN} ");
        assert!(read("Makefile").contains(&install));
        let ci = read(".ci/run");
        assert!(ci.contains(&install));
        assert!(ci.contains(&format!("rustup run {JUDGE_TOOLCHAIN} rustc")));
        // Every judge's compiler (and a foreign target's std) is installed by both.
        for profile in JUDGES {
            let toolchain = format!("rustup toolchain install {} ", profile.toolchain);
            let target = profile.target_install();
            for file in ["Makefile", ".ci/run"] {
                let text = read(file);
                assert!(text.contains(&toolchain), "{file}: {}", profile.name);
                assert!(
                    !profile.foreign_target() || text.contains(&target),
                    "{file}: {target}"
                );
            }
        }
    }

    /// Each judge is found by its name in a problem's metadata, in any case; an unknown
    /// judge gets `NO_JUDGE`; the command line shown is the judge's own.
    #[test]
    fn a_judges_name_chooses_its_profile_and_its_own_command_line() {
        assert_eq!(profile("BOJ").name, "BOJ");
        assert_eq!(profile("Codeforces").name, "codeforces");
        assert_eq!(profile("atcoder").name, "atcoder");
        assert_eq!(profile("yukicoder").name, NO_JUDGE.name);
        assert_eq!(
            CODEFORCES.command(),
            "rustc --edition 2021 -O -C link-args=/STACK:268435456 --cfg ONLINE_JUDGE -o Main Main.rs"
        );
        assert_eq!(
            ATCODER.command(),
            "rustc --edition 2024 -O --cfg atcoder -o Main Main.rs"
        );
        // What runs here drops only the Windows linker's flag.
        assert!(!CODEFORCES.host_flags.iter().any(|f| f.contains("/STACK")));
        assert!(CODEFORCES
            .host_flags
            .iter()
            .all(|f| CODEFORCES.flags.contains(f)));
    }

    /// The compilers are run by their own paths, not through rustup's proxies, and they are
    /// the ones the proxies would run: the same `--version -v` (commit hash included) as
    /// `rustc` on the PATH, and as `rustup run <toolchain> rustc` for an installed judge's.
    #[test]
    fn the_compilers_are_the_toolchains_own_binaries_the_proxies_would_run() {
        let verbose = |c: &mut Command| String::from_utf8(c.arg("-vV").output().unwrap().stdout);
        let local = local_rustc();
        if std::env::var_os("RUSTC").is_none() {
            assert!(Path::new(&local).is_absolute(), "{local}");
        }
        let via_proxy = verbose(&mut Command::new("rustc")).unwrap();
        assert_eq!(verbose(&mut Command::new(&local)).unwrap(), via_proxy);
        let compilers = Compilers::find().unwrap();
        let Some(judge) = &compilers.judge else {
            eprintln!(
                "rustc {} is not installed: only this machine's compared",
                BOJ.rust
            );
            return;
        };
        assert!(Path::new(&judge.program).is_absolute(), "{}", judge.program);
        let mut proxied = Command::new("rustup");
        proxied.args(["run", BOJ.toolchain, "rustc"]);
        let direct = verbose(&mut Command::new(&judge.program)).unwrap();
        assert_eq!(direct, verbose(&mut proxied).unwrap());
        assert!(
            direct.contains(&format!("release: {}", BOJ.toolchain)),
            "{direct}"
        );
    }

    /// A program that prints what -O decides for it (`cfg(debug_assertions)`, and whether
    /// an addition past `u8::MAX` wraps or panics) prints the same built with each judge's
    /// host command and with `unoptimised_args`, and the latter has no optimiser left in it;
    /// a profile written with `-C opt-level=3` (either spelling) is read the same way.
    #[test]
    fn unoptimised_args_keep_what_the_optimiser_means_to_the_program_and_drop_it() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("probe.rs");
        let probe = "fn main() {\n    let x: u8 = std::hint::black_box(255);\n    let y = std::panic::catch_unwind(|| x + std::hint::black_box(1)).ok();\n    println!(\"{} {:?}\", cfg!(debug_assertions), y);\n}\n";
        std::fs::write(&src, probe).unwrap();
        let run = |args: Vec<std::ffi::OsString>, bin: &Path| {
            let out = Command::new(local_rustc()).args(&args).output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let out = Command::new(bin)
                .stderr(std::process::Stdio::null())
                .output();
            String::from_utf8(out.unwrap().stdout).unwrap()
        };
        let words = |args: &[std::ffi::OsString]| -> Vec<String> {
            args.iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect()
        };
        let written = Profile {
            host_flags: &["-C", "opt-level=3", "-Copt-level=2", "--cfg", "x"],
            ..BOJ
        };
        for p in [&BOJ, &CODEFORCES, &ATCODER, &written] {
            let (o, u) = (dir.path().join("o"), dir.path().join("u"));
            let unoptimised = p.unoptimised_args(&src, &u);
            let w = words(&unoptimised);
            assert!(
                !w.iter().any(|a| a == "-O" || a.contains("opt-level")),
                "{w:?}"
            );
            for flag in p
                .host_flags
                .iter()
                .filter(|f| f.starts_with("--cfg") || **f == "x")
            {
                assert!(w.iter().any(|a| a == flag), "{} lost {flag}: {w:?}", p.name);
            }
            let judged = run(p.rustc_args(&src, &o), &o);
            assert_eq!(judged, "false Some(0)\n", "{}", p.name);
            assert_eq!(run(unoptimised, &u), judged, "{}", p.name);
        }
    }
}
