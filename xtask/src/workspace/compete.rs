//! Someone else's workspace of contest solutions, as cargo-compete keeps it: one package per
//! contest, one binary per problem (`src/bin/a.rs`, `[[bin]]` entries or found by cargo),
//! the samples in `testcases/<alias>.yml` (the alias from
//! `[package.metadata.cargo-compete.bin]`, else the file's stem, else the stem before its
//! first `_`, for `d_bekkai.rs`); its solutions found (`discover`), sampled (`sample`),
//! their samples read (`read_samples`) and their path libraries found (`path_libraries`).
//! What `corpus --real` checks the bundler on.

use crate::engine::compare::Rule;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// One solution found under the folder.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Solution {
    /// The package's manifest.
    pub manifest: PathBuf,
    pub package: String,
    /// The binary target's name and file.
    pub bin: String,
    pub main_rs: PathBuf,
    /// Its samples' file (`testcases/<alias>.yml`).
    pub samples: PathBuf,
    /// The package's dependencies its file names (`use dep::..`, `dep::x`), `-` as `_`.
    #[serde(default)]
    pub names: Vec<String>,
}

/// One sample: its input and expected output.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub name: String,
    pub input: String,
    pub output: String,
}

/// A cargo-compete test suite file, as far as it is read here.
#[derive(Debug, Deserialize)]
struct SuiteFile {
    #[serde(default)]
    cases: Vec<CaseEntry>,
    #[serde(default, rename = "match")]
    matching: Option<serde_yaml::Value>,
}

#[derive(Debug, Deserialize)]
struct CaseEntry {
    #[serde(default)]
    name: Option<String>,
    #[serde(rename = "in")]
    input: String,
    #[serde(rename = "out", default)]
    output: Option<String>,
}

/// A test suite's samples (those with an expected output) and how outputs are compared.
pub fn read_samples(path: &Path) -> anyhow::Result<(Vec<Sample>, Rule)> {
    let text = fs::read_to_string(path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let suite: SuiteFile =
        serde_yaml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let rule = match &suite.matching {
        Some(serde_yaml::Value::Mapping(m)) => {
            let float = m.get("Float").or_else(|| m.get("float"));
            match float {
                Some(serde_yaml::Value::Mapping(f)) => {
                    let get = |k: &str| f.get(k).and_then(|v| v.as_f64()).unwrap_or(0.0);
                    Rule::Float(get("relative_error").max(get("absolute_error")))
                }
                _ => Rule::Lines,
            }
        }
        _ => Rule::Lines,
    };
    let samples = suite
        .cases
        .into_iter()
        .enumerate()
        .filter_map(|(k, c)| {
            Some(Sample {
                name: c.name.unwrap_or_else(|| format!("sample{}", k + 1)),
                input: c.input,
                output: c.output?,
            })
        })
        .collect();
    Ok((samples, rule))
}

/// Every solution with a samples file under `dir`, sorted by path.
pub fn discover(dir: &Path) -> anyhow::Result<Vec<Solution>> {
    let mut manifests = Vec::new();
    find_manifests(dir, &mut manifests, 0);
    manifests.sort();
    let mut out = Vec::new();
    for manifest in manifests {
        out.extend(package_solutions(&manifest)?);
    }
    out.sort_by(|a, b| a.main_rs.cmp(&b.main_rs));
    Ok(out)
}

fn find_manifests(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 6 {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" && name != "src" {
                find_manifests(&path, out, depth + 1);
            }
        } else if name == "Cargo.toml" {
            out.push(path);
        }
    }
}

