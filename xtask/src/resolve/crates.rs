//! Which library crates a problem reaches, read from `cargo metadata`: its normal (not dev,
//! not build) dependencies, transitively, each with the features Cargo resolved.

use crate::bundle::{Dep, Library};
use crate::judge::Profile;
use crate::workspace::packages::{resolved, Resolved};
use cargo_metadata::{DependencyKind, Metadata, Package, PackageId};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

/// What a problem may inline: the names its `main.rs` uses for its dependencies, and the
/// library crates reachable from it.
#[derive(Clone)]
pub struct Graph {
    pub deps: BTreeMap<String, Dep>,
    pub libraries: Vec<Library>,
}

fn lib_target(p: &Package) -> Option<&cargo_metadata::Target> {
    p.targets.iter().find(|t| {
        t.kind.iter().any(|k| {
            let k = k.to_string();
            k == "lib" || k == "rlib" || k == "proc-macro"
        })
    })
}

fn is_proc_macro(p: &Package) -> bool {
    lib_target(p).is_some_and(|t| t.kind.iter().any(|k| k.to_string() == "proc-macro"))
}

/// Whether a dependency declared for `platform` (`cfg(target_os = "wasi")`, a triple) is one
/// on the judge's target: getrandom's `wasi` is not.
fn for_the_judge(platform: &str, judge: &Profile) -> bool {
    let text = platform;
    match text.strip_prefix("cfg(").and_then(|t| t.strip_suffix(')')) {
        Some(predicate) => syn::parse_str::<syn::Meta>(predicate)
            .ok()
            .and_then(|meta| {
                crate::bundle::Cfg {
                    target: judge.target_cfgs,
                    features: &[],
                    cfgs: &[],
                }
                .eval(&meta)
            })
            .unwrap_or(true),
        None => text == judge.target_triple,
    }
}

/// The packages cargo builds for `package` alone, by `name version`, with their features.
///
/// `cargo metadata` resolves features for the whole workspace at once: a feature another
/// member turns on (`multimap`'s default `serde`) is on there, and so is the optional
/// dependency it brings, while `cargo build -p <package>` builds without them. `cargo tree
/// -p` resolves as that build does, for the judge's target.
///
/// Its answer is kept under `target/xtask-cache/cargo-tree/`, keyed by what decides it (the
/// lock file, the manifests of the workspace's own packages, the toolchain, the target): a
/// warm `make submit` asks cargo nothing it asked before.
fn built_alone(
    meta: &Metadata,
    package: &str,
    judge: &Profile,
) -> anyhow::Result<HashMap<String, Vec<String>>> {
    let mut key = crate::workspace::record::Fingerprint::new("cargo tree");
    key.text("package", package);
    key.text("target", judge.target_triple);
    key.text(
        "toolchain",
        &crate::judge::rustc_version(std::path::Path::new("rustc"))?,
    );
    let root = meta.workspace_root.as_std_path();
    key.file(&root.join("Cargo.lock"));
    for p in meta.packages.iter().filter(|p| p.source.is_none()) {
        key.file(p.manifest_path.as_std_path());
    }
    let cache = meta
        .target_directory
        .as_std_path()
        .join("xtask-cache/cargo-tree")
        .join(format!("{package}-{}", key.hex()));
    if let Ok(text) = std::fs::read_to_string(&cache) {
        if let Some(text) = text.strip_suffix("end\n") {
            return Ok(parse_tree(text));
        }
    }
    let text = cargo_tree(package, judge)?;
    // Written aside and renamed, with a last `end` line: a cut-short file is no answer.
    if let Some(dir) = cache.parent() {
        let tmp = cache.with_extension(format!("tmp{}", crate::workspace::aside()));
        let written = std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(&tmp, format!("{text}end\n")))
            .and_then(|_| std::fs::rename(&tmp, &cache));
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
    Ok(parse_tree(&text))
}

