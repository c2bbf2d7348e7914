//! `#[memoise(...)]` and `#[memoise_map(...)]` (the memoise crate's attributes, a proc-macro
//! crate the judge cannot have) written out on the solution's own functions, as the crate
//! documents them: a table per function keyed by the listed expressions, filled on the first
//! call with each key, and a `<name>_reset()` that empties it.
//!
//! - `#[memoise(n <= 100, -5 <= k < 10)]`: each key an integer expression with integer-literal
//!   bounds (`<=` or `<`; the lower bound 0 when absent); a key out of its bounds panics. A key
//!   with no upper bound (`#[memoise(n)]`) gets a dimension that grows as keys come.
//! - `#[memoise_map(n, k)]`: a `BTreeMap` keyed by parameters (cloned).
//!
//! Supported on free functions of the solution's file, not generic, with plain parameters;
//! anything else is refused in one line. The tables are `thread_local!`, as the crate's are.

use super::scan::range;
use crate::edits::Edits;
use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use std::collections::BTreeMap;

/// The table `#[memoise]` keeps, written once into the bundle beside the first function.
const TABLE: &str = r#"
/// What `#[memoise]` keeps (written out by the bundler): one cell per key, in a table whose
/// unbounded dimensions grow as keys come.
mod __memoise {
    pub struct Table<T> {
        fixed: Vec<Option<usize>>,
        extents: Vec<usize>,
        cells: Vec<Option<T>>,
    }
    impl<T: Clone> Table<T> {
        pub fn new(fixed: &[Option<usize>]) -> Self {
            let extents: Vec<usize> = fixed.iter().map(|f| f.unwrap_or(0)).collect();
            let size = extents.iter().product();
            Table { fixed: fixed.to_vec(), extents, cells: vec![None; size] }
        }
        fn offset(&self, at: &[usize]) -> Option<usize> {
            let mut offset = 0;
            for (k, &i) in at.iter().enumerate() {
                if i >= self.extents[k] {
                    return None;
                }
                offset = offset * self.extents[k] + i;
            }
            Some(offset)
        }
        pub fn get(&self, at: &[usize]) -> Option<T> {
            self.offset(at).and_then(|o| self.cells[o].clone())
        }
        pub fn set(&mut self, at: &[usize], value: T) {
            if self.offset(at).is_none() {
                self.grow(at);
            }
            if let Some(o) = self.offset(at) {
                self.cells[o] = Some(value);
            }
        }
        fn grow(&mut self, at: &[usize]) {
            let old = self.extents.clone();
            for (k, &i) in at.iter().enumerate() {
                if self.fixed[k].is_none() && i >= self.extents[k] {
                    self.extents[k] = (i + 1).max(2 * self.extents[k]);
                }
            }
            let mut cells = vec![None; self.extents.iter().product()];
            let mut place = vec![0; old.len()];
            for o in 0..self.cells.len() {
                let mut rest = o;
                for k in (0..old.len()).rev() {
                    place[k] = rest % old[k];
                    rest /= old[k];
                }
                let mut n = 0;
                for k in 0..old.len() {
                    n = n * self.extents[k] + place[k];
                }
                cells[n] = self.cells[o].take();
            }
            self.cells = cells;
        }
        pub fn clear(&mut self) {
            let fixed = self.fixed.clone();
            *self = Table::new(&fixed);
        }
    }
    /// The place of a key's value along its dimension; a value out of its bounds panics.
    pub fn index(function: &str, key: &str, value: i128, low: i128, high: Option<i128>) -> usize {
        if value < low || high.is_some_and(|h| value > h) {
            let high = high.map_or(String::new(), |h| h.to_string());
            panic!("memoised `{function}`: key `{key}` = {value} is out of its bounds {low}..={high}");
        }
        (value - low) as usize
    }
}
"#;

/// The names under which the solution's dependencies include the memoise crate.
pub fn crate_names(deps: &BTreeMap<String, crate::bundle::Dep>) -> Vec<String> {
    deps.iter()
        .filter(|(_, d)| matches!(d, crate::bundle::Dep::ProcMacro(p) if p == "memoise"))
        .map(|(name, _)| name.clone())
        .collect()
}

/// Which attribute of the crate, if `attr` is one: `memoise` or `memoise_map`.
fn which(attr: &syn::Attribute, crates: &[String]) -> Option<String> {
    let segments: Vec<String> = attr
        .path()
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    let last = match segments.as_slice() {
        [one] => one,
        [krate, one] if crates.contains(krate) => one,
        _ => return None,
    };
    matches!(last.as_str(), "memoise" | "memoise_map").then(|| last.clone())
}

