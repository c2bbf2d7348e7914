//! The oracle's rounds: a draft made smaller step by step, each smaller draft mended from
//! what rustc said of it until it compiles, or given up.

use crate::bundle::budget;
use crate::bundle::check::oracle;
use crate::bundle::check::said::{dangling_imports, item_places, missing_names, unfound_members};
use crate::bundle::shrink::edits::{drop_dead_arms, drop_imports};
use crate::bundle::Bundle;
use crate::error::Context;
use crate::fast_hash::HashMap;
use std::path::Path;

/// rustc as an oracle on `best` (drafted from `trees` by `draft`), round after round, until
/// it finds nothing more unused or no smaller draft compiles. Each round tries steps from
/// the boldest to the safest: everything found; without methods (a method the compiler calls
/// unused may still be implemented by macro-made impls); without items whose name is
/// defined twice (the pruner cannot tell which one a mention means); macro arms only. A step
/// that broke a draft is not tried again.
/// `first`: what the compiler found in `best`, when it was already asked.
pub fn refine(
    best: Bundle,
    trees: Vec<Vec<syn::Item>>,
    first: Option<oracle::Findings>,
    modules: &[String],
    protected: &std::collections::BTreeSet<String>,
    draft: &impl Fn(&[Vec<syn::Item>], &oracle::Findings) -> anyhow::Result<Bundle>,
) -> anyhow::Result<(Bundle, Vec<Vec<syn::Item>>, oracle::Findings, bool)> {
    let accepted = (oracle::Findings::default(), first, false);
    refine_from(best, trees, accepted, modules, protected, draft)
}

/// `refine`, from findings already accepted (`best` drafted with them), what the compiler
/// found in `best` when it was already asked, and whether a smaller draft's mending may
/// need names (`consult_mending`). Also whether the bundle returned is known to compile
/// (not when `best` itself does not: it is returned as it is).
pub fn refine_from(
    mut best: Bundle,
    mut trees: Vec<Vec<syn::Item>>,
    (mut findings, first, need_names): (oracle::Findings, Option<oracle::Findings>, bool),
    modules: &[String],
    protected: &std::collections::BTreeSet<String>,
    draft: &impl Fn(&[Vec<syn::Item>], &oracle::Findings) -> anyhow::Result<Bundle>,
) -> anyhow::Result<(Bundle, Vec<Vec<syn::Item>>, oracle::Findings, bool)> {
    let unprotected = |found: &mut oracle::Findings| {
        found
            .dead
            .retain(|k| !protected.contains(oracle::key_name(k)));
    };
    let scratch = tempfile::tempdir().context("a scratch folder for the oracle's drafts")?;
    let debug = std::env::var_os("XTASK_PRUNE_DEBUG").is_some();
    let name_counts = name_counts(&trees);
    // A draft that does not compile is left for verification to report.
    let read = match first {
        Some(found) => Ok(found),
        None => oracle::consult(&best.text, modules, scratch.path()),
    };
    let mut found = match read {
        Ok(found) => found,
        Err(e) => {
            if debug {
                eprintln!("oracle: the first draft does not compile:\n{e}");
            }
            return Ok((best, trees, findings, false));
        }
    };
    unprotected(&mut found);
    let mut needed = Needed::default();
    let mut broken = [false; 4];
    for _round in 0..8 {
        if budget::cut("more rounds of the oracle") {
            break;
        }
        let mut accepted = None;
        for (step, step_broken) in broken.iter_mut().enumerate() {
            // Each step is up to `MENDS + 1` compiles of the draft (a 600 KB num template:
            // one round ran 117 s past a 30 s budget): the budget is asked before each.
            if *step_broken || budget::cut("more rounds of the oracle") {
                continue;
            }
            let candidate = findings.with(&step_findings(&found, step, &name_counts), true);
            if candidate.size() == findings.size() {
                continue;
            }
            // Arms the compiler saw unused go from the trees themselves, so that what they
            // alone mention no longer keeps anything.
            let mut candidate_trees = trees.clone();
            for (k, items) in candidate_trees.iter_mut().enumerate() {
                drop_dead_arms(items, &format!("#{k}"), &candidate.dead_arms);
            }
            // The check that the smaller draft compiles is also the next round's reading.
            let mut candidate = candidate;
            let asked = (candidate.dead.clone(), candidate.dead_members.clone());
            match consult_mending(
                &mut candidate_trees,
                &mut candidate,
                draft,
                modules,
                (scratch.path(), need_names),
            ) {
                Ok((next, mut next_found)) => {
                    needed.learn(&asked, &candidate);
                    unprotected(&mut next_found);
                    needed.spare(&mut next_found);
                    if next.text == best.text {
                        // Mended back to the draft it started from: this step finds
                        // nothing more.
                        *step_broken = true;
                        continue;
                    }
                    accepted = Some((candidate, candidate_trees, next, next_found));
                    break;
                }
                Err((e, text)) => {
                    *step_broken = true;
                    if debug {
                        show_broken_draft(step, &text, &e);
                    }
                }
            }
        }
        let Some((f, t, b, next_found)) = accepted else {
            break;
        };

        (findings, trees, best, found) = (f, t, b, next_found);
    }
    Ok((best, trees, findings, true))
}

/// Keys a smaller draft could not do without (`consult_mending` put them back): never
/// asked for again. Methods too: a member put back (`Float::powf`, which num-traits' `Pow`
/// impls call by path) was asked for again each round, its draft failing and mended to the
/// one before (ordered-float: 16 of 23 compiles, 7 s).
#[derive(Default)]
struct Needed {
    items: Keys,
    members: Keys,
}

