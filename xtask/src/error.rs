//! Errors that keep what failed. The tool's errors are one line for the user (`error: ...`),
//! carried as `String`; an I/O or parse error from a library never travels alone: it is
//! wrapped with the file, command or crate it concerns, by `Context`.

use std::fmt::Display;
use std::path::Path;

/// What failed, added to an error as it is passed on: `path: error`, `what: error`.
pub trait Context<T> {
    /// The error prefixed with `what` (a command, a crate, an action).
    fn context(self, what: impl Display) -> Result<T, String>;
    /// The error prefixed with the file or folder it concerns.
    fn at(self, path: &Path) -> Result<T, String>;
}

impl<T, E: Display> Context<T> for Result<T, E> {
    fn context(self, what: impl Display) -> Result<T, String> {
        self.map_err(|e| format!("{what}: {e}"))
    }

    fn at(self, path: &Path) -> Result<T, String> {
        self.map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_the_file_or_action_it_concerns() {
        let read = std::fs::read_to_string("/no/such/file").at(Path::new("/no/such/file"));
        let err = read.unwrap_err();
        assert!(err.starts_with("/no/such/file: "), "{err}");
        let parsed: Result<u8, String> = "x".parse::<u8>().context("the seed");
        assert_eq!(
            parsed.unwrap_err(),
            "the seed: invalid digit found in string"
        );
        assert_eq!(Ok::<u8, String>(3).context("unused"), Ok(3));
    }
}
