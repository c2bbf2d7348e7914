// superslice: lower_bound, upper_bound and equal_range on a sorted slice.
use proconio::input;
use superslice::*;

fn main() {
    input! { n: usize, q: usize, a: [i64; n], xs: [i64; q] }
    for x in xs {
        let r = a.equal_range(&x);
        println!("{} {} {:?}", a.lower_bound(&x), a.upper_bound(&x), r);
    }
}
