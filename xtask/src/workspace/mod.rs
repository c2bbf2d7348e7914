//! The workspace as the tool sees it: its problems and their settings (`problems`), how cargo
//! is run in it (`cargo`) and what its packages reach (`packages`), the records of what
//! passed (`record`), and a problem crate's files (`scaffold`, for `new`, `fetch` and the
//! scale benchmark).

pub mod cargo;
pub mod packages;
pub mod problems;
pub mod record;
pub mod scaffold;
