// memoise: bounded, two-key, lower-bounded, unbounded and map tables, and a reset.
use memoise::{memoise, memoise_map};
use proconio::input;

#[memoise(n <= 90)]
fn fib(n: usize) -> u64 {
    if n < 2 {
        return n as u64; // an early return leaves the inner function only
    }
    fib(n - 1) + fib(n - 2)
}

/// Binomial coefficients modulo a prime, by Pascal's rule.
#[memoise(n <= 1000, k <= 1000)]
fn comb(n: usize, k: usize) -> u64 {
    if k == 0 || k == n {
        1
    } else {
        (comb(n - 1, k - 1) + comb(n - 1, k)) % 998_244_353
    }
}

#[memoise(-50 <= x <= 50)]
fn walk(x: i64) -> i64 {
    if x <= 0 {
        x
    } else {
        walk(x - 3) + 1
    }
}

// No bound: the table grows as keys come.
#[memoise(n, m)]
fn grid(n: usize, m: usize) -> u64 {
    if n == 0 || m == 0 {
        1
    } else {
        (grid(n - 1, m) + grid(n, m - 1)) % 1_000_000_007
    }
}

#[memoise_map(n)]
fn collatz(n: u64) -> u32 {
    if n == 1 {
        0
    } else if n % 2 == 0 {
        collatz(n / 2) + 1
    } else {
        collatz(3 * n + 1) + 1
    }
}

thread_local!(static CALLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });

#[memoise(n < 10)]
fn counted(n: usize) -> usize {
    CALLS.with(|c| c.set(c.get() + 1));
    n * n
}

fn main() {
    input! { n: usize, k: usize, a: u64 }
    println!("{}", fib(n));
    println!("{}", comb(n, k));
    println!("{}", walk(40));
    println!("{} {}", grid(n, k), grid(3, 150));
    println!("{}", (1..=a).map(collatz).max().unwrap_or(0));
    let first = counted(3) + counted(3);
    counted_reset();
    let again = counted(3);
    println!("{first} {again} {}", CALLS.with(|c| c.get()));
    collatz_reset();
    println!("{}", collatz(27));
}
