//! Errors that keep what failed: `anyhow::Error` everywhere, one line for the user
//! (`error: ...`). An I/O or parse error from a library never travels alone: `at(path)` and
//! `context(what)` name the file, command or crate it concerns. Both make one message
//! (`what: error`), not a chain, so that every place that prints an error prints all of it.

use std::fmt::Display;
use std::path::Path;

/// What failed, added to an error as it is passed on: `what: error`.
pub trait Context<T> {
    fn context(self, what: impl Display) -> anyhow::Result<T>;
}

impl<T, E: Display> Context<T> for Result<T, E> {
    fn context(self, what: impl Display) -> anyhow::Result<T> {
        self.map_err(|e| anyhow::anyhow!("{what}: {e:#}"))
    }
}

/// The file or folder an error concerns, added as it is passed on: `path: error`.
pub trait PathContext<T> {
    fn at(self, path: &Path) -> anyhow::Result<T>;
}

impl<T, E: Display> PathContext<T> for Result<T, E> {
    fn at(self, path: &Path) -> anyhow::Result<T> {
        self.map_err(|e| anyhow::anyhow!("{}: {e:#}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_the_file_or_action_it_concerns() {
        let read = std::fs::read_to_string("/no/such/file").at(Path::new("/no/such/file"));
        let err = format!("{:#}", read.unwrap_err());
        assert!(err.starts_with("/no/such/file: "), "{err}");
        let parsed = "x".parse::<u8>().context("the seed");
        assert_eq!(
            format!("{:#}", parsed.unwrap_err()),
            "the seed: invalid digit found in string"
        );
        assert_eq!(Ok::<u8, std::io::Error>(3).context("unused").unwrap(), 3);
    }
}
