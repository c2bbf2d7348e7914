//! ACL Practice A: union-find queries (root re-export `ac_library::Dsu`).
use ac_library::Dsu;
use proconio::input;

fn main() {
    input! {
        n: usize,
        q: usize,
        queries: [(u8, usize, usize); q],
    }
    let mut dsu = Dsu::new(n);
    for (t, u, v) in queries {
        if t == 0 {
            dsu.merge(u, v);
        } else {
            println!("{}", u8::from(dsu.same(u, v)));
        }
    }
}
