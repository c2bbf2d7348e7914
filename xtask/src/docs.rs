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
            for p in paths.written {
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

    /// The bundler's stages, in the order a solution flows through them: each part of
    /// `bundle/` (a folder or a file) may import only the parts before it. The clock and
    /// the vocabulary come first; `tests.rs` (the bundle's tests) stands outside.
    const BUNDLE_ORDER: [&str; 9] = [
        "budget",
        "vocabulary",
        "read",
        "name",
        "prune",
        "emit",
        "check",
        "shrink",
        "climb",
    ];

    /// The module a source file is (`bundle/climb/draft.rs`: `bundle::climb::draft`).
    fn module_of(rel: &str) -> Vec<String> {
        let mut m: Vec<String> = rel
            .trim_end_matches(".rs")
            .split('/')
            .map(String::from)
            .collect();
        if m.last().is_some_and(|l| l == "mod" || l == "main") {
            m.pop();
        }
        m
    }

    /// Whether an item is compiled only for tests (`#[cfg(test)]`).
    fn test_only(attrs: &[syn::Attribute]) -> bool {
        attrs.iter().any(|a| {
            a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
        })
    }

    /// The paths a module writes, and the name each of its `use` leaves binds with its path.
    type Written = (Vec<Vec<String>>, Vec<(String, Vec<String>)>);

    /// The paths a source writes (`use` trees flattened, every other path as written;
    /// string literals and macro bodies aside), with the name each `use` leaf binds; the
    /// items compiled only for tests left out when `skip_tests`.
    #[derive(Default)]
    struct Paths {
        skip_tests: bool,
        written: Vec<Vec<String>>,
        binds: Vec<(String, Vec<String>)>,
    }

    impl<'ast> syn::visit::Visit<'ast> for Paths {
        fn visit_item(&mut self, i: &'ast syn::Item) {
            let attrs: &[syn::Attribute] = match i {
                syn::Item::Mod(m) => &m.attrs,
                syn::Item::Fn(f) => &f.attrs,
                syn::Item::Impl(m) => &m.attrs,
                syn::Item::Use(u) => &u.attrs,
                _ => &[],
            };
            if !(self.skip_tests && test_only(attrs)) {
                syn::visit::visit_item(self, i);
            }
        }
        // `pub(in crate::bundle)` says who may see an item, and imports nothing.
        fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {}
        fn visit_path(&mut self, p: &'ast syn::Path) {
            (self.written).push(p.segments.iter().map(|s| s.ident.to_string()).collect());
            syn::visit::visit_path(self, p);
        }
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            let mut stack = vec![(Vec::new(), &u.tree)];
            while let Some((mut at, tree)) = stack.pop() {
                let bound = match tree {
                    syn::UseTree::Path(p) => {
                        at.push(p.ident.to_string());
                        stack.push((at, &p.tree));
                        continue;
                    }
                    syn::UseTree::Group(g) => {
                        stack.extend(g.items.iter().map(|t| (at.clone(), t)));
                        continue;
                    }
                    syn::UseTree::Glob(_) => None,
                    syn::UseTree::Name(n) => {
                        at.push(n.ident.to_string());
                        Some(n.ident.to_string())
                    }
                    syn::UseTree::Rename(r) => {
                        at.push(r.ident.to_string());
                        Some(r.rename.to_string())
                    }
                };
                if let Some(bound) = bound {
                    self.binds.push((bound, at.clone()));
                }
                self.written.push(at);
            }
        }
    }

    /// The paths an item list writes outside its tests, and the names its `use` leaves bind.
    fn written_paths(items: &[syn::Item]) -> Written {
        use syn::visit::Visit;
        let mut paths = Paths {
            skip_tests: true,
            ..Paths::default()
        };
        for item in items {
            paths.visit_item(item);
        }
        (paths.written, paths.binds)
    }

    /// The tool's modules (by path from the crate root) with the paths each writes outside
    /// its tests and the names its `use` items bind.
    type Modules = std::collections::BTreeMap<Vec<String>, Written>;

    /// `path` as written in module `at`, from the crate root: `crate::`, `self::`,
    /// `super::` and a name `at` binds by `use` or declares as a module; `None` for a path
    /// outside the tool (std, a dependency) or an item of `at` itself.
    fn absolute(path: &[String], at: &[String], modules: &Modules) -> Option<Vec<String>> {
        let (mut base, mut rest) = (at.to_vec(), path);
        match rest.first()?.as_str() {
            "crate" => (base, rest) = (Vec::new(), &rest[1..]),
            "self" => rest = &rest[1..],
            "super" => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            first => {
                let child: Vec<String> = at.iter().cloned().chain([first.to_string()]).collect();
                if modules.contains_key(&child) {
                    return Some(at.iter().chain(rest).cloned().collect());
                }
                // The `use` that binds `first`; not the path of that `use` itself, which the
                // module writes too (`use anyhow;` binds `anyhow` to itself: no end).
                let (_, binds) = modules.get(at)?;
                let (_, to) = binds
                    .iter()
                    .find(|(name, to)| name == first && to.as_slice() != rest)?;
                let to = absolute(to, at, modules)?;
                return Some(to.into_iter().chain(rest[1..].iter().cloned()).collect());
            }
        }
        Some(base.into_iter().chain(rest.iter().cloned()).collect())
    }

    /// The module that defines what absolute `path` names: its longest module prefix,
    /// followed through the `use` items of that module (a re-export names its source).
    fn defining_module(path: &[String], modules: &Modules, depth: usize) -> Option<Vec<String>> {
        let mut at: Vec<String> = Vec::new();
        for (k, seg) in path.iter().enumerate() {
            let child: Vec<String> = at.iter().cloned().chain([seg.clone()]).collect();
            if modules.contains_key(&child) {
                at = child;
                continue;
            }
            let (_, binds) = modules.get(&at)?;
            if let Some((_, to)) = binds.iter().find(|(name, _)| name == seg) {
                if depth < 8 {
                    let to = absolute(to, &at, modules)?;
                    let full: Vec<String> = to
                        .into_iter()
                        .chain(path[k + 1..].iter().cloned())
                        .collect();
                    return defining_module(&full, modules, depth + 1);
                }
            }
            return Some(at);
        }
        Some(at)
    }

    /// Every (from, to) pair of bundle modules where `from`'s code outside its tests names
    /// what `to` defines.
    fn bundle_imports() -> Vec<(Vec<String>, Vec<String>)> {
        let modules: Modules = sources()
            .iter()
            .map(|(rel, file)| (module_of(rel), written_paths(&file.items)))
            .collect();
        let mut out = std::collections::BTreeSet::new();
        for (at, (paths, _)) in &modules {
            if at.first().map(String::as_str) != Some("bundle")
                || at.get(1).is_some_and(|p| p == "tests")
            {
                continue;
            }
            for p in paths {
                let Some(abs) = absolute(p, at, &modules) else {
                    continue;
                };
                let Some(to) = defining_module(&abs, &modules, 0) else {
                    continue;
                };
                if to != *at && to.first().map(String::as_str) == Some("bundle") {
                    out.insert((at.clone(), to));
                }
            }
        }
        out.into_iter().collect()
    }

    /// Each violation of the bundler's layering among `imports`: a part of `bundle/` that
    /// imports a part after it in `BUNDLE_ORDER` (or one not in it), a file that imports
    /// what its folder's `mod.rs` defines (a map, not a hub), and a cycle between the files
    /// of one folder.
    fn layering_faults(imports: &[(Vec<String>, Vec<String>)]) -> Vec<String> {
        let rank = |m: &[String]| {
            m.get(1)
                .and_then(|p| BUNDLE_ORDER.iter().position(|o| o == p))
        };
        let mut faults = Vec::new();
        let mut within: std::collections::BTreeMap<Vec<String>, Vec<(String, String)>> =
            Default::default();
        for (from, to) in imports {
            if from.starts_with(to) && to.len() < from.len() {
                faults.push(format!(
                    "{} imports its own folder's map {}",
                    from.join("::"),
                    to.join("::")
                ));
                continue;
            }
            match (rank(from), rank(to)) {
                (Some(a), Some(b)) if a < b => faults.push(format!(
                    "{} imports {}, a later stage",
                    from.join("::"),
                    to.join("::")
                )),
                (Some(_), Some(_)) => {}
                _ if from.len() > 1 && to.len() > 1 => faults.push(format!(
                    "{} or {} is in no stage",
                    from.join("::"),
                    to.join("::")
                )),
                _ => {}
            }
            // Inside a folder: the two files' common folder, and each one's part there.
            let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            if common >= 2 && from.len() > common && to.len() > common {
                within
                    .entry(from[..common].to_vec())
                    .or_default()
                    .push((from[common].clone(), to[common].clone()));
            }
        }
        for (folder, edges) in &within {
            if let Some(c) = cycle(edges) {
                faults.push(format!(
                    "a cycle in {}: {}",
                    folder.join("::"),
                    c.join(" -> ")
                ));
            }
        }
        faults
    }

    /// The bundler's house (ARCHITECTURE.md): its stages import only the vocabulary and the
    /// stages before them, no file imports its folder's `mod.rs`, no cycle inside a folder;
    /// each is found when made up.
    #[test]
    fn the_bundlers_stages_import_only_the_stages_before_them_and_no_folder_has_a_cycle() {
        let imports = bundle_imports();
        assert!(
            imports.len() > 100,
            "the imports were not read: {} found",
            imports.len()
        );
        let faults = layering_faults(&imports);
        assert!(faults.is_empty(), "{}", faults.join("\n"));
        let m = |p: &str| -> Vec<String> { p.split("::").map(String::from).collect() };
        let made_up = [
            ("bundle::read::load", "bundle::climb::draft"),
            ("bundle::prune::walk", "bundle::prune"),
            ("bundle::shrink::a", "bundle::shrink::b"),
            ("bundle::shrink::b", "bundle::shrink::a"),
        ]
        .map(|(a, b)| (m(a), m(b)));
        assert_eq!(
            layering_faults(&made_up).len(),
            3,
            "{:?}",
            layering_faults(&made_up)
        );
    }

    /// `bundle/mod.rs` is a map: at most 150 lines of code and 3 functions; every part of
    /// `bundle/` is a stage of `BUNDLE_ORDER` (or the tests); every stage folder's `mod.rs`
    /// opens with a `//!` story, and no file of `bundle/` has over 1,000 lines of code
    /// before its test module.
    #[test]
    fn the_bundlers_map_is_short_and_every_stage_folder_tells_its_story() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let code_lines = |text: &str| {
            let lines: Vec<&str> = text.lines().collect();
            (0..lines.len())
                .find(|&k| {
                    lines[k].starts_with("#[cfg(test)]")
                        && lines
                            .get(k + 1)
                            .is_some_and(|l| l.starts_with("mod ") || l.starts_with("pub mod "))
                })
                .unwrap_or(lines.len())
        };
        let map = std::fs::read_to_string(src.join("bundle/mod.rs")).unwrap();
        assert!(
            code_lines(&map) <= 150,
            "bundle/mod.rs: {} lines of code",
            code_lines(&map)
        );
        let functions = syn::parse_file(&map)
            .unwrap()
            .items
            .iter()
            .filter(|i| matches!(i, syn::Item::Fn(_)))
            .count();
        assert!(functions <= 3, "bundle/mod.rs: {functions} functions");
        let mut folders = 0;
        for (rel, _) in sources()
            .iter()
            .filter(|(rel, _)| rel.starts_with("bundle/"))
        {
            let part = rel["bundle/".len()..]
                .split('/')
                .next()
                .unwrap()
                .trim_end_matches(".rs");
            assert!(
                BUNDLE_ORDER.contains(&part) || ["mod", "tests"].contains(&part),
                "{rel}: in no stage"
            );
            let text = std::fs::read_to_string(src.join(rel)).unwrap();
            assert!(
                code_lines(&text) <= 1000 || rel.ends_with("tests.rs"),
                "{rel}: {} lines of code",
                code_lines(&text)
            );
            if rel.matches('/').count() == 2 && rel.ends_with("/mod.rs") {
                folders += 1;
                assert!(
                    text.starts_with("//! "),
                    "{rel} does not open with its story"
                );
            }
        }
        assert!(folders >= 3, "{folders} stage folders");
    }

    /// Every source path README, `docs/` and ARCHITECTURE.md name under the tool's folders
    /// (`bundle/check/oracle.rs`, `bundle/prune/`, with or without `xtask/src/`) exists: a
    /// file moved is a page to update.
    #[test]
    fn every_source_path_the_documentation_names_exists() {
        let root = project_root();
        let src = root.join("xtask/src");
        let folders: Vec<String> = std::fs::read_dir(&src)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        let mut pages = vec![root.join("README.md"), root.join("xtask/ARCHITECTURE.md")];
        for entry in std::fs::read_dir(root.join("docs")).unwrap() {
            pages.push(entry.unwrap().path());
        }
        let mut checked = 0;
        for page in &pages {
            let text = std::fs::read_to_string(page).unwrap();
            for folder in &folders {
                let head = format!("{folder}/");
                for (i, _) in text.match_indices(&head) {
                    let before = text[..i].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-') {
                        continue;
                    }
                    if before == Some('/') && !text[..i].ends_with("xtask/src/") {
                        continue;
                    }
                    let rest = &text[i..];
                    let end = rest
                        .find(|c: char| {
                            !(c.is_ascii_lowercase() || c.is_ascii_digit() || "_/.".contains(c))
                        })
                        .unwrap_or(rest.len());
                    let path = rest[..end].trim_end_matches('.');
                    if path.ends_with(".rs") || path.ends_with('/') {
                        checked += 1;
                        assert!(
                            src.join(path).exists(),
                            "{} names {path}, which is not in xtask/src",
                            page.display()
                        );
                    }
                }
            }
        }
        assert!(checked > 20, "{checked} paths checked");
    }

    /// ARCHITECTURE.md walks the bundler: a paragraph for every stage folder of `bundle/`
    /// (`- **`bundle/<stage>/`**`) that says what it takes and what it gives, in the order of
    /// `BUNDLE_ORDER`, the order `bundle/mod.rs`'s story tells them in too.
    #[test]
    fn the_architecture_walks_every_stage_folder_of_the_bundler_with_what_it_takes_and_gives() {
        let map = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"),
        )
        .unwrap();
        let bundle = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bundle");
        let mut walked = Vec::new();
        for entry in std::fs::read_dir(&bundle).unwrap() {
            let path = entry.unwrap().path();
            if !path.is_dir() {
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let head = format!("- **`bundle/{name}/`**");
            let at = map
                .find(&head)
                .unwrap_or_else(|| panic!("ARCHITECTURE.md has no paragraph for bundle/{name}/"));
            let rest = &map[at + head.len()..];
            let end = ["\n- ", "\n\n"].iter().filter_map(|e| rest.find(e)).min();
            let paragraph = &rest[..end.unwrap_or(rest.len())];
            for word in ["*Takes*", "*Gives*"] {
                assert!(
                    paragraph.contains(word),
                    "bundle/{name}/'s paragraph lacks {word}"
                );
            }
            walked.push((at, name));
        }
        assert!(walked.len() >= 3, "{} stage folders", walked.len());
        // In the stages' order, as `bundle/mod.rs` tells it too (`1. `read`: ...`).
        let story = std::fs::read_to_string(bundle.join("mod.rs")).unwrap();
        let rank = |n: &str| BUNDLE_ORDER.iter().position(|o| *o == n);
        let ranks_by = |at: &dyn Fn(&str) -> usize| {
            let mut placed: Vec<(usize, Option<usize>)> =
                walked.iter().map(|(_, n)| (at(n), rank(n))).collect();
            placed.sort();
            placed.windows(2).all(|w| w[0].1 < w[1].1)
        };
        let in_map = |n: &str| walked.iter().find(|(_, w)| w == n).map_or(0, |(at, _)| *at);
        let in_story = |n: &str| {
            story
                .find(&format!(". `{n}`: "))
                .unwrap_or_else(|| panic!("bundle/mod.rs does not tell of `{n}`"))
        };
        assert!(
            ranks_by(&in_map),
            "ARCHITECTURE.md walks the stages out of order"
        );
        assert!(
            ranks_by(&in_story),
            "bundle/mod.rs tells the stages out of order"
        );
    }
}
