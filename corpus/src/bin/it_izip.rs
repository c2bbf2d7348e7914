//! Weighted sum of three parallel arrays (izip!).
use itertools::izip;
use proconio::input;

fn main() {
    input! {
        n: usize,
        a: [i64; n],
        b: [i64; n],
        w: [i64; n],
    }
    let total: i64 = izip!(&a, &b, &w).map(|(x, y, z)| (x - y) * z).sum();
    println!("{total}");
}
