//! Reads n numbers, prints them sorted and joined, and their squares collected.
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i64; n],
    }
    let squares = a.iter().map(|x| x * x).collect_vec();
    println!("{}", a.iter().sorted().join(" "));
    println!("{}", squares.iter().join(","));
}
