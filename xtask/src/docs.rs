//! Tests that the documentation and the help text stay true to the commands.

#[cfg(test)]
mod tests {
    use crate::workspace::cargo::project_root;
    use clap::CommandFactory;

    /// The Makefile's targets: plain names, and the stems of pattern rules (`submit-%`).
    fn make_targets() -> (Vec<String>, Vec<String>) {
        let makefile = std::fs::read_to_string(project_root().join("Makefile")).unwrap();
        let mut plain = Vec::new();
        let mut patterns = Vec::new();
        for line in makefile.lines() {
            let Some((name, _)) = line.split_once(':') else {
                continue;
            };
            if name.is_empty() || name.contains([' ', '\t', '$', '=', '.', '#']) {
                continue;
            }
            match name.strip_suffix('%') {
                Some(stem) => patterns.push(stem.to_string()),
                None => plain.push(name.to_string()),
            }
        }
        (plain, patterns)
    }

    /// README and the files of `docs/`, one text.
    fn documentation() -> String {
        let root = project_root();
        let mut text = std::fs::read_to_string(root.join("README.md")).unwrap();
        let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        docs.sort();
        for doc in docs {
            text.push_str(&std::fs::read_to_string(doc).unwrap());
        }
        text
    }

    /// Every `make <target>` README or `docs/` mentions is one the Makefile has: a plain
    /// target, an instance of a pattern rule (`make submit-18139`, `make new-<problem>`), or
    /// the name of a pattern family (`make new`).
    #[test]
    fn every_make_target_the_readme_mentions_exists() {
        let readme = documentation();
        let (plain, patterns) = make_targets();
        assert!(plain.contains(&"test".to_string()) && patterns.contains(&"submit-".to_string()));
        let mut checked = 0;
        for (i, _) in readme.match_indices("make ") {
            let target: String = readme[i + 5..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || "-_<>%".contains(*c))
                .collect();
            if target.is_empty() || !target.starts_with(|c: char| c.is_ascii_lowercase()) {
                continue;
            }
            let known = plain.contains(&target)
                || patterns
                    .iter()
                    .any(|p| target.starts_with(p.as_str()) || format!("{target}-") == *p);
            assert!(
                known,
                "the documentation mentions `make {target}`, which the Makefile lacks"
            );
            checked += 1;
        }
        assert!(
            checked >= 20,
            "only {checked} mentions found: is README's wording changed?"
        );
    }

    /// The help of `cargo xtask` and of each subcommand, at a fixed width.
    fn help_text() -> String {
        let mut cli = crate::Cli::command().term_width(100);
        cli.build();
        let mut out = cli.render_long_help().to_string();
        for sub in cli.get_subcommands_mut() {
            out.push_str(&format!("\n===== cargo xtask {} --help\n", sub.get_name()));
            out.push_str(&sub.render_long_help().to_string());
        }
        out
    }

