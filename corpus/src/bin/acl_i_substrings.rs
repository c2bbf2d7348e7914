//! ACL Practice I: distinct substrings (`suffix_array`, `lcp_array`).
use ac_library::string::{lcp_array, suffix_array};
use proconio::input;

fn main() {
    input! {
        s: String,
    }
    let sa = suffix_array(&s);
    let lcp = lcp_array(&s, &sa);
    let n = s.len() as u64;
    println!(
        "{}",
        n * (n + 1) / 2 - lcp.iter().map(|&x| x as u64).sum::<u64>()
    );
}