/// The solutions of one package: its binaries with a samples file.
pub fn package_solutions(manifest: &Path) -> anyhow::Result<Vec<Solution>> {
    let text =
        fs::read_to_string(manifest).map_err(|e| anyhow::anyhow!("{}: {e}", manifest.display()))?;
    let Ok(doc) = text.parse::<toml_edit::DocumentMut>() else {
        return Ok(Vec::new()); // a manifest cargo cannot read either: nothing eligible
    };
    let Some(package) = doc
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(|n| n.as_str())
    else {
        return Ok(Vec::new()); // a workspace root
    };
    let dir = manifest.parent().unwrap_or(Path::new("."));
    let alias = aliases(&doc);
    let dependencies: Vec<String> = doc
        .get("dependencies")
        .and_then(|d| d.as_table_like())
        .map(|t| t.iter().map(|(k, _)| k.replace('-', "_")).collect())
        .unwrap_or_default();
    let mut out = Vec::new();
    for (bin, main_rs) in binaries(&doc, dir) {
        if !main_rs.is_file() {
            continue;
        }
        let testcases = dir.join("testcases");
        let Some(samples) = samples_file(&testcases, &bin, &main_rs, alias.get(&bin)) else {
            continue;
        };
        let names = names_in(&main_rs, &dependencies);
        out.push(Solution {
            manifest: manifest.to_path_buf(),
            package: package.to_string(),
            bin,
            main_rs,
            samples,
            names,
        });
    }
    Ok(out)
}

/// A package's binaries, name -> file: its `[[bin]]` entries, then cargo's own
/// (`src/main.rs` named after the package, `src/bin/x.rs`, `src/bin/x/main.rs`) unless
/// `autobins = false`.
fn binaries(doc: &toml_edit::DocumentMut, dir: &Path) -> BTreeMap<String, PathBuf> {
    let mut bins: BTreeMap<String, PathBuf> = BTreeMap::new();
    if let Some(list) = doc.get("bin").and_then(|b| b.as_array_of_tables()) {
        for t in list.iter() {
            let Some(name) = t.get("name").and_then(|n| n.as_str()) else {
                continue;
            };
            let path = t
                .get("path")
                .and_then(|p| p.as_str())
                .map(|p| dir.join(p))
                .unwrap_or_else(|| dir.join("src/bin").join(format!("{name}.rs")));
            bins.insert(name.to_string(), path);
        }
    }
    let autobins = doc
        .get("package")
        .and_then(|p| p.get("autobins"))
        .and_then(|a| a.as_bool())
        .unwrap_or(true);
    if !autobins {
        return bins;
    }
    let explicit: BTreeSet<PathBuf> = bins.values().cloned().collect();
    let package = doc
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(|n| n.as_str());
    let main_rs = dir.join("src/main.rs");
    if let Some(package) = package {
        if main_rs.is_file() && !explicit.contains(&main_rs) && !bins.contains_key(package) {
            bins.insert(package.to_string(), main_rs);
        }
    }
    for e in fs::read_dir(dir.join("src/bin"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let path = e.path();
        let file = if path.is_dir() {
            path.join("main.rs")
        } else {
            path.clone()
        };
        let is_rs = file.extension().is_some_and(|x| x == "rs") && file.is_file();
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        if let (true, Some(stem)) = (is_rs, stem) {
            if !explicit.contains(&file) && !bins.contains_key(&stem) {
                bins.insert(stem, file);
            }
        }
    }
    bins
}

/// cargo-compete's aliases, bin name -> alias: `a = { name = "abc001-a" }` (its first
/// versions) or `abc001-a = { alias = "a" }`.
fn aliases(doc: &toml_edit::DocumentMut) -> BTreeMap<String, String> {
    let mut alias = BTreeMap::new();
    let table = doc
        .get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("cargo-compete"))
        .and_then(|c| c.get("bin"))
        .and_then(|b| b.as_table_like());
    for (key, value) in table.into_iter().flat_map(|t| t.iter()) {
        let get = |k: &str| value.get(k).and_then(|v| v.as_str()).map(str::to_string);
        match (get("name"), get("alias")) {
            (Some(bin), _) => alias.insert(bin, key.to_string()),
            (None, Some(a)) => alias.insert(key.to_string(), a),
            _ => None,
        };
    }
    alias
}

