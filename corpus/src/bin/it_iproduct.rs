//! Pythagorean triples below n (iproduct!).
use itertools::iproduct;
use proconio::input;

fn main() {
    input! {
        n: u32,
    }
    let mut found = 0;
    for (a, b, c) in iproduct!(1..n, 1..n, 1..n) {
        if a < b && a * a + b * b == c * c {
            found += 1;
            println!("{a} {b} {c}");
        }
    }
    println!("{found}");
}
