//! A trait impl the impls pass may take out: one impl, or a family of them that goes or
//! stays whole, with what an error could name it by.

/// One impl, or one group sharing a key.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub key: String,
    pub(super) trait_name: String,
    pub(super) head: String,
    pub(super) methods: Vec<String>,
    /// Of a library's own trait: an error may name only the type (an associated type of
    /// it asked for through a macro: "cannot be indexed by `Usize1`").
    pub(super) own_trait: bool,
    /// One impl's header (`mono::normal`), when the candidate is one impl.
    pub(super) header: Option<String>,
    /// See `Seen::alias`.
    pub(super) alias: Option<(String, String)>,
}
