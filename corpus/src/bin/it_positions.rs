//! Indices of the maximum (positions, position_max).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i32; n],
    }
    let max = *a.iter().max().unwrap();
    println!("{}", a.iter().positions(|&x| x == max).join(" "));
    println!("{:?}", a.iter().position_max());
}
