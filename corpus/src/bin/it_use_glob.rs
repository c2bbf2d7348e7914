//! A solution that imports itertools with a glob.
use itertools::*;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [u64; n],
    }
    println!("{}", a.iter().sorted().rev().join(" "));
    println!(
        "{}",
        a.iter()
            .tuple_windows::<(_, _)>()
            .filter(|(x, y)| x < y)
            .count()
    );
}
