//! ACL Practice L: flip ranges of a 0/1 array, count inversions (`LazySegtree`).
use ac_library::{LazySegtree, MapMonoid, Monoid};
use proconio::input;

/// (zeros, ones, inversions)
struct Inv;
impl Monoid for Inv {
    type S = (u64, u64, u64);
    fn identity() -> Self::S {
        (0, 0, 0)
    }
    fn binary_operation(a: &Self::S, b: &Self::S) -> Self::S {
        (a.0 + b.0, a.1 + b.1, a.2 + b.2 + a.1 * b.0)
    }
}

struct Flip;
impl MapMonoid for Flip {
    type M = Inv;
    type F = bool;
    fn identity_map() -> bool {
        false
    }
    fn mapping(&f: &bool, x: &(u64, u64, u64)) -> (u64, u64, u64) {
        if f {
            (x.1, x.0, x.0 * x.1 - x.2)
        } else {
            *x
        }
    }
    fn composition(&f: &bool, &g: &bool) -> bool {
        f ^ g
    }
}

fn main() {
    input! {
        n: usize,
        q: usize,
        a: [u8; n],
        queries: [(u8, usize, usize); q],
    }
    let init: Vec<_> = a
        .iter()
        .map(|&x| if x == 0 { (1, 0, 0) } else { (0, 1, 0) })
        .collect();
    let mut seg = LazySegtree::<Flip>::from(init);
    for (t, l, r) in queries {
        if t == 1 {
            seg.apply_range(l - 1..r, true);
        } else {
            println!("{}", seg.prod(l - 1..r).2);
        }
    }
}