/// A binary's samples: `testcases/<alias>.yml`, else `<stem>.yml` (for cargo's
/// `src/main.rs`, the package's name), else the stem before its first `_` or `-`
/// (`d_bekkai.rs`, another solution of D).
fn samples_file(
    testcases: &Path,
    bin: &str,
    main_rs: &Path,
    alias: Option<&String>,
) -> Option<PathBuf> {
    let stem = main_rs
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let in_src = main_rs.parent().and_then(|p| p.file_name()) == Some("src".as_ref());
    let stem = if stem == "main" && in_src {
        bin.to_string() // cargo's `src/main.rs`: the binary is named after its package
    } else if stem == "main" {
        main_rs
            .parent()
            .and_then(|p| p.file_name())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    } else {
        stem
    };
    let mut names: Vec<String> = alias.cloned().into_iter().collect();
    names.push(stem.clone());
    if let Some((head, _)) = stem.split_once(['_', '-']) {
        names.push(head.to_string());
    }
    names
        .iter()
        .map(|n| testcases.join(format!("{n}.yml")))
        .find(|p| p.is_file())
}

/// Which of `dependencies` the file names as an identifier (a `use` of it, a path through it).
pub fn names_in(main_rs: &Path, dependencies: &[String]) -> Vec<String> {
    let text = fs::read_to_string(main_rs).unwrap_or_default();
    let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() else {
        return Vec::new();
    };
    let mut idents = crate::fast_hash::HashSet::default();
    crate::bundle::idents(tokens, &mut idents);
    dependencies
        .iter()
        .filter(|d| idents.contains(d.as_str()))
        .cloned()
        .collect()
}

/// About `n` solutions (all when `n` is 0), chosen for the crates they import: every one
/// that names a crate fewer than 1 in 20 of the solutions name (those are where the
/// bundler meets something new), up to half of `n`; then every `k`-th of the rest, in path
/// order.
pub fn sample(solutions: Vec<Solution>, n: usize) -> Vec<Solution> {
    if n == 0 || solutions.len() <= n {
        return solutions;
    }
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &solutions {
        for c in &s.names {
            *count.entry(c.as_str()).or_default() += 1;
        }
    }
    let rare: BTreeSet<String> = count
        .iter()
        .filter(|(_, &c)| c * 20 < solutions.len())
        .map(|(name, _)| name.to_string())
        .collect();
    let (mut chosen, rest): (Vec<Solution>, Vec<Solution>) = solutions
        .into_iter()
        .partition(|s| s.names.iter().any(|c| rare.contains(c)));
    chosen.truncate(n / 2);
    let k = rest.len().div_ceil(n - chosen.len()).max(1);
    chosen.extend(rest.into_iter().step_by(k));
    chosen.sort_by(|a, b| a.main_rs.cmp(&b.main_rs));
    chosen
}

/// The path libraries a package reaches, its own and theirs (`path = ...` in any
/// dependency table, or `workspace = true` taken from the workspace's table), each once.
pub fn path_libraries(manifest: &Path) -> Vec<PathBuf> {
    let mut seen: BTreeSet<PathBuf> = BTreeSet::new();
    let mut todo = vec![manifest.to_path_buf()];
    while let Some(m) = todo.pop() {
        let dir = m.parent().unwrap_or(Path::new(".")).to_path_buf();
        let Some(doc) = fs::read_to_string(&m)
            .ok()
            .and_then(|t| t.parse::<toml_edit::DocumentMut>().ok())
        else {
            continue;
        };
        let shared = workspace_dependencies(&dir);
        for table in ["dependencies", "build-dependencies"] {
            let Some(deps) = doc.get(table).and_then(|d| d.as_table_like()) else {
                continue;
            };
            for (name, dep) in deps.iter() {
                let own = dep
                    .get("path")
                    .and_then(|p| p.as_str())
                    .map(|p| dir.join(p));
                let inherited = dep.get("workspace").and_then(|w| w.as_bool()) == Some(true);
                let path = own.or_else(|| inherited.then(|| shared.get(name).cloned()).flatten());
                let Some(path) = path else { continue };
                let path = path.canonicalize().unwrap_or(path);
                if seen.insert(path.clone()) {
                    todo.push(path.join("Cargo.toml"));
                }
            }
        }
    }
    seen.into_iter().collect()
}

