//! `cargo xtask new <problem>`: a new problem crate from the house template.
//!
//! Creates `<crate>/Cargo.toml` (with `[package.metadata.problem]`), `<crate>/src/main.rs`
//! (proconio input, pure solve, output, a unit test), `testcases/<crate>/sample-1.{in,out}`
//! and the workspace member entry. An interactive problem's crate gets the interactive
//! template instead (a solution that flushes each query) and the judge's side,
//! `src/bin/interactor.rs`, a skeleton that rejects every run until it is written. The
//! templates print nothing, so the samples fail until the real solution replaces them. It
//! changes nothing when the crate or its test folder already exists.

use crate::error::PathContext;
use std::fs;
use std::path::Path;

/// The crate name for `wanted`: `1000` means `boj-1000`; otherwise lowercase letters,
/// digits and dashes, starting with a letter.
pub fn crate_name(wanted: &str) -> anyhow::Result<String> {
    if !wanted.is_empty() && wanted.chars().all(|c| c.is_ascii_digit()) {
        return Ok(format!("boj-{wanted}"));
    }
    if let Some(name) = judge_short_name(wanted) {
        return Ok(name);
    }
    let valid = wanted.starts_with(|c: char| c.is_ascii_lowercase())
        && wanted
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !wanted.ends_with('-');
    if valid {
        Ok(wanted.to_string())
    } else {
        Err(anyhow::anyhow!(
            "`{wanted}` is not a problem name: use a BOJ number (1000) or lowercase letters, digits and dashes (boj-1000, puzzle68-q12)"
        ))
    }
}

/// The short names of other judges' problems, as the listener names them: `cf-1234a` (or
/// `cf-1234-a`, `cf-1234a1`) is `codeforces-1234-a`, `cf-gym-100001c` a gym's; `abc300-a` (AtCoder's contest kinds
/// `abc`, `arc`, `agc`, `ahc` and a number, then the task) is `atcoder-abc300-a`.
fn judge_short_name(wanted: &str) -> Option<String> {
    if let Some(rest) = wanted.strip_prefix("cf-") {
        let (kind, rest) = match rest.strip_prefix("gym-") {
            Some(rest) => ("gym-", rest),
            None => ("", rest),
        };
        let rest = rest.replace('-', "");
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        let (contest, index) = rest.split_at(digits);
        let index_ok = index.starts_with(|c: char| c.is_ascii_lowercase())
            && index
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
        return (digits > 0 && index_ok).then(|| format!("codeforces-{kind}{contest}-{index}"));
    }
    let (contest, task) = wanted.split_once('-')?;
    let numbered = |kind: &str| {
        contest
            .strip_prefix(kind)
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    let contest_ok = ["abc", "arc", "agc", "ahc"].into_iter().any(numbered);
    let task_ok = !task.is_empty()
        && task
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    (contest_ok && task_ok).then(|| format!("atcoder-{contest}-{task}"))
}

use crate::workspace::problems::TEMPLATE_MARK;

/// What kind of problem a crate is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An input, and the answer the solution prints.
    Batch,
    /// The judge's program (the interactor) and the solution talk.
    Interactive,
}

