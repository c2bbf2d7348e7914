//! Every ordering of k of the n numbers, and the largest concatenation.
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        k: usize,
        a: [u32; n],
    }
    let mut count = 0;
    let mut best = 0u64;
    for p in a.iter().permutations(k) {
        count += 1;
        let v: u64 = p.iter().fold(0, |acc, d| acc * 10 + **d as u64);
        best = best.max(v);
    }
    println!("{count} {best}");
}
