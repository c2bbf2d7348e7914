//! Item-level calls of a library's own `macro_rules!` macros that define named items
//! (num-bigint's `cfg_digit!(pub(crate) type BigDigit = u32; ... = u64;)`), expanded in place
//! so the pruner sees the definitions and `#[cfg]` is settled on them like on any item.
//!
//! A call whose expansion holds only impls or further macro calls is left as written: the
//! pruner already keeps such calls whole, and expanding them would only grow the bundle (one
//! `impl_int!(u8 u16 u32 ...)` is ten impls). A call this expander cannot match (a fragment
//! kind it does not parse, a definition it cannot read) is left as written too, as before.
//!
//! Matching follows macro_rules: rules in order, the first that matches whole wins; literal
//! tokens and delimited groups match exactly; `$x:frag` parses one fragment (`tt`, `ident`,
//! `lifetime`, `literal`, `item`, `ty`, `path`, `expr`, `vis`, `block`, `stmt`, `pat`,
//! `meta`); `$( ... ) sep op` repeats greedily. The transcriber substitutes, repeats by the
//! variables it names, and writes `$crate` as `crate` (later rewritten like any crate path).

use crate::fast_hash::HashMap;
use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser};

/// How deep macro calls may nest before expansion gives up (rustc's own limit is 128).
const DEPTH: usize = 128;

/// One element of a matcher or a transcriber.
#[derive(Clone, Debug)]
enum Part {
    Token(TokenTree),
    Group(Delimiter, Vec<Part>),
    /// `$name:frag` in a matcher, `$name` in a transcriber (kind empty).
    Var(String, String),
    /// `$( parts ) sep op`.
    Repeat(Vec<Part>, Option<TokenTree>, char),
}

/// A macro's rules: (matcher, transcriber).
type Rules = Vec<(Vec<Part>, Vec<Part>)>;

#[derive(Clone, Debug)]
enum Binding {
    One(TokenStream),
    Many(Vec<Binding>),
}

fn is_dollar(t: &TokenTree) -> bool {
    matches!(t, TokenTree::Punct(p) if p.as_char() == '$')
}

/// Parses a matcher (`matcher` true) or a transcriber.
fn parts(stream: TokenStream, matcher: bool) -> Option<Vec<Part>> {
    let tokens: Vec<TokenTree> = stream.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        if is_dollar(t) {
            match tokens.get(i + 1) {
                Some(TokenTree::Ident(name)) => {
                    let name = name.to_string();
                    if matcher {
                        let colon = matches!(tokens.get(i + 2), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                        let Some(TokenTree::Ident(kind)) = tokens.get(i + 3) else {
                            return None;
                        };
                        if !colon {
                            return None;
                        }
                        out.push(Part::Var(name, kind.to_string()));
                        i += 4;
                    } else {
                        out.push(Part::Var(name, String::new()));
                        i += 2;
                    }
                    continue;
                }
                Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => {
                    let inner = parts(g.stream(), matcher)?;
                    // `$( ... ) op` or `$( ... ) sep op`.
                    let op_of = |t: Option<&TokenTree>| match t {
                        Some(TokenTree::Punct(p)) if "*+?".contains(p.as_char()) => {
                            Some(p.as_char())
                        }
                        _ => None,
                    };
                    if let Some(op) = op_of(tokens.get(i + 2)) {
                        out.push(Part::Repeat(inner, None, op));
                        i += 3;
                    } else if let Some(op) = op_of(tokens.get(i + 3)) {
                        out.push(Part::Repeat(inner, tokens.get(i + 2).cloned(), op));
                        i += 4;
                    } else {
                        return None;
                    }
                    continue;
                }
                _ => {}
            }
        }
        match t {
            TokenTree::Group(g) => {
                out.push(Part::Group(g.delimiter(), parts(g.stream(), matcher)?));
            }
            other => out.push(Part::Token(other.clone())),
        }
        i += 1;
    }
    Some(out)
}

/// The rules of a `macro_rules!` body: `(matcher) => {transcriber};` ...
fn rules(body: TokenStream) -> Option<Rules> {
    let tokens: Vec<TokenTree> = body.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let TokenTree::Group(matcher) = &tokens[i] else {
            return None;
        };
        let arrow = matches!(&tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=')
            && matches!(&tokens.get(i + 2), Some(TokenTree::Punct(p)) if p.as_char() == '>');
        let Some(TokenTree::Group(body)) = tokens.get(i + 3) else {
            return None;
        };
        if !arrow {
            return None;
        }
        out.push((parts(matcher.stream(), true)?, parts(body.stream(), false)?));
        i += 4;
        if matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
            i += 1;
        }
    }
    Some(out)
}

/// Parses one fragment of `kind` from the front of `input`; the tokens it took.
fn fragment(kind: &str, input: ParseStream) -> syn::Result<TokenStream> {
    use quote::ToTokens;
    Ok(match kind {
        // A lifetime is one token tree to rustc, two tokens to proc_macro2 (`'` and `a`).
        "tt" if input.peek(syn::Lifetime) => input.parse::<syn::Lifetime>()?.into_token_stream(),
        "tt" => input.parse::<TokenTree>()?.into_token_stream(),
        "ident" => input
            .call(<syn::Ident as syn::ext::IdentExt>::parse_any)?
            .into_token_stream(),
        "lifetime" => input.parse::<syn::Lifetime>()?.into_token_stream(),
        "literal" => input.parse::<syn::Lit>()?.into_token_stream(),
        "item" => input.parse::<syn::Item>()?.into_token_stream(),
        "ty" => input.parse::<syn::Type>()?.into_token_stream(),
        "path" => input.parse::<syn::Path>()?.into_token_stream(),
        "expr" => input.parse::<syn::Expr>()?.into_token_stream(),
        "vis" => input.parse::<syn::Visibility>()?.into_token_stream(),
        "block" => input.parse::<syn::Block>()?.into_token_stream(),
        "stmt" => statement(input)?,
        "pat" | "pat_param" => syn::Pat::parse_multi(input)?.into_token_stream(),
        "meta" => input.parse::<syn::Meta>()?.into_token_stream(),
        _ => return Err(input.error("a fragment kind the bundler does not expand")),
    })
}

