//! All strings over per-position alphabets (multi_cartesian_product).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        sets: [String; n],
    }
    let words: Vec<String> = sets
        .iter()
        .map(|s| s.chars())
        .multi_cartesian_product()
        .map(|v| v.into_iter().collect())
        .collect();
    println!("{}", words.join(" "));
}
