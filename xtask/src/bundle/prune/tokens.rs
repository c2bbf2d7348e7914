//! Token streams as the index reads them: once, into a flat list (`flatten`), which its
//! passes over a node's tokens (the names it mentions, the `q::name` pairs it writes, what
//! it writes through a gateway into another library) then read without copying a token.
//! Read as proc-macro2's trees instead, each pass copied every tree of every group (a
//! group's stream is shared with the group), each identifier's text with it.

use super::symbols::{is_primitive, Interner, Sym, DOT, KINDS, MAC, QUAL};
use crate::fast_hash::{HashMap, HashSet};
use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// One token of a flattened stream; a group is its opening (which knows where its close
/// is), its contents, and its close.
pub(super) enum Flat {
    Ident(String),
    Punct(char),
    Literal,
    /// A group's delimiter and the index of its `Close`.
    Open(Delimiter, usize),
    Close,
}

/// `tokens` as a flat list.
pub(super) fn flatten(tokens: TokenStream) -> Vec<Flat> {
    let mut out = Vec::new();
    push_flat(tokens, &mut out);
    out
}

fn push_flat(tokens: TokenStream, out: &mut Vec<Flat>) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(id) => out.push(Flat::Ident(id.to_string())),
            TokenTree::Punct(p) => out.push(Flat::Punct(p.as_char())),
            TokenTree::Literal(_) => out.push(Flat::Literal),
            TokenTree::Group(g) => {
                let delimiter = g.delimiter();
                // Taken out before the group goes: no longer shared, its trees move.
                let inner = g.stream();
                drop(g);
                let open = out.len();
                out.push(Flat::Open(delimiter, open));
                push_flat(inner, out);
                let close = out.len();
                out.push(Flat::Close);
                out[open] = Flat::Open(delimiter, close);
            }
        }
    }
}

/// A tree at one level of a flat list: a group is whole, with the range of its contents.
#[derive(Clone, Copy)]
enum Tree<'a> {
    Ident(&'a str),
    Punct(char),
    Literal,
    Group(Delimiter, usize, usize),
}

/// The trees of `flat[from..to]` (one group's contents, or the whole list) at their level.
fn level(flat: &[Flat], from: usize, to: usize) -> Vec<Tree<'_>> {
    let mut out = Vec::new();
    let mut i = from;
    while i < to {
        match &flat[i] {
            Flat::Ident(name) => out.push(Tree::Ident(name)),
            Flat::Punct(c) => out.push(Tree::Punct(*c)),
            Flat::Literal => out.push(Tree::Literal),
            Flat::Open(delimiter, close) => {
                out.push(Tree::Group(*delimiter, i + 1, *close));
                i = *close;
            }
            Flat::Close => {}
        }
        i += 1;
    }
    out
}

/// Whether `trees[j]` and `trees[j + 1]` are the two colons of a path's `::`.
fn is_path_sep(trees: &[Tree], j: usize) -> bool {
    let colon = |k: usize| matches!(trees.get(k), Some(Tree::Punct(':')));
    colon(j) && colon(j + 1)
}

/// The names `tokens` mention, each marked by how it is written (`DOT`, `MAC`, `QUAL`).
pub(super) fn collect_idents(tokens: TokenStream, interner: &mut Interner, out: &mut Vec<Sym>) {
    let flat = flatten(tokens);
    idents_in(&flat, (0, flat.len()), interner, out);
}

/// `collect_idents` of `flat[from..to]`.
pub(super) fn idents_in(
    flat: &[Flat],
    range: (usize, usize),
    interner: &mut Interner,
    out: &mut Vec<Sym>,
) {
    each_ident(flat, range, interner, &mut |sym, _| out.push(sym));
}

