// num-bigint: n! and the n-th Fibonacci number, past u128.
use num_bigint::BigUint;
use proconio::input;

fn main() {
    input! { n: u32 }
    let mut fact = BigUint::from(1u32);
    for k in 1..=n {
        fact *= k;
    }
    let (mut a, mut b) = (BigUint::from(0u32), BigUint::from(1u32));
    for _ in 0..n * 5 {
        let c = &a + &b;
        a = b;
        b = c;
    }
    println!("{fact}\n{a}\n{}", a.bits());
}
