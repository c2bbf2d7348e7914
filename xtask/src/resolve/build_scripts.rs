//! Library build scripts, run for the judge: a build script that only sets cfgs (num-traits'
//! autocfg probes, zerocopy's version checks) decides them by asking the compiler, and the
//! judge's compiler is older than this machine's. So each one is compiled by cargo as usual,
//! then run again with `RUSTC` pointing at the judge's own rustc (1.73 when installed) and
//! the judge's target; the `cargo:rustc-cfg` lines it prints settle the library's `#[cfg]`s
//! in the bundle. A script that asks for anything a single file cannot carry (an environment
//! variable for the code, a native library, linker arguments) makes the library unbundleable,
//! with the reason; so does one that fails. Answers are cached per package, features and
//! compiler under `target/xtask-cache/build-scripts/`, so the next run needs neither cargo
//! nor the network.

use crate::bundle::{Library, Origin};
use crate::error::PathContext;
use crate::judge;
use crate::resolve::build::LazyBuild;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a build script told the judge's build: what it gives the code, or why it cannot be
/// bundled.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Given(Given),
    Refused(String),
}

/// What a build script gives its library's code.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// The cfgs it sets (`cargo:rustc-cfg`).
    pub cfgs: Vec<String>,
    /// The variables it sets for the code (`cargo:rustc-env`).
    pub env: Vec<(String, String)>,
    /// The text files it writes to `OUT_DIR`, by path relative to it, for the code's
    /// `include!(concat!(env!("OUT_DIR"), "/f.rs"))` (serde's `private.rs`).
    pub files: Vec<(String, String)>,
}

/// At most this much of what a build script writes to `OUT_DIR` is kept: more could never
/// go into a file the judge takes (512,000 bytes), and a file not kept is refused if the
/// code includes it.
const OUT_DIR_BYTES: u64 = 1 << 20;

/// Settles every library of `libraries` that has a build script: its `cfgs`, or its
/// `unbundleable` reason. `build` is the workspace member being bundled, built by cargo
/// only when a cached answer is missing. Returns notes to print.
pub fn settle(
    target: &Path,
    build: &mut LazyBuild,
    libraries: &mut [Library],
    judge: &judge::Profile,
) -> anyhow::Result<Vec<String>> {
    let mut notes = Vec::new();
    if !libraries.iter().any(|l| l.build_script.is_some()) {
        return Ok(notes);
    }
    let judge_rustc = judge::judge_rustc_path(judge);
    let (rustc, label) = match &judge_rustc {
        Some(path) => (path.clone(), format!("rustc {}", judge.rust)),
        None => (
            PathBuf::from(judge::local_rustc()),
            "this machine's rustc".to_string(),
        ),
    };
    let version = judge::rustc_version(&rustc)?;
    let cache = target.join("xtask-cache/build-scripts");
    if judge_rustc.is_none() {
        notes.push(format!(
            "note    build scripts are run with {version}: the judge's rustc {} is not installed, and a probe may answer differently there",
            judge.rust
        ));
    }
    for lib in libraries.iter_mut() {
        let (Some(src), Some(origin)) = (lib.build_script.clone(), lib.origin.clone()) else {
            continue;
        };
        let script = Script {
            src: &src,
            origin: &origin,
            judge,
        };
        let file = cache.join(cache_name(&script, &lib.features, &version));
        let verdict = match read_cached(&file) {
            Some(v) => v,
            None => {
                let exe = build
                    .get()?
                    .build_scripts
                    .get(&origin.package_id)
                    .ok_or_else(|| {
                        anyhow::anyhow!(
                            "cargo built no build script for {} {}",
                            origin.name,
                            origin.version
                        )
                    })?;
                let v = run_for_judge(exe, &script, &lib.features, &rustc, &label);
                write_cached(&file, &v)?;
                v
            }
        };
        match verdict {
            Verdict::Given(given) => {
                lib.cfgs = given.cfgs;
                lib.env = given.env;
                lib.generated = given.files;
            }
            Verdict::Refused(why) => lib.unbundleable = Some(why),
        }
    }
    Ok(notes)
}

