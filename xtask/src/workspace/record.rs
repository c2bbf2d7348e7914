//! What was verified, remembered: a record under `target/xtask-cache/verified/` of each check
//! that passed (a problem's cases, a stress pair, a corpus program), keyed by a hash of
//! everything its verdict depends on. A check whose hash matches its last pass is not run
//! again; a failure is never remembered (it removes the entry), and `--force` ignores the
//! record.
//!
//! What a hash covers is the caller's to say ([`Fingerprint`]); every hash starts from
//! [`environment`]: the tool's own source, both compilers' versions, the workspace's build
//! settings. A change to any of them re-checks everything.

use std::fs;
use std::hash::{DefaultHasher, Hasher};
use std::path::{Path, PathBuf};

/// A 128-bit hash of labelled pieces (two SipHash streams with different starting words).
/// Only ever compared with a hash this same tool made, so std's hasher suffices: a new
/// Rust that changed it would change the tool's build and the compilers' versions too.
#[derive(Clone)]
pub struct Fingerprint {
    a: DefaultHasher,
    b: DefaultHasher,
}

impl Fingerprint {
    pub fn new(kind: &str) -> Fingerprint {
        let mut f = Fingerprint {
            a: DefaultHasher::new(),
            b: DefaultHasher::new(),
        };
        f.b.write_u64(0x9e37_79b9_7f4a_7c15);
        f.bytes("kind", kind.as_bytes());
        f
    }

    /// A labelled piece; lengths are hashed too, so pieces cannot run into each other.
    pub fn bytes(&mut self, label: &str, data: &[u8]) {
        for h in [&mut self.a, &mut self.b] {
            h.write_usize(label.len());
            h.write(label.as_bytes());
            h.write_usize(data.len());
            h.write(data);
        }
    }

    pub fn text(&mut self, label: &str, text: &str) {
        self.bytes(label, text.as_bytes());
    }

    /// A file's path (as given) and contents; a missing file hashes as missing.
    pub fn file(&mut self, path: &Path) {
        let label = path.to_string_lossy();
        match fs::read(path) {
            Ok(data) => self.bytes(&label, &data),
            Err(_) => self.bytes(&label, b"\0missing"),
        }
    }

    /// Every file under `dir`, in name order, by its path relative to `dir`, hidden ones too
    /// (a case `.h.in` is run like any), a symbolic link by what it points to; the build
    /// folder (`dir/target`, not a module folder `src/target/`) and `.git` are left out.
    pub fn tree(&mut self, dir: &Path) {
        self.text("tree", &dir.to_string_lossy());
        self.files(dir);
    }

    /// The files under `dir` by their paths relative to it: the same wherever `dir` is.
    pub fn files(&mut self, dir: &Path) {
        let mut files = Vec::new();
        walk(dir, dir, &mut files);
        files.sort();
        for rel in files {
            let data = fs::read(dir.join(&rel)).unwrap_or_default();
            self.bytes(&rel.to_string_lossy(), &data);
        }
    }

    /// Every package workspace member `package` reaches (`crates::reached`): one inside the
    /// workspace folder `root` by its files, every one by its id (exact version, source) and
    /// features.
    pub fn packages(
        &mut self,
        root: &Path,
        meta: &cargo_metadata::Metadata,
        package: &str,
    ) -> anyhow::Result<()> {
        for p in crate::workspace::packages::reached(meta, package)? {
            // A path dependency is hashed by its files wherever it is (`../extlib` outside
            // the workspace too); a registry or git one by its id, which names its version.
            if p.manifest_dir.starts_with(root) || p.id.starts_with("path+") {
                self.tree(&p.manifest_dir);
            }
            self.text("package", &format!("{} {:?}", p.id, p.features));
        }
        Ok(())
    }

