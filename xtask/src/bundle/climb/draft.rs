//! One draft of a bundle: the libraries' trees pruned to what the solution reaches, each
//! kept library refused or rendered as a module, after the solution's text.

use crate::bundle::check::oracle;
use crate::bundle::emit::refuse;
use crate::bundle::emit::render::{self, EXTERN_ALLOC};
use crate::bundle::name::solution;
use crate::bundle::prune;
use crate::bundle::shrink::edits::take_out_dead_impls;
use crate::bundle::{Bundle, Inlined, Layout, Library};

/// What every draft of one bundle is made from.
pub struct Drafter<'a> {
    pub libraries: &'a [Library],
    pub modules: Vec<String>,
    pub solution: &'a solution::Solution,
    /// The whole crates (less what is ruled out), not what the solution reaches.
    pub whole: bool,
    /// Names followed only where they can mean an item (`prune::reach`); turned off when a
    /// first draft so pruned does not compile.
    pub scoped: std::cell::Cell<bool>,
    pub layout: Layout,
    pub uses_alloc: Vec<bool>,
    pub refusals: Vec<Vec<String>>,
    /// Deny-by-default lints the compiler raised in a library's code (`bindings_with_variant_name`
    /// in ascii 1.1, whose `AsciiChar` has a variant `a`): allowed in every library module
    /// of the drafts after, as cargo's `--cap-lints allow` allows them in a dependency.
    pub lints: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

impl Drafter<'_> {
    /// What `kept` keeps of each library's tree, less the libraries that give the program
    /// nothing; an error when a library whose code asks what the judge's build cannot give
    /// is kept.
    fn kept_items(
        &self,
        trees: &[Vec<syn::Item>],
        kept: &prune::Kept,
    ) -> anyhow::Result<Vec<Vec<syn::Item>>> {
        let solution = self.solution;
        // A library of which nothing but private imports and modules holding only those is
        // kept (modules reached by a name that is also a method's, `iter`, `str`) gives the
        // program nothing: it is left out, and with it any refusal it would bring (a
        // library's declared `rayon` that no code reaches), unless a path in another
        // library's kept code or the solution names its module.
        let mut kept_items: Vec<Vec<syn::Item>> =
            trees.iter().map(|t| kept.clone_kept(t)).collect();
        let hollow: Vec<bool> = kept_items
            .iter()
            .map(|items| refuse::only_imports(items))
            .collect();
        if hollow.iter().any(|&h| h) {
            let named = refuse::named_modules(&kept_items, &hollow, &self.modules, solution);
            for (k, items) in kept_items.iter_mut().enumerate() {
                if hollow[k] && !named.contains(&self.modules[k]) {
                    items.clear();
                }
            }
        }
        for (k, lib) in self.libraries.iter().enumerate() {
            if kept_items[k].is_empty() {
                continue;
            }
            // What its code asks of the build is refused where the walk keeps it.
            if let Some(first) = self.refusals[k].first() {
                let named = |m: &str| solution.referenced.contains(m);
                let chain = refuse::reached_through(&kept_items, &self.modules, k, &named);
                return Err(anyhow::anyhow!(
                    "{} cannot be inlined: {first}; {chain}",
                    lib.package
                ));
            }
            // A library the judge cannot take at all stays in the drafts, which compile
            // with it: where the walk kept it only by a name, the compiler's rounds take it
            // out; where code needs it, the finished bundle still holds it, and `bundle`
            // refuses it then (`refuse_what_is_reached`).
        }
        Ok(kept_items)
    }

    /// One draft: the libraries' `trees` pruned to what the solution reaches (less what
    /// `findings` rule out), each refused or rendered, after the solution's text.
    pub fn draft(
        &self,
        trees: &[Vec<syn::Item>],
        findings: &oracle::Findings,
    ) -> anyhow::Result<Bundle> {
        let solution = self.solution;
        // Impls taken out go before the walk: what only they mention is not reached.
        let filtered: Vec<Vec<syn::Item>>;
        let trees = if findings.dead_impls.is_empty() && findings.dead_imports.is_empty() {
            trees
        } else {
            let mut copy = trees.to_vec();
            take_out_dead_impls(&mut copy, findings);
            filtered = copy;
            &filtered
        };
        let kept = {
            let views: Vec<&[syn::Item]> = trees.iter().map(|t| t.as_slice()).collect();
            prune::reach(
                &views,
                &self.modules,
                &prune::Seeds {
                    tokens: &solution.seeds,
                    globs: &solution.globs,
                    imports: &solution.imports_by_name,
                    use_modules: &solution.use_modules,
                    imports_from: &solution.imports_from,
                    droppable: &solution.droppable,
                    named: &solution.referenced,
                    bare: solution.bare_names.as_ref(),
                },
                &ruling(findings),
                self.whole,
                self.scoped.get(),
            )
        };
        let mut chunks = String::new();
        let mut inlined = Vec::new();
        let mut inlined_modules = std::collections::BTreeSet::new();
        let mut needs_alloc = false;
        let mut kept_items = self.kept_items(trees, &kept)?;
        for (k, lib) in self.libraries.iter().enumerate() {
            let items = std::mem::take(&mut kept_items[k]);
            if items.is_empty() {
                continue;
            }
            needs_alloc |= self.uses_alloc[k];
            // A variant named like a binding (`a`) makes every binding of that name and
            // type an error: allowed wherever the library has such a variant.
            let mut lints = self.lints.borrow().clone();
            if has_lowercase_variant(&items) {
                lints.insert("bindings_with_variant_name".into());
            }
            let mut body = render::render(&lib.module, items, self.layout);
            if !lints.is_empty() {
                let names: Vec<&str> = lints.iter().map(String::as_str).collect();
                body = body.replacen(
                    render::ALLOW,
                    &format!("#[allow(warnings, clippy::all, {})]", names.join(", ")),
                    1,
                );
            }
            let notice: String = lib.notice.lines().map(|l| format!("// {l}\n")).collect();
            let chunk = format!("\n{notice}{body}");
            inlined.push(Inlined {
                module: lib.module.clone(),
                package: lib.package.clone(),
                bytes: chunk.len(),
            });
            inlined_modules.insert(lib.module.clone());
            chunks.push_str(&chunk);
        }
        let mut text = solution.text(&inlined_modules, &kept.dropped);
        text.push_str(&chunks);
        if needs_alloc {
            text.push_str(EXTERN_ALLOC);
        }
        Ok(Bundle {
            text,
            libraries: inlined,
        })
    }
}

/// Whether an enum among `items` (modules entered) has a variant whose name starts with a
/// lowercase letter.
fn has_lowercase_variant(items: &[syn::Item]) -> bool {
    items.iter().any(|item| match item {
        syn::Item::Enum(e) => e.variants.iter().any(|v| {
            v.ident
                .to_string()
                .trim_start_matches("r#")
                .starts_with(|c: char| c.is_lowercase())
        }),
        syn::Item::Mod(m) => m
            .content
            .as_ref()
            .is_some_and(|(_, c)| has_lowercase_variant(c)),
        _ => false,
    })
}

/// Everything `findings` keep out of the next draft, and the names it must keep.
fn ruling(findings: &oracle::Findings) -> prune::Ruling {
    prune::Ruling {
        banned: (findings.dead.union(&findings.dead_members).cloned()).collect(),
        needed: findings.needed.clone(),
    }
}