/// A `stmt` fragment as rustc takes it: a statement without its closing `;` (libc's
/// `f! { pub fn FD_CLR(..) -> () { let fd = fd as usize; ...; return } }` matched by
/// `$($body:stmt);*`): a `let` up to the next `;` of its level, else an item, else an
/// expression. (syn's `Stmt` wants a `let`'s `;` and takes an expression's.)
fn statement(input: ParseStream) -> syn::Result<TokenStream> {
    use quote::ToTokens;
    if input.peek(syn::Token![let]) {
        let mut out = TokenStream::new();
        while !input.is_empty() && !input.peek(syn::Token![;]) {
            out.extend([input.parse::<TokenTree>()?]);
        }
        return Ok(out);
    }
    let item = input.fork().parse::<syn::Item>();
    if item.is_ok_and(|i| !matches!(i, syn::Item::Verbatim(_))) {
        return Ok(input.parse::<syn::Item>()?.into_token_stream());
    }
    Ok(input.parse::<syn::Expr>()?.into_token_stream())
}

/// Matches `pattern` against the whole of `input`.
fn match_all(pattern: &[Part], input: TokenStream) -> Option<HashMap<String, Binding>> {
    let parser = |stream: ParseStream| -> syn::Result<HashMap<String, Binding>> {
        let mut bindings = HashMap::default();
        if !match_seq(pattern, stream, &mut bindings) {
            return Err(stream.error("no match"));
        }
        if !stream.is_empty() {
            return Err(stream.error("tokens left over"));
        }
        Ok(bindings)
    };
    parser.parse2(input).ok()
}

fn match_seq(
    pattern: &[Part],
    input: ParseStream,
    bindings: &mut HashMap<String, Binding>,
) -> bool {
    for part in pattern {
        match part {
            Part::Token(t) => {
                let Ok(got) = input.parse::<TokenTree>() else {
                    return false;
                };
                if !same_token(t, &got) {
                    return false;
                }
            }
            Part::Group(delimiter, inner) => {
                let Ok(TokenTree::Group(g)) = input.parse::<TokenTree>() else {
                    return false;
                };
                if g.delimiter() != *delimiter {
                    return false;
                }
                let Some(found) = match_all(inner, g.stream()) else {
                    return false;
                };
                bindings.extend(found);
            }
            Part::Var(name, kind) => match fragment(kind, input) {
                Ok(tokens) => {
                    // An `expr` is one operand wherever it lands: rustc's invisible group,
                    // made visible (`visible`) only in the items that come out, since in the
                    // input of a further call it must stay invisible (rand's `!div $n / 2`
                    // is no call of `div`).
                    let tokens = if kind == "expr" && tokens.clone().into_iter().nth(1).is_some() {
                        TokenStream::from(TokenTree::Group(Group::new(Delimiter::None, tokens)))
                    } else {
                        tokens
                    };
                    bindings.insert(name.clone(), Binding::One(tokens));
                }
                Err(_) => return false,
            },
            Part::Repeat(inner, sep, op) => {
                let mut rounds: Vec<HashMap<String, Binding>> = Vec::new();
                loop {
                    if *op == '?' && rounds.len() == 1 {
                        break;
                    }
                    let fork = input.fork();
                    if !rounds.is_empty() {
                        if let Some(sep) = sep {
                            match fork.parse::<TokenTree>() {
                                Ok(got) if same_token(sep, &got) => {}
                                _ => break,
                            }
                        }
                    }
                    if fork.is_empty() {
                        break;
                    }
                    let mut round = HashMap::default();
                    if !match_seq(inner, &fork, &mut round) {
                        break;
                    }
                    syn::parse::discouraged::Speculative::advance_to(input, &fork);
                    rounds.push(round);
                }
                if *op == '+' && rounds.is_empty() {
                    return false;
                }
                for name in var_names(inner) {
                    let seq = rounds
                        .iter()
                        .map(|r| r.get(&name).cloned().unwrap_or(Binding::Many(Vec::new())))
                        .collect();
                    bindings.insert(name, Binding::Many(seq));
                }
            }
        }
    }
    true
}

fn same_token(a: &TokenTree, b: &TokenTree) -> bool {
    match (a, b) {
        (TokenTree::Ident(x), TokenTree::Ident(y)) => x == y,
        (TokenTree::Punct(x), TokenTree::Punct(y)) => x.as_char() == y.as_char(),
        (TokenTree::Literal(x), TokenTree::Literal(y)) => x.to_string() == y.to_string(),
        _ => false,
    }
}

fn var_names(pattern: &[Part]) -> Vec<String> {
    let mut out = Vec::new();
    for part in pattern {
        match part {
            Part::Var(name, _) => out.push(name.clone()),
            Part::Group(_, inner) | Part::Repeat(inner, _, _) => out.extend(var_names(inner)),
            Part::Token(_) => {}
        }
    }
    out
}

/// Writes `template` with `bindings`; `None` when a variable is unbound or repeats unevenly.
fn transcribe(template: &[Part], bindings: &HashMap<String, Binding>) -> Option<TokenStream> {
    let mut out = TokenStream::new();
    let mut i = 0;
    while i < template.len() {
        match &template[i] {
            Part::Token(t) => out.extend([t.clone()]),
            Part::Group(delimiter, inner) => {
                let g = Group::new(*delimiter, transcribe(inner, bindings)?);
                out.extend([TokenTree::Group(g)]);
            }
            Part::Var(name, _) if name == "crate" => {
                out.extend([TokenTree::Ident(proc_macro2::Ident::new(
                    "crate",
                    proc_macro2::Span::call_site(),
                ))]);
            }
            Part::Var(name, _) => match bindings.get(name) {
                Some(Binding::One(tokens)) => out.extend(tokens.clone()),
                Some(Binding::Many(_)) => return None,
                // Not a variable of this macro: written as is, as rustc does (a macro that
                // defines a macro writes the inner one's `$m`).
                None => out.extend([
                    TokenTree::Punct(proc_macro2::Punct::new('$', proc_macro2::Spacing::Alone)),
                    TokenTree::Ident(proc_macro2::Ident::new(
                        name,
                        proc_macro2::Span::call_site(),
                    )),
                ]),
            },
            Part::Repeat(inner, sep, _) => {
                // Repeated as many times as the sequences it names are long.
                let names: Vec<String> = var_names(inner)
                    .into_iter()
                    .filter(|n| matches!(bindings.get(n), Some(Binding::Many(_))))
                    .collect();
                let mut len = None;
                for n in &names {
                    let Some(Binding::Many(seq)) = bindings.get(n) else {
                        continue;
                    };
                    match len {
                        None => len = Some(seq.len()),
                        Some(l) if l != seq.len() => return None,
                        _ => {}
                    }
                }
                for k in 0..len? {
                    if k > 0 {
                        if let Some(sep) = sep {
                            out.extend([sep.clone()]);
                        }
                    }
                    let mut round = bindings.clone();
                    for n in &names {
                        if let Some(Binding::Many(seq)) = bindings.get(n) {
                            round.insert(n.clone(), seq[k].clone());
                        }
                    }
                    out.extend(transcribe(inner, &round)?);
                }
            }
        }
        i += 1;
    }
    Some(out)
}