    pub fn hex(&self) -> String {
        format!("{:016x}{:016x}", self.a.finish(), self.b.finish())
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    walk_at(root, dir, out, 0);
}

/// `walk`, `depth` folders down (links to folders are followed up to 16 deep: a loop ends).
fn walk_at(root: &Path, dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name == ".git" || (depth == 0 && name == "target") {
            continue;
        }
        let path = entry.path();
        // Through a symbolic link to what it points to.
        match fs::metadata(&path) {
            Ok(m) if m.is_dir() && depth < 16 => walk_at(root, &path, out, depth + 1),
            Ok(m) if m.is_file() => {
                out.push(path.strip_prefix(root).unwrap_or(&path).to_path_buf());
            }
            _ => {}
        }
    }
}

/// What every verdict depends on besides its own inputs: the tool's source (a bundler
/// change must re-check; its version number never changes), the compilers' versions, the
/// workspace's build settings (`[profile.*]`, `[workspace.package]`, `.cargo/config.toml`;
/// not the member list, which grows with every problem).
pub fn environment(root: &Path, compilers: &crate::judge::Compilers) -> Fingerprint {
    let mut f = build_settings(root, compilers);
    f.tree(&root.join("xtask").join("src"));
    f.file(&root.join("xtask").join("Cargo.lock"));
    f.file(&root.join("xtask").join("Cargo.toml"));
    f
}

/// What every build in the workspace depends on: the compilers' versions and the
/// workspace's build settings (not the tool's source).
pub fn build_settings(root: &Path, compilers: &crate::judge::Compilers) -> Fingerprint {
    let mut f = Fingerprint::new("build settings");
    for (key, value) in build_variables() {
        f.text(&key, &value);
    }
    settings_files(root, &mut f);
    for c in compilers.all() {
        f.text("compiler", &c.label);
    }
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
    match manifest.parse::<toml_edit::DocumentMut>() {
        Ok(doc) => {
            for key in ["profile", "patch", "replace"] {
                if let Some(item) = doc.get(key) {
                    f.text(key, &item.to_string());
                }
            }
            if let Some(ws) = doc.get("workspace") {
                for key in ["package", "dependencies", "lints"] {
                    if let Some(item) = ws.get(key) {
                        f.text(key, &item.to_string());
                    }
                }
            }
        }
        Err(_) => f.text("manifest", &manifest),
    }
    f
}

/// Cargo's configuration from the workspace `root` up to `/` and in cargo's home, and a
/// toolchain file, wherever one is.
fn settings_files(root: &Path, f: &mut Fingerprint) {
    for dir in root.ancestors() {
        for file in [
            ".cargo/config.toml",
            ".cargo/config",
            "rust-toolchain.toml",
            "rust-toolchain",
        ] {
            let path = dir.join(file);
            if path.exists() {
                f.file(&path);
            }
        }
    }
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")));
    if let Some(home) = home {
        for file in ["config.toml", "config"] {
            if home.join(file).exists() {
                f.file(&home.join(file));
            }
        }
    }
}

/// The variables of this environment that change what cargo builds: `RUSTFLAGS` and the
/// like, every `CARGO_*` but those `cargo run` sets for this tool's own process, its
/// terminal's and where it keeps things; in name order.
pub fn build_variables() -> Vec<(String, String)> {
    build_variables_of(
        std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.to_string_lossy().into_owned()))),
    )
}

/// `build_variables` of the variables `vars`.
fn build_variables_of(vars: impl Iterator<Item = (String, String)>) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = vars
        .filter(|(k, _)| {
            let rustc = matches!(
                k.as_str(),
                "RUSTFLAGS"
                    | "RUSTDOCFLAGS"
                    | "RUSTC"
                    | "RUSTC_WRAPPER"
                    | "RUSTC_WORKSPACE_WRAPPER"
                    | "RUSTUP_TOOLCHAIN"
                    | "RUSTC_BOOTSTRAP"
            );
            // Not what `cargo run` sets for the tool itself, nor what changes no build.
            let cargo = k.starts_with("CARGO_")
                && !crate::workspace::cargo::set_by_cargo_run(k)
                && !k.starts_with("CARGO_TERM_")
                && !matches!(
                    k.as_str(),
                    "CARGO_HOME" | "CARGO_TARGET_DIR" | "CARGO_MAKEFLAGS"
                );
            rustc || cargo
        })
        .collect();
    found.sort();
    found
}

