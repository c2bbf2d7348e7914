//! A small unsigned big integer: addition, multiplication by a word, decimal printing.
//!
//! Enough for counting problems whose answers outgrow `u128`. Limbs are `u64`, least
//! significant first. The free functions on limb slices serve dynamic programmes that keep
//! many fixed-width numbers in one flat array.

use std::fmt;

/// `dst += src` on equal-width little-endian limb slices; returns the carry out of the top
/// limb (true means the sum did not fit).
///
/// # Complexity
/// O(width).
///
/// # Panics
/// Never; unequal widths are a caller's bug, checked in debug builds only (the sum then
/// covers the shorter width).
///
/// # Example
/// ```
/// use common::bignum::add_limbs;
/// let mut a = [u64::MAX, 0];
/// assert!(!add_limbs(&mut a, &[1, 0])); // 2^64 fits in two limbs
/// assert_eq!(a, [0, 1]);
/// let mut b = [u64::MAX];
/// assert!(add_limbs(&mut b, &[1])); // carry out of the top limb
/// ```
#[inline]
pub fn add_limbs(dst: &mut [u64], src: &[u64]) -> bool {
    debug_assert_eq!(dst.len(), src.len());
    let mut carry = false;
    for (d, &s) in dst.iter_mut().zip(src) {
        let (sum, c1) = d.overflowing_add(s);
        let (sum, c2) = sum.overflowing_add(carry as u64);
        *d = sum;
        carry = c1 | c2;
    }
    carry
}

/// An arbitrary-size unsigned integer: built from limbs or a `u64`, read back as limbs, bits,
/// `u128` or decimal. (`Default` is zero.)
///
/// # Example
/// ```
/// use common::bignum::BigUint;
/// let n = BigUint::from_limbs(&[0, 1]); // 2^64
/// assert_eq!(n.to_string(), "18446744073709551616");
/// assert_eq!((n.bits(), n.to_u128()), (65, Some(1 << 64)));
/// assert_eq!(BigUint::default().to_string(), "0");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BigUint {
    /// Little-endian limbs with no high zero limbs (zero is the empty vector).
    limbs: Vec<u64>,
}

impl BigUint {
    /// Zero (tests only: solutions use `BigUint::default()`).
    #[cfg(test)]
    pub fn zero() -> Self {
        BigUint { limbs: Vec::new() }
    }

    /// The value of little-endian `limbs` (high zero limbs are allowed).
    ///
    /// # Complexity
    /// O(`limbs.len()`).
    pub fn from_limbs(limbs: &[u64]) -> Self {
        let mut n = BigUint {
            limbs: limbs.to_vec(),
        };
        n.trim();
        n
    }