/// A build script and its package.
struct Script<'a> {
    src: &'a Path,
    origin: &'a Origin,
    /// The judge it is run for: its target.
    judge: &'a judge::Profile,
}

fn cache_name(script: &Script, features: &[String], version: &str) -> String {
    let o = script.origin;
    let mut h = DefaultHasher::new();
    // The cache's format: 2 since `rustc-env` values are kept, 3 since `OUT_DIR` files are.
    3u8.hash(&mut h);
    (&o.package_id, features, version, script.judge.target_triple).hash(&mut h);
    format!("{}-{}-{:016x}", o.name, o.version, h.finish())
}

fn read_cached(file: &Path) -> Option<Verdict> {
    let text = fs::read_to_string(file).ok()?;
    // Written whole with a last `end` line: a file without it (cut short) is not an answer.
    let text = text.strip_suffix("\nend\n")?;
    let mut lines = text.lines();
    match lines.next()? {
        "cfgs" => {
            // A cfg never holds a space: `env K=V` lines are the variables, `file P=T` the
            // files.
            let mut given = Given::default();
            for line in lines {
                if let Some((k, v)) = line.strip_prefix("env ").and_then(|kv| kv.split_once('=')) {
                    given.env.push((k.to_string(), unescape(v)));
                } else if let Some((p, t)) =
                    line.strip_prefix("file ").and_then(|kv| kv.split_once('='))
                {
                    given.files.push((unescape(p), unescape(t)));
                } else {
                    given.cfgs.push(line.to_string());
                }
            }
            Some(Verdict::Given(given))
        }
        "refused" => Some(Verdict::Refused(lines.collect::<Vec<_>>().join(" "))),
        _ => None,
    }
}

fn write_cached(file: &Path, verdict: &Verdict) -> anyhow::Result<()> {
    let text = match verdict {
        Verdict::Given(given) => {
            let mut text = format!("cfgs\n{}", given.cfgs.join("\n"));
            for (k, v) in &given.env {
                text.push_str(&format!("\nenv {k}={}", escape(v)));
            }
            for (p, t) in &given.files {
                text.push_str(&format!("\nfile {}={}", escape(p), escape(t)));
            }
            text
        }
        Verdict::Refused(why) => format!("refused\n{why}"),
    };
    let text = format!("{text}\nend\n");
    let dir = file.parent().expect("a cache file is in a folder");
    fs::create_dir_all(dir).at(dir)?;
    // Written aside and renamed: a parallel run reads the whole answer or none.
    let tmp = file.with_extension(format!("tmp{}", crate::workspace::aside()));
    fs::write(&tmp, text).map_err(|e| anyhow::anyhow!("{}: {e}", tmp.display()))?;
    fs::rename(&tmp, file).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))
}

