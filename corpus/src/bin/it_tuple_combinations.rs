//! Pairs with the smallest difference (tuple_combinations).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i64; n],
    }
    let best = a
        .iter()
        .tuple_combinations()
        .map(|(x, y)| (x - y).abs())
        .min()
        .unwrap();
    println!("{best}");
}
