//! The workspace's problems: every member crate with `[package.metadata.problem]`.

use crate::workspace::cargo::metadata_command;
use std::path::PathBuf;

/// The line that marks a solution as still the scaffold's template: `make test` names such
/// problems.
pub const TEMPLATE_MARK: &str = "// xtask:template";

/// What the scaffold's stress-pair stubs say until they are written: `make test-<problem>`
/// leaves a pair out while either file still says it.
pub const PAIR_STUB_MARK: &str = "TODO: write it";

/// One problem crate and its metadata.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Crate name, e.g. `boj-18139`.
    pub name: String,
    pub title: String,
    pub url: String,
    pub time_limit_ms: u64,
    /// `memory-limit-mb`: a run whose peak resident memory passes it is MLE.
    pub memory_limit_mb: u64,
    /// How outputs are judged: `checker`, else `float-tolerance`, else the judge's rule.
    pub rule: crate::engine::compare::Rule,
    /// The judge (`BOJ`, or `none` for a problem without one).
    pub judge: String,
    /// The judge's source-size limit in bytes: the metadata's `source-limit-bytes`, else
    /// the judge's own (BOJ: 512,000), else our 64 KiB target.
    pub source_limit: u64,
    /// The crate's folder (where its `Cargo.toml` is).
    pub dir: PathBuf,
    /// The crate's `src/main.rs`.
    pub main_rs: PathBuf,
    /// Its example targets: each one's source file and target name (the stress pair is
    /// found by its files, `examples/gen.rs` and `examples/brute.rs`).
    pub examples: Vec<(PathBuf, String)>,
}

/// The workspace root and the build directory.
pub struct Workspace {
    pub root: PathBuf,
    pub target: PathBuf,
    pub problems: Vec<Problem>,
}

impl Workspace {
    /// Reads `cargo metadata` (workspace members only).
    pub fn load() -> anyhow::Result<Workspace> {
        let meta = metadata_command()
            .no_deps()
            .exec()
            .map_err(|e| anyhow::anyhow!("cargo metadata failed: {e}"))?;
        Workspace::from_metadata(&meta)
    }

    /// The workspace as `meta` describes it (a command that needs the whole resolution
    /// anyway reads `cargo metadata` once).
    pub fn from_metadata(meta: &cargo_metadata::Metadata) -> anyhow::Result<Workspace> {
        let mut problems = Vec::new();
        for package in meta.workspace_packages() {
            let Some(problem) = package.metadata.get("problem") else {
                continue;
            };
            let field = |key: &str| {
                problem
                    .get(key)
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string()
            };
            let number = |key: &str| problem.get(key).and_then(|v| v.as_u64());
            let time_limit_ms = number("time-limit-ms").ok_or_else(|| {
                anyhow::anyhow!(
                    "{}: [package.metadata.problem] needs time-limit-ms",
                    package.name
                )
            })?;
            let memory_limit_mb = number("memory-limit-mb").ok_or_else(|| {
                anyhow::anyhow!(
                    "{}: [package.metadata.problem] needs memory-limit-mb",
                    package.name
                )
            })?;
            let dir: PathBuf = package
                .manifest_path
                .parent()
                .map(|d| d.as_std_path().to_path_buf())
                .unwrap_or_default();
            let release = PathBuf::from(meta.target_directory.as_std_path()).join("release");
            let bin = |key: &str| problem.get(key).and_then(|v| v.as_str()).map(String::from);
            // `interactive = true`: the interactor is the crate's `<name>-interactor` binary
            // unless `interactor` names another.
            let interactive = problem.get("interactive").and_then(|v| v.as_bool()) == Some(true);
            let interactor = bin("interactor")
                .or_else(|| interactive.then(|| format!("{}-interactor", package.name)));
            let rule = match (
                interactor,
                bin("checker"),
                problem.get("float-tolerance").and_then(|v| v.as_f64()),
            ) {
                (Some(bin), _, _) => crate::engine::compare::Rule::Interactor(release.join(bin)),
                (None, Some(bin), _) => crate::engine::compare::Rule::Checker(release.join(bin)),
                (None, None, Some(tolerance)) => crate::engine::compare::Rule::Float(tolerance),
                (None, None, None) => crate::judge::profile(&field("judge")).rule.clone(),
            };
            problems.push(Problem {
                name: package.name.to_string(),
                memory_limit_mb,
                rule,
                title: field("title"),
                url: field("url"),
                time_limit_ms,
                judge: field("judge"),
                source_limit: number("source-limit-bytes")
                    .unwrap_or(crate::judge::profile(&field("judge")).source_limit),
                dir: dir.clone(),
                main_rs: dir.join("src/main.rs"),
                examples: package
                    .targets
                    .iter()
                    .filter(|t| t.kind.iter().any(|k| k.to_string() == "example"))
                    .map(|t| (t.src_path.clone().into(), t.name.clone()))
                    .collect(),
            });
        }
        problems.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(Workspace {
            root: meta.workspace_root.clone().into(),
            target: meta.target_directory.clone().into(),
            problems,
        })
    }

