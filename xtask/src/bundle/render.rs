//! Library source rendered for inlining: module files inlined, paths rewritten, exported
//! macros re-exported, and tests, disabled items, docs and comments removed.

use super::reach::module_file;
use super::scan::{collect, first_segments, is_cfg_off, item_attrs, parse, range};
use super::Library;
use crate::edits::Edits;
use proc_macro2::{TokenStream, TokenTree};
use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;

/// Renders one library: its root file with every kept module file inlined.
pub(super) struct Renderer<'a> {
    pub(super) lib: &'a Library,
    /// Which top-level modules survive pruning.
    pub(super) keep: &'a BTreeSet<String>,
    /// `library::module` for every module inlined, in order.
    pub(super) modules: Vec<String>,
    /// Root re-exports of `#[macro_export]` macros defined in nested modules.
    pub(super) exported: Vec<String>,
}

impl Renderer<'_> {
    /// Renders `file` (module path `at` inside the library) with the bundling edits.
    pub(super) fn render(&mut self, file: &Path, at: &[String]) -> Result<String, String> {
        let (text, ast) = parse(file)?;
        let mut edits = Edits::default();
        for attr in &ast.attrs {
            edits.remove(range(attr)); // inner attributes and `//!` docs
        }
        self.render_items(&ast.items, file, at, &mut edits)?;
        strip_comments(&text, at.is_empty(), &mut edits)?;
        // Paths into the library's root gain its name.
        let refs = collect(&ast, &self.lib.features);
        for first in first_segments(&refs, "crate") {
            edits.insert(first.end, format!("::{}", self.lib.name));
        }
        for (name, r) in &refs.attributes {
            if name == "doc" {
                edits.remove(r.clone());
            }
        }
        Ok(edits.apply(&text))
    }

    fn render_items(
        &mut self,
        items: &[syn::Item],
        file: &Path,
        at: &[String],
        edits: &mut Edits,
    ) -> Result<(), String> {
        for item in items {
            let r = range(item);
            if is_cfg_off(item_attrs(item), &self.lib.features) {
                edits.remove(r);
                continue;
            }
            match item {
                syn::Item::Mod(m) => {
                    let name = m.ident.to_string();
                    if at.is_empty() && self.lib.prune && !self.keep.contains(&name) {
                        edits.remove(r);
                        continue;
                    }
                    let mut child = at.to_vec();
                    child.push(name.clone());
                    match &m.content {
                        None => {
                            self.modules
                                .push(format!("{}::{}", self.lib.name, child.join("::")));
                            let inner = self.render(&module_file(file, &name)?, &child)?;
                            edits.replace(range(&m.semi), format!(" {{\n{}\n}}", inner.trim_end()));
                        }
                        Some((_, content)) => self.render_items(content, file, &child, edits)?,
                    }
                }
                syn::Item::Macro(m) => {
                    let export = m.attrs.iter().find(|a| a.path().is_ident("macro_export"));
                    if let (Some(export), Some(name)) = (export, &m.ident) {
                        edits.remove(range(export));
                        edits.insert(r.end, format!("\npub(crate) use {name};"));
                        if !at.is_empty() {
                            let path = at.join("::");
                            self.exported
                                .push(format!("pub(crate) use self::{path}::{name};"));
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Removes ordinary comments (`//`, `/* */`) from inlined code: the text between tokens that
/// is not white space. The token spans come from the Rust lexer, so comment markers inside
/// string literals are never touched. With `keep_header`, comments before the first token
/// (a license header) stay.
fn strip_comments(text: &str, keep_header: bool, edits: &mut Edits) -> Result<(), String> {
    fn spans(tokens: TokenStream, out: &mut Vec<Range<usize>>) {
        for tree in tokens {
            match tree {
                TokenTree::Group(g) => {
                    out.push(g.span_open().byte_range());
                    spans(g.stream(), out);
                    out.push(g.span_close().byte_range());
                }
                other => out.push(other.span().byte_range()),
            }
        }
    }
    let tokens: TokenStream = text.parse().map_err(|e| format!("lexing failed: {e:?}"))?;
    let mut ranges = Vec::new();
    spans(tokens, &mut ranges);
    ranges.sort_by_key(|r| r.start);
    let mut gap_start = match (keep_header, ranges.first()) {
        (true, Some(first)) => first.end,
        _ => 0,
    };
    let skip = usize::from(keep_header);
    for r in ranges
        .iter()
        .skip(skip)
        .map(|r| r.start..r.end)
        .chain(std::iter::once(text.len()..text.len()))
    {
        if r.start > gap_start {
            remove_comments_in_gap(text, gap_start..r.start, edits);
        }
        gap_start = gap_start.max(r.end);
    }
    Ok(())
}

/// Removes the comments in `gap`, text that holds only white space and comments, leaving
/// the line breaks.
fn remove_comments_in_gap(text: &str, gap: Range<usize>, edits: &mut Edits) {
    let bytes = text.as_bytes();
    let mut i = gap.start;
    while i + 1 < gap.end {
        if bytes[i] == b'/' && bytes[i + 1] == b'/' {
            let end = text[i..gap.end].find('\n').map_or(gap.end, |k| i + k);
            edits.remove(i..end);
            i = end;
        } else if bytes[i] == b'/' && bytes[i + 1] == b'*' {
            let end = text[i + 2..gap.end]
                .find("*/")
                .map_or(gap.end, |k| i + 2 + k + 2);
            edits.remove(i..end);
            i = end;
        } else {
            i += 1;
        }
    }
}

/// Collapses runs of blank lines left behind by removed items to one.
pub(super) fn squeeze_blank_lines(text: &str) -> String {
    let mut out = String::new();
    let mut blank = false;
    for line in text.lines() {
        let is_blank = line.trim().is_empty();
        if !(is_blank && blank) {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        blank = is_blank;
    }
    out
}
