//! A workspace member's release build, as the steps that compile or run its libraries'
//! code need it (build scripts, migration): made once, and only when a step asks.

use std::collections::HashMap;
use std::path::PathBuf;

/// What `cargo build --release -p <package>` made, by package id: each library's compiled
/// crate (`.rlib`, or `.so` for a proc-macro) and each build script's executable.
pub struct Built {
    pub libraries: HashMap<String, PathBuf>,
    pub build_scripts: HashMap<String, PathBuf>,
    /// `target/release/deps`, where the dependencies of the dependencies are found.
    pub deps_dir: PathBuf,
}

/// A workspace member as its build names it: the package, and which of its binaries to
/// build. A contest package holds a hundred binaries and one that does not compile must not
/// stop the others' libraries from being readied: a run over some solutions builds those.
#[derive(Clone, Copy)]
pub struct Member<'a> {
    pub package: &'a str,
    /// The binaries to build; every target of the package when empty.
    pub bins: &'a [String],
    /// The cargo profile to build in: `release`, or one whose build the caller has made
    /// already (the corpus's reference profile), so that nothing is built twice. The steps
    /// need only the build scripts' executables and the libraries' metadata, which the
    /// optimiser does not change; they run the build scripts with the judge's variables
    /// themselves.
    pub profile: &'a str,
}

impl<'a> Member<'a> {
    /// The whole package (a problem crate, the corpus), in the release profile.
    pub fn whole(package: &'a str) -> Member<'a> {
        Member {
            package,
            bins: &[],
            profile: "release",
        }
    }
}

/// A workspace member's release build, made the first time a step asks for it (a step
/// whose answer is cached never does), and at most once for all steps.
pub struct LazyBuild<'a> {
    member: Member<'a>,
    built: Option<Built>,
}

impl<'a> LazyBuild<'a> {
    pub fn new(member: Member<'a>) -> LazyBuild<'a> {
        LazyBuild {
            member,
            built: None,
        }
    }

    /// The workspace member it builds.
    pub fn package(&self) -> &str {
        self.member.package
    }

    pub fn get(&mut self) -> anyhow::Result<&Built> {
        if self.built.is_none() {
            self.built = Some(build(self.member)?);
        }
        Ok(self.built.as_ref().unwrap())
    }
}

/// Builds `member` in release mode and reads what cargo made.
fn build(member: Member) -> anyhow::Result<Built> {
    let mut targets = vec!["--message-format=json"];
    targets.extend(member.bins.iter().flat_map(|b| ["--bin", b.as_str()]));
    let package = member.package;
    let out = crate::workspace::cargo::profile_build(member.profile, &[package], &targets)
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run cargo: {e}"))?;
    if !out.status.success() {
        return Err(anyhow::anyhow!(
            "cargo build --profile {} -p {package} {} failed:\n{}",
            member.profile,
            targets[1..].join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let mut built = Built {
        libraries: HashMap::new(),
        build_scripts: HashMap::new(),
        deps_dir: PathBuf::new(),
    };
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if v["reason"] != "compiler-artifact" {
            continue;
        }
        let Some(id) = v["package_id"].as_str() else {
            continue;
        };
        let kinds: Vec<&str> = v["target"]["kind"]
            .as_array()
            .map(|k| k.iter().filter_map(|k| k.as_str()).collect())
            .unwrap_or_default();
        let files: Vec<PathBuf> = v["filenames"]
            .as_array()
            .map(|f| {
                f.iter()
                    .filter_map(|f| f.as_str())
                    .map(PathBuf::from)
                    .collect()
            })
            .unwrap_or_default();
        if kinds.contains(&"custom-build") {
            if let Some(exe) = files.first() {
                built.build_scripts.insert(id.to_string(), exe.clone());
            }
        } else if kinds
            .iter()
            .any(|k| ["lib", "rlib", "proc-macro"].contains(k))
        {
            let main = files
                .iter()
                .find(|f| f.extension().is_some_and(|e| e == "rlib" || e == "so"))
                .or(files.first());
            if let Some(file) = main {
                if built.deps_dir.as_os_str().is_empty() {
                    if let Some(dir) = file.parent() {
                        built.deps_dir = dir.to_path_buf();
                    }
                }
                built.libraries.insert(id.to_string(), file.clone());
            }
        }
    }
    Ok(built)
}