/// `[workspace.dependencies]` entries with a path, of the workspace above `dir`.
fn workspace_dependencies(dir: &Path) -> BTreeMap<String, PathBuf> {
    for d in dir.ancestors() {
        let Some(doc) = fs::read_to_string(d.join("Cargo.toml"))
            .ok()
            .and_then(|t| t.parse::<toml_edit::DocumentMut>().ok())
        else {
            continue;
        };
        let Some(ws) = doc.get("workspace") else {
            continue;
        };
        let deps = ws.get("dependencies").and_then(|t| t.as_table_like());
        return deps
            .into_iter()
            .flat_map(|t| t.iter())
            .filter_map(|(name, dep)| {
                let path = dep.get("path")?.as_str()?;
                Some((name.to_string(), d.join(path)))
            })
            .collect();
    }
    BTreeMap::new()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    use crate::testing::write_files as write;

    /// A cargo-compete suite of three samples, one without an expected output.
    pub(crate) const SUITE: &str = "---\ntype: Batch\ntimelimit: 2s\nmatch: Lines\n\ncases:\n  - name: sample1\n    in: |\n      1 2\n    out: |\n      3\n  - name: sample2\n    in: \"10 20\\n\"\n    out: \"30\\n\"\n  - name: no-output\n    in: |\n      5 5\n\nextend: []\n";

    #[test]
    fn a_cargo_compete_suite_gives_its_samples_with_outputs_and_its_rule() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &[("a.yml", SUITE)]);
        let (samples, rule) = read_samples(&dir.path().join("a.yml")).unwrap();
        assert_eq!(samples.len(), 2, "{samples:?}");
        assert_eq!(
            samples[0],
            Sample {
                name: "sample1".into(),
                input: "1 2\n".into(),
                output: "3\n".into()
            }
        );
        assert_eq!(samples[1].input, "10 20\n");
        assert!(matches!(rule, Rule::Lines));
        let float = SUITE.replace(
            "match: Lines",
            "match:\n  Float:\n    relative_error: 1e-6\n    absolute_error: 1e-9",
        );
        write(dir.path(), &[("f.yml", &float)]);
        let (_, rule) = read_samples(&dir.path().join("f.yml")).unwrap();
        assert!(matches!(rule, Rule::Float(e) if e == 1e-6), "{rule:?}");
        write(dir.path(), &[("bad.yml", "cases: [")]);
        let err = read_samples(&dir.path().join("bad.yml"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad.yml"), "{err}");
    }

    /// Both spellings of cargo-compete's bin table, cargo's own bins (`src/bin/x.rs`,
    /// `src/bin/x/main.rs`, and a package's `src/main.rs`, named after the package, as a
    /// library's verification solutions are kept), an alternative solution named after its
    /// problem (`b_bekkai`), and a binary without samples (left out), as a fixture
    /// workspace lays them out.
    #[test]
    fn solutions_are_found_by_alias_stem_and_prefix_as_cargo_compete_keeps_them() {
        let dir = tempfile::tempdir().unwrap();
        let old = "[package]\nname = \"abc001\"\nversion = \"0.1.0\"\nedition = \"2018\"\n\n[package.metadata.cargo-compete.bin]\na = { name = \"abc001-a\", problem = { url = \"x\" } }\n\n[[bin]]\nname = \"abc001-a\"\npath = \"src/bin/a.rs\"\n";
        let new = "[package]\nname = \"abc300\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[package.metadata.cargo-compete.bin]\nabc300-ex = { alias = \"ex\", problem = \"x\" }\n\n[[bin]]\nname = \"abc300-ex\"\npath = \"src/bin/h.rs\"\n";
        write(
            dir.path(),
            &[
                (
                    "Cargo.toml",
                    "[workspace]\nmembers = [\"abc001\", \"abc300\", \"verify/tessoku_057\"]\n",
                ),
                ("abc001/Cargo.toml", old),
                ("abc001/src/bin/a.rs", "fn main() {}"),
                ("abc001/src/bin/b_bekkai.rs", "fn main() {}"),
                ("abc001/src/bin/c/main.rs", "fn main() {}"),
                ("abc001/src/bin/z.rs", "fn main() {}"),
                ("abc001/testcases/a.yml", SUITE),
                ("abc001/testcases/b.yml", SUITE),
                ("abc001/testcases/c.yml", SUITE),
                ("abc300/Cargo.toml", new),
                ("abc300/src/bin/h.rs", "fn main() {}"),
                ("abc300/testcases/ex.yml", SUITE),
                (
                    "verify/tessoku_057/Cargo.toml",
                    "[package]\nname = \"tessoku_057\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
                ),
                ("verify/tessoku_057/src/main.rs", "fn main() {}"),
                ("verify/tessoku_057/testcases/tessoku_057.yml", SUITE),
            ],
        );
        let found = discover(dir.path()).unwrap();
        let names: Vec<(&str, &str, String)> = found
            .iter()
            .map(|s| {
                let yml = s
                    .samples
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                (s.package.as_str(), s.bin.as_str(), yml)
            })
            .collect();
        assert_eq!(
            names,
            [
                ("abc001", "abc001-a", "a.yml".to_string()),
                ("abc001", "b_bekkai", "b.yml".to_string()),
                ("abc001", "c", "c.yml".to_string()),
                ("abc300", "abc300-ex", "ex.yml".to_string()),
                ("tessoku_057", "tessoku_057", "tessoku_057.yml".to_string()),
            ]
        );
        assert_eq!(sample(found.clone(), 2).len(), 2);
        assert_eq!(sample(found, 0).len(), 5);
    }

    /// What a solution's record depends on includes the author's libraries: a package's
    /// path dependency, that library's own (inherited from `[workspace.dependencies]`),
    /// and not a registry crate or a library nobody names.
    #[test]
    fn a_solutions_path_libraries_are_found_through_the_workspace_table() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                (
                    "Cargo.toml",
                    "[workspace]\nmembers = [\"crates/*\", \"verify/*\"]\n\n[workspace.dependencies]\nalgebra = { path = \"crates/algebra\" }\n",
                ),
                (
                    "crates/segtree/Cargo.toml",
                    "[package]\nname = \"segtree\"\nversion = \"0.1.0\"\n\n[dependencies]\nalgebra.workspace = true\nrand = \"0.8\"\n",
                ),
                (
                    "crates/algebra/Cargo.toml",
                    "[package]\nname = \"algebra\"\nversion = \"0.1.0\"\n",
                ),
                (
                    "crates/unused/Cargo.toml",
                    "[package]\nname = \"unused\"\nversion = \"0.1.0\"\n",
                ),
                (
                    "verify/abc1/Cargo.toml",
                    "[package]\nname = \"abc1\"\nversion = \"0.1.0\"\n\n[dependencies]\nproconio = \"0.4\"\nsegtree = { path = \"../../crates/segtree\" }\n",
                ),
            ],
        );
        let root = dir.path().canonicalize().unwrap();
        let found = path_libraries(&root.join("verify/abc1/Cargo.toml"));
        assert_eq!(
            found,
            [root.join("crates/algebra"), root.join("crates/segtree")]
        );
    }

    /// The sample takes every solution naming a crate fewer than 1 in 20 name (here one in
    /// a hundred names `petgraph`), then every k-th of the rest.
    #[test]
    fn the_sample_takes_the_rare_crates_first_then_every_kth() {
        let solution = |k: usize, names: &[&str]| Solution {
            manifest: PathBuf::from("Cargo.toml"),
            package: "p".into(),
            bin: format!("b{k:03}"),
            main_rs: PathBuf::from(format!("src/bin/{k:03}.rs")),
            samples: PathBuf::from("a.yml"),
            names: names.iter().map(|n| n.to_string()).collect(),
        };
        let all: Vec<Solution> = (0..100)
            .map(|k| match k {
                37 => solution(k, &["proconio", "petgraph"]),
                _ => solution(k, &["proconio"]),
            })
            .collect();
        let chosen = sample(all, 10);
        assert!(
            chosen.iter().any(|s| s.bin == "b037"),
            "the rare one is taken"
        );
        assert!((10..=12).contains(&chosen.len()), "{}", chosen.len());
        assert!(chosen.windows(2).all(|w| w[0].main_rs < w[1].main_rs));
    }
}
