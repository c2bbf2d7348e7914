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
    /// Its name in `[package.metadata.problem]` (`BOJ`).
    pub name: &'static str,
    /// Its Rust version, and the rustup toolchain that is its compiler.
    pub rust: &'static str,
    pub toolchain: &'static str,
    /// `rustc --edition <edition> <flags> -o Main Main.rs`.
    pub edition: &'static str,
    pub flags: &'static [&'static str],
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
}

/// BOJ: `rustc --edition 2021 -O`, rustc 1.73, 512,000 bytes, trailing spaces ignored.
pub const BOJ: Profile = Profile {
    name: "BOJ",
    rust: JUDGE_RUST,
    toolchain: JUDGE_TOOLCHAIN,
    edition: EDITION,
    flags: &["-O"],
    source_limit: BOJ_SOURCE_LIMIT,
    size_note: OUR_SOURCE_TARGET,
    rule: crate::engine::compare::Rule::Lines,
    output_limit_bytes: OUTPUT_LIMIT_BYTES,
    time_limit_ms: 2000,
    memory_limit_mb: 256,
    target_triple: TARGET_TRIPLE,
    target_cfgs: TARGET_CFGS,
};

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

    /// The arguments of that command for `source` built into `out`.
    pub fn rustc_args(&self, source: &Path, out: &Path) -> Vec<std::ffi::OsString> {
        let mut args: Vec<std::ffi::OsString> = vec!["--edition".into(), self.edition.into()];
        args.extend(self.flags.iter().map(Into::into));
        args.extend(["-o".into(), out.into(), source.into()]);
        args
    }
}

/// A problem with no judge (`judge = "none"`, a puzzle book's): BOJ's build and rule, with
/// our own size target as its limit.
pub const NO_JUDGE: Profile = Profile {
    name: "none",
    source_limit: OUR_SOURCE_TARGET,
    ..BOJ
};

/// The profile of `judge` (`BOJ`); any other name gets `NO_JUDGE`. Where a problem's profile
/// is chosen: everything that reads a judge's facts is handed the profile chosen here.
pub fn profile(judge: &str) -> &'static Profile {
    match judge {
        "BOJ" => &BOJ,
        _ => &NO_JUDGE,
    }
}

/// A compiler a bundle is built with.
#[derive(Clone, Debug)]
pub struct Compiler {
    /// `rustc 1.95.0`, as the compiler says.
    pub label: String,
    program: String,
    prefix: Vec<String>,
}

impl Compiler {
    fn probe(program: &str, prefix: &[&str]) -> Option<Compiler> {
        let version = if prefix.is_empty() {
            rustc_version(Path::new(program))
                .ok()
                .filter(|v| !v.is_empty())?
        } else {
            let out = Command::new(program)
                .args(prefix)
                .arg("--version")
                .output()
                .ok()?;
            if !out.status.success() {
                return None;
            }
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let label = version
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        Some(Compiler {
            label,
            program: program.to_string(),
            prefix: prefix.iter().map(|s| s.to_string()).collect(),
        })
    }

    /// `rustc --edition 2021 -O -o <out> <source>`, as BOJ builds Rust 2021.
    pub fn compile(&self, source: &Path, out: &Path) -> anyhow::Result<()> {
        self.compile_as(&BOJ, source, out)
    }

    /// `source` built into `out` as `judge` builds a submission.
    pub fn compile_as(&self, judge: &Profile, source: &Path, out: &Path) -> anyhow::Result<()> {
        let output = Command::new(&self.program)
            .args(&self.prefix)
            .args(judge.rustc_args(source, out))
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
/// 1.73.0 toolchain) when it is installed.
#[derive(Clone)]
pub struct Compilers {
    pub local: Compiler,
    pub judge: Option<Compiler>,
}

impl Compilers {
    pub fn find() -> anyhow::Result<Compilers> {
        let rustc = local_rustc();
        let local =
            Compiler::probe(&rustc, &[]).ok_or_else(|| anyhow::anyhow!("cannot run rustc"))?;
        let judge = Compiler::probe("rustup", &["run", BOJ.toolchain, "rustc"]);
        Ok(Compilers { local, judge })
    }

    /// All of them, the judge's last.
    pub fn all(&self) -> Vec<&Compiler> {
        std::iter::once(&self.local).chain(&self.judge).collect()
    }

    /// The note printed when the judge's compiler is missing.
    pub fn missing_note(&self) -> Option<String> {
        self.judge.is_none().then(|| {
            format!(
                "note    the judge's compiler (rustc {JUDGE_RUST}) is not installed: `rustup toolchain install {JUDGE_TOOLCHAIN} --profile minimal` adds it"
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

/// The `target_*` cfg values of a judge's target.
pub type TargetCfgs = &'static [(&'static str, &'static [&'static str])];

/// This machine's rustc: `RUSTC` (as cargo sets it for an xtask it runs), else `rustc` on the
/// PATH.
pub fn local_rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into())
}

/// The path of `judge`'s own rustc (its rustup toolchain), when installed: a build script
/// probing the compiler is pointed at it.
pub fn judge_rustc_path(judge: &Profile) -> Option<std::path::PathBuf> {
    let out = Command::new("rustup")
        .args(["which", "--toolchain", judge.toolchain, "rustc"])
        .output()
        .ok()?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !path.is_empty()).then(|| path.into())
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
    }
}
