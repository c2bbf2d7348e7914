//! A judge's installed crates (AtCoder's): left out of the bundle, which names them with
//! `use` as the program does, and built once by cargo at the judge's versions, with the
//! judge's compiler, so that every draft and the verifying build compile against them.

use crate::bundle::externs::Externs;
use crate::bundle::Dep;
use crate::error::PathContext;
use crate::judge::Profile;
use crate::resolve::crates::Graph;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// An installed crate the program uses: its package, the version cargo resolved here
/// (`None` for a proc-macro crate, which the graph names by package only) and the judge's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Used {
    pub package: String,
    pub here: Option<String>,
    pub theirs: &'static str,
    pub features: &'static [&'static str],
}

/// Marks every crate of `graph` the judge has installed as `Dep::Installed` wherever it is
/// named under its own library name (a renamed dependency could not be named so on the
/// judge, and stays inlined), drops those libraries and what only they reach, and returns
/// the installed crates the program and its inlined libraries name.
pub fn leave_installed(graph: &mut Graph, judge: &Profile) -> Vec<Used> {
    let theirs = |package: &str| judge.installed.iter().find(|(n, _, _)| *n == package);
    let mut installed: BTreeMap<String, (String, Option<String>)> = BTreeMap::new();
    for lib in &graph.libraries {
        if let Some(origin) = &lib.origin {
            if theirs(&origin.name).is_some() && origin.lib_name == lib.module {
                installed.insert(
                    lib.module.clone(),
                    (origin.name.clone(), Some(origin.version.clone())),
                );
            }
        }
    }
    let mut named: BTreeMap<String, Option<String>> = BTreeMap::new();
    let mut mark = |deps: &mut BTreeMap<String, Dep>| {
        for (key, dep) in deps.iter_mut() {
            let package = match dep {
                Dep::Module(m) if m == key => installed.get(m).cloned(),
                Dep::ProcMacro(p) if theirs(p).is_some() => Some((p.clone(), None)),
                _ => None,
            };
            if let Some((package, version)) = package {
                named.insert(package.clone(), version);
                *dep = Dep::Installed;
            }
        }
    };
    mark(&mut graph.deps);
    // What the program reaches through inlined libraries only.
    let mut live: BTreeSet<String> = BTreeSet::new();
    let mut todo: Vec<String> = module_deps(&graph.deps);
    while let Some(module) = todo.pop() {
        if installed.contains_key(&module) || !live.insert(module.clone()) {
            continue;
        }
        if let Some(lib) = graph.libraries.iter_mut().find(|l| l.module == module) {
            mark(&mut lib.deps);
            todo.extend(module_deps(&lib.deps));
        }
    }
    graph.libraries.retain(|lib| live.contains(&lib.module));
    named
        .into_iter()
        .filter_map(|(package, here)| {
            let (_, version, features) = theirs(&package)?;
            Some(Used {
                package,
                here,
                theirs: version,
                features,
            })
        })
        .collect()
}

