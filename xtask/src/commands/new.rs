//! `cargo xtask new <problem> [--url <page>]`: a problem crate, its samples and the
//! workspace member entry (the files themselves: `workspace::scaffold`).

use crate::workspace::problems::{Workspace, TEMPLATE_MARK};
use crate::workspace::scaffold::{self, crate_name, create, fetch_into, name_clash};
use std::path::Path;

/// The arguments of `cargo xtask new`.
#[derive(clap::Args)]
pub struct Args {
    /// A BOJ number (1000) or a crate name (boj-1000, puzzle68-q12).
    problem: String,
    /// Read the problem page from here instead (a mirror, a saved page as file://...).
    #[arg(long)]
    url: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<bool> {
    let ws = Workspace::load()?;
    new(&ws.root, &args.problem, args.url.as_deref())
}

/// `cargo xtask new <problem> [--url <page>]`.
fn new(root: &Path, wanted: &str, url: Option<&str>) -> anyhow::Result<bool> {
    let name = crate_name(wanted)?;
    if let Ok(meta) = cargo_metadata::MetadataCommand::new()
        .manifest_path(root.join("Cargo.toml"))
        .current_dir(root)
        .exec()
    {
        let problems: Vec<String> = meta
            .workspace_packages()
            .iter()
            .filter(|p| p.metadata.get("problem").is_some())
            .map(|p| p.name.to_string())
            .collect();
        let packages: Vec<String> = meta
            .packages
            .iter()
            .filter(|p| !meta.workspace_members.contains(&p.id))
            .map(|p| p.name.to_string())
            .collect();
        if let Some(why) = name_clash(&name, &problems, &packages) {
            return Err(anyhow::anyhow!(why));
        }
    }
    let name = create(root, &name)?;
    println!("created {name}/ (Cargo.toml, src/main.rs) and testcases/{name}/");
    match fetch_into(root, &name, url) {
        Ok(Some(crate::boj_page::Page {
            title: Some(title), ..
        })) => {
            // The solution was written a moment ago: its header takes the real title.
            let _ = scaffold::title_header(root, &name, &title);
        }
        Ok(_) => {}
        Err(e) => {
            println!("note    {e}");
            println!("note    the crate is made; add the samples to testcases/{name}/ by hand, or `make fetch-{name}` later");
        }
    }
    println!("next: write the solution in {name}/src/main.rs (delete its `{TEMPLATE_MARK}` line), then `make test` and `make submit-{name}`");
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The template a new problem starts from, bundled with the workspace's real proconio.
    #[test]
    fn the_template_compiles_alone_as_the_judge_builds_it_and_fails_the_samples() {
        use crate::bundle;
        let dir = tempfile::tempdir().unwrap();
        let main = dir.path().join("main.rs");
        std::fs::write(
            &main,
            crate::workspace::scaffold::main_rs("Title", "https://www.acmicpc.net/problem/1000"),
        )
        .unwrap();
        // The workspace's real proconio, as the bundler inlines it for a submission.
        let meta = crate::workspace::packages::metadata().unwrap();
        let graph = crate::resolve::crates::graph(&meta, "corpus", &crate::judge::BOJ).unwrap();
        let b = bundle::bundle(&main, &graph.deps, &graph.libraries, Default::default()).unwrap();
        let build = dir.path().join("build");
        std::fs::create_dir_all(&build).unwrap();
        let binary = crate::testing::build_rust(&build, "Main", &b.text);
        let input = build.join("sample.in");
        std::fs::write(&input, "3\n").unwrap();
        let run = std::process::Command::new(&binary)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        assert!(run.status.success());
        assert!(run.stdout.is_empty(), "the template answers nothing");
        assert!(b.text.contains(TEMPLATE_MARK));
    }
}
