//! rustc as an oracle: compile a draft bundle, and read which library items the compiler
//! proves unused (`dead_code`) and which `macro_rules!` arms never matched
//! (`unused_macro_rules`). Removing those cannot change what the program does: the
//! compiler saw every use.

use crate::error::PathContext;
use crate::fast_hash::{HashMap, HashSet};
use proc_macro2::{TokenStream, TokenTree};
use std::path::Path;
use std::process::Command;

/// What the compiler found unused in a draft, in the pruner's keys.
#[derive(Default, Debug, Clone)]
pub struct Findings {
    /// Keys of dead items (`#k::module::Name`).
    pub dead: HashSet<String>,
    /// Keys of dead methods (`#k::module::<Type>::method`, `#k::module::Trait::method`).
    pub dead_members: HashSet<String>,
    /// Macro key -> matchers (as text) of arms that never matched.
    pub dead_arms: HashMap<String, HashSet<String>>,
    /// Keys of trait impls the program compiles without (`impls`), taken out of a draft
    /// after pruning, so nothing else changes with them.
    pub dead_impls: HashSet<String>,
    /// Imports that no longer resolve once impls went (`crate::num_iter` of a glob whose
    /// module went whole), taken out of a draft with them.
    pub dead_imports: HashSet<String>,
    /// Names a smaller draft could not do without (`prune::Ruling::needed`).
    pub needed: HashSet<String>,
}

impl Findings {
    /// Puts back the items found dead whose names are among `names` (with `members`, the
    /// methods too: `Float::powf` for rustc's E0576); how many.
    pub fn put_back(&mut self, names: &HashSet<String>, members: bool) -> usize {
        let before = self.dead.len() + self.dead_members.len();
        let absent = |k: &String| !names.contains(key_name(k));
        self.dead.retain(absent);
        if members {
            self.dead_members.retain(absent);
        }
        before - self.dead.len() - self.dead_members.len()
    }

    pub fn size(&self) -> usize {
        self.dead.len()
            + self.dead_members.len()
            + self.dead_arms.values().map(|a| a.len()).sum::<usize>()
    }

    /// These findings and `more`'s, methods included or not.
    pub fn with(&self, more: &Findings, members: bool) -> Findings {
        let mut out = self.clone();
        out.dead.extend(more.dead.iter().cloned());
        if members {
            out.dead_members.extend(more.dead_members.iter().cloned());
        }
        for (key, arms) in &more.dead_arms {
            out.dead_arms
                .entry(key.clone())
                .or_default()
                .extend(arms.iter().cloned());
        }
        out.dead_impls.extend(more.dead_impls.iter().cloned());
        out.dead_imports.extend(more.dead_imports.iter().cloned());
        out.needed.extend(more.needed.iter().cloned());
        out
    }
}

/// The name a key ends with (`#3::linear::vector::FiniteDimVectorSpace`: the trait's).
pub fn key_name(key: &str) -> &str {
    key.rsplit("::").next().unwrap_or("")
}

/// One primary span of a warning: 1-based line and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct At {
    line: usize,
    column: usize,
}

/// Type-checks `text` as `dir/draft.rs` (a binary of the judge's edition, metadata only)
/// with `lints` added; whether it compiled and rustc's diagnostics as JSON values.
fn check_draft(text: &str, dir: &Path, lints: &[&str]) -> anyhow::Result<Checked> {
    let rustc = super::externs::rustc_or(crate::judge::local_rustc().into());
    check_with(&rustc, text, dir, lints)
}

/// What a check answered: whether the draft compiled, rustc's diagnostics, its stderr.
type Checked = (bool, Vec<serde_json::Value>, String);

/// The last checks made in this process, each with what decides it (the compiler, its
/// arguments, the draft): a draft checked again (a round's mended draft is often the one
/// before it; the impls pass drafts some twice) is answered without rustc.
static CHECKED: std::sync::Mutex<std::collections::VecDeque<(Vec<String>, String, Checked)>> =
    std::sync::Mutex::new(std::collections::VecDeque::new());

/// How many checks `CHECKED` keeps (a draft is at most the judge's source limit).
const CHECKS_KEPT: usize = 8;

/// `check_draft` with the compiler at `rustc`.
pub(crate) fn check_with(
    rustc: &Path,
    text: &str,
    dir: &Path,
    lints: &[&str],
) -> anyhow::Result<Checked> {
    let mut key = vec![rustc.display().to_string()];
    key.extend(lints.iter().map(|l| l.to_string()));
    key.extend(super::externs::args());
    let kept = || CHECKED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, checked)) = kept().iter().find(|(k, t, _)| *k == key && t == text) {
        return Ok(checked.clone());
    }
    let checked = check_afresh(rustc, text, dir, lints)?;
    let mut kept = kept();
    if kept.len() >= CHECKS_KEPT {
        kept.pop_front();
    }
    kept.push_back((key, text.to_string(), checked.clone()));
    Ok(checked)
}