/// `cargo tree -p <package>` for the judge's target, each package with its features.
fn cargo_tree(package: &str, judge: &Profile) -> anyhow::Result<String> {
    let out = crate::workspace::cargo::cargo_command()
        .args([
            "tree", "--quiet", "-p", package, "-e", "normal", "--prefix", "none",
        ])
        .args(["--target", judge.target_triple, "-f", "{p}|{f}"])
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run cargo tree: {e}"))?;
    if !out.status.success() {
        return Err(anyhow::anyhow!(
            "cargo tree -p {package} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    Ok(if text.is_empty() || text.ends_with('\n') {
        text
    } else {
        text + "\n"
    })
}

/// `cargo tree -f '{p}|{f}' --prefix none` lines (`name v1.2.3 (source)|feat,feat`, a
/// repeated one ending ` (*)`) as `name 1.2.3` -> features.
fn parse_tree(text: &str) -> HashMap<String, Vec<String>> {
    let mut out: HashMap<String, Vec<String>> = HashMap::new();
    for line in text.lines() {
        let Some((p, f)) = line.split_once('|') else {
            continue;
        };
        let mut words = p.split_whitespace();
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        let key = format!("{name} {}", version.trim_start_matches('v'));
        let features = f.trim().trim_end_matches("(*)").trim();
        let entry = out.entry(key).or_default();
        for feature in features.split(',').filter(|f| !f.is_empty()) {
            if !entry.iter().any(|e| e == feature) {
                entry.push(feature.to_string());
            }
        }
    }
    out
}

/// The crates `package` (a workspace member's name) reaches, as `cargo build -p
/// <package>` builds them (see `built_alone`) for `judge`'s target.
pub fn graph(meta: &Metadata, package: &str, judge: &Profile) -> anyhow::Result<Graph> {
    let alone = built_alone(meta, package, judge)?;
    graph_with(meta, package, &alone, judge)
}

/// `graph`, given what cargo builds for the package alone (`built_alone`).
fn graph_with(
    meta: &Metadata,
    package: &str,
    alone: &HashMap<String, Vec<String>>,
    judge: &Profile,
) -> anyhow::Result<Graph> {
    let Resolved {
        packages,
        nodes,
        root,
    } = resolved(meta, package)?;
    let walk = Walk {
        packages: &packages,
        nodes: &nodes,
        alone,
        judge,
    };
    let (modules, order) = walk.modules(&root.id);
    let dep_map = |id: &PackageId| -> BTreeMap<String, Dep> {
        walk.normal_deps(id)
            .into_iter()
            .map(|(name, pkg)| {
                let dep = match modules.get(&pkg) {
                    Some(m) => Dep::Module(m.clone()),
                    None => Dep::ProcMacro(packages[&pkg].name.to_string()),
                };
                (name, dep)
            })
            .collect()
    };
    let mut libraries = Vec::new();
    for id in &order {
        let mut lib = walk.library(meta, id, &modules[id])?;
        lib.deps = dep_map(id);
        libraries.push(lib);
    }
    Ok(Graph {
        deps: dep_map(&root.id),
        libraries,
    })
}

/// Cargo's resolution, and the features each package is built with for the member alone.
struct Walk<'a> {
    packages: &'a HashMap<&'a PackageId, &'a Package>,
    nodes: &'a HashMap<&'a PackageId, &'a cargo_metadata::Node>,
    alone: &'a HashMap<String, Vec<String>>,
    /// The judge whose target decides which platform-specific dependencies are built.
    judge: &'a Profile,
}