/// What a node's tokens `flat` mention (`collect_idents`), less a bare name the same tokens
/// bind as a value: a parameter (`(&mut self, rng: &mut R)`, in a function or in a macro's
/// body that writes one) or a `let` (`let mut rng = ..`). There, `rng` and `rng.next_u32()`
/// are the binding, never rand's `fn rng` (which keeps `ThreadRng`, and with it ChaCha and
/// zerocopy); `rand::rng()`, `x.rng()` and `rng!` still mention theirs. Only a lowercase
/// name: a capitalised one in a pattern may be a constant or a unit struct.
pub(super) fn mentions_in(flat: &[Flat], interner: &mut Interner, out: &mut Vec<Sym>) {
    let bound: HashSet<Sym> = (value_bindings(flat).iter())
        .map(|n| interner.sym(n))
        .collect();
    each_ident(flat, (0, flat.len()), interner, &mut |sym, head| {
        if !head || sym & KINDS != 0 || !bound.contains(&sym) {
            out.push(sym)
        }
    });
}

/// The lowercase names `flat` binds as values (see `mentions_in`): a name right inside
/// parentheses, first or after `,`, `mut` or `ref`, and followed by one `:` (not `::`);
/// a name after `let` or `let mut`.
fn value_bindings(flat: &[Flat]) -> HashSet<String> {
    let mut out = HashSet::default();
    let ident = |k: usize| match flat.get(k) {
        Some(Flat::Ident(s)) => Some(s.as_str()),
        _ => None,
    };
    let punct = |k: usize, c: char| matches!(flat.get(k), Some(Flat::Punct(p)) if *p == c);
    for (i, token) in flat.iter().enumerate() {
        let Flat::Ident(name) = token else { continue };
        if !name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
            || matches!(name.as_str(), "self" | "mut" | "ref" | "let" | "_")
        {
            continue;
        }
        let before = |k: usize| i.checked_sub(k);
        let after_let = match before(1).and_then(ident) {
            Some("let") => true,
            Some("mut") => before(2).and_then(ident) == Some("let"),
            _ => false,
        };
        // `(rng: &mut R`, `, mut rng:`: a parameter (not `$rng:ident`, nor a struct's
        // field in braces).
        let opens_param = |k: usize| {
            matches!(
                flat.get(k),
                Some(Flat::Open(proc_macro2::Delimiter::Parenthesis, _))
            ) || punct(k, ',')
        };
        let param_start = match before(1).map(|k| (k, ident(k))) {
            Some((k, Some("mut" | "ref"))) => k.checked_sub(1).is_some_and(opens_param),
            Some((k, _)) => opens_param(k),
            None => false,
        };
        let typed = punct(i + 1, ':') && !punct(i + 2, ':');
        if after_let || (param_start && typed) {
            out.insert(name.clone());
        }
    }
    out
}

/// `collect_idents`, each name with whether it is a bare path's name or its first segment
/// (`rng`, `Foo` of `Foo::new`; not `x.rng`, `a::rng` nor `rng!`): such a name means what
/// the scope it is written in has, never an item of a library it does not import.
pub(super) fn collect_heads(
    tokens: TokenStream,
    interner: &mut Interner,
    out: &mut Vec<(Sym, bool)>,
) {
    let flat = flatten(tokens);
    each_ident(&flat, (0, flat.len()), interner, &mut |sym, head| {
        out.push((sym, head))
    });
}

