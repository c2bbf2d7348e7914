// bitset-fixed: subset sums by shifting a bitset.
use bitset_fixed::BitSet;
use proconio::input;

fn main() {
    input! { n: usize, s: usize, a: [usize; n] }
    let mut dp = BitSet::new(s + 1);
    dp.set(0, true);
    for x in a {
        dp |= &(&dp << x);
    }
    let reachable: Vec<usize> = (0..=s).filter(|&i| dp[i]).collect();
    println!("{} {:?}", dp.count_ones(), reachable);
}