/// Writes out every memoised function of the solution and removes the imports of the crate;
/// an attribute anywhere else is refused with where it is.
pub fn expand(
    ast: &syn::File,
    source: &str,
    crates: &[String],
    at: &dyn Fn(usize) -> String,
    edits: &mut Edits,
) -> anyhow::Result<()> {
    let mut table_written = false;
    for item in &ast.items {
        match item {
            syn::Item::Use(u) if use_of(&u.tree, crates) => edits.remove(range(item)),
            syn::Item::Fn(f) => {
                let Some((attr, kind)) = f
                    .attrs
                    .iter()
                    .find_map(|a| which(a, crates).map(|k| (a, k)))
                else {
                    continue;
                };
                let written = write_out(f, attr, &kind, source).map_err(|why| {
                    anyhow::anyhow!("{}: `#[{kind}]` {why}", at(range(attr).start))
                })?;
                let mut before = written.before;
                if !table_written && kind == "memoise" {
                    before = format!("{TABLE}\n{before}");
                    table_written = true;
                }
                // The attribute's place takes the items before the function when it comes
                // first; otherwise they go before the function's first attribute.
                let (item_at, attr_at) = (range(item), range(attr));
                if item_at.start == attr_at.start {
                    edits.replace(attr_at, before);
                } else {
                    edits.insert(item_at.start, before);
                    edits.remove(attr_at);
                }
                let body = range(&f.block);
                edits.insert(body.start, written.open);
                edits.insert(body.end, written.close);
            }
            _ => {}
        }
    }
    // An attribute the loop above did not write out: on a method, a nested function, ...
    let mut finder = Elsewhere {
        crates,
        top: ast
            .items
            .iter()
            .filter_map(|i| match i {
                syn::Item::Fn(f) => Some(range(f).start),
                _ => None,
            })
            .collect(),
        found: None,
    };
    syn::visit::Visit::visit_file(&mut finder, ast);
    if let Some(offset) = finder.found {
        return Err(anyhow::anyhow!(
            "{}: `#[memoise]` is written out by the bundler on the file's own free functions only, not here (a method or a nested function)",
            at(offset)
        ));
    }
    Ok(())
}

/// Whether a `use` imports from the memoise crate.
fn use_of(tree: &syn::UseTree, crates: &[String]) -> bool {
    match tree {
        syn::UseTree::Path(p) => crates.contains(&p.ident.to_string()),
        syn::UseTree::Group(g) => !g.items.is_empty() && g.items.iter().all(|t| use_of(t, crates)),
        _ => false,
    }
}

struct Elsewhere<'a> {
    crates: &'a [String],
    top: Vec<usize>,
    found: Option<usize>,
}

impl<'ast> syn::visit::Visit<'ast> for Elsewhere<'_> {
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        if which(attr, self.crates).is_some() && self.found.is_none() {
            self.found = Some(range(attr).start);
        }
    }
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if self.top.contains(&range(f).start) {
            // Its own attribute is written out; what it holds is still looked at.
            syn::visit::visit_block(self, &f.block);
        } else {
            syn::visit::visit_item_fn(self, f);
        }
    }
}

/// One key of `#[memoise]`: its expression and bounds.
struct Key {
    expr: TokenStream,
    low: i128,
    high: Option<i128>,
}

