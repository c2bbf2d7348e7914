//! Baseline: a Rust port of the reference approach to Q58 that this crate replaces.
//!
//! Fill the grid cell by cell in row-major order: at the first empty cell, try every
//! rectangle with its top-left corner there that covers only empty cells, and recurse.
//! Results are memoised by the bitmask of filled cells in a chained hash table with a fixed
//! prime number of buckets, as the C reference is described to do (its code is not here).
//! Used by the benchmark (speed baseline) and the tests (an independent method for
//! N, M <= 7). Needs n * m <= 64.

/// Memo entry: a bitmask of filled cells and its two counts, chained per bucket.
struct Node {
    key: u64,
    total: u128,
    no_unit: u128,
    next: u32,
}

const BUCKETS: usize = 1_000_003;
const NIL: u32 = u32::MAX;

pub struct Reference {
    n: usize,
    m: usize,
    full: u64,
    heads: Vec<u32>,
    nodes: Vec<Node>,
}

impl Reference {
    pub fn new(n: usize, m: usize) -> Reference {
        assert!(n * m <= 64 && n * m > 0);
        Reference {
            n,
            m,
            full: if n * m == 64 {
                u64::MAX
            } else {
                (1u64 << (n * m)) - 1
            },
            heads: vec![NIL; BUCKETS],
            nodes: Vec::new(),
        }
    }

    /// (all splits into rectangles, splits with no 1x1 block) of the whole grid.
    pub fn counts(&mut self) -> (u128, u128) {
        self.count(0)
    }

    fn count(&mut self, filled: u64) -> (u128, u128) {
        if filled == self.full {
            return (1, 1);
        }
        let bucket = (filled % BUCKETS as u64) as usize;
        let mut at = self.heads[bucket];
        while at != NIL {
            let node = &self.nodes[at as usize];
            if node.key == filled {
                return (node.total, node.no_unit);
            }
            at = node.next;
        }
        let first = (!filled).trailing_zeros() as usize;
        let (r, c) = (first / self.m, first % self.m);
        let (mut total, mut no_unit) = (0, 0);
        for height in 1..=self.n - r {
            for width in 1..=self.m - c {
                let mut rect = 0u64;
                for i in r..r + height {
                    for j in c..c + width {
                        rect |= 1 << (i * self.m + j);
                    }
                }
                if rect & filled != 0 {
                    break;
                }
                let (t, u) = self.count(filled | rect);
                total += t;
                if height * width > 1 {
                    no_unit += u;
                }
            }
        }
        self.nodes.push(Node {
            key: filled,
            total,
            no_unit,
            next: self.heads[bucket],
        });
        self.heads[bucket] = (self.nodes.len() - 1) as u32;
        (total, no_unit)
    }
}
