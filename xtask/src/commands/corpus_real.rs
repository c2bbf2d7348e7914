//! `cargo xtask corpus --real <dir>`: the bundler on solutions nobody here wrote.
//!
//! `<dir>` holds contest solutions as cargo-compete keeps them: one package per contest,
//! one binary per problem (`src/bin/a.rs`, `[[bin]]` entries or found by cargo), the
//! samples in `testcases/<alias>.yml` (the alias from `[package.metadata.cargo-compete.bin]`,
//! else the file's stem, else the stem before its first `_`, for `d_bekkai.rs`). Each
//! solution is checked as a user moving here would meet it:
//! 1. eligible: cargo's release build of its package passes its samples here;
//! 2. submitted: `submit`'s ladder (pruned, whole crates less dead, whole crates) gives one
//!    file that the judge's compilers accept and that passes the same samples alone.
//!
//! Each package is checked by a child process (`cargo xtask real-package`), whose cargo
//! commands run in that package's own workspace; it reports each solution as one JSON line
//! on stdout. A child that fails or panics makes its solutions failures, never a missing
//! line in the tally. What passed is remembered (`target/xtask-cache/verified/real`).

use crate::bundle;
use crate::engine::{self, compare::Rule};
use crate::judge::{self, Compilers};
use crate::workspace::record::{self, Record};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::workspace::cargo::ROOT_VARIABLE;
/// A sample run longer than this is a failure of the run, whatever the problem allows.
const SAMPLE_TIME: Duration = Duration::from_secs(10);
const SAMPLE_MEMORY: u64 = 1 << 30;

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

/// What became of one solution.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Verdict {
    pub bin: String,
    /// The dependencies its file names (by their names in Cargo.toml, `-` as `_`).
    pub crates: Vec<String>,
    /// cargo's build passed its samples.
    pub eligible: bool,
    /// The bundle passed them too.
    pub submitted: bool,
    /// The ladder's step that gave the file.
    pub step: Option<String>,
    pub bytes: Option<u64>,
    /// Why it is not eligible or not submitted: one line.
    pub why: Option<String>,
    /// The check itself could not run (the child failed): a failure, never "not eligible".
    #[serde(default)]
    pub broken: bool,
}

impl Verdict {
    fn new(bin: &str) -> Verdict {
        Verdict {
            bin: bin.to_string(),
            crates: Vec::new(),
            eligible: false,
            submitted: false,
            step: None,
            bytes: None,
            why: None,
            broken: false,
        }
    }

