// num (the umbrella crate): complex powers and big integers through `num::`.
use num::complex::Complex;
use num::{BigInt, One, Zero};
use proconio::input;

fn main() {
    input! { re: i64, im: i64, n: u32 }
    let z = Complex::new(BigInt::from(re), BigInt::from(im));
    let mut p = Complex::new(BigInt::one(), BigInt::zero());
    for _ in 0..n {
        p = &p * &z;
    }
    println!("{} {}", p.re, p.im);
    println!("{}", num::integer::gcd(re, im));
}