impl Walk<'_> {
    /// `name version`, as `built_alone` keys packages.
    fn key(&self, id: &PackageId) -> String {
        let p = self.packages[id];
        format!("{} {}", p.name, p.version)
    }

    /// The dependencies of `id` that its build for the judge compiles: normal ones, for the
    /// judge's platform, in the member's own build; by the name its source uses.
    fn normal_deps(&self, id: &PackageId) -> Vec<(String, PackageId)> {
        self.nodes
            .get(id)
            .map(|n| {
                n.deps
                    .iter()
                    .filter(|d| self.alone.contains_key(&self.key(&d.pkg)))
                    .filter(|d| self.activated(id, &d.name))
                    .filter(|d| {
                        d.dep_kinds.iter().any(|k| {
                            k.kind == DependencyKind::Normal
                                && k.target
                                    .as_ref()
                                    .is_none_or(|t| for_the_judge(&t.to_string(), self.judge))
                        })
                    })
                    .map(|d| (d.name.clone(), d.pkg.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Whether `id`'s own build compiles its normal dependency named `lib` (as its source
    /// names it): always for one it does not declare optional, and for an optional one only
    /// when a feature cargo turns on for `id` enables it (`serde`, `dep:serde`,
    /// `serde/alloc`; never a weak `serde?/alloc`). `cargo metadata`'s resolve lists the
    /// optional dependency a weak feature names whenever another package of the build
    /// compiles it: petgraph 0.8's `stable_graph = ["serde?/alloc"]` beside multimap's
    /// serde read serde and serde_core into every petgraph bundle, and its first draft
    /// doubled (211 -> 418 KiB).
    fn activated(&self, id: &PackageId, lib: &str) -> bool {
        let package = self.packages[id];
        let declared: Vec<&cargo_metadata::Dependency> = (package.dependencies.iter())
            .filter(|d| d.kind == DependencyKind::Normal)
            .filter(|d| d.rename.as_deref().unwrap_or(&d.name).replace('-', "_") == lib)
            .collect();
        if declared.is_empty() || declared.iter().any(|d| !d.optional) {
            return true;
        }
        let on = self
            .alone
            .get(&self.key(id))
            .map(Vec::as_slice)
            .unwrap_or_default();
        declared.iter().any(|d| {
            let name = d.rename.as_deref().unwrap_or(&d.name);
            let (implicit, explicit, strong) =
                (name.to_string(), format!("dep:{name}"), format!("{name}/"));
            on.iter().any(|f| {
                *f == implicit
                    || package.features.get(f).is_some_and(|enables| {
                        enables
                            .iter()
                            .any(|e| *e == explicit || e.starts_with(&strong))
                    })
            })
        })
    }

    /// The dependencies of `id` a build of it on this machine may compile against (the
    /// edition migration builds it here): the judge's, and those for this machine's platform
    /// (rand's `libc`, which a Windows judge does not build), by package id.
    fn deps_built_here(&self, id: &PackageId) -> Vec<(String, String)> {
        let host = &crate::judge::BOJ;
        let mut deps: Vec<(String, String)> = self
            .normal_deps(id)
            .into_iter()
            .map(|(name, pkg)| (name, pkg.repr))
            .collect();
        if self.judge.foreign_target() {
            for d in self.nodes.get(id).map(|n| &n.deps[..]).unwrap_or_default() {
                let here = d.dep_kinds.iter().any(|k| {
                    k.kind == DependencyKind::Normal
                        && k.target
                            .as_ref()
                            .is_some_and(|t| for_the_judge(&t.to_string(), host))
                });
                if here && !deps.iter().any(|(n, _)| *n == d.name) {
                    deps.push((d.name.clone(), d.pkg.repr.clone()));
                }
            }
        }
        deps
    }

    /// Breadth-first from `root` over normal dependencies: each library's module, named
    /// after the library, with the version appended when two versions of one library
    /// meet; and the libraries in that order (proc-macro crates have no module).
    fn modules(&self, root: &PackageId) -> (HashMap<PackageId, String>, Vec<PackageId>) {
        let mut modules: HashMap<PackageId, String> = HashMap::new();
        let mut taken: HashSet<String> = HashSet::new();
        let mut order: Vec<PackageId> = Vec::new();
        let mut queue: VecDeque<PackageId> = VecDeque::from([root.clone()]);
        let mut seen: HashSet<PackageId> = HashSet::from([root.clone()]);
        while let Some(id) = queue.pop_front() {
            for (_, dep) in self.normal_deps(&id) {
                if !seen.insert(dep.clone()) {
                    continue;
                }
                let p = self.packages[&dep];
                if is_proc_macro(p) {
                    continue;
                }
                let lib = lib_target(p)
                    .map(|t| t.name.replace('-', "_"))
                    .unwrap_or_default();
                let module = if taken.contains(&lib) {
                    format!(
                        "{lib}_{}",
                        p.version.to_string().replace(['.', '-', '+'], "_")
                    )
                } else {
                    lib
                };
                taken.insert(module.clone());
                modules.insert(dep.clone(), module);
                order.push(dep.clone());
                queue.push_back(dep);
            }
        }
        (modules, order)
    }

    /// Package `id` as a library of the bundle (its `deps` left for the caller).
    fn library(&self, meta: &Metadata, id: &PackageId, module: &str) -> anyhow::Result<Library> {
        let p = self.packages[id];
        let target = lib_target(p)
            .ok_or_else(|| anyhow::anyhow!("{} {} has no library target", p.name, p.version))?;
        let mut features = self.alone.get(&self.key(id)).cloned().unwrap_or_default();
        features.sort();
        let build_script = p
            .targets
            .iter()
            .find(|t| t.kind.iter().any(|k| k.to_string() == "custom-build"))
            .map(|t| t.src_path.clone().into_std_path_buf());
        let origin = crate::bundle::Origin {
            package_id: p.id.repr.clone(),
            name: p.name.to_string(),
            version: p.version.to_string(),
            lib_name: target.name.replace('-', "_"),
            rust_version: p.rust_version.as_ref().map(|v| v.to_string()),
            manifest_dir: p
                .manifest_path
                .parent()
                .map(|d| d.as_std_path().to_path_buf())
                .unwrap_or_default(),
            deps: self.deps_built_here(id),
        };
        // A build script is run for the judge later (`build_scripts`): one that only sets
        // cfgs is fine.
        let unbundleable = p
            .links
            .as_ref()
            .map(|l| format!("it links the native library `{l}`, which the judge does not have"));
        let package = format!("{} {}", p.name, p.version);
        let edition = p.edition.to_string();
        Ok(Library {
            features,
            notice: notice(meta, p),
            unbundleable,
            build_script,
            origin: Some(origin),
            ..Library::new(module, &package, target.src_path.clone().into(), &edition)
        })
    }
}

/// The comment above a library's module: whose it is and its license.
fn notice(meta: &Metadata, p: &Package) -> String {
    if meta.workspace_members.contains(&p.id) {
        format!(
            "{}: this workspace's library, inlined by `cargo xtask submit`",
            p.name
        )
    } else {
        format!(
            "{} {} by {}{}\nLicensed under {}; inlined with only the items this program uses, docs and comments removed, paths rewritten.",
            p.name,
            p.version,
            p.authors.join(", "),
            p.repository.as_deref().map(|r| format!(", {r}")).unwrap_or_default(),
            p.license.as_deref().unwrap_or("the terms in its package"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_trees_lines_give_each_package_its_features_once() {
        let text = "boj-1 v0.1.0 (/w/boj-1)|\nmultimap v0.10.1|\nproconio v0.5.0|derive,proconio-derive\nproconio-derive v0.2.1 (proc-macro)|\nproconio v0.5.0|derive,proconio-derive (*)\n";
        let tree = parse_tree(text);
        assert_eq!(tree.len(), 4, "{tree:?}");
        assert_eq!(tree["multimap 0.10.1"], Vec::<String>::new());
        assert_eq!(tree["proconio 0.5.0"], ["derive", "proconio-derive"]);
        assert!(tree.contains_key("proconio-derive 0.2.1"));
    }

    /// The workspace's members turn proconio's `derive` on for `corpus` only: the graph of
    /// a showcase problem has proconio without it and no proconio-derive, as its own
    /// `cargo build -p` has them, while cargo metadata has the union of all members.
    #[test]
    fn a_problem_gets_the_features_cargo_builds_it_with_not_the_workspaces_union() {
        let meta = crate::workspace::packages::metadata().unwrap();
        let unified = meta
            .resolve
            .as_ref()
            .unwrap()
            .nodes
            .iter()
            .find(|n| {
                meta.packages
                    .iter()
                    .any(|p| p.id == n.id && p.name.as_str() == "proconio")
            })
            .unwrap();
        assert!(unified.features.iter().any(|f| **f == *"derive"));
        let g = graph(&meta, "boj-17825", &crate::judge::BOJ).unwrap();
        let proconio = g.libraries.iter().find(|l| l.module == "proconio").unwrap();
        assert!(proconio.features.is_empty(), "{:?}", proconio.features);
        assert!(!g.libraries.iter().any(|l| l.module == "proconio_derive"));
        let c = graph(&meta, "corpus", &crate::judge::BOJ).unwrap();
        let proconio = c.libraries.iter().find(|l| l.module == "proconio").unwrap();
        assert!(proconio.features.iter().any(|f| f == "derive"));
    }

    /// An optional dependency only a weak feature names (`stable_graph = ["serde?/alloc"]`
    /// in petgraph 0.8) is not a dependency of that build, though cargo metadata's resolve
    /// lists it once another package builds serde (multimap, in the corpus); the one that
    /// builds it keeps it. Fails before: petgraph's library had serde among its deps, and
    /// every petgraph bundle read serde and serde_core.
    #[test]
    fn an_optional_dependency_only_a_weak_feature_names_is_not_built_and_not_a_dependency() {
        let meta = crate::workspace::packages::metadata().unwrap();
        let listed = |pkg: &str| {
            let node = (meta.resolve.as_ref().unwrap().nodes.iter())
                .find(|n| {
                    meta.packages
                        .iter()
                        .any(|p| p.id == n.id && p.name.as_str() == pkg)
                })
                .unwrap();
            node.deps.iter().any(|d| d.name == "serde")
        };
        assert!(
            listed("petgraph") && listed("multimap"),
            "the fixture's premise"
        );
        let c = graph(&meta, "corpus", &crate::judge::BOJ).unwrap();
        let deps_of = |module: &str| {
            let lib = c.libraries.iter().find(|l| l.module == module).unwrap();
            lib.deps.keys().cloned().collect::<Vec<String>>()
        };
        assert!(
            !deps_of("petgraph").contains(&"serde".to_string()),
            "{:?}",
            deps_of("petgraph")
        );
        assert!(deps_of("petgraph").contains(&"indexmap".to_string()));
        assert!(
            deps_of("multimap").contains(&"serde".to_string()),
            "{:?}",
            deps_of("multimap")
        );
    }

    #[test]
    fn a_dependency_for_another_platform_is_not_the_judges() {
        assert!(!for_the_judge(
            "cfg(target_os = \"wasi\")",
            &crate::judge::BOJ
        ));
        assert!(!for_the_judge("cfg(windows)", &crate::judge::BOJ));
        assert!(for_the_judge("cfg(unix)", &crate::judge::BOJ));
        assert!(for_the_judge(
            "cfg(any(target_os = \"linux\", target_os = \"android\"))",
            &crate::judge::BOJ
        ));
        assert!(for_the_judge(
            "x86_64-unknown-linux-gnu",
            &crate::judge::BOJ
        ));
        assert!(!for_the_judge("wasm32-unknown-unknown", &crate::judge::BOJ));
    }

    /// `cargo tree`'s answer is kept and used again; a kept file cut short (no `end` line)
    /// is asked again and rewritten, and the answer is the same either way.
    #[test]
    fn what_cargo_builds_alone_is_kept_and_a_cut_short_answer_is_asked_again() {
        let meta = crate::workspace::packages::metadata().unwrap();
        let dir = meta
            .target_directory
            .as_std_path()
            .join("xtask-cache/cargo-tree");
        // Answers kept under other keys (an older tool's, another environment's) are not
        // this call's: they go first, so that only this call's answer is looked at.
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if e.file_name().to_string_lossy().starts_with("boj-17825-") {
                let _ = std::fs::remove_file(e.path());
            }
        }
        let first = built_alone(&meta, "boj-17825", &crate::judge::BOJ).unwrap();
        let kept: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("boj-17825-"))
            })
            .collect();
        assert!(!kept.is_empty(), "no answer kept under {}", dir.display());
        for file in &kept {
            let text = std::fs::read_to_string(file).unwrap();
            assert!(text.ends_with("end\n"), "{}", file.display());
            std::fs::write(file, &text[..text.len() / 2]).unwrap();
        }
        let again = built_alone(&meta, "boj-17825", &crate::judge::BOJ).unwrap();
        assert_eq!(first, again);
        assert!(first.contains_key("proconio 0.5.0"), "{first:?}");
        let rewritten = kept
            .iter()
            .filter(|f| std::fs::read_to_string(f).is_ok_and(|t| t.ends_with("end\n")))
            .count();
        assert!(rewritten >= 1);
    }
}
