//! `cargo xtask fetch <problem> [--url <page>]`: the samples and metadata of an existing
//! problem, (re)written from its page.

use crate::workspace::problems::Workspace;
use crate::workspace::scaffold::{crate_name, fetch_into, source_of};
use std::path::Path;

/// The arguments of `cargo xtask fetch`.
#[derive(clap::Args)]
pub struct Args {
    /// A BOJ number or crate name.
    problem: String,
    /// Read the problem page from here instead.
    #[arg(long)]
    url: Option<String>,
}

pub fn run(args: Args) -> anyhow::Result<bool> {
    let ws = Workspace::load()?;
    refetch(&ws.root, &args.problem, args.url.as_deref())
}

/// `cargo xtask fetch <problem> [--url <page>]`: (re)writes the samples and metadata of an
/// existing problem.
fn refetch(root: &Path, wanted: &str, url: Option<&str>) -> anyhow::Result<bool> {
    let name = crate_name(wanted)?;
    if !root.join(&name).join("Cargo.toml").is_file() {
        return Err(anyhow::anyhow!(
            "no problem {name} here; `make new-{name}` creates it"
        ));
    }
    if url.is_none() && source_of(&name).0.is_none() {
        return Err(anyhow::anyhow!(
            "{name} is not a BOJ problem: give its page with --url"
        ));
    }
    fetch_into(root, &name, url)?;
    Ok(true)
}
