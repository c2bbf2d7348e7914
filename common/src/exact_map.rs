//! An insertion-ordered set of `u64` keys with exact comparison, for search states.
//!
//! Each distinct key gets a dense index (0, 1, 2, ... in insertion order), so callers keep
//! per-state data (parent, distance, counts) in plain vectors beside it. Keys are compared
//! in full: unlike a table that stores only a hash or a residue, two different states can
//! never be taken for one another.

/// Open-addressing (linear probing) index over `u64` keys, kept at most half full. The
/// probe array holds the keys themselves (plus one, so zero marks an empty slot), 8 bytes a
/// slot; the index of each slot sits in a parallel array read only on a hit. Keys must be
/// below `u64::MAX`.
///
/// # Complexity
/// `insert` and `add`: expected O(1), amortised over growth (the table doubles at half full).
/// Memory: 8 bytes a key in insertion order, plus 12 bytes a slot for 2 to 4 slots a key.
///
/// # Example
/// ```
/// use common::exact_map::ExactIndex;
/// let mut seen = ExactIndex::with_capacity(4);
/// assert_eq!(seen.insert(42), (0, true));
/// assert_eq!(seen.insert(7), (1, true));
/// assert_eq!(seen.insert(42), (0, false)); // already there: its first index
/// assert!(!seen.add(7));
/// assert_eq!((seen.len(), seen.keys()), (2, &[42, 7][..]));
/// ```
#[derive(Clone, Debug, Default)]
pub struct ExactIndex {
    keys: Vec<u64>,
    /// 0 when empty, otherwise the key plus one.
    slots: Vec<u64>,
    /// The index of the key in the same slot.
    slot_index: Vec<u32>,
    shift: u32,
}

impl ExactIndex {
    /// An empty index with room for about `capacity` keys before it grows. O(capacity).
    pub fn with_capacity(capacity: usize) -> Self {
        let mut index = ExactIndex {
            keys: Vec::with_capacity(capacity),
            slots: Vec::new(),
            slot_index: Vec::new(),
            shift: 0,
        };
        index.resize_slots((capacity * 2).max(16).next_power_of_two());
        index
    }

    /// Number of distinct keys. O(1).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when no key was inserted. O(1).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The keys in insertion order; `keys()[i]` is the key of index `i`. O(1).
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Removes every key, keeping the allocation. Tests only: no solution reuses an index.
    #[cfg(test)]
    pub fn clear(&mut self) {
        self.keys.clear();
        self.slots.iter_mut().for_each(|s| *s = 0);
    }

    /// The slot holding `key`, or the empty slot where it would go.
    fn probe(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut h = self.home(key);
        while self.slots[h] != 0 && self.slots[h] != key.wrapping_add(1) {
            h = (h + 1) & mask;
        }
        h
    }

    /// The index of `key`, if present. Expected O(1). Tests only: solutions insert.
    #[cfg(test)]
    pub fn get(&self, key: u64) -> Option<usize> {
        let h = self.probe(key);
        (self.slots[h] != 0).then(|| self.slot_index[h] as usize)
    }

    /// Inserts `key` if absent. Returns its index and whether it was new. Expected O(1),
    /// amortised over growth.
    ///
    /// # Panics
    /// When `key` is `u64::MAX` or more than `u32::MAX` keys are inserted.
    pub fn insert(&mut self, key: u64) -> (usize, bool) {
        let h = self.probe(key);
        if self.slots[h] != 0 {
            return (self.slot_index[h] as usize, false);
        }
        (self.fill(h, key), true)
    }

    /// Inserts `key` if absent; true when it was new. Like [`ExactIndex::insert`] without
    /// reading the index of a key already present (a search's common case). Expected O(1).
    ///
    /// # Panics
    /// As [`ExactIndex::insert`].
    pub fn add(&mut self, key: u64) -> bool {
        let h = self.probe(key);
        if self.slots[h] != 0 {
            return false;
        }
        self.fill(h, key);
        true
    }

    fn fill(&mut self, h: usize, key: u64) -> usize {
        assert!(key != u64::MAX, "ExactIndex keys must be below u64::MAX");
        let index = self.keys.len();
        assert!(index < u32::MAX as usize, "ExactIndex is full");
        self.keys.push(key);
        self.slots[h] = key + 1;
        self.slot_index[h] = index as u32;
        if self.keys.len() * 2 > self.slots.len() {
            self.resize_slots(self.slots.len() * 2);
        }
        index
    }

    fn home(&self, key: u64) -> usize {
        // Fibonacci hashing: one multiply by 2^64 / golden ratio, top bits. Every key bit
        // reaches the top bits through the carries.
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    fn resize_slots(&mut self, size: usize) {
        self.slots = vec![0; size];
        self.slot_index = vec![0; size];
        self.shift = 64 - size.trailing_zeros();
        for i in 0..self.keys.len() {
            let h = self.probe(self.keys[i]);
            self.slots[h] = self.keys[i] + 1;
            self.slot_index[h] = i as u32;
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
            let (got, new) = if key % 2 == 0 {
                index.insert(key)
            } else {
                let new = index.add(key);
                (index.get(key).unwrap(), new)
            };
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

    #[test]
    fn zero_and_the_largest_allowed_key_are_ordinary_keys() {
        let mut index = ExactIndex::with_capacity(1);
        assert_eq!(index.insert(0), (0, true));
        assert_eq!(index.insert(u64::MAX - 1), (1, true));
        assert_eq!(index.insert(0), (0, false));
        assert_eq!(
            (index.get(0), index.get(u64::MAX - 1), index.get(1)),
            (Some(0), Some(1), None)
        );
    }
}
