//! ACL Practice F: convolution mod 998244353 (`convolution`, `ModInt998244353`).
use ac_library::{convolution, ModInt998244353 as Mint};
use proconio::input;

fn main() {
    input! {
        n: usize,
        m: usize,
        a: [u32; n],
        b: [u32; m],
    }
    let a: Vec<Mint> = a.into_iter().map(Mint::new).collect();
    let b: Vec<Mint> = b.into_iter().map(Mint::new).collect();
    let c = convolution(&a, &b);
    let line: Vec<String> = c.iter().map(|x| x.val().to_string()).collect();
    println!("{}", line.join(" "));
}