    /// Failed by us: eligible or unknown, and not submitted.
    fn failed(&self) -> bool {
        self.broken || (self.eligible && !self.submitted)
    }
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
fn package_solutions(manifest: &Path) -> anyhow::Result<Vec<Solution>> {
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
fn names_in(main_rs: &Path, dependencies: &[String]) -> Vec<String> {
    let text = fs::read_to_string(main_rs).unwrap_or_default();
    let Ok(tokens) = text.parse::<proc_macro2::TokenStream>() else {
        return Vec::new();
    };
    let mut idents = crate::fast_hash::HashSet::default();
    bundle::idents(tokens, &mut idents);
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

/// Runs `binary` on each sample; `Err` names the first that failed and how.
fn passes(binary: &Path, samples: &[Sample], rule: &Rule, scratch: &Path) -> anyhow::Result<()> {
    let limits = engine::Limits::new(SAMPLE_TIME, SAMPLE_MEMORY);
    for (k, s) in samples.iter().enumerate() {
        let input = scratch.join(format!("{k}.in"));
        fs::write(&input, &s.input).map_err(|e| anyhow::anyhow!("{}: {e}", input.display()))?;
        let run = engine::run(
            binary,
            &[],
            &input,
            limits,
            &scratch.join(format!("{k}.run")),
        )?;
        if run.end != engine::End::Code(0) {
            return Err(anyhow::anyhow!(
                "{}: {}",
                s.name,
                engine::describe_end(&run.end)
            ));
        }
        engine::compare::judge(rule, &input, s.output.as_bytes(), &run.stdout)
            .map_err(|e| anyhow::anyhow!("{}: WA: {}", s.name, e.lines().next().unwrap_or("")))?;
    }
    Ok(())
}

/// `cargo xtask real-package <manifest> <bin>...`: the child's work, one JSON line per bin.
/// The arguments of the hidden `cargo xtask real-package`.
#[derive(clap::Args)]
pub struct PackageArgs {
    manifest: PathBuf,
    bins: Vec<String>,
}

/// `cargo xtask real-package <manifest> <bins...>`: the child `corpus --real` runs per
/// package.
pub fn run_package(args: PackageArgs) -> anyhow::Result<bool> {
    check_package(&args.manifest, &args.bins)
}

pub fn check_package(manifest: &Path, bins: &[String]) -> anyhow::Result<bool> {
    let solutions: Vec<Solution> = package_solutions(manifest)?
        .into_iter()
        .filter(|s| bins.contains(&s.bin))
        .collect();
    let emit = |v: &Verdict| println!("{}", serde_json::to_string(v).expect("a verdict is JSON"));
    let package = solutions
        .first()
        .map(|s| s.package.clone())
        .unwrap_or_default();
    // Only the binaries asked for: a contest package holds many, a sample takes a few.
    let targets: Vec<&str> = solutions
        .iter()
        .flat_map(|s| ["--bin", s.bin.as_str()])
        .collect();
    let mut build = crate::workspace::cargo::release_build(&[&package], &targets);
    let built = build
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run cargo: {e}"))?;
    // A package cargo cannot build here (a git dependency this machine cannot fetch, code
    // today's rustc rejects) has no eligible solution: said of each, before anything else
    // asks cargo about it.
    if !built.status.success() {
        let err = String::from_utf8_lossy(&built.stderr);
        let first = err
            .lines()
            .find(|l| l.trim_start().starts_with("error"))
            .unwrap_or("failed")
            .trim();
        for s in &solutions {
            let mut v = Verdict::new(&s.bin);
            v.why = Some(format!("cargo build: {first}"));
            emit(&v);
        }
        return Ok(true);
    }
    let target = target_dir()?;
    let compilers = Compilers::find()?;
    let meta = crate::workspace::packages::metadata()?;
    let mut graph = None;
    for s in &solutions {
        let mut v = Verdict::new(&s.bin);
        let (samples, rule, scratch) = match eligible(s, &target, &package)? {
            Ok(x) => x,
            Err(why) => {
                v.why = Some(why);
                emit(&v);
                continue;
            }
        };
        v.eligible = true;
        if graph.is_none() {
            graph = Some(ready_graph(&meta, &package, &solutions, &target)?);
        }
        let g = graph.as_ref().expect("set above");
        v.crates = named_crates(&s.main_rs, g);
        match climb(s, g, &compilers, &samples, &rule, &scratch) {
            Ok((scope, bytes)) => {
                v.submitted = true;
                v.step = Some(scope.label().to_string());
                v.bytes = Some(bytes);
            }
            Err(e) => v.why = Some(format!("{e:#}")),
        }
        emit(&v);
    }
    Ok(true)
}

/// Whether cargo's build of solution `s` passes its samples: its samples, how they are
/// judged and its scratch folder, or why it is not eligible. `Err` when the check could
/// not run.
#[allow(clippy::type_complexity)]
fn eligible(
    s: &Solution,
    target: &Path,
    package: &str,
) -> anyhow::Result<Result<(Vec<Sample>, Rule, PathBuf), String>> {
    let (samples, rule) = match read_samples(&s.samples) {
        Ok(x) => x,
        Err(e) => return Ok(Err(format!("{e:#}"))),
    };
    let scratch = target.join("xtask-real").join(package).join(&s.bin);
    fs::create_dir_all(&scratch).map_err(|e| anyhow::anyhow!("{}: {e}", scratch.display()))?;
    if samples.is_empty() {
        return Ok(Err("no sample with an expected output".into()));
    }
    if let Err(e) = passes(
        &target.join("release").join(&s.bin),
        &samples,
        &rule,
        &scratch,
    ) {
        return Ok(Err(format!("cargo's build fails a sample: {e:#}")));
    }
    Ok(Ok((samples, rule, scratch)))
}

/// The package's crate graph with the libraries its sampled `solutions` can reach readied
/// for the judge (no more: a template lists thirty crates, a solution uses two).
fn ready_graph(
    meta: &cargo_metadata::Metadata,
    package: &str,
    solutions: &[Solution],
    target: &Path,
) -> anyhow::Result<crate::resolve::crates::Graph> {
    let mut g = crate::resolve::crates::graph(meta, package, real_judge())?;
    let mut reached = BTreeSet::new();
    for s in solutions {
        match bundle::modules_reached(&s.main_rs, &g.deps, &g.libraries, real_judge()) {
            Ok(m) => reached.extend(m),
            Err(_) => reached.extend(g.libraries.iter().map(|l| l.module.clone())),
        }
    }
    // The sampled binaries only, as the eligibility build made them: another binary of the
    // contest package may not compile.
    let bins: Vec<String> = solutions.iter().map(|s| s.bin.clone()).collect();
    let member = crate::resolve::build::Member {
        package,
        bins: &bins,
        profile: "release",
    };
    let ready = crate::resolve::ready_for_judge(
        target,
        member,
        &mut g.libraries,
        Some(&reached),
        real_judge(),
    )?;
    for note in ready {
        eprintln!("{note}");
    }
    Ok(g)
}

/// The judge the solutions are submitted to: the workspace's, BOJ (their own contests' judges
/// are not modelled; a solution that passes BOJ's compile and its samples is submitted).
fn real_judge() -> &'static judge::Profile {
    judge::profile("BOJ")
}

/// The dependencies the solution's file names at all (`use dep::...`, `dep::x`).
fn named_crates(main_rs: &Path, g: &crate::resolve::crates::Graph) -> Vec<String> {
    let deps: Vec<String> = g.deps.keys().cloned().collect();
    names_in(main_rs, &deps)
}

/// `submit`'s ladder on one solution: the first step whose bundle every compiler accepts
/// and that passes the samples (a sample failure is tried once more on the whole crates).
fn climb(
    s: &Solution,
    g: &crate::resolve::crates::Graph,
    compilers: &Compilers,
    samples: &[Sample],
    rule: &Rule,
    scratch: &Path,
) -> anyhow::Result<(bundle::Scope, u64)> {
    use bundle::ladder::End;
    let climb = bundle::ladder::climb(bundle::Scope::Reached, |scope| {
        let options = bundle::Options {
            scope,
            deadline: budget(),
            ..bundle::Options::for_judge(real_judge())
        };
        let b = match bundle::bundle(&s.main_rs, &g.deps, &g.libraries, options) {
            Ok(b) => b,
            Err(e) => {
                let e = format!("{e:#}");
                let why = format!("refused: {}", e.lines().next().unwrap_or(""));
                return Ok((End::Final, (why, 0)));
            }
        };
        let size = b.text.len() as u64;
        // Written whatever its size: an over-limit bundle is there to be looked at.
        let source = scratch.join("Main.rs");
        fs::write(&source, &b.text).map_err(|e| anyhow::anyhow!("{}: {e}", source.display()))?;
        if size > real_judge().source_limit {
            let why = format!(
                "{size} bytes, over the judge's {} at step {}",
                real_judge().source_limit,
                scope.label()
            );
            return Ok((End::Final, (why, size)));
        }
        let mut binary = PathBuf::new();
        for c in compilers.all() {
            let bin = scratch.join(format!("Main-{}", c.label.replace(' ', "-")));
            if let Err(e) = c.compile(&source, &bin) {
                let e = format!("{e:#}");
                let line = e
                    .lines()
                    .find(|l| l.starts_with("error"))
                    .unwrap_or("error");
                let why = format!("{} rejects the {} bundle: {line}", c.label, scope.label());
                return Ok((End::Rejected, (why, size)));
            }
            binary = bin;
        }
        Ok(match passes(&binary, samples, rule, scratch) {
            Ok(()) => (End::Passed, (String::new(), size)),
            Err(e) => (
                End::Differs,
                (
                    format!("the {} bundle fails a sample: {e}", scope.label()),
                    size,
                ),
            ),
        })
    })?;
    match climb.passed {
        Some((scope, (_, size))) => Ok((scope, size)),
        None => {
            let first = climb
                .first_failure
                .map(|(_, (why, _))| why)
                .unwrap_or_default();
            Err(anyhow::anyhow!(
                "{}",
                match climb.last_failure {
                    Some((_, (last, _))) => format!("{first}; last step: {last}"),
                    None => first,
                }
            ))
        }
    }
}

/// The path libraries a package reaches, its own and theirs (`path = ...` in any
/// dependency table, or `workspace = true` taken from the workspace's table), each once.
fn path_libraries(manifest: &Path) -> Vec<PathBuf> {
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

/// The variable that hands `corpus --real --budget` to its children.
const BUDGET_VARIABLE: &str = "XTASK_REAL_BUDGET";

/// The child's refining budget for each bundle: from the parent's `--budget`, else none.
fn budget() -> bundle::budget::Deadline {
    match std::env::var(BUDGET_VARIABLE)
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
    {
        Some(s) if s.is_finite() && s >= 0.0 => {
            bundle::budget::Deadline::after(Duration::from_secs_f64(s))
        }
        _ => bundle::budget::Deadline::NONE,
    }
}

/// Where cargo puts the builds of the workspace the child works in.
fn target_dir() -> anyhow::Result<PathBuf> {
    let meta = crate::workspace::cargo::metadata_command()
        .no_deps()
        .exec()
        .map_err(|e| anyhow::anyhow!("cargo metadata failed: {e}"))?;
    Ok(meta.target_directory.into_std_path_buf())
}

/// Options of `cargo xtask corpus --real`.
pub struct RealArgs {
    pub dir: PathBuf,
    /// Only the solutions whose file's path (under `dir`) contains one of these; all when
    /// empty.
    pub only: Vec<String>,
    /// About this many solutions, every k-th (0: all).
    pub sample: usize,
    /// Each bundle's refining budget, seconds (`submit --budget`); unbounded when `None`.
    pub budget: Option<f64>,
    pub verbose: bool,
    pub force: bool,
}

/// The solutions under `dir` with samples (how many), and those to check: the ones whose
/// path holds one of `args.only`, sampled.
fn choose(dir: &Path, args: &RealArgs) -> anyhow::Result<(usize, Vec<Solution>)> {
    let mut all = discover(dir)?;
    if !args.only.is_empty() {
        all.retain(|s| {
            let rel = s.main_rs.strip_prefix(dir).unwrap_or(&s.main_rs);
            let rel = rel.to_string_lossy();
            args.only.iter().any(|o| rel.contains(o.as_str()))
        });
    }
    let found = all.len();
    Ok((found, sample(all, args.sample)))
}

/// `cargo xtask corpus --real <dir>`: discovers, checks (a child per package, the record
/// remembering passes), prints each failure and the table by crate.
pub fn run(args: RealArgs) -> anyhow::Result<bool> {
    let dir =
        fs::canonicalize(&args.dir).map_err(|e| anyhow::anyhow!("{}: {e}", args.dir.display()))?;
    let (found, chosen) = choose(&dir, &args)?;
    println!(
        "real    {}: {found} solutions with samples, {} checked{}",
        dir.display(),
        chosen.len(),
        if chosen.len() < found {
            " (every k-th)"
        } else {
            ""
        }
    );
    let root = crate::workspace::cargo::project_root();
    let compilers = Compilers::find()?;
    let mut base = record::environment(&root, &compilers);
    base.text("check", "real");
    if let Some(b) = args.budget {
        base.text("budget", &b.to_string());
    }
    let record = Record::open(&root.join("target"), "real", args.force);
    let hash = |s: &Solution| {
        let mut f = base.clone();
        f.file(&s.main_rs);
        f.file(&s.samples);
        f.file(&s.manifest);
        if let Some(d) = s.manifest.parent() {
            f.file(&d.join("Cargo.lock"));
            f.tree(&d.join("src"));
        }
        // The author's own libraries: an edit to one is a new bundle.
        for lib in path_libraries(&s.manifest) {
            f.file(&lib.join("Cargo.toml"));
            f.tree(&lib.join("src"));
        }
        f.hex()
    };
    let key = |s: &Solution| s.main_rs.display().to_string();
    let mut verdicts_all: Vec<(Solution, Verdict)> = Vec::new();
    let mut by_package: BTreeMap<PathBuf, Vec<Solution>> = BTreeMap::new();
    let mut cached = 0;
    for s in chosen {
        match record
            .passed(&key(&s), &hash(&s))
            .and_then(|j| serde_json::from_str::<Verdict>(&j).ok())
        {
            Some(v) => {
                cached += 1;
                verdicts_all.push((s, v));
            }
            None => by_package.entry(s.manifest.clone()).or_default().push(s),
        }
    }
    let packages: Vec<(PathBuf, Vec<Solution>)> = by_package.into_iter().collect();
    // Under this workspace's target, never inside the folder checked: a workspace whose
    // members are a glob (`verify/*`) would take a `target` there for a member.
    let target = root.join("target").join("xtask-real-builds");
    // The children run a copy of this tool: a rebuild of it meanwhile changes nothing.
    let tool = target.join("xtask-real").join("xtask");
    if !packages.is_empty() {
        copy_of_this_tool(&tool)?;
    }
    let done = std::sync::atomic::AtomicUsize::new(0);
    // Each package's verdicts are remembered as it ends: an interrupted run keeps them.
    let results = crate::engine::pool::map(&packages, 1, |(manifest, solutions)| {
        let lines = child(&tool, manifest, solutions, &target, args.budget);
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        eprintln!("checked {n}/{} packages", packages.len());
        let verdicts = settle(solutions, lines);
        for (s, v) in solutions.iter().zip(&verdicts) {
            // Remembered: a solution submitted, or one cargo's own build does not pass
            // (nothing of ours can change that but its files, which the hash holds).
            if v.submitted
                || (!v.eligible && v.why.as_deref().is_some_and(|w| w.starts_with("cargo")))
            {
                record.pass(&key(s), &hash(s), &serde_json::to_string(v).expect("JSON"));
            } else {
                record.fail(&key(s), &hash(s));
            }
        }
        verdicts
    });
    for ((_, solutions), result) in packages.iter().zip(results) {
        let verdicts = result
            .unwrap_or_else(|e| settle(solutions, Err(anyhow::anyhow!("the check panicked: {e}"))));
        for (v, s) in verdicts.into_iter().zip(solutions) {
            verdicts_all.push((s.clone(), v));
        }
    }
    Ok(report(&dir, verdicts_all, cached, args.verbose))
}

/// Prints each failure (each verdict with `verbose`), the table by crate and the counts;
/// whether nothing failed.
fn report(
    dir: &Path,
    mut verdicts: Vec<(Solution, Verdict)>,
    cached: usize,
    verbose: bool,
) -> bool {
    verdicts.sort_by(|a, b| a.0.main_rs.cmp(&b.0.main_rs));
    let mut failed = 0;
    for (s, v) in &verdicts {
        let shown = s.main_rs.strip_prefix(dir).unwrap_or(&s.main_rs).display();
        if v.failed() {
            failed += 1;
            println!(
                "FAIL    {shown} [{}]: {}",
                v.crates.join(" "),
                v.why.as_deref().unwrap_or("")
            );
        } else if verbose {
            let what = match (v.eligible, &v.step, v.bytes) {
                (true, Some(step), Some(b)) => format!("{step}, {:.1} KiB", b as f64 / 1024.0),
                _ => format!("not eligible: {}", v.why.as_deref().unwrap_or("")),
            };
            println!("ok      {shown} [{}]: {what}", v.crates.join(" "));
        }
    }
    print!(
        "{}",
        table(&verdicts.iter().map(|(_, v)| v.clone()).collect::<Vec<_>>())
    );
    let eligible = verdicts
        .iter()
        .filter(|(_, v)| v.eligible || v.broken)
        .count();
    println!(
        "{} solutions ({cached} cached): {eligible} eligible (cargo's build passes their samples), {} submitted",
        verdicts.len(),
        eligible - failed
    );
    println!("{} passed, {failed} failed", eligible - failed);
    failed == 0
}

/// Copied aside and renamed into place: a run still using the previous copy (another
/// `corpus --real` on the same folder) keeps it, where copying over it fails (ETXTBSY).
fn copy_of_this_tool(to: &Path) -> anyhow::Result<()> {
    let exe = std::env::current_exe().map_err(|e| anyhow::anyhow!("this tool's path: {e}"))?;
    let aside = to.with_extension(format!("tmp{}", crate::workspace::aside()));
    fs::create_dir_all(to.parent().expect("a folder"))
        .and_then(|_| fs::copy(&exe, &aside))
        .and_then(|_| fs::rename(&aside, to))
        .map_err(|e| anyhow::anyhow!("{}: {e}", to.display()))
}

/// One verdict for each of `solutions`, in order, from what the child said: a solution it
/// said nothing of, or a child that failed, is a broken check (a failure).
fn settle(solutions: &[Solution], lines: anyhow::Result<Vec<Verdict>>) -> Vec<Verdict> {
    solutions
        .iter()
        .map(|s| {
            let broken = |why: String| Verdict {
                why: Some(why),
                broken: true,
                ..Verdict::new(&s.bin)
            };
            match &lines {
                Ok(vs) => vs
                    .iter()
                    .find(|v| v.bin == s.bin)
                    .cloned()
                    .unwrap_or_else(|| broken("the package's check said nothing of it".into())),
                Err(e) => broken(format!("the package's check failed: {e}")),
            }
        })
        .collect()
}

/// Runs the child for one package; its verdicts, or why it said nothing usable.
fn child(
    tool: &Path,
    manifest: &Path,
    solutions: &[Solution],
    target: &Path,
    budget: Option<f64>,
) -> anyhow::Result<Vec<Verdict>> {
    let root = manifest.parent().unwrap_or(Path::new("."));
    let mut command = Command::new(tool);
    command
        .arg("real-package")
        .arg(manifest)
        .args(solutions.iter().map(|s| &s.bin))
        .env(ROOT_VARIABLE, root)
        .env_remove("RUSTC")
        .env_remove(BUDGET_VARIABLE);
    if let Some(b) = budget {
        command.env(BUDGET_VARIABLE, b.to_string());
    }
    // One target folder for every package of the folder: their dependencies build once.
    if std::env::var_os("CARGO_TARGET_DIR").is_none() && !has_own_target(root) {
        command.env("CARGO_TARGET_DIR", target);
    }
    crate::workspace::cargo::forget_cargo_run(&mut command);
    let out = command
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run the check: {e}"))?;
    let verdicts: Vec<Verdict> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    if !out.status.success() && verdicts.len() < solutions.len() {
        let err = String::from_utf8_lossy(&out.stderr);
        let line = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        return Err(anyhow::anyhow!("exit {:?}: {line}", out.status.code()));
    }
    Ok(verdicts)
}

/// Whether a `.cargo/config.toml` at or above `dir` sets the target folder itself.
fn has_own_target(dir: &Path) -> bool {
    dir.ancestors().any(|d| {
        ["config.toml", "config"].iter().any(|f| {
            fs::read_to_string(d.join(".cargo").join(f)).is_ok_and(|t| t.contains("target-dir"))
        })
    })
}

/// The table by crate: solutions, eligible, submitted, steps taken, median and largest size.
pub fn table(verdicts: &[Verdict]) -> String {
    let mut rows: BTreeMap<String, Vec<&Verdict>> = BTreeMap::new();
    for v in verdicts {
        rows.entry("(all)".into()).or_default().push(v);
        for c in &v.crates {
            rows.entry(c.clone()).or_default().push(v);
        }
    }
    let mut out = String::from(
        "| crate | solutions | eligible | submitted | pruned / whole less dead / whole | median KiB | largest KiB |\n|---|---|---|---|---|---|---|\n",
    );
    for (name, vs) in rows {
        let eligible = vs.iter().filter(|v| v.eligible).count();
        let submitted = vs.iter().filter(|v| v.submitted).count();
        let step = |s: bundle::Scope| {
            vs.iter()
                .filter(|v| v.step.as_deref() == Some(s.label()))
                .count()
        };
        let mut sizes: Vec<u64> = vs.iter().filter_map(|v| v.bytes).collect();
        sizes.sort();
        let kib = |b: u64| format!("{:.1}", b as f64 / 1024.0);
        let (median, largest) = match sizes.len() {
            0 => ("-".to_string(), "-".to_string()),
            n => (kib(sizes[n / 2]), kib(sizes[n - 1])),
        };
        out.push_str(&format!(
            "| {name} | {} | {eligible} | {submitted} | {} / {} / {} | {median} | {largest} |\n",
            vs.len(),
            step(bundle::Scope::Reached),
            step(bundle::Scope::WholeLessDead),
            step(bundle::Scope::Whole),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::write_files as write;

    const SUITE: &str = "---\ntype: Batch\ntimelimit: 2s\nmatch: Lines\n\ncases:\n  - name: sample1\n    in: |\n      1 2\n    out: |\n      3\n  - name: sample2\n    in: \"10 20\\n\"\n    out: \"30\\n\"\n  - name: no-output\n    in: |\n      5 5\n\nextend: []\n";

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

    #[test]
    fn the_table_counts_each_crate_its_steps_and_sizes() {
        let v =
            |crates: &[&str], eligible, step: Option<bundle::Scope>, bytes: Option<u64>| Verdict {
                crates: crates.iter().map(|c| c.to_string()).collect(),
                eligible,
                submitted: step.is_some(),
                step: step.map(|s| s.label().to_string()),
                bytes,
                ..Verdict::new("x")
            };
        let table = table(&[
            v(
                &["proconio"],
                true,
                Some(bundle::Scope::Reached),
                Some(2048),
            ),
            v(
                &["proconio", "num"],
                true,
                Some(bundle::Scope::Whole),
                Some(10240),
            ),
            v(&["num"], false, None, None),
        ]);
        assert!(
            table.contains("| (all) | 3 | 2 | 2 | 1 / 0 / 1 | 10.0 | 10.0 |"),
            "{table}"
        );
        assert!(
            table.contains("| num | 2 | 1 | 1 | 0 / 0 / 1 | 10.0 | 10.0 |"),
            "{table}"
        );
        assert!(
            table.contains("| proconio | 2 | 2 | 2 | 1 / 0 / 1 | 10.0 | 10.0 |"),
            "{table}"
        );
    }

    /// The command as a user runs it, on a fixture workspace of two contests with a path
    /// library: a right solution that uses the library through a template's glob imports
    /// (submitted), a wrong one (not eligible), an alternative solution (submitted), and a
    /// contest whose package does not build (not eligible). Nothing is a failure.
    #[test]
    fn corpus_real_on_a_fixture_workspace_tells_eligible_from_submitted() {
        let dir = tempfile::tempdir().unwrap();
        let manifest = |name: &str| {
            format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nfixlib = {{ path = \"../fixlib\" }}\n")
        };
        let a = "#[allow(unused_imports)]\nuse fixlib::marker::*;\nuse fixlib::*;\nuse std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!(\"{}\", add(v[0], v[1]));\n}\n";
        let wrong = a.replace("add(v[0], v[1])", "v[0] * v[1]");
        write(
            dir.path(),
            &[
                // Edition 2018: readying it for the judge (migration) needs c1's build.
                ("fixlib/Cargo.toml", "[package]\nname = \"fixlib\"\nversion = \"0.1.0\"\nedition = \"2018\"\n"),
                ("fixlib/src/lib.rs", "pub mod marker { pub struct Unused; }\npub fn add(a: i64, b: i64) -> i64 { a + b }\npub fn unused_marker_fn() {}\n"),
                ("c1/Cargo.toml", &manifest("c1")),
                ("c1/src/bin/a.rs", a),
                ("c1/src/bin/a_bekkai.rs", a),
                ("c1/src/bin/b.rs", &wrong),
                // No samples, so never sampled; it does not compile, and must not stop the
                // others (cargo builds of the whole package would fail on it).
                ("c1/src/bin/z_draft.rs", "fn main() { let x: u8 = \"draft\"; }\n"),
                ("c1/testcases/a.yml", SUITE),
                ("c1/testcases/b.yml", SUITE),
                ("c2/Cargo.toml", &manifest("c2")),
                ("c2/src/bin/a.rs", "fn main() { let x: u8 = \"not a number\"; }\n"),
                ("c2/testcases/a.yml", SUITE),
            ],
        );
        let root = crate::workspace::cargo::project_root();
        let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        // As the tool starts cargo: without `cargo test`'s variables, which would make the
        // next build of the tool rerun ring's build script and rebuild it.
        crate::workspace::cargo::forget_cargo_run(&mut command);
        let out = command
            .args(["run", "--quiet", "--manifest-path"])
            .arg(root.join("xtask/Cargo.toml"))
            .args(["--", "corpus", "--force", "-v", "--real"])
            .arg(dir.path())
            .env_remove("CARGO_TARGET_DIR")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stdout}\n{stderr}");
        assert!(
            stdout.contains("4 solutions (0 cached): 2 eligible (cargo's build passes their samples), 2 submitted"),
            "{stdout}\n{stderr}"
        );
        assert!(
            stdout.contains("0 failed") && !stdout.contains("FAIL"),
            "{stdout}"
        );
        assert!(
            stdout.contains("c1/src/bin/b.rs []: not eligible: cargo's build fails a sample"),
            "{stdout}"
        );
        assert!(
            stdout.contains("c2/src/bin/a.rs []: not eligible: cargo build"),
            "{stdout}"
        );
        assert!(
            stdout.contains("| fixlib | 2 | 2 | 2 | 2 / 0 / 0 |"),
            "{stdout}"
        );
    }
}
