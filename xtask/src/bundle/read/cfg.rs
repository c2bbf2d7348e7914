//! `#[cfg]` as the judge builds: the features Cargo resolved for the crate, `test` and
//! `debug_assertions` off (the judge passes `-O`), Linux x86_64 target values; any other
//! cfg is unset, as it is for a plain `rustc` call.
//!
//! Predicates are evaluated here and written back as `all()` (true) or `any()` (false), so
//! the judge's rustc, which knows nothing of Cargo features, decides exactly as Cargo did.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::quote;
use syn::punctuated::Punctuated;

/// The configuration a crate is compiled under.
pub struct Cfg<'a> {
    /// The judge's target: the `target_*` values a plain `rustc` sets there.
    pub target: &'a [(&'static str, &'static [&'static str])],
    pub features: &'a [String],
    /// What the crate's build script set for the judge's compiler: `name` or `key="value"`.
    pub cfgs: &'a [String],
}

impl Cfg<'_> {
    /// The value of a cfg predicate; `None` when it is not one (a macro metavariable, say).
    pub fn eval(&self, meta: &syn::Meta) -> Option<bool> {
        match meta {
            syn::Meta::Path(p) => {
                let name = p.get_ident()?.to_string();
                // `unix` and `windows` are the target family's shorthands.
                let family = matches!(name.as_str(), "unix" | "windows")
                    && self.target.iter().any(|(k, values)| {
                        *k == "target_family" && values.contains(&name.as_str())
                    });
                // What the judge passes with `--cfg` (`ONLINE_JUDGE`, `atcoder`).
                let judges = self.target.iter().any(|(k, values)| {
                    *k == crate::judge::JUDGE_CFG && values.contains(&name.as_str())
                });
                Some(family || judges || self.cfgs.contains(&name))
            }
            syn::Meta::NameValue(nv) => {
                let key = nv.path.get_ident()?.to_string();
                let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) = &nv.value
                else {
                    return None;
                };
                let value = s.value();
                let target = self.target.iter().find(|(k, _)| *k == key);
                Some(match (key.as_str(), target) {
                    ("feature", _) => self.features.contains(&value),
                    (_, Some((_, values))) => values.contains(&value.as_str()),
                    _ => self.cfgs.contains(&format!("{key}={value:?}")),
                })
            }
            syn::Meta::List(list) => {
                let op = list.path.get_ident()?.to_string();
                let args = list
                    .parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
                    .ok()?;
                let values: Option<Vec<bool>> = args.iter().map(|m| self.eval(m)).collect();
                let values = values?;
                match op.as_str() {
                    "all" => Some(values.iter().all(|&v| v)),
                    "any" => Some(values.iter().any(|&v| v)),
                    "not" if values.len() == 1 => Some(!values[0]),
                    _ => None,
                }
            }
        }
    }

    /// Evaluates a token stream holding one predicate.
    fn eval_tokens(&self, tokens: TokenStream) -> Option<bool> {
        self.eval(&syn::parse2::<syn::Meta>(tokens).ok()?)
    }

    /// Normalises the attributes of one item: `cfg_attr` whose predicate holds becomes the
    /// attributes it carries, one whose predicate fails goes, a true `cfg` goes. Returns
    /// false when a `cfg` fails, that is, when the item is not compiled at all.
    pub fn settle_attrs(&self, attrs: &mut Vec<syn::Attribute>) -> bool {
        let mut out = Vec::with_capacity(attrs.len());
        let mut pending: Vec<syn::Attribute> = std::mem::take(attrs);
        pending.reverse();
        while let Some(attr) = pending.pop() {
            if attr.path().is_ident("cfg") {
                match attr
                    .parse_args::<syn::Meta>()
                    .ok()
                    .and_then(|m| self.eval(&m))
                {
                    Some(true) => continue,
                    Some(false) => return false,
                    None => out.push(attr),
                }
            } else if attr.path().is_ident("cfg_attr") {
                let Ok(args) =
                    attr.parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
                else {
                    out.push(attr);
                    continue;
                };
                let mut args = args.into_iter();
                match args.next().and_then(|p| self.eval(&p)) {
                    Some(true) => {
                        let carried: Vec<syn::Attribute> = args
                            .map(|meta| syn::Attribute {
                                pound_token: attr.pound_token,
                                style: attr.style,
                                bracket_token: attr.bracket_token,
                                meta,
                            })
                            .collect();
                        pending.extend(carried.into_iter().rev());
                    }
                    Some(false) => {}
                    None => out.push(attr),
                }
            } else {
                out.push(attr);
            }
        }
        *attrs = out;
        true
    }

    /// Rewrites every `cfg(...)`, `cfg!(...)` and `cfg_attr(pred, ...)` predicate in a token
    /// stream (a macro body or argument) to `all()` or `any()`.
    pub fn rewrite_tokens(&self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        let mut i = 0;
        while i < trees.len() {
            let tree = &trees[i];
            if let TokenTree::Ident(id) = tree {
                let name = id.to_string();
                if name == "cfg" || name == "cfg_attr" {
                    let bang =
                        matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    let at = i + 1 + usize::from(bang);
                    if let Some(TokenTree::Group(g)) = trees.get(at) {
                        if g.delimiter() == Delimiter::Parenthesis {
                            if let Some(stream) = self.settle_group(&name, g.stream()) {
                                out.extend(trees[i..at].iter().cloned());
                                let mut group = Group::new(Delimiter::Parenthesis, stream);
                                group.set_span(g.span());
                                out.push(TokenTree::Group(group));
                                i = at + 1;
                                continue;
                            }
                        }
                    }
                }
            }
            match tree {
                TokenTree::Group(g) => {
                    let mut group = Group::new(g.delimiter(), self.rewrite_tokens(g.stream()));
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                }
                other => out.push(other.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }

    /// The settled contents of `cfg(...)` or `cfg_attr(...)`, or `None` to leave them.
    pub fn settle_group(&self, name: &str, stream: TokenStream) -> Option<TokenStream> {
        let constant = |v: bool| if v { quote!(all()) } else { quote!(any()) };
        if name == "cfg" {
            return self.eval_tokens(stream).map(constant);
        }
        let trees: Vec<TokenTree> = stream.into_iter().collect();
        let comma = trees
            .iter()
            .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))?;
        let predicate: TokenStream = trees[..comma].iter().cloned().collect();
        let rest: TokenStream = self
            .rewrite_tokens(trees[comma..].iter().cloned().collect())
            .into_iter()
            .collect();
        let mut out = constant(self.eval_tokens(predicate)?);
        out.extend(rest);
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::Cfg;

    fn eval(features: &[&str], predicate: &str) -> Option<bool> {
        let features: Vec<String> = features.iter().map(|s| s.to_string()).collect();
        Cfg {
            target: crate::judge::BOJ.target_cfgs,
            features: &features,
            cfgs: &["has_x".to_string(), "kind=\"fast\"".to_string()],
        }
        .eval(&syn::parse_str(predicate).unwrap())
    }

    /// Codeforces' Windows and `--cfg ONLINE_JUDGE`, AtCoder's `--cfg atcoder`, against the
    /// cfgs `rustc --print cfg` names for each target (written out here).
    #[test]
    fn each_judges_target_and_cfg_flags_settle_its_predicates() {
        let eval = |target, predicate: &str| {
            Cfg {
                target,
                features: &[],
                cfgs: &[],
            }
            .eval(&syn::parse_str::<syn::Meta>(predicate).unwrap())
        };
        let cf = crate::judge::CODEFORCES.target_cfgs;
        let ac = crate::judge::ATCODER.target_cfgs;
        let boj = crate::judge::BOJ.target_cfgs;
        for (predicate, on_cf, on_ac, on_boj) in [
            ("windows", true, false, false),
            ("unix", false, true, true),
            ("ONLINE_JUDGE", true, false, false),
            ("atcoder", false, true, false),
            (r#"target_env = "msvc""#, true, false, false),
            (r#"target_os = "linux""#, false, true, true),
            (
                r#"all(windows, target_pointer_width = "64")"#,
                true,
                false,
                false,
            ),
        ] {
            assert_eq!(
                eval(cf, predicate),
                Some(on_cf),
                "{predicate} on Codeforces"
            );
            assert_eq!(eval(ac, predicate), Some(on_ac), "{predicate} on AtCoder");
            assert_eq!(eval(boj, predicate), Some(on_boj), "{predicate} on BOJ");
        }
    }

    #[test]
    fn evaluates_features_and_target_as_the_judge_builds() {
        assert_eq!(eval(&["use_std"], r#"feature = "use_std""#), Some(true));
        assert_eq!(eval(&[], r#"feature = "use_std""#), Some(false));
        assert_eq!(eval(&[], "test"), Some(false));
        assert_eq!(eval(&[], "debug_assertions"), Some(false));
        assert_eq!(
            eval(&[], r#"all(unix, target_pointer_width = "64")"#),
            Some(true)
        );
        assert_eq!(
            eval(&[], r#"any(windows, target_os = "macos")"#),
            Some(false)
        );
        assert_eq!(eval(&["a"], r#"not(any(test, feature = "b"))"#), Some(true));
        assert_eq!(eval(&[], "not(unix, windows)"), None);
        // What a build script set (`cargo:rustc-cfg=has_x`, `kind="fast"`), and nothing else.
        assert_eq!(eval(&[], "has_x"), Some(true));
        assert_eq!(eval(&[], "has_y"), Some(false));
        assert_eq!(eval(&[], r#"kind = "fast""#), Some(true));
        assert_eq!(eval(&[], r#"kind = "slow""#), Some(false));
    }

    #[test]
    fn rewrites_predicates_inside_macro_tokens_and_leaves_metavariables() {
        let features = vec!["x".to_string()];
        let cfg = Cfg {
            target: crate::judge::BOJ.target_cfgs,
            features: &features,
            cfgs: &[],
        };
        let tokens: proc_macro2::TokenStream =
            r#"#[cfg(feature = "x")] a; #[cfg(test)] b; if cfg!(unix) {} #[cfg_attr(test, derive(Debug))] c; #[cfg($m)] d;"#
                .parse()
                .unwrap();
        let out = cfg.rewrite_tokens(tokens).to_string();
        assert_eq!(
            out,
            "# [cfg (all ())] a ; # [cfg (any ())] b ; if cfg ! (all ()) { } # [cfg_attr (any () , derive (Debug))] c ; # [cfg ($ m)] d ;"
        );
    }
}
