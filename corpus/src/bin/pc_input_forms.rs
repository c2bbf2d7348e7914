//! proconio `input!` in its forms: mut, tuples, nested and jagged arrays, markers.
use proconio::input;
use proconio::marker::{Bytes, Chars, Isize1, Usize1};

fn main() {
    input! {
        n: usize,
        mut a: [i64; n],
        p: (u8, String, char),
        grid: [[u32; 2]; 2],
        jag: [[i32]; 2],
        s: Chars,
        b: Bytes,
        k: Usize1,
        d: Isize1,
        edges: [(Usize1, Usize1); 2],
        f: f64,
    }
    a.sort();
    println!("{:?} {:?} {:?} {:?}", a, p, grid, jag);
    println!("{:?} {:?} {} {} {:?} {:.3}", s, b, k, d, edges, f);
}
