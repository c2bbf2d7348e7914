// rustc-hash: FxHashMap counts and an FxHashSet.
use proconio::input;
use rustc_hash::{FxHashMap, FxHashSet};

fn main() {
    input! { n: usize, a: [u32; n] }
    let mut count: FxHashMap<u32, usize> = FxHashMap::default();
    for &x in &a {
        *count.entry(x).or_default() += 1;
    }
    let distinct: FxHashSet<u32> = a.iter().copied().collect();
    let mut pairs: Vec<(u32, usize)> = count.into_iter().collect();
    pairs.sort();
    println!("{} {:?}", distinct.len(), pairs);
}
