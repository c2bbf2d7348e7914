use itertools::Itertools;
use num::BigUint;
use proconio::input;
fn main() {
    input! { n: usize }
    let p: BigUint = (1..=n).map(BigUint::from).product();
    println!("{} {}", p, (1..=n).join(","));
}