    /// Finds a problem by crate name or short id (`18139`, `q58`, `boj-18139`).
    pub fn find(&self, wanted: &str) -> anyhow::Result<&Problem> {
        let matches: Vec<&Problem> = self
            .problems
            .iter()
            .filter(|p| p.name == wanted || p.name.rsplit('-').next() == Some(wanted))
            .collect();
        match matches.as_slice() {
            [one] => Ok(one),
            [] => Err(anyhow::anyhow!(
                "unknown problem `{wanted}`; known: {}",
                self.problems
                    .iter()
                    .map(|p| p.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            _ => Err(anyhow::anyhow!(
                "`{wanted}` names more than one problem; give the crate name"
            )),
        }
    }

    /// The problems named, or all of them when `names` is empty.
    pub fn select(&self, names: &[String]) -> anyhow::Result<Vec<Problem>> {
        if names.is_empty() {
            return Ok(self.problems.clone());
        }
        names.iter().map(|n| self.find(n).cloned()).collect()
    }

    /// `testcases/<crate>/`.
    pub fn cases_dir(&self, problem: &Problem) -> PathBuf {
        self.root.join("testcases").join(&problem.name)
    }

    /// Where a problem's runs save their outputs: `target/cases/<crate>/`.
    pub fn outputs_dir(&self, problem: &Problem) -> PathBuf {
        self.target.join("cases").join(&problem.name)
    }

    /// Runs every case of `problem` against `binary` with the problem's limits and rule;
    /// `label` (`release`, `bundled`) names the binary in the report and the saved outputs.
    pub fn run_cases(
        &self,
        problem: &Problem,
        binary: &std::path::Path,
        label: &str,
    ) -> anyhow::Result<crate::engine::suite::Tally> {
        crate::engine::suite::Suite {
            problem: &problem.name,
            label,
            cases_dir: &self.cases_dir(problem),
            limits: problem.limits(),
            rule: &problem.rule,
            out_dir: &self.outputs_dir(problem),
        }
        .run(binary)
    }
}

impl Problem {
    /// The binary target of its judge's side, if it has one: a special judge's checker or
    /// an interactive problem's interactor.
    pub fn judge_bin(&self) -> Option<String> {
        match &self.rule {
            crate::engine::compare::Rule::Checker(bin)
            | crate::engine::compare::Rule::Interactor(bin) => {
                Some(bin.file_name()?.to_string_lossy().into_owned())
            }
            _ => None,
        }
    }

    /// The profile of the judge it is for (`judge = "..."`; `judge::NO_JUDGE` for `none` or
    /// a name without a profile): chosen here, then passed down.
    pub fn profile(&self) -> &'static crate::judge::Profile {
        crate::judge::profile(&self.judge)
    }

    /// The limits a run of it gets.
    pub fn limits(&self) -> crate::engine::Limits {
        let memory_bytes = self.memory_limit_mb << 20;
        crate::engine::Limits {
            // The judge's stack limit is its memory limit (BOJ's feature-request tracker,
            // issue 107): a deep recursion that fits in memory is AC there.
            stack_bytes: memory_bytes,
            output_bytes: self.profile().output_limit_bytes,
            ..crate::engine::Limits::new(
                std::time::Duration::from_millis(self.time_limit_ms),
                memory_bytes,
            )
        }
    }
}
