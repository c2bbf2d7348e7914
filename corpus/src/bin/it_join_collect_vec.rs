//! Sorted values joined by spaces, squares collected with collect_vec.
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
