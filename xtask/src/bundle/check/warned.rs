//! What rustc's JSON warnings say is unused: each `unused_imports` or `unused_macros`
//! warning on a draft, with the spans it names and the edits that take them out (rustc's
//! machine-applicable suggestion for an import, the definition's line for a macro).

/// One of rustc's suggested edits: bytes `start..end` of the draft become `with`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edit {
    pub start: usize,
    pub end: usize,
    pub with: String,
}

/// One `unused_imports` or `unused_macros` warning: the spans of the names it finds unused
/// (`start..end` of each import's path, of a macro's name) and the edits that take them out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unused {
    pub names: Vec<(usize, usize)>,
    pub edits: Vec<Edit>,
}

/// rustc's `unused_imports` and `unused_macros` warnings on `text`, with the edits that take
/// out what they name, for what is written in the draft itself (a macro's expansion is left
/// alone: its text is every call's).
pub fn unused(diagnostics: &[serde_json::Value], text: &str) -> Vec<Unused> {
    let mut out = Vec::new();
    for d in diagnostics {
        let code = d["code"]["code"].as_str();
        if code != Some("unused_imports") && code != Some("unused_macros") {
            continue;
        }
        let names = d["spans"].as_array().into_iter().flatten();
        let Some(names) = names.map(range).collect::<Option<Vec<_>>>() else {
            continue;
        };
        let edits: Vec<Edit> = if code == Some("unused_macros") {
            names
                .iter()
                .filter_map(|&name| macro_line(text, name))
                .collect()
        } else {
            suggested_edits(d).collect()
        };
        // A macro's edits, one a name; an import's, one or more for the lot.
        let whole = code == Some("unused_imports") || edits.len() == names.len();
        if !names.is_empty() && !edits.is_empty() && whole {
            out.push(Unused { names, edits });
        }
    }
    out
}

/// The bytes a span of rustc's JSON covers, when written in the draft itself (not in a
/// macro's expansion) and not empty.
pub fn range(span: &serde_json::Value) -> Option<(usize, usize)> {
    let start = span["byte_start"].as_u64()? as usize;
    let end = span["byte_end"].as_u64()? as usize;
    (span["expansion"].is_null() && start < end).then_some((start, end))
}

/// The machine-applicable edits rustc suggests with diagnostic `d`.
pub fn suggested_edits(d: &serde_json::Value) -> impl Iterator<Item = Edit> + '_ {
    let children = d["children"].as_array().into_iter().flatten();
    children
        .flat_map(|child| child["spans"].as_array().into_iter().flatten())
        .filter(|span| span["suggestion_applicability"] == "MachineApplicable")
        .filter_map(|span| {
            let with = span["suggested_replacement"].as_str()?.to_string();
            let (start, end) = range(span)?;
            Some(Edit { start, end, with })
        })
}

/// The edit that takes out the line of `text` holding the `macro_rules!` definition whose
/// name is at `name`, when that line is the whole definition (the compact layout's one item a
/// line); `None` otherwise.
pub fn macro_line(text: &str, (start, end): (usize, usize)) -> Option<Edit> {
    let from = text.get(..start)?.rfind('\n').map_or(0, |i| i + 1);
    let to = text.get(start..)?.find('\n').map(|i| start + i)?;
    let item: syn::ItemMacro = syn::parse_str(&text[from..to]).ok()?;
    let defines = item.mac.path.is_ident("macro_rules")
        && item.ident.as_ref().is_some_and(|i| *i == text[start..end]);
    defines.then(|| Edit {
        start: from,
        end: to + 1,
        with: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_macro_definition_goes_only_where_it_is_its_line_alone() {
        let text = "mod a {\nmacro_rules!m{()=>{}}\nfn f(){} macro_rules!n{()=>{}}\n}\n";
        let at = |name: &str| {
            let start = text.find(&format!("!{name}{{")).unwrap() + 1;
            (start, start + 1)
        };
        let gone = macro_line(text, at("m")).unwrap();
        assert_eq!(&text[gone.start..gone.end], "macro_rules!m{()=>{}}\n");
        assert_eq!(
            macro_line(text, at("n")),
            None,
            "a line with another item on it stays"
        );
    }
}
