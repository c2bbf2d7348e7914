//! `cargo xtask new <problem>`: a new problem crate from the house template.
//!
//! Creates `<crate>/Cargo.toml` (with `[package.metadata.problem]`), `<crate>/src/main.rs`
//! (proconio input, pure solve, output, a unit test), `testcases/<crate>/sample-1.{in,out}`
//! and the workspace member entry. The template solves A+B, so `make test` stays green
//! until the real solution and samples replace it. It changes nothing when the crate or its
//! test folder already exists.

use std::fs;
use std::path::Path;

/// The crate name for `wanted`: `1000` means `boj-1000`; otherwise lowercase letters,
/// digits and dashes, starting with a letter.
pub fn crate_name(wanted: &str) -> Result<String, String> {
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
        Err(format!(
            "`{wanted}` is not a problem name: use a BOJ number (1000) or lowercase letters, digits and dashes (boj-1000, puzzle68-q12)"
        ))
    }
}

fn manifest(name: &str) -> String {
    let (url, judge) = match name.strip_prefix("boj-") {
        Some(number) if number.chars().all(|c| c.is_ascii_digit()) => {
            (format!("https://www.acmicpc.net/problem/{number}"), "BOJ")
        }
        _ => ("TODO: where the problem comes from".to_string(), "none"),
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
judge = "{judge}"
time-limit-ms = 2000
memory-limit-mb = 256

[dependencies]
common.workspace = true
proconio.workspace = true
"#
    )
}

fn main_rs(name: &str) -> String {
    format!(
        r#"//! {name} — TODO: the problem's URL
//!
//! TODO: the idea in a sentence or two. (The template solves A+B so that `make test` stays
//! green until the real solution replaces it.)

use common::tokens::{{check_ints, run_main}};
use proconio::input;
use proconio::source::once::OnceSource;

/// The answer, from plain data.
fn solve(a: i64, b: i64) -> i64 {{
    a + b
}}

/// Reads and checks the input; an error names what is wrong.
fn parse(text: &str) -> Result<(i64, i64), String> {{
    check_ints(text, 2, 2, "the two numbers A and B")?;
    input! {{
        from OnceSource::from(text),
        a: i64,
        b: i64,
    }}
    Ok((a, b))
}}

fn main() {{
    run_main(|text| parse(text).map(|(a, b)| solve(a, b).to_string()));
}}

#[cfg(test)]
mod tests {{
    use super::*;

    #[test]
    fn sample_1() {{
        assert_eq!(parse("1 2\n").map(|(a, b)| solve(a, b)), Ok(3));
    }}
}}
"#
    )
}

/// Adds `name` to `[workspace] members` of the manifest text, keeping its formatting.
pub fn add_member(manifest: &str, name: &str) -> Result<String, String> {
    let mut doc: toml_edit::DocumentMut =
        manifest.parse().map_err(|e| format!("Cargo.toml: {e}"))?;
    let members = doc
        .get_mut("workspace")
        .and_then(|w| w.get_mut("members"))
        .and_then(|m| m.as_array_mut())
        .ok_or("Cargo.toml: no [workspace] members array")?;
    if members.iter().any(|m| m.as_str() == Some(name)) {
        return Err(format!(
            "Cargo.toml: `{name}` is already a workspace member"
        ));
    }
    members.push(name);
    Ok(doc.to_string())
}

/// Creates the problem `wanted` under the workspace at `root`; returns the crate name.
pub fn create(root: &Path, wanted: &str) -> Result<String, String> {
    let name = crate_name(wanted)?;
    let crate_dir = root.join(&name);
    let cases_dir = root.join("testcases").join(&name);
    for existing in [&crate_dir, &cases_dir] {
        if existing.exists() {
            return Err(format!(
                "{} already exists; nothing was changed",
                existing.display()
            ));
        }
    }
    let manifest_path = root.join("Cargo.toml");
    let workspace = fs::read_to_string(&manifest_path)
        .map_err(|e| format!("{}: {e}", manifest_path.display()))?;
    let workspace = add_member(&workspace, &name)?;
    let files = [
        (crate_dir.join("Cargo.toml"), manifest(&name)),
        (crate_dir.join("src/main.rs"), main_rs(&name)),
        (cases_dir.join("sample-1.in"), "1 2\n".to_string()),
        (cases_dir.join("sample-1.out"), "3\n".to_string()),
    ];
    let written = files.iter().try_for_each(|(path, text)| {
        fs::create_dir_all(path.parent().unwrap())?;
        fs::write(path, text)
    });
    if let Err(e) = written.and_then(|_| fs::write(&manifest_path, workspace)) {
        let _ = fs::remove_dir_all(&crate_dir);
        let _ = fs::remove_dir_all(&cases_dir);
        return Err(format!("could not create {name}: {e}; nothing was kept"));
    }
    Ok(name)
}

/// `cargo xtask new <problem>`.
pub fn run(root: &Path, wanted: &str) -> Result<bool, String> {
    let name = create(root, wanted)?;
    println!("created {name}/ (Cargo.toml, src/main.rs) and testcases/{name}/sample-1.{{in,out}}");
    println!("next: fill in the metadata, the solution and the samples, then `make test` and `make submit-{name}`");
    Ok(true)
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
    fn creates_crate_cases_and_member_then_refuses_a_second_time() {
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
        assert!(fs::read_to_string(root.join("boj-1000/Cargo.toml"))
            .unwrap()
            .contains("acmicpc.net/problem/1000"));
        assert_eq!(
            fs::read_to_string(root.join("testcases/boj-1000/sample-1.out")).unwrap(),
            "3\n"
        );
        // A second call changes nothing, and neither does one whose test folder exists.
        let main_before = fs::read_to_string(root.join("boj-1000/src/main.rs")).unwrap();
        fs::write(root.join("boj-1000/src/main.rs"), "// my work\n").unwrap();
        assert!(create(root, "boj-1000")
            .unwrap_err()
            .contains("already exists"));
        assert_eq!(
            fs::read_to_string(root.join("boj-1000/src/main.rs")).unwrap(),
            "// my work\n"
        );
        assert!(main_before.contains("fn solve"));
        fs::create_dir_all(root.join("testcases/boj-2000")).unwrap();
        assert!(create(root, "2000").is_err());
        assert!(!root.join("boj-2000").exists());
        assert_eq!(
            fs::read_to_string(root.join("Cargo.toml")).unwrap(),
            manifest
        );
    }

    #[test]
    fn template_parses_as_rust_reads_with_proconio_and_has_a_test() {
        // Building it as a member and passing its sample is checked by hand (see README).
        let text = main_rs("boj-1000");
        assert!(text.contains("input! {") && text.contains("#[test]") && text.contains("run_main"));
        assert!(syn::parse_file(&text).is_ok());
    }
}