/// The expansion of a call's `tokens` with `rules`, as items; `None` when no rule matches or
/// the result is not items.
fn expand_rules(rules: &Rules, tokens: TokenStream) -> Option<Vec<syn::Item>> {
    let out = first_expansion(rules, tokens)?;
    syn::parse2::<syn::File>(out).ok().map(|f| f.items)
}

/// The names a transcriber binds as locals by its own tokens: `let x`, `let mut x`, `ref x`,
/// the names of a `let (..)` pattern, `for x in`, `|x|` (a closure's), a function's
/// parameters. macro_rules keeps those apart from the caller's names of the same spelling
/// (hygiene); written out, they are one name. (A field `x: T`, a nested call's `ty: ..`
/// are not bindings.)
fn own_locals(template: &[Part], within: Within, out: &mut crate::fast_hash::HashSet<String>) {
    let word = |k: usize| match template.get(k) {
        Some(Part::Token(TokenTree::Ident(i))) => Some(i.to_string()),
        _ => None,
    };
    let punct = |k: usize, c: char| match template.get(k) {
        Some(Part::Token(TokenTree::Punct(x))) => x.as_char() == c,
        _ => false,
    };
    let is_word = |k: usize, w: &str| word(k).as_deref() == Some(w);
    for (k, part) in template.iter().enumerate() {
        let before = |n: usize| k.checked_sub(n);
        match part {
            Part::Group(Delimiter::Parenthesis, inner) => {
                let after_let = before(1).is_some_and(|b| is_word(b, "let"));
                let within = match (after_let, fn_parameters(template, k)) {
                    (true, _) => Within::Pattern,
                    (_, true) => Within::Parameters,
                    _ => Within::Other,
                };
                own_locals(inner, within, out);
            }
            Part::Group(_, inner) | Part::Repeat(inner, _, _) => {
                own_locals(inner, Within::Other, out)
            }
            Part::Token(TokenTree::Ident(i)) => {
                let name = i.to_string();
                let prev = |n: usize| before(n).and_then(word);
                let binder = match prev(1).as_deref() {
                    Some("let" | "ref") => true,
                    Some("mut") => matches!(prev(2).as_deref(), Some("let" | "ref")),
                    Some("for") => is_word(k + 1, "in"),
                    _ => false,
                };
                let closure = before(1).is_some_and(|b| punct(b, '|'))
                    && (punct(k + 1, '|') || punct(k + 1, ',') || punct(k + 1, ':'));
                let typed = punct(k + 1, ':') && !punct(k + 2, ':');
                let listed = typed || punct(k + 1, ',');
                let not_a_type = !before(1).is_some_and(|b| punct(b, ':') || punct(b, '&'));
                let param = not_a_type
                    && match within {
                        Within::Parameters => listed,
                        Within::Pattern => listed || k + 1 == template.len(),
                        Within::Other => false,
                    };
                let lower = name.starts_with(|c: char| c.is_ascii_lowercase());
                let keyword = matches!(name.as_str(), "self" | "mut" | "ref");
                if lower && !keyword && (binder || closure || param) {
                    out.insert(name);
                }
            }
            _ => {}
        }
    }
}

/// Where a transcriber's tokens sit, for `own_locals`.
#[derive(Clone, Copy)]
enum Within {
    /// A function's parameters: `x: T`.
    Parameters,
    /// A `let (..)` pattern: each name.
    Pattern,
    Other,
}

