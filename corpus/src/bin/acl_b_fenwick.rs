//! ACL Practice B: point add, range sum (module path `ac_library::fenwicktree`).
use ac_library::fenwicktree::FenwickTree;
use proconio::input;

fn main() {
    input! {
        n: usize,
        q: usize,
        a: [i64; n],
    }
    let mut ft = FenwickTree::new(n, 0i64);
    for (i, x) in a.into_iter().enumerate() {
        ft.add(i, x);
    }
    for _ in 0..q {
        input! { t: u8, x: usize, y: i64 }
        if t == 0 {
            ft.add(x, y);
        } else {
            println!("{}", ft.sum(x..y as usize));
        }
    }
}
