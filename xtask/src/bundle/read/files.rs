//! A solution spread over files, made one text: each `mod x;` replaced by `mod x { ... }`
//! holding its file (found as rustc finds it: `x.rs` or `x/mod.rs`, or `#[path]`), and each
//! `include_str!("f")` / `include_bytes!("f")` replaced by the literal of the file's bytes.
//! The judge compiles one file, so nothing may be left that needs another one beside it.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use syn::spanned::Spanned;

/// How deep `mod x;` may nest before the files are taken to include each other.
const MAX_DEPTH: usize = 32;

/// The solution at `main_rs` with its module files and included files inlined, parsed.
pub(in crate::bundle) fn read_solution(
    main_rs: &Path,
    cfg: &super::cfg::Cfg,
) -> anyhow::Result<(String, syn::File)> {
    let text =
        fs::read_to_string(main_rs).map_err(|e| anyhow::anyhow!("{}: {e}", main_rs.display()))?;
    let dir = main_rs.parent().unwrap_or(Path::new("."));
    let at = Place {
        file: main_rs,
        root: dir,
        depth: 0,
        cfg,
    };
    let text = inline(&text, &at, dir)?;
    let file = syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        anyhow::anyhow!("{}:{}:{}: {e}", main_rs.display(), at.line, at.column + 1)
    })?;
    Ok((text, file))
}

/// `text`, the contents of `file`, whose child modules' files live in `dir`.
/// `root` is the main file's folder, which the comment above each inlined file is relative
/// to (the bundle names no folder of this machine).
fn inline(text: &str, at: &Place, dir: &Path) -> anyhow::Result<String> {
    let (file, depth) = (at.file, at.depth);
    if depth > MAX_DEPTH {
        return Err(anyhow::anyhow!(
            "{}: modules nested more than {MAX_DEPTH} files deep (do two files declare each other?)",
            file.display()
        ));
    }
    let ast = syn::parse_file(text).map_err(|e| {
        let at = e.span().start();
        anyhow::anyhow!("{}:{}:{}: {e}", file.display(), at.line, at.column + 1)
    })?;
    let line = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    modules(&ast.items, at, dir, &line, &mut edits)?;
    let tokens =
        TokenStream::from_str(text).map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
    let here = file.parent().unwrap_or(Path::new("."));
    includes(tokens, file, here, &line, &mut edits)?;
    edits.sort_by_key(|(r, _)| r.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (r, replacement) in edits {
        if r.start < at {
            continue; // an include inside a module already replaced (cannot happen: `mod x;` has no body)
        }
        out.push_str(&text[at..r.start]);
        out.push_str(&replacement);
        at = r.end;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

/// The `mod x;` items of `items` (inline modules searched too), each to be replaced by its
/// file's text in braces.
/// The file being read: for messages, comments and the depth guard.
struct Place<'a> {
    file: &'a Path,
    root: &'a Path,
    depth: usize,
    /// The `#[cfg]`s as the judge builds the solution: a module it leaves out is not read.
    cfg: &'a super::cfg::Cfg<'a>,
}

fn modules(
    items: &[syn::Item],
    at: &Place,
    dir: &Path,
    line: &impl Fn(usize) -> usize,
    edits: &mut Vec<(Range<usize>, String)>,
) -> anyhow::Result<()> {
    let (file, depth) = (at.file, at.depth);
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        let path_attr = m.attrs.iter().find_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some((s.value(), a.span().byte_range())),
                _ => None,
            },
            _ => None,
        });
        let (path_attr, attr_range) = match path_attr {
            Some((p, r)) => (Some(p), Some(r)),
            None => (None, None),
        };
        match (&m.content, &m.semi) {
            (Some((_, inner)), _) => {
                // `mod a { mod b; }`: b's file is a/b.rs (or #[path] relative to a/).
                let inner_dir = match &path_attr {
                    Some(p) => dir.join(p),
                    None => dir.join(m.ident.to_string()),
                };
                modules(inner, at, &inner_dir, line, edits)?;
            }
            (None, Some(semi)) => {
                // A test-only module is never compiled by the judge: it stays a declaration,
                // and the solution's `#[cfg(test)]` removal takes it out.
                if super::scan::is_cfg_off(&m.attrs, at.cfg) {
                    continue;
                }
                let name = m.ident.to_string();
                let candidates: Vec<PathBuf> = match &path_attr {
                    Some(p) => vec![dir.join(p)],
                    None => vec![
                        dir.join(format!("{name}.rs")),
                        dir.join(&name).join("mod.rs"),
                    ],
                };
                let Some(child) = candidates.iter().find(|c| c.is_file()) else {
                    return Err(anyhow::anyhow!(
                        "{}:{}: `mod {name};` has no file ({} not found)",
                        file.display(),
                        line(m.ident.span().byte_range().start),
                        candidates
                            .iter()
                            .map(|c| c.display().to_string())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    ));
                };
                // Its own children: beside a mod.rs or a #[path] file, else in a folder named
                // after the module.
                let child_dir =
                    if path_attr.is_some() || child.file_name().is_some_and(|f| f == "mod.rs") {
                        child.parent().unwrap_or(dir).to_path_buf()
                    } else {
                        dir.join(&name)
                    };
                let child_text = fs::read_to_string(child)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", child.display()))?;
                let inner = Place {
                    file: child,
                    root: at.root,
                    depth: depth + 1,
                    cfg: at.cfg,
                };
                let body = inline(&child_text, &inner, &child_dir)?;
                let shown = child.strip_prefix(at.root).unwrap_or(child);
                edits.push((
                    semi.span().byte_range(),
                    format!(" {{\n// {}\n{body}\n}}", shown.display()),
                ));
                // The module is inline now: a `#[path]` on it would only mislead.
                if let Some(r) = attr_range {
                    edits.push((r, String::new()));
                }
            }
            (None, None) => {}
        }
    }
    Ok(())
}

