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

    /// Every `make <target>` README mentions is one the Makefile has: a plain target, an
    /// instance of a pattern rule (`make submit-18139`, `make new-<problem>`), or the name
    /// of a pattern family (`make new`).
    #[test]
    fn every_make_target_the_readme_mentions_exists() {
        let readme = std::fs::read_to_string(project_root().join("README.md")).unwrap();
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
                "README mentions `make {target}`, which the Makefile lacks"
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
}
