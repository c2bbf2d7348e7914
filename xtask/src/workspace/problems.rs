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
    /// The problems whose metadata is refused, by crate name, with one line saying why:
    /// left out of `problems`, so the others still run.
    pub invalid: Vec<(String, String)>,
}

/// The accepted ranges of the limits: above zero, and within what a run can represent
/// (an hour of CPU; a TiB of memory, which `<< 20` keeps in 64 bits).
pub const TIME_LIMIT_MS: std::ops::RangeInclusive<u64> = 1..=3_600_000;
pub const MEMORY_LIMIT_MB: std::ops::RangeInclusive<u64> = 1..=1 << 20;

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
        let mut invalid = Vec::new();
        for package in meta.workspace_packages() {
            let Some(problem) = package.metadata.get("problem") else {
                continue;
            };
            if let Err(why) = check_metadata(problem) {
                invalid.push((
                    package.name.to_string(),
                    format!("{}: [package.metadata.problem] {why}", package.name),
                ));
                continue;
            }
            let field = |key: &str| {
                problem
                    .get(key)
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string()
            };
            let number = |key: &str| problem.get(key).and_then(|v| v.as_u64());
            // Present and in range (`check_metadata`).
            let time_limit_ms = number("time-limit-ms").unwrap_or(1);
            let memory_limit_mb = number("memory-limit-mb").unwrap_or(1);
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
            invalid,
        })
    }

    /// Finds a problem by crate name or short id (`18139`, `q58`, `boj-18139`, `cf-4a`,
    /// `abc300-a`).
    pub fn find(&self, wanted: &str) -> anyhow::Result<&Problem> {
        let named = |n: &str| n == wanted || short_id(n) == wanted;
        if let Some((_, why)) = self.invalid.iter().find(|(n, _)| named(n)) {
            return Err(anyhow::anyhow!("{why}"));
        }
        let matches: Vec<&Problem> = self.problems.iter().filter(|p| named(&p.name)).collect();
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

    /// The problems named, or all of them when `names` is empty (then each problem whose
    /// metadata is refused is said on stderr in one line; `invalid` counts them).
    pub fn select(&self, names: &[String]) -> anyhow::Result<Vec<Problem>> {
        if names.is_empty() {
            for (_, why) in &self.invalid {
                eprintln!("error   {why}");
            }
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
            // Codeforces links its programs with a 256 MiB stack (`Profile::stack_mb`).
            stack_bytes: self.profile().stack_mb.map_or(memory_bytes, |mb| mb << 20),
            output_bytes: self.profile().output_limit_bytes,
            ..crate::engine::Limits::new(
                std::time::Duration::from_millis(self.time_limit_ms),
                memory_bytes,
            )
        }
    }
}

/// The short id a problem answers to besides its crate name: the last part of the name
/// (`18139`, `q58`), but for other judges' problems, whose last part is a task letter,
/// the short name `make new` takes (`cf-4a` for `codeforces-4-a`, `abc300-a` for
/// `atcoder-abc300-a`).
pub fn short_id(name: &str) -> String {
    let words: Vec<&str> = name.split('-').collect();
    match words[..] {
        ["codeforces", contest, index] => format!("cf-{contest}{index}"),
        ["codeforces", "gym", contest, index] => format!("cf-gym-{contest}{index}"),
        ["atcoder", _, _, ..] => words[1..].join("-"),
        _ => words.last().copied().unwrap_or(name).to_string(),
    }
}