/// Runs the compiled build script `exe` as cargo would for the judge's target, with
/// `rustc` as the compiler, and reads what it printed.
fn run_for_judge(
    exe: &Path,
    script: &Script,
    features: &[String],
    rustc: &Path,
    label: &str,
) -> Verdict {
    let out_dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => {
            return Verdict::Refused(format!("cannot make a folder for its build script: {e}"))
        }
    };
    let origin = script.origin;
    let mut command = Command::new(exe);
    command
        .current_dir(&origin.manifest_dir)
        .env_remove("RUSTC_WRAPPER")
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("RUSTFLAGS")
        .env("RUSTC", rustc)
        .env("CARGO_ENCODED_RUSTFLAGS", "")
        .env("OUT_DIR", out_dir.path())
        .env("TARGET", script.judge.target_triple)
        .env("HOST", script.judge.target_triple)
        .env("PROFILE", "release")
        .env("OPT_LEVEL", "3")
        .env("DEBUG", "false")
        .env("NUM_JOBS", "1")
        .env("CARGO_MANIFEST_DIR", &origin.manifest_dir)
        .env(
            "CARGO_MANIFEST_PATH",
            origin.manifest_dir.join("Cargo.toml"),
        )
        .env("CARGO_PKG_NAME", &origin.name)
        .env("CARGO_PKG_VERSION", &origin.version);
    let mut parts = origin.version.splitn(3, '.');
    for key in ["MAJOR", "MINOR", "PATCH"] {
        let part = parts.next().unwrap_or("0");
        let part = part.split(['-', '+']).next().unwrap_or("0");
        command.env(format!("CARGO_PKG_VERSION_{key}"), part);
    }
    for (key, values) in script.judge.target_cfgs {
        if *key == crate::judge::JUDGE_CFG {
            // `--cfg ONLINE_JUDGE`: cargo sets a bare cfg as an empty variable.
            for name in *values {
                command.env(format!("CARGO_CFG_{}", name.to_uppercase()), "");
            }
            continue;
        }
        if *key == "target_family" {
            // `unix`/`windows`, the family's shorthand cfgs.
            for family in *values {
                command.env(format!("CARGO_CFG_{}", family.to_uppercase()), "");
            }
        }
        command.env(
            format!("CARGO_CFG_{}", key.to_uppercase()),
            values.join(","),
        );
    }
    for feature in features {
        command.env(
            format!("CARGO_FEATURE_{}", feature.to_uppercase().replace('-', "_")),
            "1",
        );
    }
    let output = match command.output() {
        Ok(o) => o,
        Err(e) => return Verdict::Refused(format!("its build script could not be run: {e}")),
    };
    if !output.status.success() {
        let first = String::from_utf8_lossy(&output.stderr)
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .to_string();
        return Verdict::Refused(format!(
            "its build script ({}) fails with {label}: {first}",
            script.src.display()
        ));
    }
    match read_instructions(&String::from_utf8_lossy(&output.stdout), script.src) {
        Verdict::Given(mut given) => {
            given.files = out_dir_files(out_dir.path());
            Verdict::Given(given)
        }
        refused => refused,
    }
}

/// The UTF-8 files under `dir` (a build script's `OUT_DIR`), by path relative to it, sorted,
/// up to `OUT_DIR_BYTES` in all; names with `=` or a line break are left out (the cache's
/// lines could not hold them).
fn out_dir_files(dir: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    let mut total = 0u64;
    while let Some(at) = stack.pop() {
        let Ok(entries) = fs::read_dir(&at) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                stack.push(path);
                continue;
            }
            let size = entry.metadata().map(|m| m.len()).unwrap_or(u64::MAX);
            let Some(rel) = path.strip_prefix(dir).ok().and_then(|r| r.to_str()) else {
                continue;
            };
            if !kind.is_file() || rel.contains(['=', '\n']) || total + size > OUT_DIR_BYTES {
                continue;
            }
            if let Ok(text) = fs::read_to_string(&path) {
                total += size;
                files.push((rel.to_string(), text));
            }
        }
    }
    files.sort();
    files
}

/// Reads a build script's `cargo:` / `cargo::` lines: cfgs are kept, checks, reruns and
/// warnings are harmless, anything else makes the library unbundleable.
pub fn read_instructions(stdout: &str, src: &Path) -> Verdict {
    let mut cfgs = Vec::new();
    let mut env = Vec::new();
    for line in stdout.lines() {
        let Some(rest) = line
            .strip_prefix("cargo::")
            .or_else(|| line.strip_prefix("cargo:"))
        else {
            continue;
        };
        let (key, value) = rest.split_once('=').unwrap_or((rest, ""));
        match key {
            "rustc-cfg" if value.trim().is_empty() => {}
            "rustc-cfg" => cfgs.push(normalise_cfg(value)),
            "rustc-check-cfg" | "rerun-if-changed" | "rerun-if-env-changed" | "warning" => {}
            // The value is written into the file where the code reads it (`env!`).
            "rustc-env" => {
                let (k, v) = value.split_once('=').unwrap_or((value, ""));
                env.push((k.to_string(), v.to_string()));
            }
            "rustc-link-lib" | "rustc-link-search" | "rustc-flags" | "rustc-link-arg"
            | "rustc-link-arg-bins" | "rustc-link-arg-bin" | "rustc-cdylib-link-arg" => {
                return Verdict::Refused(format!(
                    "its build script ({}) asks the linker for `{value}` (cargo:{key}), which the judge's single file cannot ask",
                    src.display()
                ))
            }
            other => {
                return Verdict::Refused(format!(
                    "its build script ({}) prints `cargo:{other}`, which the bundler does not know how to carry",
                    src.display()
                ))
            }
        }
    }
    Verdict::Given(Given {
        cfgs,
        env,
        files: Vec::new(),
    })
}

