//! The one small random generator of this workspace's stress generators and tests.
//!
//! Only examples and tests use it (it is a dev-dependency), so no submission can reach it.
//! xorshift64 with shifts 13, 7, 17: tiny, fixed, and the same sequence on every machine,
//! so a seed names an input for good.

/// xorshift64 (13, 7, 17). The state must not be zero.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The generator for stress seed `seed` (`gen <seed> <size>`): spread by a multiply by
    /// 2^64 / golden ratio and made odd, so no seed gives the zero state.
    pub fn from_seed(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next state.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next state reduced modulo `n` (slightly biased for huge `n`; fine for inputs).
    ///
    /// # Panics
    /// When `n` is zero.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// Marsaglia's xorshift64 (13, 7, 17) from state 1, worked by hand for the first step:
    /// 1 ^ 1<<13 = 8193; ^ 8193>>7 (64) = 8257; ^ 8257<<17 = 1082269761.
    #[test]
    fn the_sequence_is_xorshift64_13_7_17() {
        let mut r = Rng(1);
        assert_eq!(r.next_u64(), 1_082_269_761);
        let mut a = Rng::from_seed(5);
        let mut b = Rng::from_seed(5);
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        assert_ne!(Rng::from_seed(0).0, 0);
    }
}
