//! `cargo xtask bench [rush|q58|dice|scale|rush-hard-set]`: the benchmarks of `bench/`.

use crate::bench::{rush_hard, scale, showcase};
use crate::workspace::problems::Workspace;

/// The arguments of `cargo xtask bench`.
#[derive(clap::Args)]
pub struct Args {
    /// `rush`, `q58`, `dice`, or `scale` (how `make test` grows with the number of
    /// problems); the first three when omitted. `rush-hard-set` remakes Rush Hour's set
    /// of random boards hardest for the original (needs it and valgrind).
    which: Option<String>,
    /// For `scale`: how many small problems to generate beside this workspace's.
    #[arg(long, default_value_t = 40)]
    problems: usize,
    /// For `rush-hard-set`: how many random boards to draw (seeds 1..=N).
    #[arg(long, default_value_t = 20000)]
    boards: u64,
}

/// `cargo xtask bench [rush|q58|dice|scale|rush-hard-set]`.
pub fn run(args: Args) -> anyhow::Result<bool> {
    let ws = Workspace::load()?;
    let (problems, boards) = (args.problems, args.boards);
    match args.which.as_deref() {
        None => {
            showcase::rush(&ws)?;
            println!();
            showcase::q58(&ws)?;
            println!();
            showcase::dice(&ws)?;
        }
        Some("dice") | Some("17825") => showcase::dice(&ws)?,
        Some("rush") | Some("18139") => showcase::rush(&ws)?,
        Some("q58") => showcase::q58(&ws)?,
        Some("scale") => return scale::run(&ws, problems),
        Some("rush-hard-set") => return rush_hard::regenerate(&ws, boards),
        Some(other) => {
            return Err(anyhow::anyhow!(
                "unknown benchmark `{other}`: rush, q58, dice, scale or rush-hard-set"
            ))
        }
    }
    Ok(true)
}
