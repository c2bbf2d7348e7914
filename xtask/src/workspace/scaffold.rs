//! `cargo xtask new <problem>`: a new problem crate from the house template.
//!
//! Creates `<crate>/Cargo.toml` (with `[package.metadata.problem]`), `<crate>/src/main.rs`
//! (proconio input, pure solve, output, a unit test), `testcases/<crate>/sample-1.{in,out}`
//! and the workspace member entry. The template solves A+B, so `make test` stays green
//! until the real solution and samples replace it. It changes nothing when the crate or its
//! test folder already exists.

use crate::error::PathContext;
use std::fs;
use std::path::Path;

/// The crate name for `wanted`: `1000` means `boj-1000`; otherwise lowercase letters,
/// digits and dashes, starting with a letter.
pub fn crate_name(wanted: &str) -> anyhow::Result<String> {
    if !wanted.is_empty() && wanted.chars().all(|c| c.is_ascii_digit()) {
        return Ok(format!("boj-{wanted}"));
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

use crate::workspace::problems::TEMPLATE_MARK;

/// A new crate's manifest. Limits the page did not give get BOJ's common defaults, marked.
fn manifest(name: &str, url: &str, judge: &str) -> String {
    let profile = crate::judge::profile(judge);
    let (time_limit, memory_limit) = (profile.time_limit_ms, profile.memory_limit_mb);
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
judge = "{judge}"
# TODO: the limits from the problem page (these are defaults)
time-limit-ms = {time_limit}
memory-limit-mb = {memory_limit}

[dependencies]
# `derive` for `#[fastout]` (the bundler writes it out; the judge gets no proc-macro).
proconio = {{ workspace = true, features = ["derive"] }}
itertools.workspace = true

# The stress-test pair (`make stress-{name}`), named after the crate: examples of all
# crates share target/release/examples/.
[[example]]
name = "{name}-gen"
path = "examples/gen.rs"

[[example]]
name = "{name}-brute"
path = "examples/brute.rs"
"#
    )
}

/// The generator stub: `make stress` says it printed nothing until it is written.
const GEN_RS: &str = r#"//! Random input for `make stress`: `gen <seed> <size>` prints ONE input of about `size`
//! (keep small sizes small: the smallest failing input is searched from size 1 up).
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
    match name.strip_prefix("boj-") {
        Some(number) if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) => {
            (Some(crate::boj_page::boj_url(number)), "BOJ")
        }
        _ => (None, crate::judge::NO_JUDGE.name),
    }
}

/// A new problem crate's files, by path inside its folder: the manifest, the solution
/// template and the stress pair's stubs (the one recipe: `new` and the scale benchmark).
pub fn crate_files(name: &str, url: &str, judge: &str) -> Vec<(&'static str, String)> {
    vec![
        ("Cargo.toml", manifest(name, url, judge)),
        ("src/main.rs", main_rs(name, url)),
        ("examples/gen.rs", GEN_RS.to_string()),
        ("examples/brute.rs", BRUTE_RS.to_string()),
    ]
}

/// Creates the problem `wanted` under the workspace at `root`; returns the crate name. It
/// changes nothing when the crate or its test folder exists.
pub fn create(root: &Path, wanted: &str) -> anyhow::Result<String> {
    let name = crate_name(wanted)?;
    let crate_dir = root.join(&name);
    let cases_dir = root.join("testcases").join(&name);
    for existing in [&crate_dir, &cases_dir] {
        if existing.exists() {
            return Err(anyhow::anyhow!(
                "{} already exists; nothing was changed",
                existing.display()
            ));
        }
    }
    let manifest_path = root.join("Cargo.toml");
    let workspace = fs::read_to_string(&manifest_path)
        .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
    let workspace = add_member(&workspace, &name)?;
    let (url, judge) = source_of(&name);
    let url = url.unwrap_or_else(|| "TODO: where the problem comes from".into());
    let written = crate_files(&name, &url, judge)
        .into_iter()
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

/// Writes what `page` holds into the problem `name`: its samples as
/// `testcases/<name>/sample-N.{in,out}` (exactly as the page has them) and its title, URL
/// and limits into the metadata; a special-judge problem gets `checker = "<name>-checker"` and
/// a stub checker (`src/bin/<name>-checker.rs`). Never touches `main.rs` or a case that is not a sample. Returns what it
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
    fs::write(&manifest_path, manifest)
        .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
    let cases_dir = root.join("testcases").join(name);
    fs::create_dir_all(&cases_dir).map_err(|e| anyhow::anyhow!("{}: {e}", cases_dir.display()))?;
    for (k, (input, output)) in page.samples.iter().enumerate() {
        for (ext, text) in [("in", input), ("out", output)] {
            let path = cases_dir.join(format!("sample-{}.{ext}", k + 1));
            fs::write(&path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        }
    }
    done.push(format!("{} sample(s)", page.samples.len()));
    Ok(done)
}

/// Fetches the page of `name` (or `url`) and applies it; a failure is one line saying what
/// to do, and changes nothing.
pub fn fetch_into(
    root: &Path,
    name: &str,
    url: Option<&str>,
) -> anyhow::Result<Option<crate::boj_page::Page>> {
    let url = match url.map(str::to_string).or_else(|| source_of(name).0) {
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
    // A mirror or a saved page stands in for the problem's own address, which is kept.
    let canonical = source_of(name).0.unwrap_or_else(|| url.clone());
    let done = apply(root, name, &canonical, &page)?;
    println!("fetched {url}: {}", done.join(", "));
    Ok(Some(page))
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
    let short = |n: &str| n.rsplit('-').next().unwrap_or(n).to_string();
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
        for bad in ["", "Boj-1", "boj_1", "-x", "x-", "../x"] {
            assert!(crate_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn creates_crate_and_member_then_refuses_a_second_time() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), WORKSPACE).unwrap();
        assert_eq!(create(root, "1000").unwrap(), "boj-1000");
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
        assert!(create(root, "boj-1000")
            .unwrap_err()
            .to_string()
            .contains("already exists"));
        assert_eq!(
            fs::read_to_string(root.join("boj-1000/src/main.rs")).unwrap(),
            "// my work\n"
        );
        fs::create_dir_all(root.join("testcases/boj-2000")).unwrap();
        assert!(create(root, "2000").is_err());
        assert!(!root.join("boj-2000").exists());
        assert_eq!(
            fs::read_to_string(root.join("Cargo.toml")).unwrap(),
            manifest
        );
    }

    fn page_with(samples: usize, spj: bool) -> crate::boj_page::Page {
        crate::boj_page::Page {
            title: Some("주사위 윷놀이".into()),
            time_limit_ms: Some(1500),
            memory_limit_mb: Some(512),
            special_judge: spj,
            samples: (1..=samples)
                .map(|k| (format!("{k} {k}  \n"), format!("{}\n\n", 2 * k)))
                .collect(),
        }
    }

    #[test]
    fn a_fetched_page_fills_samples_and_metadata_and_keeps_the_solution_and_other_cases() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(root.join("Cargo.toml"), WORKSPACE).unwrap();
        create(root, "1000").unwrap();
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
        let text = manifest("boj-1000", "https://www.acmicpc.net/problem/1000", "BOJ");
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
