//! Range of the values (minmax).
use itertools::{Itertools, MinMaxResult};
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i64; n],
    }
    match a.iter().minmax() {
        MinMaxResult::NoElements => println!("empty"),
        MinMaxResult::OneElement(x) => println!("one {x}"),
        MinMaxResult::MinMax(lo, hi) => println!("{lo} {hi} {}", hi - lo),
    }
}
