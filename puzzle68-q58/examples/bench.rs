//! Benchmark of the Q58 counts: the transfer-matrix method against a port of the reference
//! (memo over the bitmask of filled cells), side by side, then the fast method alone on
//! sizes the reference cannot reach. Times are medians of repeated runs in this process.
//!
//!     cargo run --release -p puzzle68-q58 --example bench
//!     ... --example bench -- --only reference|fast|none N    (one run, for instruction counts)

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[path = "../baseline/reference.rs"]
mod reference;

use std::hint::black_box;
use std::time::Instant;

fn median_secs(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    times[runs / 2]
}

fn fast(n: usize) -> (String, String) {
    (
        solution::count_total(n, n).to_string(),
        solution::count_no_unit(n, n).to_string(),
    )
}

fn slow(n: usize) -> (String, String) {
    let (t, u) = reference::Reference::new(n, n).counts();
    (t.to_string(), u.to_string())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--only") {
        let n: usize = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(7);
        match args.get(1).map(String::as_str) {
            Some("reference") => println!("{:?}", black_box(slow(n))),
            Some("fast") => println!("{:?}", black_box(fast(n))),
            _ => println!("{n}"),
        }
        return;
    }
    println!("## Q58: both counts for N x N, reference port vs transfer matrix (median wall time)");
    println!("| N | total | no 1x1 | reference | transfer matrix | speed-up |");
    println!("|---|---|---|---|---|---|");
    for n in 3..=7 {
        let expected = slow(n);
        assert_eq!(fast(n), expected, "the methods disagree at N = {n}");
        let runs = if n < 7 { 5 } else { 3 };
        let theirs = median_secs(runs, || {
            black_box(slow(black_box(n)));
        });
        let ours = median_secs(21, || {
            black_box(fast(black_box(n)));
        });
        println!(
            "| {n} | {} | {} | {:.3} ms | {:.3} ms | {:.0}x |",
            expected.0,
            expected.1,
            theirs * 1e3,
            ours * 1e3,
            theirs / ours
        );
    }
    println!("\n## Q58: transfer matrix alone (one run each)");
    println!("| N | total: seconds | no 1x1: seconds |");
    println!("|---|---|---|");
    for n in [8, 10, 12, 13, 14, 16, 18, 20] {
        let t = median_secs(1, || {
            black_box(solution::count_total(n, n));
        });
        let u = if n <= 14 {
            format!(
                "{:.3}",
                median_secs(1, || {
                    black_box(solution::count_no_unit(n, n));
                })
            )
        } else {
            "-".to_string()
        };
        println!("| {n} | {t:.3} | {u} |");
    }
}