/// A new crate's manifest. Limits the page did not give get BOJ's common defaults, marked.
fn manifest(name: &str, url: &str, judge: &str, kind: Kind) -> String {
    let profile = crate::judge::profile(judge);
    let (time_limit, memory_limit) = (profile.time_limit_ms, profile.memory_limit_mb);
    let (kind_key, targets) = match kind {
        Kind::Batch => (
            String::new(),
            format!(
                r#"# The stress-test pair (`make stress-{name}`), named after the crate: examples of all
# crates share target/release/examples/.
[[example]]
name = "{name}-gen"
path = "examples/gen.rs"

[[example]]
name = "{name}-brute"
path = "examples/brute.rs"
"#
            ),
        ),
        Kind::Interactive => (
            "# The judge's program talks with the solution: `src/bin/interactor.rs`.\ninteractive = true\n".to_string(),
            format!(
                r#"{INTERACTOR_TARGET}
name = "{name}-interactor"
path = "src/bin/interactor.rs"

# `make stress-{name}`: the solution against the interactor on random inputs from the
# generator (no brute force: the interactor judges).
[[example]]
name = "{name}-gen"
path = "examples/gen.rs"
"#
            ),
        ),
    };
    // The names the judge sets with `--cfg` (`ONLINE_JUDGE`), known to cargo's cfg check so
    // that `#[cfg(ONLINE_JUDGE)]` builds here without a warning.
    let judge_cfgs = profile.judge_cfgs();
    let lints = match judge_cfgs.is_empty() {
        true => String::new(),
        false => format!(
            "\n# The judge builds with `--cfg {}`: `#[cfg(..)]` on it is expected.\n[lints.rust]\nunexpected_cfgs = {{ level = \"warn\", check-cfg = [{}] }}\n",
            judge_cfgs.join(", --cfg "),
            judge_cfgs
                .iter()
                .map(|n| format!("'cfg({n})'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!(
        r#"[package]
name = "{name}"
version = "0.1.0"
edition.workspace = true
rust-version.workspace = true
publish.workspace = true

[package.metadata.problem]
title = "TODO: the problem's title"
url = "{url}"
{kind_key}judge = "{judge}"
# TODO: the limits from the problem page (these are defaults)
time-limit-ms = {time_limit}
memory-limit-mb = {memory_limit}

[dependencies]
# `derive` for `#[fastout]` and `#[derive_readable]` (the bundler writes them out; the judge
# gets no proc-macro).
proconio = {{ workspace = true, features = ["derive"] }}
itertools.workspace = true
{lints}
{targets}"#
    )
}

/// The comment and header over an interactor's `[[bin]]` entry.
const INTERACTOR_TARGET: &str =
    "# The judge's side, run against the solution by `make test`; named after the crate:
# binaries of all crates share target/release/.
[[bin]]";

/// The generator stub: `make stress` says it printed nothing until it is written.
const GEN_RS: &str = r#"//! Random input for `make stress`: `gen <seed> <size>` prints ONE input of about `size`
//! (keep small sizes small: the smallest failing input is searched from size 1 up); for an
//! interactive problem, the interactor's input (the hidden data it answers from).
//! TODO: write it; the same seed must give the same input.

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (_seed, _size) = (args[0], args[1]);
}
"#;

/// The brute-force stub.
const BRUTE_RS: &str = r#"//! The slow, obviously right answer for `make stress`: reads an input, prints the answer.
//! TODO: write it plainly and apart from the solution (try everything).

use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
}
"#;

/// The template contest programmers type: read with `input!`, solve, write through one
/// locked buffer. It prints nothing, so the samples fail until it is replaced.
pub fn main_rs(title: &str, url: &str) -> String {
    format!(
        r#"//! {title}
//! {url}
//!
//! TODO: the idea in a sentence or two.
{TEMPLATE_MARK} (delete this line with the first real solution)

use proconio::input;
use std::io::{{BufWriter, Write}};

fn main() {{
    input! {{
        n: usize,
    }}
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    // TODO: solve, then write the answer.
    let _ = n;
    out.flush().unwrap();
}}
"#
    )
}

/// An interactive problem's template: reads a line at a time (`input!` would wait for the
/// whole input, which never comes) and flushes each line it writes (an unflushed query
/// leaves both sides waiting: a TLE). It answers nothing, so no case passes until written.
pub fn interactive_main_rs(title: &str, url: &str) -> String {
    format!(
        r#"//! {title}
//! {url}
//!
//! TODO: the idea in a sentence or two. (Interactive: read with `input_interactive!`, a
//! line at a time, and `say` each query, which flushes it.)
{TEMPLATE_MARK} (delete this line with the first real solution)

use proconio::input_interactive;
use std::io::Write;

/// Writes one line for the judge and flushes it at once.
fn say(line: &str) {{
    let mut out = std::io::stdout().lock();
    writeln!(out, "{{line}}").unwrap();
    out.flush().unwrap();
}}

fn main() {{
    input_interactive! {{
        n: usize,
    }}
    // TODO: ask with `say(&format!("? {{x}}"))`, read each reply with `input_interactive!`,
    // then answer with `say(&format!("! {{answer}}"))`.
    let _ = (n, say);
}}
"#
    )
}

/// The interactor's skeleton: rejects every run until written, so that no solution passes
/// by accident.
const INTERACTOR_RS: &str = r#"//! The judge's side: `interactor <case.in> [<case.out>]`, its stdin what the solution
//! writes and its stdout what the solution reads. Exit status 0 accepts; any other is a
//! wrong answer, and what it wrote on stderr is shown.
//! TODO: write it: read the hidden data from the case, answer each query (`writeln!` then
//! `flush`), check the final answer, `eprintln!` why and exit 1 on a wrong one. Until then
//! it rejects every run.

use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = std::fs::read_to_string(&args[1]).unwrap();
    let mut queries = std::io::stdin().lock().lines();
    let mut replies = std::io::stdout().lock();
    let _ = (case, &mut queries);
    replies.flush().unwrap();
    eprintln!("the interactor is not written yet: it rejects every run");
    std::process::exit(1);
}
"#;

/// The stub of a special judge: rejects everything until written.
const CHECKER_RS: &str = r#"//! Special judge: `checker <input> <expected> <actual>`, exit status 0 accepts.
//! TODO: accept every valid answer (the expected output is only one of them). Until it is
//! written it compares exactly, as the judge compares an ordinary problem (trailing spaces
//! and trailing empty lines aside): a right answer other than the expected one fails here.

fn lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let _input = std::fs::read_to_string(&args[1]).unwrap();
    let expected = std::fs::read_to_string(&args[2]).unwrap();
    let actual = std::fs::read_to_string(&args[3]).unwrap();
    if lines(&expected) != lines(&actual) {
        eprintln!("not the expected output (the checker is not written yet: it compares exactly)");
        std::process::exit(1);
    }
}
"#;

/// Adds `name` to `[workspace] members` of the manifest text, keeping its formatting.
pub fn add_member(manifest: &str, name: &str) -> anyhow::Result<String> {
    let mut doc: toml_edit::DocumentMut = manifest
        .parse()
        .map_err(|e| anyhow::anyhow!("Cargo.toml: {e}"))?;
    let members = doc
        .get_mut("workspace")
        .and_then(|w| w.get_mut("members"))
        .and_then(|m| m.as_array_mut())
        .ok_or_else(|| anyhow::anyhow!("Cargo.toml: no [workspace] members array"))?;
    if members.iter().any(|m| m.as_str() == Some(name)) {
        return Err(anyhow::anyhow!(
            "Cargo.toml: `{name}` is already a workspace member"
        ));
    }
    members.push(name);
    Ok(doc.to_string())
}

/// Where a problem's page is, and which judge it is for: BOJ numbers have both.
pub fn source_of(name: &str) -> (Option<String>, &'static str) {
    if let Some(number) = name.strip_prefix("boj-") {
        if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
            return (Some(crate::boj_page::boj_url(number)), "BOJ");
        }
    }
    let words: Vec<&str> = name.split('-').collect();
    match words[..] {
        ["codeforces", "gym", contest, index] | ["codeforces", contest, index]
            if contest.chars().all(|c| c.is_ascii_digit()) && !contest.is_empty() =>
        {
            let kind = if words[1] == "gym" { "gym" } else { "contest" };
            let url = format!(
                "https://codeforces.com/{kind}/{contest}/problem/{}",
                index.to_ascii_uppercase()
            );
            (Some(url), crate::judge::CODEFORCES.name)
        }
        ["atcoder", ref contest @ .., task] if !contest.is_empty() => {
            let contest = contest.join("-");
            let url = format!(
                "https://atcoder.jp/contests/{contest}/tasks/{}_{task}",
                contest.replace('-', "_")
            );
            (Some(url), crate::judge::ATCODER.name)
        }
        _ => (None, crate::judge::NO_JUDGE.name),
    }
}

