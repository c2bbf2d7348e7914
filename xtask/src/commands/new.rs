//! `cargo xtask new <problem> [--url <page>]`: a problem crate, its samples and the
//! workspace member entry (the files themselves: `workspace::scaffold`).

use crate::workspace::problems::{Workspace, TEMPLATE_MARK};
use crate::workspace::scaffold::{self, crate_name, create, name_clash, Kind};
use std::path::Path;

/// The arguments of `cargo xtask new`.
#[derive(clap::Args)]
pub struct Args {
    /// A BOJ number (1000) or a crate name (boj-1000, puzzle68-q12).
    problem: String,
    /// Read the problem page from here instead (a mirror, a saved page as file://...).
    #[arg(long)]
    url: Option<String>,
    /// An interactive problem (its page's label says so too): the interactive template and
    /// an interactor to write.
    #[arg(long)]
    interactive: bool,
}

pub fn run(args: Args) -> anyhow::Result<bool> {
    let ws = Workspace::load()?;
    new(
        &ws.root,
        &args.problem,
        args.url.as_deref(),
        args.interactive,
    )
}

/// `cargo xtask new <problem> [--url <page>] [--interactive]`.
fn new(root: &Path, wanted: &str, url: Option<&str>, interactive: bool) -> anyhow::Result<bool> {
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
    // The page first: it says which template the crate starts from (not fetched for a
    // crate that cannot be made).
    scaffold::ensure_free(root, &name)?;
    let fetched = scaffold::fetch_page(&name, url);
    let page_says = matches!(&fetched, Ok(Some(f)) if f.page.interactive);
    let kind = match interactive || page_says {
        true => Kind::Interactive,
        false => Kind::Batch,
    };
    let name = create(root, &name, kind)?;
    println!("created {name}/ (Cargo.toml, src/main.rs) and testcases/{name}/");
    if kind == Kind::Interactive && !page_says {
        // (A page that says so, says it below with what it wrote.)
        println!("interactive: {name}/src/bin/interactor.rs is the judge's side, to write (until then it rejects every run); each case is the interactor's input, testcases/{name}/NAME.in (a .out is optional)");
    }
    match fetched {
        Ok(Some(fetched)) => {
            scaffold::apply_fetched(root, &name, &fetched)?;
            if let Some(title) = &fetched.page.title {
                // The solution was written a moment ago: its header takes the real title.
                let _ = scaffold::title_header(root, &name, title);
            }
        }
        Ok(None) => {}
        Err(e) => {
            println!("note    {e}");
            println!("note    the crate is made; add the samples to testcases/{name}/ by hand, or get them with `make listen` (Competitive Companion) or `cargo xtask fetch {name} --url file:///path/to/saved-page.html`");
        }
    }
    // A judge's short name is the one to type (`make submit-cf-4a`); a BOJ crate's number too.
    let short = match crate::workspace::problems::short_id(&name) {
        s if s.contains('-') => s,
        _ => name.clone(),
    };
    println!("next: write the solution in {name}/src/main.rs (delete its `{TEMPLATE_MARK}` line), then `make test` and `make submit-{short}`");
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

    /// The interactive template, bundled with the workspace's real proconio: as written it
    /// is rejected by the interactor skeleton (WA naming it, not a hang); with its `main`
    /// written as a binary search (the template's `say` and `input_interactive!` kept), it
    /// plays the guessing game line by line and is accepted.
    #[test]
    fn the_interactive_template_bundles_talks_line_by_line_and_the_skeleton_rejects_it() {
        use crate::engine::interactive::{interact, tests as guessing, verdict};
        use crate::engine::{Limits, Verdict};
        let dir = tempfile::tempdir().unwrap();
        let meta = crate::workspace::packages::metadata().unwrap();
        let graph = crate::resolve::crates::graph(&meta, "corpus", &crate::judge::BOJ).unwrap();
        let bundled = |name: &str, text: &str| {
            let main = dir.path().join(format!("{name}.main.rs"));
            std::fs::write(&main, text).unwrap();
            let b = crate::bundle::bundle(&main, &graph.deps, &graph.libraries, Default::default())
                .unwrap();
            crate::testing::build_rust(dir.path(), name, &b.text)
        };
        let template = scaffold::interactive_main_rs("Guess", "https://www.acmicpc.net/problem/1");
        let (head, _) = template.split_once("fn main() {").unwrap();
        let solved = format!(
            "{head}fn main() {{\n    let (mut lo, mut hi) = (1u32, 1000u32);\n    loop {{\n        let mid = (lo + hi) / 2;\n        say(&mid.to_string());\n        input_interactive! {{\n            reply: String,\n        }}\n        match reply.as_str() {{\n            \"=\" => return,\n            \">\" => lo = mid + 1,\n            _ => hi = mid - 1,\n        }}\n    }}\n}}\n"
        );
        let as_written = bundled("template", &template);
        let solved = bundled("solved", &solved);
        let interactor = crate::testing::build_rust(dir.path(), "guessing", guessing::INTERACTOR);
        let skeleton = dir.path().join("skeleton");
        let skeleton = crate::testing::build_rust(
            skeleton.parent().unwrap(),
            "skeleton",
            &scaffold::crate_files("boj-1", "u", "BOJ", scaffold::Kind::Interactive)
                .into_iter()
                .find(|(path, _)| *path == "src/bin/interactor.rs")
                .unwrap()
                .1,
        );
        let case = dir.path().join("case.in");
        std::fs::write(&case, "777\n").unwrap();
        let limits = Limits::new(std::time::Duration::from_secs(1), 256 << 20);
        let judged = |solution: &std::path::Path, interactor: &std::path::Path, stem: &str| {
            let i = interact(
                solution,
                interactor,
                &case,
                None,
                limits,
                &dir.path().join(stem),
            );
            verdict(&i.unwrap(), limits)
        };
        assert_eq!(judged(&solved, &interactor, "solved"), Verdict::Accepted);
        for solution in [&as_written, &solved] {
            match judged(solution, &skeleton, "skeleton") {
                Verdict::WrongAnswer(why) => assert!(why.contains("not written yet"), "{why}"),
                other => panic!("{other:?}"),
            }
        }
    }
}