fn module_deps(deps: &BTreeMap<String, Dep>) -> Vec<String> {
    deps.values()
        .filter_map(|d| match d {
            Dep::Module(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// One line for each used crate whose version here is not the judge's.
pub fn version_warnings(used: &[Used], judge: &Profile) -> Vec<String> {
    used.iter()
        .filter_map(|u| {
            let here = u.here.as_deref()?;
            (here != u.theirs).then(|| {
                format!(
                    "warn    {} {here} here, {} {} on {}: the bundle is built and checked against {}'s",
                    u.package, u.package, u.theirs, judge.display, judge.display
                )
            })
        })
        .collect()
}

/// The cargo project that stands for the judge's installation: a manifest naming `used` at
/// the judge's versions and features, its edition, built with its `--cfg`s.
fn manifest(used: &[Used], judge: &Profile) -> String {
    let mut text = format!(
        "[package]\nname = \"judge-installed\"\nversion = \"0.0.0\"\nedition = \"{}\"\nrust-version = \"{}\"\npublish = false\n\n[workspace]\n\n[dependencies]\n",
        judge.edition, judge.rust
    );
    for u in used {
        let features = u
            .features
            .iter()
            .map(|f| format!("{f:?}"))
            .collect::<Vec<_>>()
            .join(", ");
        text.push_str(&format!(
            "{} = {{ version = \"={}\", features = [{features}] }}\n",
            u.package, u.theirs
        ));
    }
    text
}

/// The judge's `--cfg`s, as its cargo configuration passes them (`RUSTFLAGS`).
fn rustflags(judge: &Profile) -> String {
    judge
        .judge_cfgs()
        .iter()
        .map(|n| format!("--cfg {n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The installed crates `used` built by cargo with the judge's toolchain under
/// `target/judge-installed/<judge>/` (one target folder for every set, so a crate is built
/// once), and the arguments that give them to its rustc. Kept by the manifest's text: an
/// unchanged set asks cargo nothing.
pub fn environment(target: &Path, judge: &Profile, used: &[Used]) -> anyhow::Result<Externs> {
    let rustc = crate::judge::judge_rustc_path(judge).ok_or_else(|| {
        anyhow::anyhow!(
            "{}'s compiler is not installed: `{}`",
            judge.display,
            judge.toolchain_install()
        )
    })?;
    let text = manifest(used, judge);
    let mut key = crate::workspace::record::Fingerprint::new("judge-installed");
    key.text("manifest", &text);
    key.text("toolchain", judge.toolchain);
    key.text("rustflags", &rustflags(judge));
    let base = target.join("judge-installed").join(judge.name);
    let dir = base.join(&key.hex()[..16]);
    let saved = dir.join("externs.json");
    if let Some(args) = std::fs::read_to_string(&saved)
        .ok()
        .and_then(|t| serde_json::from_str::<Vec<String>>(&t).ok())
        .filter(|args| files_exist(args))
    {
        return Ok(Externs { rustc, args });
    }
    std::fs::create_dir_all(dir.join("src")).at(&dir)?;
    std::fs::write(dir.join("Cargo.toml"), &text).at(&dir)?;
    std::fs::write(dir.join("src/lib.rs"), "").at(&dir)?;
    let build_dir = base.join("target");
    let out = Command::new("rustup")
        .args(["run", judge.toolchain, "cargo", "build", "--release"])
        .args(["--message-format=json", "--target-dir"])
        .arg(&build_dir)
        .env("RUSTFLAGS", rustflags(judge))
        .current_dir(&dir)
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run cargo for {}'s crates: {e}", judge.display))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let last: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        anyhow::bail!(
            "building {}'s installed crates ({}) failed: {}",
            judge.display,
            used.iter()
                .map(|u| u.package.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            last[last.len().saturating_sub(3)..].join(" / ")
        );
    }
    let args = extern_args(&String::from_utf8_lossy(&out.stdout), used, &build_dir)?;
    std::fs::write(&saved, serde_json::to_string(&args)?).at(&saved)?;
    Ok(Externs { rustc, args })
}

fn files_exist(args: &[String]) -> bool {
    args.iter()
        .filter_map(|a| a.split_once('=').map(|(_, f)| f))
        .filter(|f| !f.starts_with("dependency"))
        .all(|f| Path::new(f).is_file())
}

/// `-L dependency=<deps>` and `--extern <crate>=<file>` for each used package, read from
/// cargo's JSON messages (the artifact of that package at the judge's version).
fn extern_args(messages: &str, used: &[Used], build_dir: &Path) -> anyhow::Result<Vec<String>> {
    let deps: PathBuf = build_dir.join("release/deps");
    let mut args = vec!["-L".to_string(), format!("dependency={}", deps.display())];
    for u in used {
        let wanted = format!("{}@{}", u.package, u.theirs);
        let artifact = messages
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["reason"] == "compiler-artifact")
            .find(|v| {
                let id = v["package_id"].as_str().unwrap_or("");
                id.ends_with(&format!("#{wanted}"))
                    || id.contains(&format!("/{}#{}", u.package, u.theirs))
            });
        let Some(artifact) = artifact else {
            anyhow::bail!("cargo built no library for {wanted}");
        };
        let name = artifact["target"]["name"]
            .as_str()
            .unwrap_or(&u.package)
            .replace('-', "_");
        let file = artifact["filenames"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str())
            .find(|f| f.ends_with(".rlib") || f.ends_with(".so"))
            .ok_or_else(|| anyhow::anyhow!("cargo built no library file for {wanted}"))?;
        args.push("--extern".to_string());
        args.push(format!("{name}={file}"));
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn used(package: &str, here: Option<&str>, theirs: &'static str) -> Used {
        Used {
            package: package.into(),
            here: here.map(str::to_string),
            theirs,
            features: &["derive"],
        }
    }

    /// A version here that is not the judge's gets one line naming both; the judge's own
    /// version, or a proc-macro crate whose version the graph does not say, gets none.
    #[test]
    fn a_version_other_than_the_judges_gets_one_line_naming_both() {
        let judge = &crate::judge::ATCODER;
        let lines = version_warnings(
            &[
                used("itertools", Some("0.13.0"), "0.14.0"),
                used("proconio", Some("0.5.0"), "0.5.0"),
                used("memoise", None, "0.3.2"),
            ],
            judge,
        );
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].contains("itertools 0.13.0") && lines[0].contains("0.14.0"));
    }

    /// The stand-in for the judge's installation pins each crate at the judge's version with
    /// its features, in the judge's edition, and reads as a manifest.
    #[test]
    fn the_installation_manifest_pins_the_judges_versions_and_features() {
        let judge = &crate::judge::ATCODER;
        let text = manifest(&[used("proconio", Some("0.5.0"), "0.5.0")], judge);
        let doc: toml_edit::DocumentMut = text.parse().unwrap();
        assert_eq!(doc["package"]["edition"].as_str(), Some("2024"));
        assert_eq!(
            doc["dependencies"]["proconio"]["version"].as_str(),
            Some("=0.5.0")
        );
        assert!(text.contains("features = [\"derive\"]"), "{text}");
        assert_eq!(rustflags(judge), "--cfg atcoder");
    }
}
