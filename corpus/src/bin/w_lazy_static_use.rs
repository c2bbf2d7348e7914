// lazy_static imported by name (`use lazy_static::lazy_static;`), not `#[macro_use]`: its
// `#[macro_export(local_inner_macros)]` calls `__lazy_static_internal!` bare, which must
// still mean the crate's own macro once the crate is a module of the bundle.
use lazy_static::lazy_static;
use proconio::input;

lazy_static! {
    static ref SQ: Vec<u32> = {
        let mut v = Vec::new();
        for i in 0..100 {
            v.push(i * i);
        }
        v
    };
}

fn main() {
    input! { i: usize }
    println!("{}", SQ[i]);
}