/// A value on one line of the cache: `\\` and `\n` escaped.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('\n', "\\n")
}

fn unescape(v: &str) -> String {
    let mut out = String::new();
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

/// `key = "value"` as the cfg evaluator writes it (`key="value"`); a bare name as is.
fn normalise_cfg(value: &str) -> String {
    match value.split_once('=') {
        Some((k, v)) => {
            let v = v.trim().trim_matches('"');
            format!("{}={v:?}", k.trim())
        }
        None => value.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two threads of one process (the tool's tests ready the same crates at once on an empty
    /// cache) writing one cache file: every write succeeds and the file reads back whole. With
    /// the aside file named by the process id alone, one thread renamed the other's away and
    /// that write failed.
    #[test]
    fn threads_of_one_process_writing_one_cache_file_all_succeed_and_it_reads_whole() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("verdict");
        let verdict = Verdict::Given(Given {
            cfgs: (0..200).map(|k| format!("has_feature_{k}")).collect(),
            env: vec![("K".into(), "v".repeat(4096))],
            files: Vec::new(),
        });
        let failures = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    for _ in 0..50 {
                        if write_cached(&file, &verdict).is_err() {
                            failures.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(failures.into_inner(), 0, "of 400 writes");
        assert_eq!(read_cached(&file), Some(verdict));
        let left: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "only the cache file: {left:?}");
    }

    #[test]
    fn reads_cfgs_and_ignores_checks_reruns_and_warnings() {
        let out = "cargo:rerun-if-changed=build.rs\ncargo:rustc-check-cfg=cfg(has_x)\ncargo:rustc-cfg=has_x\ncargo::rustc-cfg=kind=\"fast\"\ncargo:warning=probing\nnot an instruction\n";
        assert_eq!(
            read_instructions(out, Path::new("build.rs")),
            Verdict::Given(Given {
                cfgs: vec!["has_x".into(), "kind=\"fast\"".into()],
                ..Given::default()
            })
        );
    }

    /// `cargo:rustc-env` values are kept for the code's `env!`, and they and the `OUT_DIR`
    /// files survive the cache file, a value with `=`, `\\` and a newline escape included.
    #[test]
    fn environment_and_out_dir_files_for_the_code_are_kept_and_read_back_from_the_cache_as_written()
    {
        let v = read_instructions(
            "cargo:rustc-env=GIT_HASH=abc=d\ncargo:rustc-cfg=has_x\n",
            Path::new("x/build.rs"),
        );
        let want = Verdict::Given(Given {
            cfgs: vec!["has_x".into()],
            env: vec![("GIT_HASH".into(), "abc=d".into())],
            files: Vec::new(),
        });
        assert_eq!(v, want);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("answer");
        let tricky = Verdict::Given(Given {
            cfgs: vec!["has_x".into()],
            env: vec![
                ("K".into(), "a\\nb\nc\\".into()),
                ("EMPTY".into(), String::new()),
            ],
            files: vec![("gen/private.rs".into(), "mod x {}\n// a \\n b\n".into())],
        });
        write_cached(&file, &tricky).unwrap();
        assert_eq!(read_cached(&file), Some(tricky));
        // Cut short, it is no answer: the script is run again.
        let whole = fs::read_to_string(&file).unwrap();
        fs::write(&file, &whole[..whole.len() - 3]).unwrap();
        assert_eq!(read_cached(&file), None);
    }

    #[test]
    fn refuses_linker_requests_naming_them() {
        let link = read_instructions("cargo:rustc-link-lib=ssl\n", Path::new("build.rs"));
        assert!(
            matches!(&link, Verdict::Refused(w) if w.contains("ssl")),
            "{link:?}"
        );
        let unknown = read_instructions("cargo::metadata=x=1\n", Path::new("build.rs"));
        assert!(matches!(unknown, Verdict::Refused(_)));
    }
}
