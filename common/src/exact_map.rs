//! An insertion-ordered set of `u64` keys with exact comparison, for search states.
//!
//! Each distinct key gets a dense index (0, 1, 2, ... in insertion order), so callers keep
//! per-state data (parent, distance, counts) in plain vectors beside it. Keys are compared
//! in full: unlike a table that stores only a hash or a residue, two different states can
//! never be taken for one another.

/// Open-addressing (linear probing) index over `u64` keys, kept at most half full.
#[derive(Clone, Debug, Default)]
pub struct ExactIndex {
    keys: Vec<u64>,
    /// `slots[h]` is 0 when empty, otherwise 1 + the index of the key stored there.
    slots: Vec<u32>,
    shift: u32,
}

impl ExactIndex {
    /// An empty index with room for about `capacity` keys before it grows.
    pub fn with_capacity(capacity: usize) -> Self {
        let mut index = ExactIndex {
            keys: Vec::with_capacity(capacity),
            slots: Vec::new(),
            shift: 0,
        };
        index.resize_slots((capacity * 2).max(16).next_power_of_two());
        index
    }

    /// Number of distinct keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when no key was inserted.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys in insertion order; `keys()[i]` is the key of index `i`.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Removes every key, keeping the allocation.
    pub fn clear(&mut self) {
        self.keys.clear();
        for slot in self.slots.iter_mut() {
            *slot = 0;
        }
    }

    /// The index of `key`, if present. Expected O(1).
    pub fn get(&self, key: u64) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut h = self.home(key);
        loop {
            let slot = self.slots[h];
            if slot == 0 {
                return None;
            }
            if self.keys[(slot - 1) as usize] == key {
                return Some((slot - 1) as usize);
            }
            h = (h + 1) & mask;
        }
    }

    /// Inserts `key` if absent. Returns its index and whether it was new. Expected O(1),
    /// amortised over growth.
    ///
    /// # Panics
    /// When more than `u32::MAX - 1` keys are inserted.
    pub fn insert(&mut self, key: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut h = self.home(key);
        loop {
            let slot = self.slots[h];
            if slot == 0 {
                break;
            }
            if self.keys[(slot - 1) as usize] == key {
                return ((slot - 1) as usize, false);
            }
            h = (h + 1) & mask;
        }
        let index = self.keys.len();
        assert!(index < u32::MAX as usize - 1, "ExactIndex is full");
        self.keys.push(key);
        self.slots[h] = index as u32 + 1;
        if self.keys.len() * 2 > self.slots.len() {
            self.resize_slots(self.slots.len() * 2);
        }
        (index, true)
    }

    fn home(&self, key: u64) -> usize {
        // splitmix64's finaliser spreads structured keys (packed positions) over all bits.
        let mut z = key;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> self.shift) as usize
    }

    fn resize_slots(&mut self, size: usize) {
        self.slots = vec![0; size];
        self.shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for i in 0..self.keys.len() {
            let mut h = self.home(self.keys[i]);
            while self.slots[h] != 0 {
                h = (h + 1) & mask;
            }
            self.slots[h] = i as u32 + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ExactIndex;
    use std::collections::HashMap;

    /// xorshift64*, fixed seed: reproducible pseudo-random keys.
    fn keys(seed: u64, n: usize, modulus: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x ^= x >> 12;
                x ^= x << 25;
                x ^= x >> 27;
                x.wrapping_mul(0x2545_f491_4f6c_dd1d) % modulus
            })
            .collect()
    }

    #[test]
    fn agrees_with_std_hashmap_on_random_keys_with_repeats() {
        let mut index = ExactIndex::with_capacity(4);
        let mut reference: HashMap<u64, usize> = HashMap::new();
        for key in keys(7, 50_000, 20_000) {
            let next = reference.len();
            let expected = *reference.entry(key).or_insert(next);
            let (got, new) = index.insert(key);
            assert_eq!(got, expected);
            assert_eq!(new, expected == next);
        }
        assert_eq!(index.len(), reference.len());
        for (&key, &i) in &reference {
            assert_eq!(index.get(key), Some(i));
            assert_eq!(index.keys()[i], key);
        }
        assert_eq!(index.get(20_000), None);
    }

    #[test]
    fn keys_differing_only_in_high_bits_stay_distinct() {
        let mut index = ExactIndex::with_capacity(16);
        for i in 0..1000u64 {
            assert_eq!(index.insert(i << 40), (i as usize, true));
        }
        index.clear();
        assert!(index.is_empty());
        assert_eq!(index.get(5 << 40), None);
    }
}
