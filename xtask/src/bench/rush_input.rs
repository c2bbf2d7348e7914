//! Rush Hour boards as the judge reads them, and the binaries that read them: shared by the
//! showcase benchmark and the hard set's regeneration.

use crate::workspace::cargo::build_release;

/// Letters board to the judge's input: `A` is 1, the other letters 2, 3, ... in order.
pub fn judge_input(board: &str) -> String {
    let mut letters: Vec<char> = board.chars().filter(|c| c.is_ascii_uppercase()).collect();
    letters.sort_unstable();
    letters.dedup();
    let ids: Vec<String> = board
        .chars()
        .map(|c| {
            letters
                .iter()
                .position(|&l| l == c)
                .map_or(0, |i| i + 1)
                .to_string()
        })
        .collect();
    ids.chunks(6).map(|row| row.join(" ") + "\n").collect()
}

/// Builds Rush Hour's judge binary and its examples (the tool, the reference, the
/// generator, the plain grid BFS) in release.
pub fn build_rush() -> anyhow::Result<()> {
    build_release(&["boj-18139"], &["--bins", "--examples"])
}