/// The page `make new` and `make fetch` read for `name`: a BOJ problem's. (Codeforces' and
/// AtCoder's pages answer scripts with a browser check: their problems come through the
/// listener.)
fn page_of(name: &str) -> Option<String> {
    match source_of(name) {
        (url, "BOJ") => url,
        _ => None,
    }
}

/// A new problem crate's files, by path inside its folder: the manifest, the solution
/// template and the stress stubs, and an interactive problem's interactor (the one recipe:
/// `new`, the listener and the scale benchmark).
pub fn crate_files(name: &str, url: &str, judge: &str, kind: Kind) -> Vec<(&'static str, String)> {
    let manifest = ("Cargo.toml", manifest(name, url, judge, kind));
    let gen = ("examples/gen.rs", GEN_RS.to_string());
    match kind {
        Kind::Batch => vec![
            manifest,
            ("src/main.rs", main_rs(name, url)),
            gen,
            ("examples/brute.rs", BRUTE_RS.to_string()),
        ],
        Kind::Interactive => vec![
            manifest,
            ("src/main.rs", interactive_main_rs(name, url)),
            ("src/bin/interactor.rs", INTERACTOR_RS.to_string()),
            gen,
        ],
    }
}

/// Creates the problem `wanted` under the workspace at `root`; returns the crate name. It
/// changes nothing when the crate or its test folder exists.
pub fn create(root: &Path, wanted: &str, kind: Kind) -> anyhow::Result<String> {
    let name = crate_name(wanted)?;
    ensure_free(root, &name)?;
    let crate_dir = root.join(&name);
    let cases_dir = root.join("testcases").join(&name);
    let manifest_path = root.join("Cargo.toml");
    let workspace = fs::read_to_string(&manifest_path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
    let libraries = new_problem_libraries(&workspace)?;
    let workspace = add_member(&workspace, &name)?;
    let (url, judge) = source_of(&name);
    let url = url.unwrap_or_else(|| "TODO: where the problem comes from".into());
    let written = crate_files(&name, &url, judge, kind)
        .into_iter()
        .map(|(rel, text)| match rel {
            "Cargo.toml" => (rel, with_libraries(&text, &libraries)),
            _ => (rel, text),
        })
        .try_for_each(|(rel, text)| {
            let path = crate_dir.join(rel);
            fs::create_dir_all(path.parent().unwrap())?;
            fs::write(path, text)
        });
    let written = written.and_then(|_| fs::create_dir_all(&cases_dir));
    if let Err(e) = written.and_then(|_| fs::write(&manifest_path, workspace)) {
        let _ = fs::remove_dir_all(&crate_dir);
        let _ = fs::remove_dir_all(&cases_dir);
        return Err(anyhow::anyhow!(
            "could not create {name}: {e}; nothing was kept"
        ));
    }
    Ok(name)
}

/// The libraries every new problem depends on: `[workspace.metadata.new-problem]
/// libraries` of the workspace manifest (this workspace: `["common"]`), each a key of
/// `[workspace.dependencies]` (a path library, inside the workspace folder or outside it).
/// None when the setting is absent.
pub fn new_problem_libraries(workspace_manifest: &str) -> anyhow::Result<Vec<String>> {
    let doc: toml_edit::DocumentMut = workspace_manifest
        .parse()
        .map_err(|e| anyhow::anyhow!("Cargo.toml: {e}"))?;
    let Some(setting) = doc
        .get("workspace")
        .and_then(|w| w.get("metadata"))
        .and_then(|m| m.get("new-problem"))
        .and_then(|n| n.get("libraries"))
    else {
        return Ok(Vec::new());
    };
    let Some(list) = setting.as_array() else {
        return Err(anyhow::anyhow!(
            "Cargo.toml: [workspace.metadata.new-problem] libraries must be a list of names, like [\"common\"]"
        ));
    };
    let declared = doc
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(|d| d.as_table_like());
    let mut names = Vec::new();
    for value in list {
        let Some(name) = value.as_str() else {
            return Err(anyhow::anyhow!(
                "Cargo.toml: [workspace.metadata.new-problem] libraries must be a list of names, like [\"common\"]"
            ));
        };
        if !declared.is_some_and(|d| d.contains_key(name)) {
            return Err(anyhow::anyhow!(
                "Cargo.toml: `{name}` (in [workspace.metadata.new-problem] libraries) is not in [workspace.dependencies]; add it there, as `{name} = {{ path = \"../path/to/{name}\" }}`"
            ));
        }
        if !names.iter().any(|n| n == name) && name != "proconio" && name != "itertools" {
            names.push(name.to_string());
        }
    }
    Ok(names)
}

/// A new problem's manifest with `libraries` among its dependencies, after the template's.
fn with_libraries(manifest: &str, libraries: &[String]) -> String {
    const LAST: &str = "itertools.workspace = true\n";
    let lines: String = libraries
        .iter()
        .map(|l| format!("{l}.workspace = true\n"))
        .collect();
    manifest.replacen(LAST, &format!("{LAST}{lines}"), 1)
}

/// An error unless neither the crate `name` nor its test folder exists under `root`.
pub fn ensure_free(root: &Path, name: &str) -> anyhow::Result<()> {
    for existing in [root.join(name), root.join("testcases").join(name)] {
        if existing.exists() {
            return Err(anyhow::anyhow!(
                "{} already exists; nothing was changed",
                existing.display()
            ));
        }
    }
    Ok(())
}

/// Sets `key` of `[package.metadata.problem]` in a manifest's text, keeping the rest.
pub fn set_metadata(manifest: &str, key: &str, value: toml_edit::Value) -> anyhow::Result<String> {
    let mut doc: toml_edit::DocumentMut = manifest
        .parse()
        .map_err(|e| anyhow::anyhow!("Cargo.toml: {e}"))?;
    let table = doc
        .get_mut("package")
        .and_then(|p| p.get_mut("metadata"))
        .and_then(|m| m.get_mut("problem"))
        .and_then(|t| t.as_table_mut())
        .ok_or_else(|| anyhow::anyhow!("Cargo.toml: no [package.metadata.problem]"))?;
    table.insert(key, toml_edit::value(value));
    Ok(doc.to_string())
}

/// The manifest with the interactor's `[[bin]]` entry (`<name>-interactor`,
/// `src/bin/interactor.rs`), unless it has one by that name.
fn with_interactor_target(manifest: &str, name: &str) -> anyhow::Result<String> {
    let mut doc: toml_edit::DocumentMut = manifest
        .parse()
        .map_err(|e| anyhow::anyhow!("Cargo.toml: {e}"))?;
    let bin = format!("{name}-interactor");
    let targets = doc
        .entry("bin")
        .or_insert(toml_edit::Item::ArrayOfTables(Default::default()))
        .as_array_of_tables_mut()
        .ok_or_else(|| anyhow::anyhow!("Cargo.toml: `bin` is not a list of [[bin]] tables"))?;
    if !targets
        .iter()
        .any(|t| t.get("name").and_then(|n| n.as_str()) == Some(bin.as_str()))
    {
        let mut table = toml_edit::Table::new();
        table.decor_mut().set_prefix(format!(
            "\n{}\n",
            INTERACTOR_TARGET.trim_end_matches("[[bin]]").trim_end()
        ));
        table.insert("name", toml_edit::value(bin));
        table.insert("path", toml_edit::value("src/bin/interactor.rs"));
        targets.push(table);
    }
    Ok(doc.to_string())
}

/// Writes what `page` holds into the problem `name`: its samples as
/// `testcases/<name>/sample-N.{in,out}` (exactly as the page has them) and its title, URL
/// and limits into the metadata; a special-judge problem gets `checker = "<name>-checker"` and
/// a stub checker (`src/bin/<name>-checker.rs`); an interactive one gets `interactive = true`,
/// the interactor's target and its skeleton (`src/bin/interactor.rs`), and its samples (an
/// exchange) are not written. Never touches `main.rs` or a case that is not a sample. Returns what it
/// wrote, in words.
pub fn apply(
    root: &Path,
    name: &str,
    url: &str,
    page: &crate::boj_page::Page,
) -> anyhow::Result<Vec<String>> {
    let manifest_path = root.join(name).join("Cargo.toml");
    let mut manifest = fs::read_to_string(&manifest_path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
    let mut done = Vec::new();
    manifest = set_metadata(&manifest, "url", url.into())?;
    if let Some(title) = &page.title {
        manifest = set_metadata(&manifest, "title", title.as_str().into())?;
        done.push(format!("title {title:?}"));
    }
    if let Some(ms) = page.time_limit_ms {
        manifest = set_metadata(&manifest, "time-limit-ms", (ms as i64).into())?;
        done.push(format!("time limit {ms} ms"));
    }
    if let Some(mb) = page.memory_limit_mb {
        manifest = set_metadata(&manifest, "memory-limit-mb", (mb as i64).into())?;
        done.push(format!("memory limit {mb} MB"));
    }
    if page.time_limit_ms.is_some() && page.memory_limit_mb.is_some() {
        manifest = manifest.replace(
            "# TODO: the limits from the problem page (these are defaults)\n",
            "",
        );
    }
    if page.special_judge {
        // Named after the problem: binaries of all crates share target/release/.
        let bin = format!("{name}-checker");
        manifest = set_metadata(&manifest, "checker", bin.as_str().into())?;
        let checker = root.join(name).join(format!("src/bin/{bin}.rs"));
        if !checker.exists() {
            let bin_dir = checker.parent().expect("src/bin");
            fs::create_dir_all(bin_dir).at(bin_dir)?;
            fs::write(&checker, CHECKER_RS)
                .map_err(|e| anyhow::anyhow!("{}: {e}", checker.display()))?;
        }
        done.push(format!(
            "a special judge: write {name}/src/bin/{bin}.rs (the `checker` key names it; until then it compares exactly)"
        ));
    }
    if page.interactive {
        manifest = set_metadata(&manifest, "interactive", true.into())?;
        manifest = with_interactor_target(&manifest, name)?;
        let interactor = root.join(name).join("src/bin/interactor.rs");
        if !interactor.exists() {
            let bin_dir = interactor.parent().expect("src/bin");
            fs::create_dir_all(bin_dir).at(bin_dir)?;
            fs::write(&interactor, INTERACTOR_RS).at(&interactor)?;
        }
        done.push(format!(
            "interactive: write {name}/src/bin/interactor.rs (until then it rejects every run) and each case's interactor input as testcases/{name}/NAME.in (a .out is optional)"
        ));
    }
    fs::write(&manifest_path, manifest)
        .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
    let cases_dir = root.join("testcases").join(name);
    fs::create_dir_all(&cases_dir).map_err(|e| anyhow::anyhow!("{}: {e}", cases_dir.display()))?;
    // An interactive problem's samples are an exchange, not an input and its answer.
    let samples = if page.interactive {
        &[][..]
    } else {
        &page.samples[..]
    };
    for (k, (input, output)) in samples.iter().enumerate() {
        for (ext, text) in [("in", input), ("out", output)] {
            let path = cases_dir.join(format!("sample-{}.{ext}", k + 1));
            fs::write(&path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        }
    }
    // Samples the page no longer has (a second send with fewer): `sample-N` files past the
    // last, and only those; the user's own cases are never touched.
    if !page.interactive {
        for stale in stale_samples(&cases_dir, samples.len()) {
            let _ = fs::remove_file(&stale);
        }
    }
    done.push(format!("{} sample(s)", samples.len()));
    if !page.interactive && !page.special_judge && samples.iter().any(|(_, out)| has_decimal(out)) {
        done.push(format!(
            "note: a sample's answer has decimals: if the judge accepts an error, set float-tolerance in {name}/Cargo.toml (`cargo xtask fetch {name}` from the page marks a special judge)"
        ));
    }
    Ok(done)
}

/// The `sample-N.in`/`.out` files of `dir` whose `N` is past `count`.
fn stale_samples(dir: &Path, count: usize) -> Vec<std::path::PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Some(rest) = name.strip_prefix("sample-") else {
                return false;
            };
            let Some((n, ext)) = rest.split_once('.') else {
                return false;
            };
            matches!(ext, "in" | "out") && n.parse::<usize>().is_ok_and(|n| n > count)
        })
        .collect()
}

