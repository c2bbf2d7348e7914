//! ACL Practice J: point set, range max, max_right (`Segtree<Max<i32>>`).
use ac_library::{Max, Segtree};
use proconio::input;

fn main() {
    input! {
        n: usize,
        q: usize,
        a: [i32; n],
    }
    let mut st: Segtree<Max<i32>> = a.into();
    for _ in 0..q {
        input! { t: u8, x: usize, v: i32 }
        match t {
            1 => st.set(x - 1, v),
            2 => println!("{}", st.prod(x - 1..v as usize)),
            _ => println!("{}", st.max_right(x - 1, |&m| m < v) + 1),
        }
    }
}