/// Keys of library items (`#k::module::Name`), as the oracle's findings hold them.
type Keys = crate::fast_hash::HashSet<String>;

impl Needed {
    /// What was `asked` of a draft (items, members) and is not in the findings it was
    /// `mended` to.
    fn learn(&mut self, asked: &(Keys, Keys), mended: &oracle::Findings) {
        (self.items).extend(asked.0.difference(&mended.dead).cloned());
        (self.members).extend(asked.1.difference(&mended.dead_members).cloned());
    }

    /// `found` without what is needed.
    fn spare(&self, found: &mut oracle::Findings) {
        found.dead.retain(|k| !self.items.contains(k));
        found.dead_members.retain(|k| !self.members.contains(k));
    }
}

/// `XTASK_PRUNE_DEBUG`: a smaller draft that does not compile, kept for a look (the draft
/// the error's lines are in).
fn show_broken_draft(step: usize, text: &str, e: &anyhow::Error) {
    let kept = std::env::temp_dir().join(format!("xtask-draft-step{step}-{}.rs", text.len()));
    let _ = std::fs::write(&kept, text);
    eprintln!(
        "oracle: the smaller draft ({}) does not compile:\n{e}",
        kept.display()
    );
}

/// How many items of each name the libraries define (`step_findings`' step 2).
fn name_counts(trees: &[Vec<syn::Item>]) -> HashMap<String, usize> {
    let mut places = Vec::new();
    for items in trees {
        item_places(items, "crate", &mut places);
    }
    let mut counts: HashMap<String, usize> = HashMap::default();
    for (_, name) in places {
        *counts.entry(name).or_default() += 1;
    }
    counts
}

/// What step `step` of a round takes of the compiler's `found`: everything; no members;
/// only items whose names the libraries define once (`name_counts`); only macro arms.
fn step_findings(
    found: &oracle::Findings,
    step: usize,
    name_counts: &HashMap<String, usize>,
) -> oracle::Findings {
    let mut more = found.clone();
    if step >= 1 {
        more.dead_members.clear();
    }
    if step >= 2 {
        more.dead
            .retain(|k| name_counts.get(oracle::key_name(k)).copied().unwrap_or(0) <= 1);
    }
    if step >= 3 {
        more.dead.clear();
    }
    more
}

/// How many times a smaller draft is mended at most: each brings back what the last one's
/// errors named, and what comes back may name more (a trait's member, then its import).
const MENDS: usize = 8;

/// Drafts `trees` with `findings` and asks the compiler what is dead. An import left
/// unresolved of a name the draft defines nowhere (its item taken out, the `use` of it
/// stayed: nalgebra's `use ..::storage::{ContiguousStorage, ContiguousStorageMut};`) names
/// nothing in any namespace, so it is dropped from the trees; an item of a name the draft
/// "cannot find" that the findings took out comes back (a function only an impl method
/// nobody calls calls, where the impl cannot lose the method: `log_gamma` in `impl Float
/// for f32`), a trait's member too; with `need_names`, such a name is also needed
/// (`prune::Ruling::needed`: kept with what it reaches, whatever the findings say); and
/// the draft is made again, a few times at most. Else the error, with the draft's text.
pub fn consult_mending(
    trees: &mut [Vec<syn::Item>],
    findings: &mut oracle::Findings,
    draft: &impl Fn(&[Vec<syn::Item>], &oracle::Findings) -> anyhow::Result<Bundle>,
    modules: &[String],
    (dir, need_names): (&Path, bool),
) -> Result<(Bundle, oracle::Findings), (anyhow::Error, String)> {
    let mut mends = 0;
    loop {
        let next = draft(trees, findings).map_err(|e| (e, String::new()))?;
        let e = match oracle::consult(&next.text, modules, dir) {
            Ok(found) => return Ok((next, found)),
            Err(e) => e,
        };
        if mends >= MENDS || budget::cut("more rounds of the oracle") {
            return Err((e, next.text));
        }
        let errors = format!("{e:#}");
        // An import of an item the findings took out is mended by the item, not by going
        // (typenum's `use crate::{Min, Minimum}`: dropped, then the items needed, and no
        // `use` left to name them by).
        let found_dead: crate::fast_hash::HashSet<&str> = (findings.dead.iter())
            .chain(&findings.dead_members)
            .map(|k| oracle::key_name(k))
            .collect();
        let (back, unresolved): (crate::fast_hash::HashSet<String>, _) =
            (dangling_imports(&next.text, &errors).into_iter())
                .partition(|p| found_dead.contains(oracle::key_name(p)));
        let dropped: usize = trees
            .iter_mut()
            .map(|items| drop_imports(items, &unresolved))
            .sum();
        let mut missing = missing_names(&errors);
        missing.extend(back.iter().map(|p| oracle::key_name(p).to_string()));
        if need_names {
            missing.extend(unfound_members(&errors));
        }
        // A trait's member too: `<f32 as Float>::powf` in num-traits' `Pow` impls, where
        // `Float::powf` was found never called.
        let restored = findings.put_back(&missing, true);
        // Put back or not, an item of a missing name may still be held out by the dead
        // names it holds (a supertrait): needed, it is kept with them, and what it reaches.
        let needed = if need_names {
            (missing.iter())
                .filter(|n| findings.needed.insert(n.to_string()))
                .count()
        } else {
            0
        };
        if dropped + restored + needed == 0 {
            return Err((e, next.text));
        }
        if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
            if std::env::var_os("XTASK_MEND_ERRORS").is_some() {
                eprintln!("{errors}");
            }
            eprintln!(
                "oracle: mended {dropped} imports {unresolved:?}, {restored} items back, {needed} names needed {missing:?}"
            );
        }
        mends += 1;
    }
}