/// Whether the group at `template[k]` is a function's parameters: `fn name(..)` or `fn
/// name<..>(..)`.
fn fn_parameters(template: &[Part], k: usize) -> bool {
    let mut at = k;
    let token = |k: usize| match template.get(k) {
        Some(Part::Token(t)) => Some(t.to_string()),
        _ => None,
    };
    if at > 0 && token(at - 1).as_deref() == Some(">") {
        let mut depth = 0;
        while at > 0 {
            at -= 1;
            match token(at).as_deref() {
                Some(">") => depth += 1,
                Some("<") => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    at >= 2
        && matches!(template.get(at - 1), Some(Part::Token(TokenTree::Ident(_))))
        && token(at - 2).as_deref() == Some("fn")
}

/// Every identifier the arguments of a call bound (not a lifetime's: `'a` is no name `a`;
/// not a field's or a method's after a `.`, which no local can stand for: nalgebra's
/// `matrix_slice_impl!(.., &self.data; ..)` into an arm with `let data = ..`).
fn bound_idents(binding: &Binding, out: &mut crate::fast_hash::HashSet<String>) {
    fn names(tokens: TokenStream, out: &mut crate::fast_hash::HashSet<String>) {
        let (mut lifetime, mut member) = (false, false);
        let mut dots = 0;
        for tree in tokens {
            match &tree {
                TokenTree::Ident(i) if !lifetime && !member => {
                    out.insert(i.to_string());
                }
                TokenTree::Group(g) => names(g.stream(), out),
                _ => {}
            }
            lifetime = matches!(&tree, TokenTree::Punct(p) if p.as_char() == '\'');
            // One `.`, not a range's `..`: what follows is a member.
            let dot = matches!(&tree, TokenTree::Punct(p) if p.as_char() == '.');
            dots = if dot { dots + 1 } else { 0 };
            member = dots == 1;
        }
    }
    match binding {
        Binding::One(tokens) => names(tokens.clone(), out),
        Binding::Many(seq) => seq.iter().for_each(|b| bound_idents(b, out)),
    }
}

/// `item` with each invisible group of more than one token in parentheses (`$data.get()`
/// with `&mut self.data` is `(&mut self.data).get()`, nalgebra's `matrix_slice_impl!`), the
/// others opened: the text the bundle is written as has no invisible groups.
fn made_visible(item: syn::Item) -> syn::Item {
    fn visible(tokens: TokenStream) -> TokenStream {
        tokens
            .into_iter()
            .flat_map(|t| match t {
                TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                    let inner = visible(g.stream());
                    if inner.clone().into_iter().nth(1).is_some() {
                        TokenStream::from(TokenTree::Group(Group::new(
                            Delimiter::Parenthesis,
                            inner,
                        )))
                    } else {
                        inner
                    }
                }
                TokenTree::Group(g) => {
                    let mut out = Group::new(g.delimiter(), visible(g.stream()));
                    out.set_span(g.span());
                    TokenStream::from(TokenTree::Group(out))
                }
                other => TokenStream::from(other),
            })
            .collect()
    }
    fn has_invisible(tokens: TokenStream) -> bool {
        tokens.into_iter().any(|t| match t {
            TokenTree::Group(g) => g.delimiter() == Delimiter::None || has_invisible(g.stream()),
            _ => false,
        })
    }
    let tokens = quote::ToTokens::into_token_stream(&item);
    // Most items hold none: no second parse for them.
    if !has_invisible(tokens.clone()) {
        return item;
    }
    syn::parse2(visible(tokens)).unwrap_or(item)
}

thread_local! {
    /// Whether a reading on this thread met a macro call that `Macros::impls_too` writes out
    /// and the reading as written leaves (see `impls_too_mattered`).
    static IMPLS_TOO_MATTERS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `read` (a reading of one library); with whether it met a call that `impls_too`
/// decides: a call of one of its macros that makes impls alone, or one that may make an
/// impl's members. When it met none, the reading with `impls_too` is the same as without.
pub fn impls_too_mattered<T>(read: impl FnOnce() -> T) -> (T, bool) {
    let before = IMPLS_TOO_MATTERS.with(|m| m.replace(false));
    let out = read();
    let met = IMPLS_TOO_MATTERS.with(|m| m.replace(before));
    (out, met)
}

/// The crate's own `macro_rules!` macros, learned in the order the loader reads them (the
/// last definition of a name wins, as textual scoping mostly has it).
#[derive(Default, Clone)]
pub struct Macros {
    /// By the name a call uses: `cfg_if`, or `cfg_if::cfg_if` for a dependency's.
    rules: HashMap<String, Rules>,
    /// The `#[macro_export]`ed ones, by name: what a crate that depends on this one gets.
    exported: HashMap<String, Rules>,
    /// The names of every `#[macro_export]`ed one, readable or not.
    exported_names: std::collections::BTreeSet<String>,
    /// Calls that make only impls are written out too (see `expand_call`).
    pub impls_too: bool,
    /// The reading these are the exported macros of (`load::load` marks each it keeps).
    pub origin: Option<String>,
}

impl Macros {
    /// Learns `m` when it is a `macro_rules!` definition this expander can read.
    pub fn learn(&mut self, m: &syn::ItemMacro) {
        if !m.mac.path.is_ident("macro_rules") {
            return;
        }
        let exported = m.attrs.iter().any(|a| a.path().is_ident("macro_export"));
        if let (Some(name), true) = (&m.ident, exported) {
            self.exported_names.insert(name.to_string());
        }
        if let (Some(name), Some(rules)) = (&m.ident, rules(m.mac.tokens.clone())) {
            if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) {
                self.exported.insert(name.to_string(), rules.clone());
            }
            self.rules.insert(name.to_string(), rules);
        }
    }

    /// What this crate exports to the crates that depend on it.
    pub fn exported(&self) -> Macros {
        Macros {
            rules: self.exported.clone(),
            exported: HashMap::default(),
            exported_names: self.exported_names.clone(),
            impls_too: false,
            origin: None,
        }
    }

    /// The names of the macros a crate exports (of what `exported` returned: all of them).
    pub fn exported_names(&self) -> &std::collections::BTreeSet<String> {
        &self.exported_names
    }

    /// A dependency's exported macros, callable as `dep::name!`; a `$crate` in them means
    /// the dependency, so it is written `dep` (cfg-if 1.0.5 calls `$crate::cfg_if!`).
    pub fn add_dependency(&mut self, dep: &str, exported: &Macros) {
        let dep_ident =
            TokenTree::Ident(proc_macro2::Ident::new(dep, proc_macro2::Span::call_site()));
        for (name, rules) in &exported.rules {
            let rules = rules
                .iter()
                .map(|(matcher, transcriber)| (matcher.clone(), crate_as(transcriber, &dep_ident)))
                .collect();
            self.rules.insert(format!("{dep}::{name}"), rules);
        }
    }

    /// `#[macro_use] extern crate dep;` or `use dep::name;`: the dependency's macro (all of
    /// them, for `name` None) callable by its bare name from here on.
    pub fn import(&mut self, dep: &str, name: Option<&str>) {
        let prefix = format!("{dep}::");
        let found: Vec<(String, Rules)> = self
            .rules
            .iter()
            .filter_map(|(k, r)| {
                let bare = k.strip_prefix(&prefix)?;
                name.is_none_or(|n| n == bare)
                    .then(|| (bare.to_string(), r.clone()))
            })
            .collect();
        self.rules.extend(found);
    }

    /// The name a call of `path` uses, when this registry can expand it.
    fn rules_for(&self, path: &syn::Path) -> Option<&Rules> {
        let name = path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect::<Vec<_>>()
            .join("::");
        self.rules.get(&name)
    }

    /// The items an item-level call of one of these macros makes, with every call of these
    /// macros inside written out too, and the call's own attributes on each; `None` when it
    /// is not such a call, cannot be expanded, or makes no named item (impls only), unless
    /// `impls_too` and it makes impls alone (no call left unexpanded): then each impl is
    /// kept for its own types, not the call for any of the
    /// types it names (nalgebra 0.20's `md_impl_all!` calls, each naming several of its
    /// types, keep all of them: 950 KB, over the judge's limit).
    pub fn expand_call(&self, m: &syn::ItemMacro) -> Option<Vec<syn::Item>> {
        if m.ident.is_some() {
            return None;
        }
        let made = self.expand_items(vec![syn::Item::Macro(m.clone())], 0)?;
        // Compared as tokens (syn's structural `==` needs its `extra-traits` feature, whose
        // trait impls for every syntax type lengthened the tool's build on its critical path).
        let tokens = |m: &syn::ItemMacro| quote::ToTokens::to_token_stream(m).to_string();
        let unchanged = matches!(&made[..], [syn::Item::Macro(same)] if tokens(same) == tokens(m));
        let impls_only = made.iter().all(|i| matches!(i, syn::Item::Impl(_)));
        let names = defines_names(&made);
        if !unchanged && !names && impls_only {
            IMPLS_TOO_MATTERS.with(|m| m.set(true));
        }
        (!unchanged && (names || (self.impls_too && impls_only))).then_some(made)
    }

    fn expand_items(&self, items: Vec<syn::Item>, depth: usize) -> Option<Vec<syn::Item>> {
        let mut out = Vec::new();
        for item in items {
            match item {
                syn::Item::Macro(m) if m.ident.is_none() => {
                    let Some(rules) = self.rules_for(&m.mac.path) else {
                        out.push(made_visible(syn::Item::Macro(m)));
                        continue;
                    };
                    if depth >= DEPTH {
                        return None;
                    }
                    let made = expand_rules(rules, m.mac.tokens.clone())?;
                    let mut made = self.expand_items(made, depth + 1)?;
                    for it in &mut made {
                        if let Some(attrs) = crate::bundle::read::syntax::item_attrs_mut(it) {
                            attrs.splice(0..0, m.attrs.iter().cloned());
                        }
                    }
                    out.extend(made);
                }
                other => out.push(made_visible(other)),
            }
        }
        Some(out)
    }
}

impl Macros {
    /// Writes out, in `t`'s body, the calls of these macros that make its members (petgraph
    /// defines its traits' members through `remove_sections_inner!`): the pruner can then
    /// see every member an impl must keep. Calls it cannot expand stay. Returns how many
    /// were expanded.
    pub fn expand_trait_body(&self, t: &mut syn::ItemTrait) -> usize {
        self.expand_body(&mut t.items)
    }

    /// With `impls_too`, writes out in `i`'s body the calls of these macros that make its
    /// members (num-traits' `impl ToPrimitive for u64 { impl_to_primitive_uint_to_int! {
    /// u64: fn to_isize -> isize; ... } }`): each method is then the impls pass's to drop or
    /// stub when it never runs. Calls it cannot expand stay. Returns how many were expanded.
    pub fn expand_impl_body(&self, i: &mut syn::ItemImpl) -> usize {
        if !self.impls_too {
            let expandable = (i.items.iter())
                .filter_map(Member::call)
                .any(|mac| self.rules_for(&mac.path).is_some());
            if expandable {
                IMPLS_TOO_MATTERS.with(|m| m.set(true));
            }
            return 0;
        }
        self.expand_body(&mut i.items)
    }

    /// Writes out the calls of these macros among a trait's or an impl's `items`; returns
    /// how many were expanded.
    fn expand_body<T: Member>(&self, items: &mut Vec<T>) -> usize {
        let mut count = 0;
        let mut k = 0;
        while k < items.len() {
            let Some(mac) = items[k].call() else {
                k += 1;
                continue;
            };
            let made = self
                .rules_for(&mac.path)
                .and_then(|rules| self.members(rules, mac.tokens.clone(), 0));
            match made {
                Some(made) => {
                    let n = made.len();
                    items.splice(k..=k, made);
                    count += 1;
                    k += n;
                }
                None => k += 1,
            }
        }
        count
    }

    /// A call's expansion as members, with the calls of these macros inside expanded.
    fn members<T: Member>(
        &self,
        rules: &Rules,
        tokens: TokenStream,
        depth: usize,
    ) -> Option<Vec<T>> {
        if depth >= DEPTH {
            return None;
        }
        let mut items = Vec::new();
        for item in T::read(first_expansion(rules, tokens)?)? {
            match item.call() {
                Some(mac) => {
                    let rules = self.rules_for(&mac.path)?;
                    items.extend(self.members(rules, mac.tokens.clone(), depth + 1)?);
                }
                None => items.push(item),
            }
        }
        Some(items)
    }
}

/// A member of a trait's or an impl's body, as the expander writes out the calls among
/// them and the loader settles their `#[cfg]`s.
pub trait Member: Sized {
    /// The macro call this member is, if it is one.
    fn call(&self) -> Option<&syn::Macro>;
    /// The members a transcription writes, read in a body of this kind.
    fn read(tokens: TokenStream) -> Option<Vec<Self>>;
    /// Its attributes (`None` for verbatim tokens).
    fn attrs_mut(&mut self) -> Option<&mut Vec<syn::Attribute>>;
}

impl Member for syn::TraitItem {
    fn call(&self) -> Option<&syn::Macro> {
        match self {
            syn::TraitItem::Macro(m) => Some(&m.mac),
            _ => None,
        }
    }

    fn read(tokens: TokenStream) -> Option<Vec<Self>> {
        let wrapped: syn::Item = syn::parse2(quote::quote!(trait __Expanded { #tokens })).ok()?;
        match made_visible(wrapped) {
            syn::Item::Trait(t) => Some(t.items),
            _ => None,
        }
    }

    fn attrs_mut(&mut self) -> Option<&mut Vec<syn::Attribute>> {
        match self {
            syn::TraitItem::Const(c) => Some(&mut c.attrs),
            syn::TraitItem::Fn(f) => Some(&mut f.attrs),
            syn::TraitItem::Type(t) => Some(&mut t.attrs),
            syn::TraitItem::Macro(m) => Some(&mut m.attrs),
            _ => None,
        }
    }
}

impl Member for syn::ImplItem {
    fn call(&self) -> Option<&syn::Macro> {
        match self {
            syn::ImplItem::Macro(m) => Some(&m.mac),
            _ => None,
        }
    }

    fn read(tokens: TokenStream) -> Option<Vec<Self>> {
        match syn::parse2(quote::quote!(impl __Expanded { #tokens })).ok()? {
            syn::Item::Impl(i) => Some(i.items),
            _ => None,
        }
    }

    fn attrs_mut(&mut self) -> Option<&mut Vec<syn::Attribute>> {
        match self {
            syn::ImplItem::Const(c) => Some(&mut c.attrs),
            syn::ImplItem::Fn(f) => Some(&mut f.attrs),
            syn::ImplItem::Type(t) => Some(&mut t.attrs),
            syn::ImplItem::Macro(m) => Some(&mut m.attrs),
            _ => None,
        }
    }
}

/// What the first arm of `rules` that matches `tokens` writes; `None` also where a name of
/// the call's is spelt like a local the arm binds by its own tokens (itertools'
/// `impl_tuple_collect!(dummy, a, b, .. i, ..)` over a body with `let mut i = 0;`): the text
/// would not mean what the macro does.
fn first_expansion(rules: &Rules, tokens: TokenStream) -> Option<TokenStream> {
    let (transcriber, bindings) = rules.iter().find_map(|(matcher, transcriber)| {
        match_all(matcher, tokens.clone()).map(|b| (transcriber, b))
    })?;
    let mut locals = crate::fast_hash::HashSet::default();
    own_locals(transcriber, Within::Other, &mut locals);
    let mut passed = crate::fast_hash::HashSet::default();
    bindings.values().for_each(|b| bound_idents(b, &mut passed));
    if !locals.is_disjoint(&passed) {
        if std::env::var_os("XTASK_PRUNE_DEBUG").is_some() {
            let names: Vec<&String> = locals.intersection(&passed).collect();
            eprintln!("expand: left as a call (hygiene, {names:?}): {tokens}");
        }
        return None;
    }
    transcribe(transcriber, &bindings)
}

/// Whether a transcriber of `rules` writes `$crate`.
/// A transcriber with each `$crate` written as `dep`.
fn crate_as(parts: &[Part], dep: &TokenTree) -> Vec<Part> {
    parts
        .iter()
        .map(|p| match p {
            Part::Var(name, kind) if name == "crate" && kind.is_empty() => Part::Token(dep.clone()),
            Part::Group(d, inner) => Part::Group(*d, crate_as(inner, dep)),
            Part::Repeat(inner, sep, op) => Part::Repeat(crate_as(inner, dep), sep.clone(), *op),
            other => other.clone(),
        })
        .collect()
}

/// Whether `items` define a name a path can reach (anything but impls and macro calls).
fn defines_names(items: &[syn::Item]) -> bool {
    items.iter().any(|item| match item {
        syn::Item::Impl(_) => false,
        syn::Item::Macro(m) => m.ident.is_some(),
        _ => true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Learns and expands in order, as the loader does (without its cfg settling).
    fn expand_text(source: &str) -> (String, usize) {
        let items = syn::parse_file(source).unwrap().items;
        let mut macros = Macros::default();
        let mut out = Vec::new();
        let mut n = 0;
        for item in items {
            if let syn::Item::Macro(m) = &item {
                macros.learn(m);
                if let Some(made) = macros.expand_call(m) {
                    out.extend(made);
                    n += 1;
                    continue;
                }
            }
            out.push(item);
        }
        let file = syn::File {
            shebang: None,
            attrs: Vec::new(),
            items: out,
        };
        (prettyplease::unparse(&file), n)
    }

    /// num-bigint's pattern: a macro taking two items calls two macros that each put a
    /// `#[cfg]` before one; the call becomes the two items with their cfgs.
    #[test]
    fn a_call_that_defines_items_becomes_those_items_with_their_attributes() {
        let (text, n) = expand_text(
            r#"
macro_rules! cfg_32 { ($($any:tt)+) => { #[cfg(not(target_pointer_width = "64"))] $($any)+ } }
macro_rules! cfg_64 { ($($any:tt)+) => { #[cfg(target_pointer_width = "64")] $($any)+ } }
macro_rules! cfg_digit { ($item32:item $item64:item) => { cfg_32!($item32); cfg_64!($item64); }; }
cfg_digit!(
    pub(crate) type BigDigit = u32;
    pub(crate) type BigDigit = u64;
);
"#,
        );
        assert_eq!(n, 1);
        assert!(
            text.contains(
                "#[cfg(not(target_pointer_width = \"64\"))]\npub(crate) type BigDigit = u32;"
            ) && text
                .contains("#[cfg(target_pointer_width = \"64\")]\npub(crate) type BigDigit = u64;")
                && !text.contains("cfg_digit!("),
            "{text}"
        );
    }

    /// Repetitions with separators, `$crate`, literal tokens; a call making only impls stays.
    #[test]
    fn repetitions_and_crate_paths_are_written_out_and_impl_only_calls_stay() {
        let (text, n) = expand_text(
            r#"
macro_rules! consts { ($($name:ident = $value:expr),* $(,)?) => { $(pub const $name: u32 = $crate::id($value);)* }; }
macro_rules! impls { ($($t:ty)*) => { $(impl Tr for $t {})* }; }
consts!(A = 1, B = 2 + 3,);
impls!(u8 u16);
"#,
        );
        assert_eq!(n, 1);
        assert!(
            text.contains("pub const A: u32 = crate::id(1);")
                && text.contains("pub const B: u32 = crate::id((2 + 3));")
                && text.contains("impls!(u8 u16);"),
            "{text}"
        );
    }

    /// An `expr` stays one operand where it lands (nalgebra's `matrix_slice_impl!` passes
    /// `&mut self.data` and calls `$data.get_address_unchecked_mut(..)`): without the
    /// parentheses the `&mut` would take the call's result.
    #[test]
    fn an_expr_fragment_keeps_its_precedence_where_it_is_written() {
        let (text, n) = expand_text(
            r#"
macro_rules! addr { ($v:ident, $data:expr, $one:expr) => { pub fn first($v: &mut Vec<u32>) -> *mut u32 { $data.as_mut_ptr().wrapping_add($one) } }; }
addr!(v, &mut v, 1);
"#,
        );
        assert_eq!(n, 1);
        assert!(
            text.contains("(&mut v).as_mut_ptr().wrapping_add(1)"),
            "{text}"
        );
    }

    /// petgraph's pattern: a trait whose members come from a token-munching macro.
    #[test]
    fn a_trait_whose_members_a_macro_writes_gets_those_members() {
        let source = r#"
macro_rules! strip {
    ([$($stack:tt)*]) => { $($stack)* };
    ([$($stack:tt)*] @section $x:ident $($t:tt)*) => { strip!([$($stack)*] $($t)*); };
    ([$($stack:tt)*] $t:tt $($tail:tt)*) => { strip!([$($stack)* $t] $($tail)*); };
}
pub trait Graph { strip!([] @section self fn node_count(&self) -> usize; @section type type NodeId;); }
"#;
        let items = syn::parse_file(source).unwrap().items;
        let mut macros = Macros::default();
        let syn::Item::Macro(m) = &items[0] else {
            panic!()
        };
        macros.learn(m);
        let syn::Item::Trait(mut t) = items[1].clone() else {
            panic!()
        };
        assert_eq!(macros.expand_trait_body(&mut t), 1);
        let names: Vec<String> = t
            .items
            .iter()
            .map(|i| match i {
                syn::TraitItem::Fn(f) => f.sig.ident.to_string(),
                syn::TraitItem::Type(t) => t.ident.to_string(),
                _ => "?".into(),
            })
            .collect();
        assert_eq!(names, ["node_count", "NodeId"]);
    }

    /// num-traits' pattern: an impl whose methods a macro writes, one per type named.
    #[test]
    fn an_impls_members_a_macro_writes_are_written_out_on_request_only() {
        let source = r#"
macro_rules! to_int { ($S:ident: $(fn $m:ident -> $D:ident;)*) => { $(fn $m(&self) -> Option<$D> { Some(*self as $D) })* }; }
impl ToPrimitive for u64 { to_int! { u64: fn to_u8 -> u8; fn to_u16 -> u16; } fn to_u64(&self) -> Option<u64> { Some(*self) } }
"#;
        let items = syn::parse_file(source).unwrap().items;
        let mut macros = Macros::default();
        let syn::Item::Macro(m) = &items[0] else {
            panic!()
        };
        macros.learn(m);
        let syn::Item::Impl(mut i) = items[1].clone() else {
            panic!()
        };
        // The first reading leaves the call as written.
        assert_eq!(macros.expand_impl_body(&mut i), 0);
        macros.impls_too = true;
        assert_eq!(macros.expand_impl_body(&mut i), 1);
        let names: Vec<String> = (i.items.iter())
            .map(|ii| match ii {
                syn::ImplItem::Fn(f) => f.sig.ident.to_string(),
                _ => "?".into(),
            })
            .collect();
        assert_eq!(names, ["to_u8", "to_u16", "to_u64"]);
    }

    /// A dependency's exported macro (getrandom calls cfg-if's): by path, and by its bare
    /// name once imported; one that writes `$crate` (the dependency) is not taken.
    #[test]
    fn a_dependencys_exported_macro_expands_by_path_and_once_imported_by_name() {
        let dep = syn::parse_file(
            r#"
#[macro_export] macro_rules! pick { ($($i:item)*) => { $(#[cfg(unix)] $i)* }; }
#[macro_export] macro_rules! own { () => { pub fn f() { $crate::g() } }; }
macro_rules! private { () => { pub struct P; }; }
"#,
        )
        .unwrap();
        let mut theirs = Macros::default();
        for item in &dep.items {
            if let syn::Item::Macro(m) = item {
                theirs.learn(m);
            }
        }
        let mut ours = Macros::default();
        ours.add_dependency("cfg_if", &theirs.exported());
        let call = |text: &str| -> syn::ItemMacro { syn::parse_str(text).unwrap() };
        let made = ours
            .expand_call(&call("cfg_if::pick! { pub struct A; }"))
            .unwrap();
        assert_eq!(made.len(), 1);
        assert!(ours.expand_call(&call("pick! { pub struct A; }")).is_none());
        // `$crate` in a dependency's macro means the dependency.
        let own = ours.expand_call(&call("cfg_if::own! {}")).unwrap();
        let own = quote::quote!(#(#own)*).to_string();
        assert!(own.contains("cfg_if :: g ()"), "{own}");
        assert!(ours.expand_call(&call("cfg_if::private! {}")).is_none());
        ours.import("cfg_if", Some("pick"));
        assert!(ours.expand_call(&call("pick! { pub struct A; }")).is_some());
    }

    /// libc 0.2's `f!` takes each function's body as `$($body:stmt);*`: a `let` without its
    /// `;`, an expression statement, a bare `return`. Each function becomes an item of its
    /// own (the pruner then keeps only those called); fails before: the call stayed whole
    /// and kept every type its functions name.
    #[test]
    fn stmt_fragments_are_statements_without_their_semicolons() {
        let (text, n) = expand_text(
            r#"
macro_rules! f {
    ($(pub $({$constness:ident})* fn $i:ident($($arg:ident: $argty:ty),*) -> $ret:ty {
        $($body:stmt);*
    })*) => ($(
        #[inline]
        pub $($constness)* unsafe extern fn $i($($arg: $argty),*) -> $ret {
            $($body);*
        }
    )*)
}
f! {
    pub fn first(m: *const u32) -> u32 {
        if *m > 1 { *m } else { 0 }
    }
    pub fn clear(fd: u32, set: *mut u32) -> () {
        let fd = fd as usize;
        *set &= !(1 << (fd % 32));
        return
    }
    pub {const} fn space(n: u32) -> u32 {
        n + 1
    }
}
"#,
        );
        assert_eq!(n, 1, "{text}");
        assert!(text.contains("pub unsafe extern fn clear"), "{text}");
        assert!(text.contains("let fd = fd as usize;"), "{text}");
        assert!(text.contains("pub const unsafe extern fn space"), "{text}");
        syn::parse_file(&text).unwrap();
    }

    /// With `impls_too`, a call making only impls is written out too; an `expr` passed on to
    /// a further call stays one operand there without becoming a call of the identifier
    /// before it (rand 0.7's `impl_as_byte_slice_arrays!(!div $n / 2, ..)`: `!div (4096 / 2)`
    /// was read as a call of `div`), and is in parentheses in the items made.
    #[test]
    fn impl_only_calls_expand_on_request_and_expr_fragments_stay_operands() {
        let source = r#"
macro_rules! arrays {
    (!div $n:expr,) => {};
    (!div $n:expr, $N:ident, $($NN:ident,)*) => {
        impl<T> AsBytes for [T; $n] {}
        arrays!(!div $n / 2, $($NN,)*);
    };
}
arrays!(!div 64, N, N, N,);
"#;
        let items = syn::parse_file(source).unwrap().items;
        let mut macros = Macros::default();
        let syn::Item::Macro(def) = &items[0] else {
            panic!("a definition first")
        };
        macros.learn(def);
        let syn::Item::Macro(call) = &items[1] else {
            panic!("a call second")
        };
        assert!(
            macros.expand_call(call).is_none(),
            "impls only: left as written"
        );
        macros.impls_too = true;
        let made = macros.expand_call(call).expect("expanded on request");
        let text = quote::quote!(#(#made)*).to_string().replace(' ', "");
        assert_eq!(
            text,
            "impl<T>AsBytesfor[T;64]{}impl<T>AsBytesfor[T;(64/2)]{}impl<T>AsBytesfor[T;((64/2)/2)]{}"
        );
    }

    /// A lifetime is one `tt` (nalgebra 0.20's `md_impl!(..; $action; 'a, 'b)` matched by
    /// `$($lives: tt),*`): the call used to match no rule and stay whole.
    #[test]
    fn a_lifetime_is_one_token_tree() {
        let (text, n) = expand_text(
            r#"
macro_rules! lives { ($($l:tt),*) => { pub struct Holder<$($l),*>($(&$l u8),*); }; }
lives!('a, 'b);
"#,
        );
        assert_eq!(n, 1, "{text}");
        assert!(
            text.contains("pub struct Holder<'a, 'b>(&'a u8, &'b u8);"),
            "{text}"
        );
    }

    /// itertools' `impl_tuple_collect!` binds `let mut i` itself and is called with an
    /// `i` of the caller's: hygiene keeps them apart, the written-out text would not (`s[i]
    /// = i` in the bundle). Such a call stays a call; one whose names differ is written out.
    #[test]
    fn a_call_passing_a_name_its_macro_binds_as_a_local_is_left_as_written() {
        let source = r#"
macro_rules! fill { ($($y:ident)*) => { pub fn fill(v: &mut [usize]) { let mut i = 0; $( let $y = i; v[i] = $y; i += 1; )* } }; }
fill!(a i);
"#;
        let (text, n) = expand_text(source);
        assert_eq!(n, 0, "{text}");
        assert!(text.contains("fill!(a i);"), "{text}");
        let (text, n) = expand_text(&source.replace("fill!(a i);", "fill!(a b);"));
        assert_eq!(n, 1, "{text}");
        assert!(text.contains("let b = i"), "{text}");
        // A lifetime `'i` is no name `i` (petgraph's `delegate_impl [['a, G], ..]`).
        let lifetimes = r#"
macro_rules! wrap { ($l:lifetime) => { pub fn first<$l>(v: &$l [usize]) -> usize { let i = 0; v[i] } }; }
wrap!('i);
"#;
        let (text, n) = expand_text(lifetimes);
        assert_eq!(n, 1, "{text}");
        // A field or a method after a `.` is no local either (nalgebra's
        // `matrix_slice_impl!(.., &self.data; ..)` into an arm with `let data = ..`; it
        // stayed a call, and its 26 KB with it); after a range's `..` it is a name.
        let fields = r#"
macro_rules! first { ($w:ident, $data:expr) => { pub fn first($w: &W) -> usize { let data = $data; data.len() } }; }
pub struct W { data: Vec<u8> }
first!(w, &w.data);
"#;
        let (text, n) = expand_text(fields);
        assert_eq!(n, 1, "{text}");
        assert!(text.contains("let data = (&w.data);"), "{text}");
        let (text, n) = expand_text(&fields.replace("&w.data)", "&w.data[0..data])"));
        assert_eq!(n, 0, "{text}");
    }

    /// What counts as a transcriber's own local: bindings, patterns, closure and function
    /// parameters; not a field, a nested call's `key: value`, a `&mut x`, a type.
    #[test]
    fn a_transcribers_own_locals_are_its_bindings_not_its_fields_or_types() {
        let template = parts(
            "fn f<T: Copy>(a: u32, b: &u8) { let mut i = 0; let (p, q) = (1, 2); for x in v { let c = |y| y; } let r = &mut buf; z | w; }\n\
             struct S { name: u32 } other! { ty: u32; } fn g(&self) {}"
                .parse()
                .unwrap(),
            false,
        )
        .unwrap();
        let mut locals = crate::fast_hash::HashSet::default();
        own_locals(&template, Within::Other, &mut locals);
        let mut got: Vec<&str> = locals.iter().map(String::as_str).collect();
        got.sort_unstable();
        assert_eq!(got, ["a", "b", "c", "i", "p", "q", "r", "x", "y"]);
    }

    /// A call no rule matches, or of a macro defined elsewhere, is left as written.
    #[test]
    fn calls_that_cannot_be_expanded_are_left_as_written() {
        let (text, n) = expand_text(
            r#"
macro_rules! only_idents { ($a:ident) => { pub struct $a; }; }
only_idents!(1 + 2);
other_crate_macro!(pub struct X;);
"#,
        );
        assert_eq!(n, 0);
        assert!(
            text.contains("only_idents!(1 + 2);") && text.contains("other_crate_macro!"),
            "{text}"
        );
    }
}
