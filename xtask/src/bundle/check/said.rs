//! What rustc said of a draft: every reading of its error text the drafts' mending makes.
//! Which names a draft could not find (`missing_names`, `unfound_members`), which imports
//! it could not resolve and whether their items are anywhere (`unresolved_imports`,
//! `dangling_imports`), and which deny-by-default lints a library's code raised
//! (`deny_lints`). Each reads the compiler's human-readable output, line by line.

/// The deny-by-default lints a compiler's message says it raised (`#[deny(name)]` on by
/// default).
pub(in crate::bundle) fn deny_lints(message: &str) -> Vec<String> {
    let mut found = Vec::new();
    for part in message.split("`#[deny(").skip(1) {
        if let Some((name, rest)) = part.split_once(")]`") {
            let plain = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if plain && rest.trim_start().starts_with("on by default") {
                found.push(name.to_string());
            }
        }
    }
    found
}

/// A bundle's size as steps show it.
/// The imports `errors` (of a draft `text`) say are unresolved whose names the draft
/// defines nowhere in the module the path names (or below it): one missing module or
/// re-export leaves hundreds of imports unresolved, of items that are there and needed.
pub(in crate::bundle) fn dangling_imports(
    text: &str,
    errors: &str,
) -> crate::fast_hash::HashSet<String> {
    let mut unresolved = unresolved_imports(errors);
    // The draft is read only when an import is unresolved (im-rc's 412 KiB drafts: 2.3 of
    // the 74 s its bundle took were these readings, most of them for errors of other kinds).
    if unresolved.is_empty() {
        return unresolved;
    }
    let mut defined = Vec::new();
    if let Ok(file) = syn::parse_file(text) {
        item_places(&file.items, "crate", &mut defined);
    }
    unresolved.retain(|p| {
        rooted(p, errors)
            .iter()
            .all(|p| defined_nowhere_under(p, &defined))
    });
    unresolved
}

/// Whether no item of `path`'s name is left in the module `path` names or below it
/// (anywhere, for a path that does not start at `crate`). `defined`: `item_places`.
pub(in crate::bundle) fn defined_nowhere_under(path: &str, defined: &[(String, String)]) -> bool {
    let (module, name) = path.rsplit_once("::").unwrap_or(("", path));
    let module = if module.starts_with("crate") {
        module
    } else {
        ""
    };
    !defined
        .iter()
        .any(|(m, n)| n == name && m.starts_with(module))
}

/// `path` from the crate's root: itself when it starts there, else the module of each of
/// rustc's "no `name` in `module`" notes for its name (`self::cbrt::cbrt` in libm's
/// `math` gets "no `cbrt` in `libm::math::cbrt`"), else itself (judged anywhere).
pub(in crate::bundle) fn rooted(path: &str, errors: &str) -> Vec<String> {
    let name = path.rsplit("::").next().unwrap_or(path);
    if path.starts_with("crate::") {
        return vec![path.to_string()];
    }
    let note = format!("no `{name}` in `");
    let modules: std::collections::BTreeSet<String> = errors
        .lines()
        .filter_map(|l| {
            let at = l.find(&note)? + note.len();
            let module = l[at..].split('`').next()?;
            Some(format!("crate::{module}::{name}"))
        })
        .collect();
    if modules.is_empty() {
        vec![path.to_string()]
    } else {
        modules.into_iter().collect()
    }
}

/// Every named item of `items` with the path of its module (`crate::a::b`).
pub(in crate::bundle) fn item_places(
    items: &[syn::Item],
    at: &str,
    out: &mut Vec<(String, String)>,
) {
    for item in items {
        if let syn::Item::Mod(m) = item {
            if let Some((_, inner)) = &m.content {
                item_places(inner, &format!("{at}::{}", m.ident), out);
            }
        } else if let Some(name) = crate::bundle::read::syntax::item_name(item) {
            out.push((at.to_string(), name));
        }
    }
}

/// The names of rustc's "cannot find function/value/type/trait `x` in .." errors (of any
/// code: E0531's constant `EAGAIN` in `crate::libc`, E0576's method `powf` in trait
/// `Float`), and of its "cannot find macro `x`" ones (no code): petgraph's
/// `trait_template!` makes a trait and a macro of one name, and a call of that macro stays
/// while the trait's key, found dead, takes both out.
/// A module that cannot be found (E0433's "cannot find `rand_pcg` in `crate`": a library
/// nothing else of was kept) names also the item its path goes on to in the error's
/// source line (`type Rng = crate::rand_pcg::Pcg64Mcg;`).
pub(in crate::bundle) fn missing_names(errors: &str) -> crate::fast_hash::HashSet<String> {
    let mut names = crate::fast_hash::HashSet::default();
    let mut module: Option<String> = None;
    for l in errors.lines() {
        if l.starts_with("error") {
            module = None;
        }
        let rest = match l.strip_prefix("error[E0") {
            Some(rest) => rest.split_once("]: cannot find ").map(|(_, r)| r),
            None => l.strip_prefix("error: cannot find macro "),
        };
        if let Some(name) = rest.and_then(|r| r.split('`').nth(1)) {
            names.insert(name.to_string());
            module = l.starts_with("error[E0433]").then(|| format!("{name}::"));
        } else if let Some(m) = &module {
            let Some((_, code)) = l.split_once(" | ") else {
                continue;
            };
            for (at, _) in code.match_indices(m.as_str()) {
                let next: String = code[at + m.len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !next.is_empty() {
                    names.insert(next);
                }
            }
        }
    }
    names
}

/// The names of rustc's E0599 "no method named `x` found" and "no function or associated
/// item named `x` found" errors: a member whose trait the findings took out with it (rand's
/// `$ty::cast_from_int(value)` in `float_impls!`, of the dead `FloatSIMDUtils`). Only where
/// names may be needed: the name alone brings nothing back, its trait comes as needed.
pub(in crate::bundle) fn unfound_members(errors: &str) -> crate::fast_hash::HashSet<String> {
    errors
        .lines()
        .filter_map(|l| l.strip_prefix("error[E0599]: no "))
        .filter(|rest| rest.starts_with("method named") || rest.starts_with("function or"))
        .filter_map(|rest| Some(rest.split('`').nth(1)?.to_string()))
        .collect()
}

/// The paths of rustc's "unresolved import(s) `a::B`, `c::D`" errors.
pub(in crate::bundle) fn unresolved_imports(errors: &str) -> crate::fast_hash::HashSet<String> {
    errors
        .lines()
        .filter(|l| l.starts_with("error[E0432]: unresolved import"))
        .flat_map(|l| l.split('`').skip(1).step_by(2).map(str::to_string))
        .collect()
}