/// The attribute's arguments split at top-level commas.
fn split_commas(tokens: TokenStream) -> Vec<TokenStream> {
    let mut out = vec![TokenStream::new()];
    for t in tokens {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => out.push(TokenStream::new()),
            _ => out.last_mut().expect("one part at least").extend([t]),
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// An integer literal, possibly negative.
fn integer(tokens: &[TokenTree]) -> Option<i128> {
    match tokens {
        [TokenTree::Literal(l)] => l.to_string().replace('_', "").parse().ok(),
        [TokenTree::Punct(p), TokenTree::Literal(l)] if p.as_char() == '-' => l
            .to_string()
            .replace('_', "")
            .parse::<i128>()
            .ok()
            .map(|v| -v),
        _ => None,
    }
}

/// `n`, `n <= 100`, `n < 100`, `-5 <= n <= 5`, `0 < n` (the comparisons at top level).
fn key(spec: TokenStream) -> anyhow::Result<Key> {
    let trees: Vec<TokenTree> = spec.clone().into_iter().collect();
    // Split at `<=` and `<`: (parts, whether each comparison is strict).
    let mut parts: Vec<Vec<TokenTree>> = vec![Vec::new()];
    let mut strict = Vec::new();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Punct(p) if p.as_char() == '<' => {
                let le =
                    matches!(trees.get(i + 1), Some(TokenTree::Punct(q)) if q.as_char() == '=');
                strict.push(!le);
                parts.push(Vec::new());
                i += if le { 2 } else { 1 };
                continue;
            }
            t => parts.last_mut().expect("one part at least").push(t.clone()),
        }
        i += 1;
    }
    let expr = |part: &[TokenTree]| -> TokenStream { part.iter().cloned().collect() };
    let bad = || {
        anyhow::anyhow!("cannot read the key `{spec}`: write `key`, `key <= N`, `key < N` or `L <= key <= N` with integer literals")
    };
    let (expr_part, low, high) = match parts.as_slice() {
        [k] => (k.clone(), 0, None),
        [a, b] => match (integer(a), integer(b)) {
            (_, Some(h)) => (a.clone(), 0, Some(if strict[0] { h - 1 } else { h })),
            (Some(l), None) => (b.clone(), if strict[0] { l + 1 } else { l }, None),
            _ => return Err(bad()),
        },
        [a, k, b] => {
            let (Some(l), Some(h)) = (integer(a), integer(b)) else {
                return Err(bad());
            };
            (
                k.clone(),
                if strict[0] { l + 1 } else { l },
                Some(if strict[1] { h - 1 } else { h }),
            )
        }
        _ => return Err(bad()),
    };
    if expr_part.is_empty() || high.is_some_and(|h| h < low) {
        return Err(bad());
    }
    Ok(Key {
        expr: expr(&expr_part),
        low,
        high,
    })
}

/// The parameters' names (bare identifiers, `mut` allowed) and types.
fn parameters(f: &syn::ItemFn) -> anyhow::Result<Vec<(syn::Ident, syn::Type)>> {
    if !f.sig.generics.params.is_empty() || f.sig.generics.where_clause.is_some() {
        return Err(anyhow::anyhow!(
            "cannot be written out on a generic function"
        ));
    }
    if f.sig.asyncness.is_some() || f.sig.constness.is_some() {
        return Err(anyhow::anyhow!(
            "cannot be written out on an async or const function"
        ));
    }
    let mut out = Vec::new();
    for input in &f.sig.inputs {
        let syn::FnArg::Typed(t) = input else {
            return Err(anyhow::anyhow!("cannot be written out on a method"));
        };
        let syn::Pat::Ident(p) = &*t.pat else {
            return Err(anyhow::anyhow!(
                "needs plain parameters (`n: usize`), not patterns"
            ));
        };
        if p.by_ref.is_some() || p.subpat.is_some() {
            return Err(anyhow::anyhow!(
                "needs plain parameters (`n: usize`), not patterns"
            ));
        }
        if matches!(&*t.ty, syn::Type::ImplTrait(_)) {
            return Err(anyhow::anyhow!(
                "cannot be written out with `impl Trait` parameters"
            ));
        }
        out.push((p.ident.clone(), (*t.ty).clone()));
    }
    Ok(out)
}

/// What writes out function `f`: the items to put before it (its table, `<name>_reset`),
/// and what goes before and after its body, which becomes an inner function.
struct Written {
    before: String,
    open: String,
    close: String,
}

