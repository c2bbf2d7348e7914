//! Text edits at byte ranges, applied together: the bundler changes source text only where
//! it must, so everything else (formatting, comments) stays as written.

use std::ops::Range;

#[derive(Clone, Default)]
pub struct Edits {
    edits: Vec<(Range<usize>, String)>,
}

impl Edits {
    /// Replaces `range` with `text`.
    pub fn replace(&mut self, range: Range<usize>, text: impl Into<String>) {
        self.edits.push((range, text.into()));
    }

    pub fn remove(&mut self, range: Range<usize>) {
        self.replace(range, "");
    }

    pub fn insert(&mut self, at: usize, text: impl Into<String>) {
        self.replace(at..at, text);
    }

    /// Adds `other`'s edits after these: where two replace the same range, the first wins.
    pub fn extend(&mut self, other: Edits) {
        self.edits.extend(other.edits);
    }

    /// Applies the edits to `source`. An edit inside a range that another edit replaces is
    /// dropped (its text is gone anyway); insertions at one point keep their order.
    pub fn apply(mut self, source: &str) -> String {
        self.edits
            .sort_by_key(|(r, _)| (r.start, std::cmp::Reverse(r.end)));
        let mut out = String::with_capacity(source.len());
        let mut pos = 0;
        for (range, text) in self.edits {
            if range.start < pos {
                continue; // inside an earlier replacement
            }
            out.push_str(&source[pos..range.start]);
            out.push_str(&text);
            pos = range.end;
        }
        out.push_str(&source[pos..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Edits;

    #[test]
    fn applies_inserts_and_removals_and_drops_edits_inside_removed_ranges() {
        let mut e = Edits::default();
        e.insert(0, "<");
        e.remove(2..6); // "cdef"
        e.insert(3, "lost"); // inside the removal
        e.insert(8, "!");
        e.replace(9..10, "J");
        assert_eq!(e.apply("abcdefghij"), "<abgh!iJ");
    }

    #[test]
    fn keeps_order_of_insertions_at_one_point() {
        let mut e = Edits::default();
        e.insert(1, "x");
        e.insert(1, "y");
        assert_eq!(e.apply("ab"), "axyb");
    }
}