/// The hash of everything a check of `problem` depends on: the environment (the tool, the
/// compilers, the build settings), the crate's own files (sources, manifest with its
/// `[package.metadata.problem]`, examples), its cases, and every package it reaches: a
/// workspace crate by its files, a registry crate by its exact version and features.
pub fn problem_hash(
    ws: &crate::workspace::problems::Workspace,
    env: &Fingerprint,
    meta: &cargo_metadata::Metadata,
    check: &str,
    problem: &crate::workspace::problems::Problem,
) -> anyhow::Result<String> {
    let mut f = env.clone();
    f.text("check", check);
    f.tree(&problem.dir);
    f.tree(&ws.cases_dir(problem));
    f.packages(&ws.root, meta, &problem.name)?;
    Ok(f.hex())
}

/// The flags every remembering command takes.
#[derive(clap::Args, Clone, Copy, Default)]
pub struct RecordArgs {
    /// Ignore the record of what passed: check everything again.
    #[arg(long)]
    pub force: bool,
    /// List the cached ones too, with the figures of their last pass.
    #[arg(short, long)]
    pub verbose: bool,
}

/// The record of one kind of check (`cases`, `stress`, `corpus`).
pub struct Record {
    dir: PathBuf,
    force: bool,
}

impl Record {
    /// `force`: every lookup misses (the record is still updated by what runs).
    pub fn open(target: &Path, kind: &str, force: bool) -> Record {
        Record {
            dir: target.join("xtask-cache").join("verified").join(kind),
            force,
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The passes remembered for `name`, newest first: `(hash, summary)`.
    fn entries(&self, name: &str) -> Vec<(String, String)> {
        fs::read_to_string(self.path(name))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(h, s)| (h.to_string(), s.to_string()))
            .collect()
    }

    fn write(&self, name: &str, entries: &[(String, String)]) {
        let _ = fs::create_dir_all(&self.dir);
        let text: String = entries.iter().map(|(h, s)| format!("{h}\t{s}\n")).collect();
        let tmp = self.dir.join(format!(".{name}.{}.tmp", super::aside()));
        if fs::write(&tmp, text)
            .and_then(|_| fs::rename(&tmp, self.path(name)))
            .is_err()
        {
            let _ = fs::remove_file(&tmp);
        }
    }

    /// The summary saved with a pass of `name` under this `hash`. The last few passes are
    /// kept, so undoing an edit finds the pass from before it.
    pub fn passed(&self, name: &str, hash: &str) -> Option<String> {
        if self.force {
            return None;
        }
        self.entries(name)
            .into_iter()
            .find(|(h, _)| h == hash)
            .map(|(_, s)| s)
    }

    /// Remembers a pass. A record that cannot be written only costs a re-check later.
    pub fn pass(&self, name: &str, hash: &str, summary: &str) {
        let mut entries = self.entries(name);
        entries.retain(|(h, _)| h != hash);
        entries.insert(0, (hash.to_string(), summary.replace(['\n', '\t'], " ")));
        entries.truncate(KEPT);
        self.write(name, &entries);
    }

    /// Forgets `name`'s pass under `hash`: a failure is never remembered as passed.
    pub fn fail(&self, name: &str, hash: &str) {
        let mut entries = self.entries(name);
        let before = entries.len();
        entries.retain(|(h, _)| h != hash);
        if entries.len() != before {
            self.write(name, &entries);
        }
    }
}

/// Passes kept per check.
const KEPT: usize = 8;

/// `3 cached, 2 checked: 2 passed, 0 failed` (problems, programs or pairs).
pub fn summary_line(cached: usize, checked: usize, failed: usize) -> String {
    format!(
        "{cached} cached, {checked} checked: {} passed, {failed} failed",
        checked - failed
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_is_found_only_under_its_own_hash_a_failure_or_force_forgets_it() {
        let dir = tempfile::tempdir().unwrap();
        let record = Record::open(dir.path(), "cases", false);
        assert_eq!(record.passed("boj-1000", "h1"), None);
        record.pass("boj-1000", "h1", "6 runs, slowest 3 ms");
        assert_eq!(
            record.passed("boj-1000", "h1").as_deref(),
            Some("6 runs, slowest 3 ms")
        );
        assert_eq!(record.passed("boj-1000", "h2"), None);
        assert_eq!(record.passed("boj-1001", "h1"), None);
        assert_eq!(
            Record::open(dir.path(), "cases", true).passed("boj-1000", "h1"),
            None
        );
        assert_eq!(
            Record::open(dir.path(), "corpus", false).passed("boj-1000", "h1"),
            None
        );
        // An edit and its undo: both passes are found.
        record.pass("boj-1000", "h2", "6 runs, slowest 4 ms");
        assert!(record.passed("boj-1000", "h1").is_some());
        assert!(record.passed("boj-1000", "h2").is_some());
        record.fail("boj-1000", "h1");
        assert_eq!(record.passed("boj-1000", "h1"), None);
        assert!(record.passed("boj-1000", "h2").is_some());
        // Only the last few are kept.
        for i in 0..20 {
            record.pass("boj-1000", &format!("x{i}"), "s");
        }
        assert!(record.passed("boj-1000", "x19").is_some());
        assert!(record.passed("boj-1000", "x12").is_some());
        assert_eq!(record.passed("boj-1000", "x11"), None);
    }

    /// A path dependency outside the workspace (`extlib = { path = "../extlib" }`) is part
    /// of what a member's checks depend on, by its files: an edit there is a new hash.
    #[test]
    fn a_path_dependency_outside_the_workspace_is_hashed_by_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let write = |p: &str, t: &str| {
            let p = d.join(p);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, t).unwrap();
        };
        write(
            "ws/Cargo.toml",
            "[workspace]\nmembers = [\"app\"]\nresolver = \"2\"\n",
        );
        write("ws/app/Cargo.toml", "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n[dependencies]\nextlib = { path = \"../../extlib\" }\n");
        write(
            "ws/app/src/main.rs",
            "fn main() { println!(\"{}\", extlib::f()); }\n",
        );
        write(
            "extlib/Cargo.toml",
            "[package]\nname = \"extlib\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        );
        write("extlib/src/lib.rs", "pub fn f() -> u32 { 1 }\n");
        let root = d.join("ws");
        let meta = cargo_metadata::MetadataCommand::new()
            .manifest_path(root.join("Cargo.toml"))
            .current_dir(&root)
            .exec()
            .unwrap();
        let hash = || {
            let mut f = Fingerprint::new("t");
            f.packages(&root, &meta, "app").unwrap();
            f.hex()
        };
        let before = hash();
        assert_eq!(hash(), before);
        write("extlib/src/lib.rs", "pub fn f() -> u32 { 2 }\n");
        assert_ne!(hash(), before, "an edit of ../extlib must change the hash");
    }

    #[test]
    fn a_tree_hash_changes_with_any_byte_or_name_and_ignores_target_and_git() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir_all(d.join("src")).unwrap();
        fs::create_dir_all(d.join("target")).unwrap();
        fs::write(d.join("src/main.rs"), "fn main() {}").unwrap();
        fs::write(d.join("Cargo.toml"), "[package]").unwrap();
        let hash = || {
            let mut f = Fingerprint::new("t");
            f.tree(d);
            f.hex()
        };
        let first = hash();
        assert_eq!(first.len(), 32);
        assert_eq!(hash(), first);
        fs::write(d.join("target/out"), "build output").unwrap();
        fs::create_dir_all(d.join(".git")).unwrap();
        fs::write(d.join(".git/index"), "git state").unwrap();
        assert_eq!(hash(), first);
        fs::write(d.join("src/main.rs"), "fn main() { }").unwrap();
        let edited = hash();
        assert_ne!(edited, first);
        fs::rename(d.join("src/main.rs"), d.join("src/lib.rs")).unwrap();
        assert_ne!(hash(), edited);
        // Pieces are length-prefixed: ("ab", "c") and ("a", "bc") differ.
        let mut x = Fingerprint::new("t");
        x.text("ab", "c");
        let mut y = Fingerprint::new("t");
        y.text("a", "bc");
        assert_ne!(x.hex(), y.hex());
    }

