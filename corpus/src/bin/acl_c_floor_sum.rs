//! ACL Practice C: sum of floor((a i + b) / m) (`ac_library::math::floor_sum`).
use ac_library::math::floor_sum;
use proconio::input;

fn main() {
    input! {
        t: usize,
        cases: [(i64, i64, i64, i64); t],
    }
    for (n, m, a, b) in cases {
        println!("{}", floor_sum(n, m, a, b));
    }
}