/// Every `include_str!("f")` and `include_bytes!("f")` in `tokens` (macro arguments too),
/// `f` relative to `here` (the including file's folder, as rustc reads it), to be replaced
/// by a string or byte-string literal.
fn includes(
    tokens: TokenStream,
    file: &Path,
    here: &Path,
    line: &impl Fn(usize) -> usize,
    edits: &mut Vec<(Range<usize>, String)>,
) -> anyhow::Result<()> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(g) => includes(g.stream(), file, here, line, edits)?,
            TokenTree::Ident(id)
                if id == "include_str" || id == "include_bytes" || id == "include" =>
            {
                let bang =
                    matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let Some(TokenTree::Group(args)) = trees.get(i + 2) else {
                    continue;
                };
                if !bang || args.delimiter() == Delimiter::None {
                    continue;
                }
                let at = line(id.span().byte_range().start);
                if id == "include" {
                    return Err(anyhow::anyhow!(
                        "{}:{at}: `include!` pastes another file's code, which the bundler does not inline: write it as a module (`mod x;`), which it does",
                        file.display()
                    ));
                }
                let lit: syn::LitStr = syn::parse2(args.stream()).map_err(|_| {
                    anyhow::anyhow!(
                        "{}:{at}: `{id}!` of something other than a string literal cannot be read before compiling",
                        file.display()
                    )
                })?;
                let target = here.join(lit.value());
                let bytes = fs::read(&target).map_err(|e| {
                    anyhow::anyhow!(
                        "{}:{at}: `{id}!` of {}: {e}",
                        file.display(),
                        target.display()
                    )
                })?;
                let literal = if id == "include_str" {
                    let text = String::from_utf8(bytes).map_err(|_| {
                        anyhow::anyhow!(
                            "{}:{at}: `include_str!` of {}, which is not UTF-8",
                            file.display(),
                            target.display()
                        )
                    })?;
                    quote::ToTokens::to_token_stream(&syn::LitStr::new(
                        &text,
                        proc_macro2::Span::call_site(),
                    ))
                    .to_string()
                } else {
                    quote::ToTokens::to_token_stream(&syn::LitByteStr::new(
                        &bytes,
                        proc_macro2::Span::call_site(),
                    ))
                    .to_string()
                };
                let start = id.span().byte_range().start;
                let end = args.span().byte_range().end;
                edits.push((start..end, literal));
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `#[cfg]`s as BOJ builds a solution.
    fn boj() -> crate::bundle::read::cfg::Cfg<'static> {
        crate::bundle::read::cfg::Cfg {
            target: crate::judge::BOJ.target_cfgs,
            features: &[],
            cfgs: &[],
        }
    }

    use crate::testing::write_files as write;

    #[test]
    fn module_files_are_found_as_rustc_finds_them_and_inlined_in_braces() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                ("src/main.rs", "mod a;\nmod b;\n#[path = \"extra/c_impl.rs\"]\nmod c;\nmod d { mod e; }\n#[cfg(test)]\nmod tests;\nfn main() {}\n"),
                ("src/a.rs", "pub mod inner;\npub fn a() -> u8 { 1 }\n"),
                ("src/a/inner.rs", "pub const A_INNER: u8 = 2;\n"),
                ("src/b/mod.rs", "mod leaf;\npub const B_MOD: u8 = 3;\n"),
                ("src/b/leaf.rs", "pub const B_LEAF: u8 = 4;\n"),
                ("src/extra/c_impl.rs", "pub const C_PATH: u8 = 5;\n"),
                ("src/d/e.rs", "pub const D_E: u8 = 6;\n"),
            ],
        );
        let (text, file) = read_solution(&dir.path().join("src/main.rs"), &boj()).unwrap();
        for marker in ["fn a()", "A_INNER", "B_MOD", "B_LEAF", "C_PATH", "D_E"] {
            assert!(text.contains(marker), "{marker} missing:\n{text}");
        }
        // The test module stays a declaration (the judge never compiles it).
        assert!(text.contains("mod tests;"), "{text}");
        assert_eq!(file.items.len(), 6);
    }

    #[test]
    fn a_missing_module_file_is_one_line_naming_both_places_looked() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &[("main.rs", "fn main() {}\nmod helper;\n")]);
        let err = read_solution(&dir.path().join("main.rs"), &boj())
            .map(drop)
            .unwrap_err()
            .to_string();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("main.rs:2") && err.contains("helper.rs") && err.contains("helper/mod.rs"),
            "{err}"
        );
    }

    #[test]
    fn included_files_become_literals_of_their_exact_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let bytes: &[u8] = &[0, 0xff, b'"', b'\\', b'\n'];
        write(
            dir.path(),
            &[(
                "main.rs",
                "const T: &str = include_str!(\"data/t.txt\");\nfn main() { println!(\"{}\", include_str!(\"data/t.txt\")); let _ = include_bytes!(\"b.bin\"); }\n",
            ), ("data/t.txt", "a \"quoted\"\\ line\n")],
        );
        fs::write(dir.path().join("b.bin"), bytes).unwrap();
        let (text, file) = read_solution(&dir.path().join("main.rs"), &boj()).unwrap();
        assert!(!text.contains("include_"), "{text}");
        let syn::Item::Const(c) = &file.items[0] else {
            panic!()
        };
        let syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) = &*c.expr
        else {
            panic!("{text}")
        };
        assert_eq!(s.value(), "a \"quoted\"\\ line\n");
        let b: syn::LitByteStr = syn::parse_str(
            text[text.find("b\"").unwrap()..]
                .split(';')
                .next()
                .unwrap()
                .trim_end_matches(' '),
        )
        .unwrap();
        assert_eq!(b.value(), bytes);
    }

    #[test]
    fn include_of_code_and_a_computed_path_are_refused_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            &[
                ("main.rs", "include!(\"x.rs\");\nfn main() {}\n"),
                ("x.rs", ""),
            ],
        );
        let err = read_solution(&dir.path().join("main.rs"), &boj())
            .map(drop)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("main.rs:1") && err.contains("include!"),
            "{err}"
        );
        write(
            dir.path(),
            &[(
                "main.rs",
                "fn main() { let _ = include_str!(concat!(\"x\", \".rs\")); }\n",
            )],
        );
        let err = read_solution(&dir.path().join("main.rs"), &boj())
            .map(drop)
            .unwrap_err()
            .to_string();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("string literal"), "{err}");
    }
}
