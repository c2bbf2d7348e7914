// lazy_static: a sieve computed once, on first use.
#[macro_use]
extern crate lazy_static;
use proconio::input;

lazy_static! {
    static ref IS_PRIME: Vec<bool> = {
        let n = 10_000;
        let mut p = vec![true; n + 1];
        p[0] = false;
        p[1] = false;
        for i in 2..=n {
            if p[i] {
                for j in (i * i..=n).step_by(i) {
                    p[j] = false;
                }
            }
        }
        p
    };
}

fn main() {
    input! { n: usize, xs: [usize; n] }
    for x in xs {
        println!("{}", if IS_PRIME[x] { "Yes" } else { "No" });
    }
}