/// Each name `flat[from..to]` mentions, marked by how it is written, and whether it heads
/// a path (see `collect_heads`).
fn each_ident(
    flat: &[Flat],
    (from, to): (usize, usize),
    interner: &mut Interner,
    f: &mut impl FnMut(Sym, bool),
) {
    let trees = level(flat, from, to);
    let colons_at = |j: usize| is_path_sep(&trees, j);
    let punct = |k: usize, c: char| matches!(trees.get(k), Some(Tree::Punct(p)) if *p == c);
    let mut i = 0;
    while i < trees.len() {
        match trees[i] {
            Tree::Ident(name) => {
                // `std::iter::Zip` names the standard library's item, never a library's.
                if matches!(name, "std" | "core" | "alloc") && colons_at(i + 1) {
                    let mut j = i + 1;
                    while colons_at(j) && matches!(trees.get(j + 2), Some(Tree::Ident(_))) {
                        j += 3;
                    }
                    i = j;
                    continue;
                }
                // `x.name` and `Type::name` mention a method, field or associated item,
                // never a free item; `name!` mentions a macro.
                let after_dot = i >= 1 && punct(i - 1, '.') && !(i >= 2 && punct(i - 2, '.'));
                let after_type = i >= 3
                    && colons_at(i - 2)
                    && match trees[i - 3] {
                        Tree::Ident(q) => {
                            q.starts_with(|c: char| c.is_ascii_uppercase()) || is_primitive(q)
                        }
                        Tree::Punct(p) => p == '>',
                        _ => false,
                    };
                let is_macro = punct(i + 1, '!') && !punct(i + 2, '=');
                // The name in a definition (`fn name`, `struct Name`) mentions nothing.
                // Not `*const T` (a pointer) nor `&'static T` (a lifetime).
                let defined = i >= 1
                    && matches!(trees[i - 1], Tree::Ident(k) if matches!(
                        k,
                        "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "mod" | "union"
                    ))
                    && !(i >= 2 && (punct(i - 2, '*') || punct(i - 2, '\'')));
                if defined {
                    i += 1;
                    continue;
                }
                // `rng::x`, `rng::{Fill, Rng}` and `rng::*` qualify: `rng` is a module, a
                // type or a trait there (`rng::<T>()` calls a function).
                let qualifier = colons_at(i + 1)
                    && matches!(
                        trees.get(i + 3),
                        Some(Tree::Ident(_) | Tree::Group(Delimiter::Brace, ..) | Tree::Punct('*'))
                    );
                let kind = if after_dot || after_type {
                    DOT
                } else if is_macro {
                    MAC
                } else if qualifier {
                    QUAL
                } else {
                    0
                };
                let head = (kind == 0 || kind == QUAL) && !(i >= 2 && colons_at(i - 2));
                f(interner.sym(name) | kind, head);
            }
            Tree::Group(_, a, b) => each_ident(flat, (a, b), interner, f),
            _ => {}
        }
        i += 1;
    }
}

/// What `flat[from..to]` writes through a gateway (`gate::a::B`, `gate::{a, B}`): each
/// name after it, with the library it leads into.
pub(super) fn through_gateways(
    flat: &[Flat],
    (from, to): (usize, usize),
    gateways: &HashMap<String, usize>,
    out: &mut Vec<(usize, String)>,
) {
    let trees = level(flat, from, to);
    let colons_at = |j: usize| is_path_sep(&trees, j);
    let mut i = 0;
    while i < trees.len() {
        match trees[i] {
            Tree::Ident(id) if colons_at(i + 1) => {
                if let Some(&lib) = gateways.get(id) {
                    let mut j = i + 3;
                    loop {
                        match trees.get(j) {
                            Some(Tree::Ident(next)) => {
                                out.push((lib, next.to_string()));
                                if colons_at(j + 1) {
                                    j += 3;
                                    continue;
                                }
                            }
                            Some(Tree::Group(Delimiter::Brace, a, b)) => {
                                every_ident(&flat[*a..*b], lib, out);
                            }
                            _ => {}
                        }
                        break;
                    }
                    i = j;
                }
            }
            Tree::Group(_, a, b) => through_gateways(flat, (a, b), gateways, out),
            _ => {}
        }
        i += 1;
    }
}

/// Every identifier of `flat`, at any depth, with library `lib`.
fn every_ident(flat: &[Flat], lib: usize, out: &mut Vec<(usize, String)>) {
    for token in flat {
        if let Flat::Ident(name) = token {
            out.push((lib, name.clone()));
        }
    }
}

