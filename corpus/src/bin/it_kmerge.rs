//! Merge of k sorted lists (kmerge).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        k: usize,
        lists: [[i32]; k],
    }
    println!("{}", lists.into_iter().kmerge().join(" "));
}