    /// `xtask/help.txt` is the help as it stands; a change to a command's flags or words shows
    /// up here for review. `UPDATE_HELP=1 cargo test help` rewrites it.
    #[test]
    fn the_help_of_every_command_matches_the_checked_in_snapshot() {
        let path = project_root().join("xtask").join("help.txt");
        let now = help_text();
        if std::env::var_os("UPDATE_HELP").is_some() {
            std::fs::write(&path, &now).unwrap();
        }
        let saved = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            saved == now,
            "the help text changed; review it and run `UPDATE_HELP=1 cargo test --manifest-path xtask/Cargo.toml help` to accept:\n{now}"
        );
    }

    /// Every `.rs` file under `xtask/src`, by its path relative to it.
    fn sources() -> Vec<(String, syn::File)> {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut out = Vec::new();
        let mut stack = vec![src.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let rel = path
                        .strip_prefix(&src)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    let text = std::fs::read_to_string(&path).unwrap();
                    let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
                    out.push((rel, file));
                }
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Functions and methods of more than `limit` lines, as `file:line name (n lines)`.
    fn long_functions(limit: usize) -> Vec<String> {
        use syn::spanned::Spanned;
        use syn::visit::Visit;
        struct Finder<'a> {
            file: &'a str,
            limit: usize,
            found: Vec<String>,
        }
        impl Finder<'_> {
            fn check(&mut self, name: &syn::Ident, span: proc_macro2::Span) {
                let lines = span.end().line - span.start().line + 1;
                if lines > self.limit {
                    let at = span.start().line;
                    self.found
                        .push(format!("{}:{at} {name} ({lines} lines)", self.file));
                }
            }
        }
        impl<'ast> Visit<'ast> for Finder<'_> {
            fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
                self.check(&f.sig.ident, f.span());
                syn::visit::visit_item_fn(self, f);
            }
            fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
                self.check(&f.sig.ident, f.span());
                syn::visit::visit_impl_item_fn(self, f);
            }
            fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
                self.check(&f.sig.ident, f.span());
                syn::visit::visit_trait_item_fn(self, f);
            }
        }
        let mut found = Vec::new();
        for (rel, file) in sources() {
            let mut finder = Finder {
                file: &rel,
                limit,
                found: Vec::new(),
            };
            finder.visit_file(&file);
            found.extend(finder.found);
        }
        found
    }

    /// ARCHITECTURE.md's rule: no function (test or not) over 100 lines.
    #[test]
    fn no_function_is_longer_than_a_hundred_lines() {
        let long = long_functions(100);
        assert!(long.is_empty(), "{}", long.join("\n"));
    }

    /// A place in the layout: a folder (or top-level file) and, inside a folder, a file.
    type Unit = (String, Option<String>);

    /// The unit a source file belongs to in the layout: its folder for files in one (with
    /// the file's stem), else its own stem.
    fn unit_of(rel: &str) -> Unit {
        let parts: Vec<&str> = rel.trim_end_matches(".rs").split('/').collect();
        match parts.as_slice() {
            [top] => (top.to_string(), None),
            [folder, "mod"] => (folder.to_string(), None),
            [folder, file, ..] => (folder.to_string(), Some(file.to_string())),
            [] => unreachable!("a path has a part"),
        }
    }

    /// What each source file names of the tool: `crate::a[::b]` and `super::b` paths
    /// (string literals and macro bodies aside), as (from, to) units.
    fn references() -> Vec<(Unit, Unit)> {
        use syn::visit::Visit;
        #[derive(Default)]
        struct Paths(Vec<Vec<String>>);
        impl<'ast> Visit<'ast> for Paths {
            fn visit_path(&mut self, p: &'ast syn::Path) {
                self.0
                    .push(p.segments.iter().map(|s| s.ident.to_string()).collect());
                syn::visit::visit_path(self, p);
            }
            fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
                let mut stack = vec![(Vec::new(), &u.tree)];
                while let Some((mut at, tree)) = stack.pop() {
                    match tree {
                        syn::UseTree::Path(p) => {
                            at.push(p.ident.to_string());
                            stack.push((at, &p.tree));
                        }
                        syn::UseTree::Name(n) => {
                            at.push(n.ident.to_string());
                            self.0.push(at);
                        }
                        syn::UseTree::Rename(r) => {
                            at.push(r.ident.to_string());
                            self.0.push(at);
                        }
                        syn::UseTree::Glob(_) => self.0.push(at),
                        syn::UseTree::Group(g) => {
                            stack.extend(g.items.iter().map(|t| (at.clone(), t)));
                        }
                    }
                }
            }
        }
        let files = sources();
        let folders: std::collections::BTreeSet<String> = files
            .iter()
            .filter(|(rel, _)| rel.contains('/'))
            .map(|(rel, _)| unit_of(rel).0)
            .collect();
        let mut out = Vec::new();
        for (rel, file) in &files {
            let from = unit_of(rel);
            let mut paths = Paths::default();
            paths.visit_file(file);
            for p in paths.0 {
                let to = match p.first().map(String::as_str) {
                    Some("crate") if p.len() > 1 => {
                        let second = p.get(2).filter(|_| folders.contains(&p[1])).cloned();
                        (p[1].clone(), second)
                    }
                    Some("super") if p.len() > 1 && from.1.is_some() => {
                        (from.0.clone(), Some(p[1].clone()))
                    }
                    _ => continue,
                };
                out.push((from.clone(), to));
            }
        }
        out
    }

    /// A cycle in `edges`, if there is one, as the units on it.
    fn cycle(edges: &[(String, String)]) -> Option<Vec<String>> {
        let mut graph: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
        for (a, b) in edges {
            graph.entry(a).or_default().push(b);
        }
        // Depth-first, colouring: 1 on the current path, 2 done.
        fn visit<'a>(
            n: &'a str,
            graph: &std::collections::BTreeMap<&'a str, Vec<&'a str>>,
            colour: &mut std::collections::BTreeMap<&'a str, u8>,
            path: &mut Vec<&'a str>,
        ) -> Option<Vec<String>> {
            colour.insert(n, 1);
            path.push(n);
            for &m in graph.get(n).map_or(&[][..], |v| &v[..]) {
                match colour.get(m) {
                    Some(1) => {
                        let at = path.iter().position(|&x| x == m).unwrap_or(0);
                        return Some(path[at..].iter().map(|s| s.to_string()).collect());
                    }
                    Some(_) => {}
                    None => {
                        if let Some(c) = visit(m, graph, colour, path) {
                            return Some(c);
                        }
                    }
                }
            }
            path.pop();
            colour.insert(n, 2);
            None
        }
        let mut colour = std::collections::BTreeMap::new();
        for &n in graph.keys() {
            if !colour.contains_key(n) {
                if let Some(c) = visit(n, &graph, &mut colour, &mut Vec::new()) {
                    return Some(c);
                }
            }
        }
        None
    }

    /// ARCHITECTURE.md's rule: no import cycle between folders (and top-level files), nor
    /// between the files of one folder (its `mod.rs`, which holds what the folder shares,
    /// aside), tests included. `main.rs` declares everything and `testing.rs` (helpers
    /// compiled only for tests) may be used by any test: both stand outside the graph.
    #[test]
    fn no_import_cycles_between_folders_or_between_the_files_of_one_folder() {
        let refs = references();
        let outside = |u: &str| matches!(u, "main" | "testing");
        let mut between_folders = Vec::new();
        let mut within: std::collections::BTreeMap<String, Vec<(String, String)>> =
            Default::default();
        for ((from, from_file), (to, to_file)) in &refs {
            if outside(from) || outside(to) {
                continue;
            }
            if from != to {
                between_folders.push((from.clone(), to.clone()));
            } else if let (Some(a), Some(b)) = (from_file, to_file) {
                if a != b {
                    within
                        .entry(from.clone())
                        .or_default()
                        .push((a.clone(), b.clone()));
                }
            }
        }
        assert!(
            between_folders.len() > 50,
            "the references were not read: {} found",
            between_folders.len()
        );
        assert_eq!(cycle(&between_folders), None, "a cycle between folders");
        for (folder, edges) in &within {
            assert_eq!(cycle(edges), None, "a cycle between the files of {folder}/");
        }
        // The check finds one when there is one.
        let made_up = [("a", "b"), ("b", "c"), ("c", "a")].map(|(a, b)| (a.into(), b.into()));
        assert_eq!(cycle(&made_up).map(|c| c.len()), Some(3));
    }

    /// ARCHITECTURE.md names every folder and top-level file of `xtask/src`, and at most
    /// ten files sit at the top.
    #[test]
    fn the_architecture_map_names_every_folder_and_top_file_and_at_most_ten_files_sit_at_the_top() {
        let map = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"),
        )
        .unwrap();
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut top_files = 0;
        for entry in std::fs::read_dir(&src).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let named = if path.is_dir() {
                format!("`{name}/`")
            } else {
                top_files += 1;
                format!("`{name}`")
            };
            assert!(
                map.contains(&named),
                "ARCHITECTURE.md does not name {named}"
            );
        }
        assert!(top_files <= 10, "{top_files} files directly in xtask/src");
    }

    /// README's judges table is the profiles' facts, row for row (`Profile::readme_row`):
    /// a fact changed in one place only fails here.
    #[test]
    fn the_readme_judges_table_states_each_profiles_facts() {
        let root = crate::workspace::cargo::project_root();
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        for profile in crate::judge::JUDGES {
            let row = profile.readme_row();
            assert!(readme.contains(&row), "README lacks the row:\n{row}");
        }
    }

    /// README stays a user's page (at most about 300 lines), every `docs/` file it links
    /// exists, and every file of `docs/` is linked from it.
    #[test]
    fn readme_is_short_and_links_every_doc_and_only_docs_that_exist() {
        let root = project_root();
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        assert!(
            readme.lines().count() <= 300,
            "{} lines",
            readme.lines().count()
        );
        let mut linked = std::collections::BTreeSet::new();
        for (i, _) in readme.match_indices("](docs/") {
            let rest = &readme[i + 2..];
            let end = rest.find(')').unwrap();
            let path = &rest[..end];
            assert!(
                root.join(path).is_file(),
                "README links {path}, which is not there"
            );
            linked.insert(path.to_string());
        }
        for entry in std::fs::read_dir(root.join("docs")).unwrap().flatten() {
            let name = format!("docs/{}", entry.file_name().to_string_lossy());
            assert!(linked.contains(&name), "README does not link {name}");
        }
    }
}