/// Whether `text` holds a number with a fractional part (`0.333333`).
fn has_decimal(text: &str) -> bool {
    text.split_whitespace().any(|w| {
        let w = w.trim_start_matches('-');
        w.split_once('.').is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && (a.chars().chain(b.chars())).all(|c| c.is_ascii_digit())
        })
    })
}

/// Fetches the page of `name` (or `url`) and applies it; a failure is one line saying what
/// to do, and changes nothing.
pub fn fetch_into(
    root: &Path,
    name: &str,
    url: Option<&str>,
) -> anyhow::Result<Option<crate::boj_page::Page>> {
    let Some(fetched) = fetch_page(name, url)? else {
        return Ok(None);
    };
    apply_fetched(root, name, &fetched)?;
    Ok(Some(fetched.page))
}

/// A problem page as read, and where from.
pub struct Fetched {
    pub from: String,
    pub page: crate::boj_page::Page,
}

/// Reads the page of `name` (or `url`); `None` for a problem with no page to fetch (not a
/// BOJ number, no `url`). Writes nothing.
pub fn fetch_page(name: &str, url: Option<&str>) -> anyhow::Result<Option<Fetched>> {
    let url = match url.map(str::to_string).or_else(|| page_of(name)) {
        Some(u) => u,
        None => return Ok(None), // not a BOJ problem: no page to fetch
    };
    let html = crate::boj_page::read(&url)?;
    let page = crate::boj_page::parse(&html);
    if page.title.is_none() && page.samples.is_empty() {
        return Err(anyhow::anyhow!(
            "{url} does not look like a problem page (no title, no samples)"
        ));
    }
    Ok(Some(Fetched { from: url, page }))
}