    /// The little-endian limbs, without high zero limbs (none for zero). O(1).
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// True for zero.
    fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// Number of significant bits (0 for zero). O(1).
    pub fn bits(&self) -> u32 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => 64 * (self.limbs.len() as u32 - 1) + (64 - top.leading_zeros()),
        }
    }

    /// The value as `u128`, if it fits. O(1).
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(self.limbs[0] as u128),
            2 => Some(self.limbs[0] as u128 | (self.limbs[1] as u128) << 64),
            _ => None,
        }
    }

    /// `self += other`. O(max width). Tests only: no solution adds two big numbers yet.
    #[cfg(test)]
    pub fn add_assign_big(&mut self, other: &BigUint) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (i, d) in self.limbs.iter_mut().enumerate() {
            let s = other.limbs.get(i).copied().unwrap_or(0);
            if s == 0 && !carry && i >= other.limbs.len() {
                break;
            }
            let (sum, c1) = d.overflowing_add(s);
            let (sum, c2) = sum.overflowing_add(carry as u64);
            *d = sum;
            carry = c1 | c2;
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// `self *= m` for a word `m`. O(width). Tests only: no solution multiplies yet.
    #[cfg(test)]
    pub fn mul_small(&mut self, m: u64) {
        if m == 0 {
            self.limbs.clear();
            return;
        }
        let mut carry = 0u64;
        for d in self.limbs.iter_mut() {
            let wide = *d as u128 * m as u128 + carry as u128;
            *d = wide as u64;
            carry = (wide >> 64) as u64;
        }
        if carry != 0 {
            self.limbs.push(carry);
        }
    }

    /// Divides in place by a nonzero word and returns the remainder. O(width).
    ///
    /// # Panics
    /// When `d` is zero.
    fn div_rem_small(&mut self, d: u64) -> u64 {
        assert!(d != 0, "division by zero");
        let mut rem = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let cur = (rem << 64) | *limb as u128;
            *limb = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        self.trim();
        rem as u64
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
}

/// O(1).
impl From<u64> for BigUint {
    fn from(v: u64) -> Self {
        BigUint::from_limbs(&[v])
    }
}

#[cfg(test)]
impl From<u128> for BigUint {
    fn from(v: u128) -> Self {
        BigUint::from_limbs(&[v as u64, (v >> 64) as u64])
    }
}

#[cfg(test)]
impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Decimal digits, padded as the formatter asks.
///
/// # Complexity
/// O(width^2): one division by 10^19 per 19 digits.
impl fmt::Display for BigUint {
    /// Decimal digits, O(width^2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19, the largest power of 10 in a u64
        if self.is_zero() {
            return f.pad("0");
        }
        let mut rest = self.clone();
        let mut chunks = Vec::new();
        while !rest.is_zero() {
            chunks.push(rest.div_rem_small(CHUNK));
        }
        let mut s = chunks.pop().unwrap_or(0).to_string();
        for chunk in chunks.iter().rev() {
            s.push_str(&format!("{:019}", chunk));
        }
        f.pad(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::{add_limbs, BigUint};
    use num_bigint::BigUint as Reference;

    use testkit::Rng;

    /// Mostly small or all-ones limbs, so carries chain often.
    fn limb(rng: &mut Rng) -> u64 {
        match rng.next_u64() % 4 {
            0 => u64::MAX,
            1 => rng.next_u64() % 1000,
            _ => rng.next_u64(),
        }
    }

    fn reference_of(n: &BigUint) -> Reference {
        let digits: Vec<u32> = n
            .limbs()
            .iter()
            .flat_map(|&l| [l as u32, (l >> 32) as u32])
            .collect();
        Reference::new(digits)
    }

    #[test]
    fn matches_u128_arithmetic_and_printing() {
        let mut rng = Rng(0x1234_5678);
        for _ in 0..2000 {
            let a = (rng.next_u64() as u128) << (rng.next_u64() % 40);
            let b = (rng.next_u64() as u128) << (rng.next_u64() % 40);
            let m = rng.next_u64() % 100_000;
            let mut x = BigUint::from(a);
            x.add_assign_big(&BigUint::from(b));
            assert_eq!(x.to_u128(), Some(a + b));
            x.mul_small(m);
            assert_eq!(x.to_u128(), Some((a + b) * m as u128));
            assert_eq!(x.to_string(), ((a + b) * m as u128).to_string());
        }
        assert_eq!(BigUint::zero().to_string(), "0");
        assert_eq!(BigUint::from(u128::MAX).to_string(), u128::MAX.to_string());
    }

    #[test]
    fn matches_num_bigint_on_wide_random_values() {
        let mut rng = Rng(0xdead_beef);
        for _ in 0..300 {
            let wa = (rng.next_u64() % 12) as usize;
            let wb = (rng.next_u64() % 12) as usize;
            let a: Vec<u64> = (0..wa).map(|_| limb(&mut rng)).collect();
            let b: Vec<u64> = (0..wb).map(|_| limb(&mut rng)).collect();
            let m = limb(&mut rng);
            let mut x = BigUint::from_limbs(&a);
            let y = BigUint::from_limbs(&b);
            let expected = (reference_of(&x) + reference_of(&y)) * m;
            x.add_assign_big(&y);
            x.mul_small(m);
            assert_eq!(reference_of(&x), expected);
            assert_eq!(x.to_string(), expected.to_string());
            assert_eq!(x.bits() as u64, expected.bits());
        }
    }

    #[test]
    fn add_limbs_reports_carry_out_like_num_bigint() {
        let mut rng = Rng(99);
        for _ in 0..500 {
            let w = 1 + (rng.next_u64() % 6) as usize;
            let a: Vec<u64> = (0..w).map(|_| limb(&mut rng)).collect();
            let b: Vec<u64> = (0..w).map(|_| limb(&mut rng)).collect();
            let mut sum = a.clone();
            let carry = add_limbs(&mut sum, &b);
            let expected =
                reference_of(&BigUint::from_limbs(&a)) + reference_of(&BigUint::from_limbs(&b));
            let mut got = reference_of(&BigUint::from_limbs(&sum));
            if carry {
                got += Reference::from(1u8) << (64 * w);
            }
            assert_eq!(got, expected);
        }
    }

    #[test]
    fn ordering_follows_value() {
        let a = BigUint::from(u128::MAX);
        let mut b = a.clone();
        b.add_assign_big(&BigUint::from(1u64));
        assert!(a < b);
        assert_eq!(b.cmp(&a), std::cmp::Ordering::Greater);
        assert_eq!(b.limbs(), &[0, 0, 1]);
        assert_eq!(BigUint::from_limbs(&[5, 0, 0]), BigUint::from(5u64));
    }
}