fn write_out(
    f: &syn::ItemFn,
    attr: &syn::Attribute,
    kind: &str,
    source: &str,
) -> anyhow::Result<Written> {
    let params = parameters(f)?;
    let syn::ReturnType::Type(_, ret) = &f.sig.output else {
        return Err(anyhow::anyhow!("needs a function that returns a value"));
    };
    let text_of = |r: std::ops::Range<usize>| source[r].to_string();
    let ret = text_of(range(&**ret));
    let inputs = text_of(range(&f.sig.inputs));
    let args = match &attr.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => return Err(anyhow::anyhow!("needs its keys: `#[memoise(n <= 100)]`")),
    };
    let specs = split_commas(args);
    if specs.is_empty() {
        return Err(anyhow::anyhow!("needs its keys: `#[memoise(n <= 100)]`"));
    }
    let name = f.sig.ident.to_string();
    let table = format!("__MEMOISE_{}", name.to_uppercase());
    let vis = f.vis.to_token_stream().to_string();
    let vis = if vis.is_empty() {
        String::new()
    } else {
        format!("{vis} ")
    };
    let forward: Vec<String> = params.iter().map(|(n, _)| n.to_string()).collect();
    let forward = forward.join(", ");
    let table_code = if kind == "memoise" {
        indexed_table(specs, &name, &table, &ret)?
    } else {
        map_table(specs, &params, &table, &ret, &text_of)?
    };
    let TableCode {
        cache_type,
        cache_init,
        lookup,
        store,
    } = table_code;
    let before = format!(
        "thread_local! {{\n    static {table}: ::std::cell::RefCell<{cache_type}> = ::std::cell::RefCell::new({cache_init});\n}}\n\
         /// Empties the table of the memoised `{name}`.\n\
         #[allow(dead_code)]\n\
         {vis}fn {name}_reset() {{\n    {table}.with(|t| *t.borrow_mut() = {cache_init});\n}}\n"
    );
    let open = format!("{{\n    fn __memoised({inputs}) -> {ret} ");
    let close = format!(
        "\n    {lookup}\n    if let Some(__value) = __found {{\n        return __value;\n    }}\n    let __value = __memoised({forward});\n    {store}\n    __value\n}}"
    );
    Ok(Written {
        before,
        open,
        close,
    })
}

/// The Rust a memoised function's table is written with: its type, its empty value, the
/// lookup that sets `__found`, and the store of `__value`.
struct TableCode {
    cache_type: String,
    cache_init: String,
    lookup: String,
    store: String,
}

/// `#[memoise(n <= 100, ...)]`: a `__memoise::Table` indexed by the bounded keys.
fn indexed_table(
    specs: Vec<proc_macro2::TokenStream>,
    name: &str,
    table: &str,
    ret: &str,
) -> anyhow::Result<TableCode> {
    let keys: Vec<Key> = specs.into_iter().map(key).collect::<Result<_, _>>()?;
    let fixed: Vec<String> = keys
        .iter()
        .map(|k| match k.high {
            Some(h) => format!("Some({})", h - k.low + 1),
            None => "None".into(),
        })
        .collect();
    let places: Vec<String> = keys
        .iter()
        .map(|k| {
            let high = k.high.map_or("None".to_string(), |h| format!("Some({h})"));
            format!(
                "__memoise::index({name:?}, {:?}, ({}) as i128, {}, {high})",
                k.expr.to_string(),
                k.expr,
                k.low
            )
        })
        .collect();
    Ok(TableCode {
        cache_type: format!("__memoise::Table<{ret}>"),
        cache_init: format!("__memoise::Table::new(&[{}])", fixed.join(", ")),
        lookup: format!(
            "let __at = [{}];\n    let __found = {table}.with(|t| t.borrow().get(&__at));",
            places.join(", ")
        ),
        store: format!("{table}.with(|t| t.borrow_mut().set(&__at, __value.clone()));"),
    })
}