/// Applies a fetched page to the problem `name` and says what it wrote.
pub fn apply_fetched(root: &Path, name: &str, fetched: &Fetched) -> anyhow::Result<()> {
    // A mirror or a saved page stands in for the problem's own address, which is kept.
    let canonical = page_of(name).unwrap_or_else(|| fetched.from.clone());
    let done = apply(root, name, &canonical, &fetched.page)?;
    println!("fetched {}: {}", fetched.from, done.join(", "));
    Ok(())
}

/// The new crate `name`'s solution header (`//! <name>`, as the template writes it) set to the
/// problem's `title`; a solution already edited is left as it is.
pub fn title_header(root: &Path, name: &str, title: &str) -> anyhow::Result<()> {
    let main = root.join(name).join("src/main.rs");
    if let Ok(text) = fs::read_to_string(&main) {
        let text = text.replacen(&format!("//! {name}\n"), &format!("//! {title}\n"), 1);
        fs::write(&main, text).at(&main)?;
    }
    Ok(())
}

/// Why `name` cannot be a new problem's crate, if it cannot: a problem's short id is the
/// last part of its name (`q58` for `puzzle68-q58`), so a new name may neither be an
/// existing problem's short id nor have one an existing problem already answers to; and a
/// package of the dependency graph (`proconio`) would make `cargo build -p` ambiguous.
pub fn name_clash(name: &str, problems: &[String], packages: &[String]) -> Option<String> {
    let short = |n: &str| crate::workspace::problems::short_id(n);
    if let Some(p) = problems
        .iter()
        .find(|p| short(p) == name && p.as_str() != name)
    {
        return Some(format!(
            "`{name}` is the short id of {p} (`make test-{name}` means it): choose another name"
        ));
    }
    let own = short(name);
    if let Some(p) = problems
        .iter()
        .find(|p| (short(p) == own || p.as_str() == own) && p.as_str() != name)
    {
        return Some(format!(
            "`{name}` would answer to `{own}`, which already names {p}: choose another name"
        ));
    }
    let lib = name.replace('-', "_");
    if let Some(pkg) = packages
        .iter()
        .find(|pkg| pkg.as_str() == name || pkg.replace('-', "_") == lib)
    {
        return Some(format!(
            "`{name}` is the name of the package {pkg}, which the workspace depends on (`cargo build -p {name}` would be ambiguous): choose another name"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORKSPACE: &str =
        "[workspace]\nresolver = \"2\"\n# the problems\nmembers = [\"common\", \"boj-17825\"]\n";

    #[test]
    fn names_a_bare_number_as_a_boj_problem_and_rejects_odd_names() {
        assert_eq!(crate_name("1000").unwrap(), "boj-1000");
        assert_eq!(crate_name("puzzle68-q12").unwrap(), "puzzle68-q12");
        for bad in ["", "Boj-1", "boj_1", "-x", "x-", "../x", "cf-12A"] {
            assert!(crate_name(bad).is_err(), "{bad}");
        }
    }

    /// A judge that builds with `--cfg NAME` gets `NAME` in its crates' expected cfgs (so
    /// `#[cfg(ONLINE_JUDGE)]` builds here without a warning); BOJ's crates get no lints table.
    #[test]
    fn a_judges_own_cfg_is_an_expected_cfg_of_its_new_crates() {
        let cf = manifest("codeforces-4-a", "u", "codeforces", Kind::Batch);
        assert!(cf.contains("check-cfg = ['cfg(ONLINE_JUDGE)']"), "{cf}");
        let ac = manifest("atcoder-abc300-a", "u", "atcoder", Kind::Batch);
        assert!(ac.contains("check-cfg = ['cfg(atcoder)']"), "{ac}");
        let boj = manifest("boj-1000", "u", "BOJ", Kind::Batch);
        assert!(!boj.contains("[lints"), "{boj}");
        for text in [cf, ac, boj] {
            text.parse::<toml_edit::DocumentMut>().unwrap();
        }
    }

    /// Other judges' short names, their crates, and the judge and page each crate gets;
    /// the listener's names (from the problems' URLs) come back to the same URLs.
    #[test]
    fn codeforces_and_atcoder_short_names_name_their_judges_crates_and_pages() {
        let cases = [
            (
                "cf-1234a",
                "codeforces-1234-a",
                "https://codeforces.com/contest/1234/problem/A",
                "codeforces",
            ),
            (
                "cf-1234-b1",
                "codeforces-1234-b1",
                "https://codeforces.com/contest/1234/problem/B1",
                "codeforces",
            ),
            (
                "codeforces-gym-100001-c",
                "codeforces-gym-100001-c",
                "https://codeforces.com/gym/100001/problem/C",
                "codeforces",
            ),
            (
                "abc300-a",
                "atcoder-abc300-a",
                "https://atcoder.jp/contests/abc300/tasks/abc300_a",
                "atcoder",
            ),
            (
                "atcoder-typical90-bx",
                "atcoder-typical90-bx",
                "https://atcoder.jp/contests/typical90/tasks/typical90_bx",
                "atcoder",
            ),
            ("abc-a", "abc-a", "", "none"),
        ];
        for (wanted, name, url, judge) in cases {
            assert_eq!(crate_name(wanted).unwrap(), name, "{wanted}");
            let (got_url, got_judge) = source_of(name);
            assert_eq!(got_url.unwrap_or_default(), url, "{wanted}");
            assert_eq!(got_judge, judge, "{wanted}");
            if !url.is_empty() {
                let short = crate::workspace::problems::short_id(name);
                if wanted != name {
                    // The short name `make new` took is the one the crate answers to.
                    assert_eq!(crate_name(&short).unwrap(), name, "{short}");
                }
                assert_eq!(crate::commands::listen::crate_for(url).unwrap(), name);
                assert_eq!(page_of(name), None, "{name}: not fetched as a BOJ page");
            }
        }
    }

    #[test]
    fn creates_crate_and_member_then_refuses_a_second_time() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), WORKSPACE).unwrap();
        assert_eq!(create(root, "1000", Kind::Batch).unwrap(), "boj-1000");
        let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains("# the problems"),
            "formatting kept: {manifest}"
        );
        assert!(
            manifest.contains("members = [\"common\", \"boj-17825\", \"boj-1000\"]"),
            "{manifest}"
        );
        let crate_manifest = fs::read_to_string(root.join("boj-1000/Cargo.toml")).unwrap();
        assert!(crate_manifest.contains("acmicpc.net/problem/1000"));
        assert!(crate_manifest.contains("name = \"boj-1000-gen\""));
        for stub in ["examples/gen.rs", "examples/brute.rs"] {
            assert!(syn::parse_file(
                &fs::read_to_string(root.join("boj-1000").join(stub)).unwrap()
            )
            .is_ok());
        }
        // A second call changes nothing, and neither does one whose test folder exists.
        fs::write(root.join("boj-1000/src/main.rs"), "// my work\n").unwrap();
        assert!(create(root, "boj-1000", Kind::Batch)
            .unwrap_err()
            .to_string()
            .contains("already exists"));
        assert_eq!(
            fs::read_to_string(root.join("boj-1000/src/main.rs")).unwrap(),
            "// my work\n"
        );
        fs::create_dir_all(root.join("testcases/boj-2000")).unwrap();
        assert!(create(root, "2000", Kind::Batch).is_err());
        assert!(!root.join("boj-2000").exists());
        assert_eq!(
            fs::read_to_string(root.join("Cargo.toml")).unwrap(),
            manifest
        );
    }

    /// A sample answer with a fractional number is what the float note looks for; integers,
    /// words and versions with two dots are not.
    #[test]
    fn a_decimal_answer_is_told_from_integers_and_words() {
        assert!(has_decimal("0.333333333\n"));
        assert!(has_decimal("1 -2.50\n"));
        for plain in ["3\n", "A.B\n", "1.\n", ".5x\n", "YES\n"] {
            assert!(!has_decimal(plain), "{plain}");
        }
    }

    /// `[workspace.metadata.new-problem] libraries` gives every new problem those
    /// dependencies (one outside the workspace folder among them), each once; a name not
    /// under `[workspace.dependencies]` is refused in one line naming it, and nothing is made;
    /// without the setting a problem gets the template's two.
    #[test]
    fn make_new_gives_the_configured_libraries_and_refuses_an_undeclared_one() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let with = |libraries: &str| {
            format!(
                "{WORKSPACE}\n[workspace.dependencies]\ncommon = {{ path = \"common\" }}\nmylib = {{ path = \"../../lib/mylib\" }}\n\n[workspace.metadata.new-problem]\nlibraries = {libraries}\n"
            )
        };
        fs::write(
            root.join("Cargo.toml"),
            with("[\"common\", \"mylib\", \"mylib\"]"),
        )
        .unwrap();
        create(root, "1000", Kind::Batch).unwrap();
        let made = fs::read_to_string(root.join("boj-1000/Cargo.toml")).unwrap();
        let doc: toml_edit::DocumentMut = made.parse().unwrap();
        let deps: Vec<&str> = doc["dependencies"]
            .as_table()
            .unwrap()
            .iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(deps, ["proconio", "itertools", "common", "mylib"], "{made}");
        assert_eq!(
            doc["dependencies"]["mylib"]["workspace"].as_bool(),
            Some(true)
        );
        fs::write(root.join("Cargo.toml"), with("[\"common\", \"yourlib\"]")).unwrap();
        let err = create(root, "2000", Kind::Batch).unwrap_err().to_string();
        assert!(
            err.contains("`yourlib`") && err.contains("[workspace.dependencies]"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
        assert!(!root.join("boj-2000").exists());
        fs::write(root.join("Cargo.toml"), WORKSPACE).unwrap();
        create(root, "3000", Kind::Batch).unwrap();
        let made = fs::read_to_string(root.join("boj-3000/Cargo.toml")).unwrap();
        let doc: toml_edit::DocumentMut = made.parse().unwrap();
        assert_eq!(doc["dependencies"].as_table().unwrap().len(), 2, "{made}");
    }

    fn page_with(samples: usize, spj: bool) -> crate::boj_page::Page {
        crate::boj_page::Page {
            title: Some("주사위 윷놀이".into()),
            time_limit_ms: Some(1500),
            memory_limit_mb: Some(512),
            special_judge: spj,
            interactive: false,
            samples: (1..=samples)
                .map(|k| (format!("{k} {k}  \n"), format!("{}\n\n", 2 * k)))
                .collect(),
        }
    }

    /// BOJ 1008 (A/B, answers within 1e-9) as the extension sends it: nothing says it is a
    /// special judge, so its decimal sample answer gets the note naming `float-tolerance`;
    /// integer answers get none.
    #[test]
    fn a_decimal_sample_answer_without_a_special_judge_gets_the_float_tolerance_note() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), WORKSPACE).unwrap();
        create(root, "1008", Kind::Batch).unwrap();
        let url = "https://www.acmicpc.net/problem/1008";
        let mut page = page_with(1, false);
        page.samples = vec![(
            "1 3\n".into(),
            "0.33333333333333333333333333333333\n".into(),
        )];
        let done = apply(root, "boj-1008", url, &page).unwrap();
        assert!(
            done.iter().any(|d| d.contains("float-tolerance")),
            "{done:?}"
        );
        let done = apply(root, "boj-1008", url, &page_with(1, false)).unwrap();
        assert!(
            !done.iter().any(|d| d.contains("float-tolerance")),
            "{done:?}"
        );
    }

    #[test]
    fn a_fetched_page_fills_samples_and_metadata_and_keeps_the_solution_and_other_cases() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), WORKSPACE).unwrap();
        create(root, "1000", Kind::Batch).unwrap();
        fs::write(root.join("boj-1000/src/main.rs"), "// my work\n").unwrap();
        fs::write(root.join("testcases/boj-1000/edge.in"), "9\n").unwrap();
        let url = "https://www.acmicpc.net/problem/1000";
        apply(root, "boj-1000", url, &page_with(2, false)).unwrap();
        let manifest = fs::read_to_string(root.join("boj-1000/Cargo.toml")).unwrap();
        for want in [
            "title = \"주사위 윷놀이\"",
            "time-limit-ms = 1500",
            "memory-limit-mb = 512",
        ] {
            assert!(manifest.contains(want), "{want} in {manifest}");
        }
        assert!(!manifest.contains("TODO"), "{manifest}");
        let case = |f: &str| fs::read_to_string(root.join("testcases/boj-1000").join(f)).unwrap();
        assert_eq!(case("sample-2.in"), "2 2  \n");
        assert_eq!(case("sample-2.out"), "4\n\n");
        assert_eq!(case("edge.in"), "9\n");
        assert_eq!(
            fs::read_to_string(root.join("boj-1000/src/main.rs")).unwrap(),
            "// my work\n"
        );
        // A special-judge page asks for a checker rather than trusting the one answer.
        apply(root, "boj-1000", url, &page_with(1, true)).unwrap();
        let manifest = fs::read_to_string(root.join("boj-1000/Cargo.toml")).unwrap();
        assert!(manifest.contains("checker = \"boj-1000-checker\""));
        assert!(root.join("boj-1000/src/bin/boj-1000-checker.rs").is_file());
    }

    /// A workspace `cargo metadata --no-deps` can read, its members' `workspace = true`
    /// keys resolved.
    const FULL_WORKSPACE: &str = "[workspace]\nresolver = \"2\"\nmembers = []\n\n[workspace.package]\nedition = \"2021\"\nrust-version = \"1.73\"\npublish = false\n\n[workspace.dependencies]\nproconio = \"0.5\"\nitertools = \"0.14\"\n";

    /// The problems cargo sees in the workspace at `root`.
    fn problems_at(root: &Path) -> Vec<crate::workspace::problems::Problem> {
        let meta = cargo_metadata::MetadataCommand::new()
            .manifest_path(root.join("Cargo.toml"))
            .no_deps()
            .exec()
            .unwrap();
        crate::workspace::problems::Workspace::from_metadata(&meta)
            .unwrap()
            .problems
    }

    /// `make new --interactive` (or an interactive page): cargo sees the interactor as a
    /// binary target of the crate and the problem's rule runs it; the solution is the
    /// interactive template, and no brute force is asked for.
    #[test]
    fn an_interactive_crate_is_judged_by_its_interactor_target() {
        use crate::engine::compare::Rule;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), FULL_WORKSPACE).unwrap();
        create(root, "1000", Kind::Interactive).unwrap();
        create(root, "2000", Kind::Batch).unwrap();
        let krate = root.join("boj-1000");
        assert!(krate.join("src/bin/interactor.rs").is_file());
        assert!(!krate.join("examples/brute.rs").exists());
        let main = fs::read_to_string(krate.join("src/main.rs")).unwrap();
        assert!(main.contains("input_interactive!") && main.contains("flush"));
        let meta = cargo_metadata::MetadataCommand::new()
            .manifest_path(root.join("Cargo.toml"))
            .no_deps()
            .exec()
            .unwrap();
        let package = meta.packages.iter().find(|p| p.name == "boj-1000").unwrap();
        let bins: Vec<&str> = package
            .targets
            .iter()
            .filter(|t| t.kind.iter().any(|k| k.to_string() == "bin"))
            .map(|t| t.name.as_str())
            .collect();
        assert_eq!(bins, ["boj-1000", "boj-1000-interactor"]);
        let problems = problems_at(root);
        let rule = |name: &str| {
            problems
                .iter()
                .find(|p| p.name == name)
                .unwrap()
                .rule
                .clone()
        };
        match rule("boj-1000") {
            Rule::Interactor(bin) => assert!(bin.ends_with("release/boj-1000-interactor")),
            other => panic!("{other:?}"),
        }
        assert!(!matches!(rule("boj-2000"), Rule::Interactor(_)));
    }

    /// `make fetch` of a page labelled interactive, on a crate made as a batch problem: the
    /// metadata, the interactor's target and skeleton are added (once, however often it is
    /// fetched); the solution is the user's and stays; the samples (an exchange) are not
    /// written as cases.
    #[test]
    fn an_interactive_page_makes_an_existing_crate_interactive_and_keeps_the_solution() {
        use crate::engine::compare::Rule;
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), FULL_WORKSPACE).unwrap();
        create(root, "1000", Kind::Batch).unwrap();
        fs::write(root.join("boj-1000/src/main.rs"), "// my work\n").unwrap();
        let page = crate::boj_page::Page {
            interactive: true,
            ..page_with(1, false)
        };
        let url = "https://www.acmicpc.net/problem/1000";
        apply(root, "boj-1000", url, &page).unwrap();
        apply(root, "boj-1000", url, &page).unwrap();
        let manifest = fs::read_to_string(root.join("boj-1000/Cargo.toml")).unwrap();
        assert_eq!(
            manifest.matches("name = \"boj-1000-interactor\"").count(),
            1
        );
        assert!(root.join("boj-1000/src/bin/interactor.rs").is_file());
        assert_eq!(
            fs::read_to_string(root.join("boj-1000/src/main.rs")).unwrap(),
            "// my work\n"
        );
        assert!(!root.join("testcases/boj-1000/sample-1.in").exists());
        let problems = problems_at(root);
        assert!(matches!(problems[0].rule, Rule::Interactor(_)));
    }

    /// `make test` checks formatting: what `make new` writes must pass it as written.
    #[test]
    fn both_stress_stubs_carry_the_mark_that_leaves_them_out_of_make_test_problem() {
        use crate::workspace::problems::PAIR_STUB_MARK;
        assert!(GEN_RS.contains(PAIR_STUB_MARK) && BRUTE_RS.contains(PAIR_STUB_MARK));
    }

    #[test]
    fn a_name_that_is_a_short_id_or_a_dependency_is_refused_in_one_line() {
        let problems: Vec<String> = ["boj-18139", "puzzle68-q58", "boj-17825"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let packages: Vec<String> = ["proconio", "ac-library-rs", "itertools"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let clash = |n: &str| name_clash(n, &problems, &packages);
        let q58 = clash("q58").unwrap();
        assert!(
            q58.contains("puzzle68-q58") && q58.lines().count() == 1,
            "{q58}"
        );
        assert!(
            clash("boj-17825").is_none(),
            "itself: `create` says it exists"
        );
        assert!(clash("other-q58").unwrap().contains("puzzle68-q58"));
        assert!(clash("mine-18139").unwrap().contains("boj-18139"));
        assert!(clash("proconio").unwrap().contains("proconio"));
        assert!(clash("ac-library-rs").is_some());
        assert!(clash("boj-1000").is_none());
        assert!(clash("puzzle68-q12").is_none());
    }

    #[test]
    fn every_generated_file_is_already_formatted() {
        let files = [
            main_rs("Title", "https://www.acmicpc.net/problem/1000"),
            interactive_main_rs("Title", "https://www.acmicpc.net/problem/1000"),
            INTERACTOR_RS.to_string(),
            GEN_RS.to_string(),
            BRUTE_RS.to_string(),
            CHECKER_RS.to_string(),
        ];
        for text in files {
            let mut child = std::process::Command::new("rustfmt")
                .args(["--edition", crate::judge::EDITION, "--check"])
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "not rustfmt-clean:\n{}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
    }

    /// README puts `#[fastout]` on `main`: `use proconio::fastout;` needs proconio's
    /// `derive` feature, which the workspace's proconio leaves off for the showcase problems.
    #[test]
    fn a_new_crate_has_proconios_derive_so_fastout_resolves() {
        let text = manifest(
            "boj-1000",
            "https://www.acmicpc.net/problem/1000",
            "BOJ",
            Kind::Batch,
        );
        let doc: toml_edit::DocumentMut = text.parse().unwrap();
        let proconio = &doc["dependencies"]["proconio"];
        let features: Vec<&str> = proconio["features"]
            .as_array()
            .expect("proconio's features listed")
            .iter()
            .filter_map(|f| f.as_str())
            .collect();
        assert_eq!(features, ["derive"]);
        assert_eq!(proconio["workspace"].as_bool(), Some(true));
    }

    /// The special judge's skeleton compares exactly until it is written (the judge's rule:
    /// trailing spaces and empty lines aside): it accepts the expected output, rejects any
    /// other, and never accepts everything.
    #[test]
    fn the_checker_skeleton_compares_exactly_until_written() {
        let dir = tempfile::tempdir().unwrap();
        let checker = crate::testing::build_rust(dir.path(), "checker", CHECKER_RS);
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            fs::write(&path, text).unwrap();
            path
        };
        let input = write("in", "3\n");
        let expected = write("expected", "1 2\n3\n");
        let accepts = |actual: &str| {
            let actual = write("actual", actual);
            std::process::Command::new(&checker)
                .args([&input, &expected, &actual])
                .output()
                .unwrap()
                .status
                .success()
        };
        assert!(accepts("1 2\n3\n"));
        assert!(accepts("1 2  \n3\n\n"));
        assert!(
            !accepts("2 1\n3\n"),
            "another answer, right or not, fails until written"
        );
        assert!(!accepts(""));
        assert!(!accepts("1 2\n3\n4\n"));
    }
}