/// `[package.metadata.problem]` checked: the limits present, whole numbers in range, a
/// float tolerance finite and not negative; why not, in words naming the field.
pub fn check_metadata(problem: &serde_json::Value) -> Result<(), String> {
    for (key, range) in [
        ("time-limit-ms", TIME_LIMIT_MS),
        ("memory-limit-mb", MEMORY_LIMIT_MB),
    ] {
        let Some(value) = problem.get(key) else {
            return Err(format!("needs {key}"));
        };
        match value.as_u64() {
            Some(v) if range.contains(&v) => {}
            _ => {
                return Err(format!(
                    "{key} = {value} is out of range: a whole number from {} to {}",
                    range.start(),
                    range.end()
                ))
            }
        }
    }
    if let Some(value) = problem.get("source-limit-bytes") {
        if value.as_u64().is_none_or(|v| v == 0) {
            return Err(format!(
                "source-limit-bytes = {value} is out of range: a whole number above 0"
            ));
        }
    }
    if let Some(value) = problem.get("float-tolerance") {
        if !value.as_f64().is_some_and(|v| v.is_finite() && v >= 0.0) {
            return Err(format!(
                "float-tolerance = {value} is out of range: a finite number, 0 or more"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod metadata_tests {
    use super::*;
    use std::fs;

    /// Limits of 0, past what a run can represent (`memory-limit-mb = 17592186044416`
    /// would wrap to 0 MiB), negative, not numbers or missing are refused, each naming the
    /// field and the range; a float tolerance must be finite and not negative.
    #[test]
    fn limits_out_of_range_are_refused_naming_the_field_and_the_range() {
        let ok = serde_json::json!({"time-limit-ms": 1000, "memory-limit-mb": 256});
        assert_eq!(check_metadata(&ok), Ok(()));
        for (bad, field) in [
            (
                serde_json::json!({"time-limit-ms": 0, "memory-limit-mb": 256}),
                "time-limit-ms = 0",
            ),
            (
                serde_json::json!({"time-limit-ms": 1000, "memory-limit-mb": 0}),
                "memory-limit-mb = 0",
            ),
            (
                serde_json::json!({"time-limit-ms": 1000, "memory-limit-mb": 17592186044416u64}),
                "memory-limit-mb = 17592186044416",
            ),
            (
                serde_json::json!({"time-limit-ms": -5, "memory-limit-mb": 256}),
                "time-limit-ms = -5",
            ),
            (
                serde_json::json!({"time-limit-ms": "1 s", "memory-limit-mb": 256}),
                "time-limit-ms = \"1 s\"",
            ),
            (
                serde_json::json!({"memory-limit-mb": 256}),
                "needs time-limit-ms",
            ),
            (
                serde_json::json!({"time-limit-ms": 1000, "memory-limit-mb": 256, "float-tolerance": -1.0}),
                "float-tolerance = -1.0",
            ),
        ] {
            let why = check_metadata(&bad).unwrap_err();
            assert!(why.contains(field), "{why}");
        }
    }

    /// One problem with a refused limit leaves the workspace's other problems to run: it is
    /// kept aside with one line naming it and the field, and naming it is that error.
    #[test]
    fn one_problems_bad_limit_leaves_the_others_to_run() {
        let dir = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let path = dir.path().join(rel);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        };
        write(
            "Cargo.toml",
            "[workspace]\nresolver = \"2\"\nmembers = [\"boj-1\", \"boj-2\"]\n",
        );
        for (name, time) in [("boj-1", 1000), ("boj-2", 0)] {
            write(
                &format!("{name}/Cargo.toml"),
                &format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[package.metadata.problem]\ntime-limit-ms = {time}\nmemory-limit-mb = 256\n"),
            );
            write(&format!("{name}/src/main.rs"), "fn main() {}\n");
        }
        let meta = cargo_metadata::MetadataCommand::new()
            .manifest_path(dir.path().join("Cargo.toml"))
            .no_deps()
            .exec()
            .unwrap();
        let ws = Workspace::from_metadata(&meta).unwrap();
        let names: Vec<&str> = ws.problems.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["boj-1"]);
        assert_eq!(ws.invalid.len(), 1);
        let why = ws.find("2").err().unwrap().to_string();
        assert!(
            why.starts_with("boj-2: [package.metadata.problem] time-limit-ms = 0"),
            "{why}"
        );
        assert_eq!(ws.select(&[]).unwrap().len(), 1);
    }
}