/// `#[memoise_map(a, b)]`: a `BTreeMap` keyed by the listed parameters, taken by value.
fn map_table(
    specs: Vec<proc_macro2::TokenStream>,
    params: &[(syn::Ident, syn::Type)],
    table: &str,
    ret: &str,
    text_of: &dyn Fn(std::ops::Range<usize>) -> String,
) -> anyhow::Result<TableCode> {
    let mut key_types = Vec::new();
    let mut key_names = Vec::new();
    for spec in specs {
        let ident: syn::Ident = syn::parse2(spec.clone())
            .map_err(|_| anyhow::anyhow!("keys must be parameters, not `{spec}`"))?;
        let Some((_, ty)) = params.iter().find(|(n, _)| *n == ident) else {
            return Err(anyhow::anyhow!(
                "keys must be parameters; `{ident}` is not one"
            ));
        };
        if matches!(ty, syn::Type::Reference(_)) {
            return Err(anyhow::anyhow!(
                "cannot keep the borrowed key `{ident}` in its table; take it by value"
            ));
        }
        key_types.push(format!("{},", text_of(range(ty))));
        key_names.push(format!("{ident}.clone(),"));
    }
    Ok(TableCode {
        cache_type: format!(
            "::std::collections::BTreeMap<({}), {ret}>",
            key_types.join(" ")
        ),
        cache_init: "::std::collections::BTreeMap::new()".to_string(),
        lookup: format!(
            "let __key = ({});\n    let __found = {table}.with(|t| t.borrow().get(&__key).cloned());",
            key_names.join(" ")
        ),
        store: format!("{table}.with(|t| {{\n        t.borrow_mut().insert(__key, __value.clone());\n    }});"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_key(text: &str) -> anyhow::Result<(String, i128, Option<i128>)> {
        key(text.parse().unwrap()).map(|k| (k.expr.to_string(), k.low, k.high))
    }

    #[test]
    fn keys_read_their_bounds_as_the_crate_documents_them() {
        assert_eq!(parse_key("n").unwrap(), ("n".into(), 0, None));
        assert_eq!(parse_key("n <= 100").unwrap(), ("n".into(), 0, Some(100)));
        assert_eq!(parse_key("n < 100").unwrap(), ("n".into(), 0, Some(99)));
        assert_eq!(
            parse_key("-100 <= n <= 100").unwrap(),
            ("n".into(), -100, Some(100))
        );
        assert_eq!(parse_key("-5 < x < 5").unwrap(), ("x".into(), -4, Some(4)));
        assert_eq!(parse_key("3 <= k").unwrap(), ("k".into(), 3, None));
        assert_eq!(
            parse_key("n * 100 + m <= 1_000").unwrap(),
            ("n * 100 + m".into(), 0, Some(1000))
        );
        for bad in ["n <= m", "n <= 5 <= 7 <= 9", "10 <= n <= 5", "<= 5"] {
            assert!(parse_key(bad).is_err(), "{bad}");
        }
    }

    /// Runs `expand` on a solution; the error's text, or the edited solution.
    fn expanded(source: &str) -> anyhow::Result<String> {
        let ast = syn::parse_file(source).unwrap();
        let mut edits = Edits::default();
        let at = |offset: usize| format!("main.rs:{}", source[..offset].matches('\n').count() + 1);
        expand(&ast, source, &["memoise".to_string()], &at, &mut edits)?;
        Ok(edits.apply(source))
    }

    #[test]
    fn what_cannot_be_written_out_is_refused_in_one_line_that_says_where() {
        let cases = [
            ("use memoise::memoise;\nstruct S;\nimpl S {\n    #[memoise(n <= 9)]\n    fn f(&self, n: usize) -> usize { n }\n}\n", "main.rs:4:", "method"),
            ("use memoise::memoise;\nfn main() {\n    #[memoise(n <= 9)]\n    fn f(n: usize) -> usize { n }\n}\n", "main.rs:3:", "nested"),
            ("use memoise::memoise;\n#[memoise(n <= 9)]\nfn f<T: Copy>(n: usize, t: T) -> usize { n }\n", "main.rs:2:", "generic"),
            ("use memoise::memoise;\n#[memoise(a <= 9)]\nfn f((a, b): (usize, usize)) -> usize { a + b }\n", "main.rs:2:", "plain parameters"),
            ("use memoise::memoise_map;\n#[memoise_map(s)]\nfn f(s: &str) -> usize { s.len() }\n", "main.rs:2:", "borrowed"),
            ("use memoise::memoise;\n#[memoise(n <= m)]\nfn f(n: usize, m: usize) -> usize { n }\n", "main.rs:2:", "cannot read the key"),
            ("use memoise::memoise;\n#[memoise(n <= 9)]\nfn f(n: usize) { }\n", "main.rs:2:", "returns a value"),
        ];
        for (source, place, why) in cases {
            let err = expanded(source).unwrap_err().to_string();
            assert!(err.starts_with(place) && err.contains(why), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
    }

    #[test]
    fn a_memoised_function_keeps_its_body_as_written_inside_and_its_import_goes() {
        let text = expanded(
            "use memoise::memoise;\n\n#[memoise(n <= 9)]\nfn f(mut n: usize) -> usize {\n    n += 1; // kept\n    n\n}\n",
        )
        .unwrap();
        assert!(!text.contains("use memoise"), "{text}");
        assert!(!text.contains("#[memoise("), "{text}");
        assert!(
            text.contains("fn __memoised(mut n: usize) -> usize {\n    n += 1; // kept"),
            "{text}"
        );
        assert!(
            text.contains("fn f_reset()") && text.contains("mod __memoise"),
            "{text}"
        );
        syn::parse_file(&text).unwrap();
    }
}