/// Every `q::name` that `flat[from..to]` writes, as the pair of names.
pub(super) fn qualified_pairs(
    flat: &[Flat],
    (from, to): (usize, usize),
    out: &mut Vec<(String, String)>,
) {
    let trees = level(flat, from, to);
    for (i, t) in trees.iter().enumerate() {
        match *t {
            Tree::Ident(q) if is_path_sep(&trees, i + 1) => match trees.get(i + 3) {
                Some(Tree::Ident(name)) => out.push((q.to_string(), name.to_string())),
                // `q::{a, b::c}` (a `use` inside a body): `q::a` and `q::b`.
                Some(Tree::Group(Delimiter::Brace, a, b)) => {
                    let mut head = true;
                    for t in level(flat, *a, *b) {
                        match t {
                            Tree::Ident(name) if head => {
                                out.push((q.to_string(), name.to_string()));
                                head = false;
                            }
                            Tree::Punct(',') => head = true,
                            _ => head = false,
                        }
                    }
                }
                _ => {}
            },
            Tree::Group(_, a, b) => qualified_pairs(flat, (a, b), out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> TokenStream {
        text.parse().unwrap()
    }

    /// Each name with how it is written, as `collect_idents` marks it: a path's head is a
    /// qualifier, a name after a dot or a type's `::` can only be a member, `name!` a macro,
    /// a definition's own name and `std::` paths nothing; inside groups at any depth.
    #[test]
    fn each_mention_is_marked_by_how_it_is_written() {
        let mut interner = Interner::default();
        let mut out = Vec::new();
        let text = "fn f(v: Vec<u8>) { let n = v.len(); let z = std::iter::Zip; \
                    helper::go(Thing::make(), [m!(w)]); }";
        collect_idents(tokens(text), &mut interner, &mut out);
        let got: Vec<(String, Sym)> = out
            .iter()
            .map(|&s| {
                let name = interner.names[(s & !(DOT | MAC | QUAL)) as usize].clone();
                (name, s & (DOT | MAC | QUAL))
            })
            .collect();
        let want: Vec<(&str, Sym)> = vec![
            ("fn", 0),
            ("v", 0),
            ("Vec", 0),
            ("u8", 0),
            ("let", 0),
            ("n", 0),
            ("v", 0),
            ("len", DOT),
            ("let", 0),
            ("z", 0),
            ("helper", QUAL),
            ("go", 0),
            ("Thing", QUAL),
            ("make", DOT),
            ("m", MAC),
            ("w", 0),
        ];
        let want: Vec<(String, Sym)> = want.into_iter().map(|(n, k)| (n.to_string(), k)).collect();
        assert_eq!(got, want);
    }

    /// `gate::a::B` and `gate::{c, d::E}` through gateway `gate` (library 1), at any depth;
    /// `other::x` through no gateway gives nothing.
    #[test]
    fn what_is_written_through_a_gateway_is_each_name_after_it() {
        let flat = flatten(tokens("{ gate::a::B; other::x; ( gate::{c, d::E} ) }"));
        let gateways: HashMap<String, usize> = [("gate".to_string(), 1)].into_iter().collect();
        let mut out = Vec::new();
        through_gateways(&flat, (0, flat.len()), &gateways, &mut out);
        let names: Vec<(usize, &str)> = out.iter().map(|(l, n)| (*l, n.as_str())).collect();
        assert_eq!(names, [(1, "a"), (1, "B"), (1, "c"), (1, "d"), (1, "E")]);
    }

    /// Every `q::name` pair, a braced list's heads too (`q::{a, b::c}`: `q::a`, `q::b`),
    /// at any depth.
    #[test]
    fn every_qualified_pair_is_found_braced_lists_and_groups_too() {
        let flat = flatten(tokens("x::y::z; [q::{a, b::c}]; f(r::s)"));
        let mut out = Vec::new();
        qualified_pairs(&flat, (0, flat.len()), &mut out);
        let pairs: Vec<(&str, &str)> = out.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        assert_eq!(
            pairs,
            [
                ("x", "y"),
                ("y", "z"),
                ("q", "a"),
                ("q", "b"),
                ("b", "c"),
                ("r", "s")
            ]
        );
    }
}
