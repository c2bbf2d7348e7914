//! Grid points at Manhattan distance d (cartesian_product).
use itertools::Itertools;
use proconio::input;

fn main() {
    input! {
        d: i32,
    }
    let points = (-d..=d)
        .cartesian_product(-d..=d)
        .filter(|(x, y)| x.abs() + y.abs() == d)
        .count();
    println!("{points}");
}
