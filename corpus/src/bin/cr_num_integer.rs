// num-integer: gcd, lcm, floor division and integer square roots.
use num_integer::{Integer, Roots};
use proconio::input;

fn main() {
    input! { n: usize, ab: [(i64, i64); n] }
    for (a, b) in ab {
        let (q, r) = a.div_mod_floor(&b);
        println!(
            "{} {} {} {} {}",
            a.gcd(&b),
            a.lcm(&b),
            q,
            r,
            (a * a + b * b).sqrt()
        );
    }
}
