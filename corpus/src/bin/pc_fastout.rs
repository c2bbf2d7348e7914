//! `#[fastout]`: print!/println! through one locked buffer, `return` included.
use proconio::{fastout, input};

#[fastout]
fn main() {
    input! {
        n: usize,
    }
    for i in 0..n {
        print!("{i}");
        if i % 10 == 9 {
            println!();
        } else {
            print!(" ");
        }
    }
    println!();
    if n > 5 {
        println!("big {}", n);
        return;
    }
    println!("small");
}
