//! Multisets of size k from the digits (combinations_with_replacement).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        k: usize,
        digits: String,
    }
    let all: Vec<String> = digits
        .chars()
        .combinations_with_replacement(k)
        .map(|c| c.into_iter().collect())
        .collect();
    println!("{}", all.len());
    println!("{}", all.join(","));
}