    /// A tree's hash sees a hidden case file (`.h.in`, which the suite runs), what a
    /// symbolic link points to (its target edited, the link unchanged), and a module folder
    /// named `target` below the top (`src/target/`); only the top `target` (the build
    /// folder) and `.git` are left out.
    #[test]
    fn a_trees_hash_sees_hidden_files_link_targets_and_a_module_named_target() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        let elsewhere = dir.path().join("elsewhere.rs");
        let write = |rel: &str, text: &str| {
            let path = root.join(rel);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        };
        write("src/main.rs", "fn main() {}");
        fs::write(&elsewhere, "// one").unwrap();
        std::os::unix::fs::symlink(&elsewhere, root.join("src/linked.rs")).unwrap();
        let hash = || {
            let mut f = Fingerprint::new("t");
            f.tree(&root);
            f.hex()
        };
        let mut seen = std::collections::BTreeSet::from([hash()]);
        write("target/debug/junk", "build output");
        write(".git/HEAD", "ref");
        assert!(
            seen.contains(&hash()),
            "the build folder and .git are not hashed"
        );
        let changes: [(&str, &dyn Fn()); 3] = [
            ("a hidden case", &|| write(".h.in", "1 2")),
            ("a link's target", &|| {
                fs::write(&elsewhere, "// two").unwrap()
            }),
            ("src/target/", &|| {
                write("src/target/mod.rs", "pub fn f() {}")
            }),
        ];
        for (what, change) in changes {
            change();
            assert!(seen.insert(hash()), "{what} changed, the hash did not");
        }
    }

    /// The variables that change a build are those cargo and rustc read (`RUSTFLAGS`,
    /// `CARGO_PROFILE_*`, `CARGO_BUILD_*`, `RUSTUP_TOOLCHAIN`), not those `cargo run` sets
    /// for this tool's own process, nor the terminal's or where cargo keeps things.
    #[test]
    fn the_build_variables_are_cargos_and_rustcs_not_this_processs() {
        let vars = [
            "RUSTFLAGS",
            "CARGO_PROFILE_RELEASE_OPT_LEVEL",
            "CARGO_BUILD_RUSTFLAGS",
            "RUSTUP_TOOLCHAIN",
            "CARGO_PKG_NAME",
            "CARGO_MANIFEST_DIR",
            "CARGO_TERM_COLOR",
            "CARGO_HOME",
            "CARGO_TARGET_DIR",
            "HOME",
            "PATH",
        ]
        .map(|k| (k.to_string(), "v".to_string()));
        let kept: Vec<String> = build_variables_of(vars.into_iter())
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(
            kept,
            [
                "CARGO_BUILD_RUSTFLAGS",
                "CARGO_PROFILE_RELEASE_OPT_LEVEL",
                "RUSTFLAGS",
                "RUSTUP_TOOLCHAIN"
            ]
        );
    }

    /// Cargo's configuration in a folder above the workspace, and a toolchain file, change
    /// the build settings' hash.
    #[test]
    fn configuration_above_the_workspace_changes_the_build_settings() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("ws");
        fs::create_dir_all(&root).unwrap();
        let hash = || {
            let mut f = Fingerprint::new("t");
            settings_files(&root, &mut f);
            f.hex()
        };
        let mut seen = std::collections::BTreeSet::from([hash()]);
        fs::create_dir_all(dir.path().join(".cargo")).unwrap();
        fs::write(
            dir.path().join(".cargo/config.toml"),
            "[build]\nrustflags = [\"-Ctarget-cpu=native\"]\n",
        )
        .unwrap();
        assert!(seen.insert(hash()), "a parent's .cargo/config.toml");
        fs::write(
            root.join("rust-toolchain.toml"),
            "[toolchain]\nchannel = \"1.73\"\n",
        )
        .unwrap();
        assert!(seen.insert(hash()), "a toolchain file");
    }
}