/// `check_with`, always by the compiler.
fn check_afresh(rustc: &Path, text: &str, dir: &Path, lints: &[&str]) -> anyhow::Result<Checked> {
    let draft = dir.join("draft.rs");
    std::fs::write(&draft, text).at(&draft)?;
    let out = Command::new(rustc)
        .current_dir(dir)
        .args(["--edition", crate::judge::EDITION, "--crate-type", "bin"])
        .args([
            "--emit=metadata",
            "-o",
            "draft.rmeta",
            "--error-format=json",
        ])
        .args(lints)
        .args(super::externs::args())
        .arg("draft.rs")
        .output()
        .map_err(|e| anyhow::anyhow!("cannot run rustc: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let mut long_types = LongTypes::default();
    let diagnostics = stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .map(|mut v| {
            if let Some(rendered) = v["rendered"].as_str() {
                v["rendered"] = with_long_types(rendered, dir, &mut long_types).into();
            }
            v
        })
        .collect();
    for name in long_types.keys() {
        let _ = std::fs::remove_file(dir.join(name));
    }
    Ok((out.status.success(), diagnostics, stderr))
}

/// The long-type files a reading met, by name: each name in them, normal and written out.
type LongTypes = HashMap<String, Vec<(String, String)>>;

/// `rendered` with each type rustc shortened (`UInt<UInt<..., ...>, ...>`, typenum's
/// numbers) written out in full from the file a note names ("the full name for the type
/// has been written to 'draft.long-type-N.txt'"; several errors may name one): the impls
/// pass matches a bound's type against impl headers, and a shortened one matches none.
/// `files`: the files read so far (by name), each name in them as `mono::normal` has it
/// and as it is written out.
fn with_long_types(rendered: &str, dir: &Path, files: &mut LongTypes) -> String {
    const NOTE: &str = "has been written to '";
    let mut full = Vec::new();
    for at in rendered.match_indices(NOTE).map(|(i, _)| i + NOTE.len()) {
        let Some(name) = rendered[at..].split('\'').next() else {
            continue;
        };
        let names = files.entry(name.to_string()).or_insert_with(|| {
            let text = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
            let each = |l: &str| (super::mono::normal(l), unqualified(l));
            text.lines().map(each).collect()
        });
        full.extend(names.iter().cloned());
    }
    if full.is_empty() {
        return rendered.to_string();
    }
    let mut out = String::new();
    for (k, part) in rendered.split('`').enumerate() {
        if k > 0 {
            out.push('`');
        }
        // The file's names are qualified (`uint::UInt<uint::UTerm, bit::B1>`), the
        // message's not always: both are compared as `mono::normal` has them, and the
        // name is written unqualified.
        let whole = (k % 2 == 1 && part.contains("..."))
            .then(|| {
                let short = super::mono::normal(part);
                full.iter().find(|(normal, _)| fills(&short, normal))
            })
            .flatten();
        out.push_str(whole.map_or(part, |(_, written)| written.as_str()));
    }
    out
}

/// `text` without the paths before its names (`uint::UInt<bit::B1>` is `UInt<B1>`).
fn unqualified(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            while out.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                out.pop();
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The first snippet line of a rustc error and the caret line under it (`|` gutter, `^`
/// marks): the same gutter, so a caret's column is the column of what it marks. The
/// snippet is empty when the caret line comes first.
pub(crate) fn caret_lines(error: &str) -> Option<(&str, &str)> {
    let mut previous = "";
    for l in error.lines() {
        if l.contains('^') && l.trim_start().starts_with('|') {
            return Some((previous, l));
        }
        previous = l;
    }
    None
}

/// Whether `full` is what rustc shortened to `short`: each `...` of it one whole type
/// argument of `full` (up to a `,` or a closing bracket at its depth), the rest the same.
pub(crate) fn fills(short: &str, full: &str) -> bool {
    let (s, f) = (short.as_bytes(), full.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < s.len() {
        if s[i..].starts_with(b"...") {
            i += 3;
            let start = j;
            let mut depth = 0usize;
            while j < f.len() {
                match f[j] {
                    b'<' | b'(' | b'[' => depth += 1,
                    b'>' | b')' | b']' | b',' if depth == 0 => break,
                    b'>' | b')' | b']' => depth -= 1,
                    _ => {}
                }
                j += 1;
            }
            if j == start {
                return false;
            }
        } else if f.get(j) == Some(&s[i]) {
            i += 1;
            j += 1;
        } else {
            return false;
        }
    }
    j == f.len()
}

/// Compiles `text` (in a scratch folder) with the two lints forced on; returns the warning
/// spans, or `Err` with the first error when the draft does not compile.
fn diagnose(text: &str, dir: &Path) -> anyhow::Result<Vec<(String, At)>> {
    let lints = [
        "--force-warn",
        "dead_code",
        "--force-warn",
        "unused_macro_rules",
    ];
    let (_, diagnostics, _) = check_draft(text, dir, &lints)?;
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for v in diagnostics {
        let level = v["level"].as_str().unwrap_or("");
        let code = v["code"]["code"].as_str().unwrap_or("");
        if level == "error" {
            errors.push(v["rendered"].as_str().unwrap_or("error").to_string());
            continue;
        }
        if code != "dead_code" && code != "unused_macro_rules" {
            continue;
        }
        for span in v["spans"].as_array().into_iter().flatten() {
            if span["is_primary"].as_bool() == Some(true) && span["expansion"].is_null() {
                let at = At {
                    line: span["line_start"].as_u64().unwrap_or(0) as usize,
                    column: span["column_start"].as_u64().unwrap_or(0) as usize,
                };
                found.push((code.to_string(), at));
            }
        }
    }
    if !errors.is_empty() {
        // Every error, the first first (the oracle's mend reads them all).
        return Err(anyhow::anyhow!("{}", errors.join("")));
    }
    Ok(found)
}

/// Type-checks `text` as the judge's edition; every error's rendered message when it fails.
pub fn errors(text: &str, dir: &Path) -> Result<(), Vec<String>> {
    let (ok, diagnostics, stderr) =
        check_draft(text, dir, &["-A", "warnings"]).map_err(|e| vec![format!("{e:#}")])?;
    let errors: Vec<String> = diagnostics
        .iter()
        .filter(|v| v["level"].as_str() == Some("error") && !v["code"].is_null())
        .map(|v| v["rendered"].as_str().unwrap_or("error").to_string())
        .collect();
    if ok {
        Ok(())
    } else if errors.is_empty() {
        Err(vec![stderr])
    } else {
        Err(errors)
    }
}

/// Compiles the draft and maps what the compiler found back to keys; `modules` are the
/// bundle's library modules in pruner order.
pub fn consult(text: &str, modules: &[String], dir: &Path) -> anyhow::Result<Findings> {
    let spans = diagnose(text, dir)?;
    let dead_at: HashSet<At> = spans
        .iter()
        .filter(|(c, _)| c == "dead_code")
        .map(|(_, a)| *a)
        .collect();
    let arm_at: HashSet<At> = spans
        .iter()
        .filter(|(c, _)| c == "unused_macro_rules")
        .map(|(_, a)| *a)
        .collect();
    let file = syn::parse_file(text).map_err(|e| anyhow::anyhow!("draft does not parse: {e}"))?;
    let mut findings = Findings::default();
    for item in &file.items {
        if let syn::Item::Mod(m) = item {
            if let Some(k) = modules.iter().position(|n| m.ident == n) {
                if let Some((_, items)) = &m.content {
                    walk(items, &format!("#{k}"), &dead_at, &arm_at, &mut findings);
                }
            }
        }
    }
    Ok(findings)
}

fn at(span: proc_macro2::Span) -> At {
    let s = span.start();
    At {
        line: s.line,
        column: s.column + 1,
    }
}

fn walk(
    items: &[syn::Item],
    path: &str,
    dead: &HashSet<At>,
    arms: &HashSet<At>,
    out: &mut Findings,
) {
    for item in items {
        let ident = match item {
            syn::Item::Fn(i) => Some(&i.sig.ident),
            syn::Item::Struct(i) => Some(&i.ident),
            syn::Item::Enum(i) => Some(&i.ident),
            syn::Item::Union(i) => Some(&i.ident),
            syn::Item::Const(i) => Some(&i.ident),
            syn::Item::Static(i) => Some(&i.ident),
            syn::Item::Type(i) => Some(&i.ident),
            syn::Item::Trait(i) => Some(&i.ident),
            _ => None,
        };
        if let Some(ident) = ident {
            if dead.contains(&at(ident.span())) {
                out.dead.insert(format!("{path}::{ident}"));
            }
        }
        match item {
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    walk(inner, &format!("{path}::{}", m.ident), dead, arms, out);
                }
            }
            syn::Item::Trait(t) => {
                for ti in &t.items {
                    if let syn::TraitItem::Fn(f) = ti {
                        if dead.contains(&at(f.sig.ident.span())) {
                            out.dead_members
                                .insert(format!("{path}::{}::{}", t.ident, f.sig.ident));
                        }
                    }
                }
            }
            syn::Item::Impl(i) if i.trait_.is_none() => {
                let head = match &*i.self_ty {
                    syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
                    _ => None,
                };
                let Some(head) = head else { continue };
                for ii in &i.items {
                    if let syn::ImplItem::Fn(f) = ii {
                        if dead.contains(&at(f.sig.ident.span())) {
                            out.dead_members
                                .insert(format!("{path}::<{head}>::{}", f.sig.ident));
                        }
                    }
                }
            }
            syn::Item::Macro(m) => {
                let Some(name) = &m.ident else { continue };
                for (span, matcher, _) in macro_arms(&m.mac.tokens) {
                    if arms.contains(&at(span)) {
                        out.dead_arms
                            .entry(format!("{path}::{name}"))
                            .or_default()
                            .insert(matcher);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The arms of a `macro_rules!` body: (span of the matcher, the matcher as text, token
/// range of the arm).
pub fn macro_arms(body: &TokenStream) -> Vec<(proc_macro2::Span, String, std::ops::Range<usize>)> {
    let trees: Vec<TokenTree> = body.clone().into_iter().collect();
    let mut arms = Vec::new();
    let mut i = 0;
    while i < trees.len() {
        // matcher `=` `>` transcriber [`;`]
        let TokenTree::Group(matcher) = &trees[i] else {
            return Vec::new(); // not the shape we know: leave the macro whole
        };
        let start = i;
        let is_arrow = matches!((trees.get(i + 1), trees.get(i + 2)),
            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b))) if a.as_char() == '=' && b.as_char() == '>');
        if !is_arrow || !matches!(trees.get(i + 3), Some(TokenTree::Group(_))) {
            return Vec::new();
        }
        i += 4;
        if matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
            i += 1;
        }
        arms.push((matcher.span(), matcher.stream().to_string(), start..i));
    }
    arms
}

/// Removes the arms whose matchers are in `dead` from a `macro_rules!` body (never all).
pub fn drop_arms(body: &TokenStream, dead: &HashSet<String>) -> TokenStream {
    let arms = macro_arms(body);
    if arms.is_empty() || arms.iter().all(|(_, m, _)| dead.contains(m)) {
        return body.clone();
    }
    let trees: Vec<TokenTree> = body.clone().into_iter().collect();
    let mut out = Vec::new();
    for (_, matcher, r) in &arms {
        if !dead.contains(matcher) {
            out.extend(trees[r.clone()].iter().cloned());
            // Arms must be separated by `;`.
            if !matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ';') {
                out.push(TokenTree::Punct(proc_macro2::Punct::new(
                    ';',
                    proc_macro2::Spacing::Alone,
                )));
            }
        }
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A draft checked again with the same compiler and arguments is answered from the
    /// last checks; another draft, other lints or another compiler are checked afresh (a
    /// stand-in compiler counts its runs).
    #[test]
    fn a_draft_checked_again_is_answered_without_the_compiler_and_any_change_is_checked() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let runs = dir.path().join("runs");
        let mut compilers = Vec::new();
        for name in ["rustc-a", "rustc-b"] {
            let fake = dir.path().join(name);
            std::fs::write(
                &fake,
                format!("#!/bin/sh\necho {name} >> '{}'\n", runs.display()),
            )
            .unwrap();
            std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
            compilers.push(fake);
        }
        let count = || {
            std::fs::read_to_string(&runs)
                .map(|t| t.lines().count())
                .unwrap_or(0)
        };
        let (a, b) = (&compilers[0], &compilers[1]);
        let text = "fn main() { /* a draft seen by this test only */ }";
        let check = |rustc: &Path, text: &str, lints: &[&str]| {
            let (ok, _, _) = check_with(rustc, text, dir.path(), lints).unwrap();
            assert!(ok);
        };
        check(a, text, &["-A", "warnings"]);
        assert_eq!(count(), 1);
        check(a, text, &["-A", "warnings"]);
        assert_eq!(count(), 1, "the same check twice ran the compiler twice");
        check(a, &format!("{text}\n"), &["-A", "warnings"]);
        assert_eq!(
            count(),
            2,
            "another draft was answered from the last checks"
        );
        check(a, text, &["--force-warn", "dead_code"]);
        assert_eq!(count(), 3, "other lints were answered from the last checks");
        check(b, text, &["-A", "warnings"]);
        assert_eq!(
            count(),
            4,
            "another compiler was answered from the last checks"
        );
    }
}
