//! One line per N x N size: `N total no_1x1` (or `N total` with `--total-only`), so large
//! totals need not wait for the slower no-1x1 count. Timing and peak memory go to stderr.
//!
//!     cargo run --release -p puzzle68-q58 --example table -- --from 1 --to 12 [--total-only]

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use std::time::Instant;

/// Largest square whose no-1x1 count fits in this machine's 24 GiB.
const MAX_NO_UNIT: usize = 18;

struct Options {
    from: usize,
    to: usize,
    total_only: bool,
}

fn options() -> Result<Options, String> {
    let mut opts = Options {
        from: 1,
        to: 8,
        total_only: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| {
            args.next()
                .and_then(|v| v.parse::<usize>().ok())
                .filter(|&n| (1..=solution::MAX_TABLE_WIDTH).contains(&n))
                .ok_or(format!(
                    "{name} takes a size from 1 to {}",
                    solution::MAX_TABLE_WIDTH
                ))
        };
        match arg.as_str() {
            "--from" => opts.from = number("--from")?,
            "--to" => opts.to = number("--to")?,
            "--total-only" => opts.total_only = true,
            "-h" | "--help" => {
                println!("usage: table [--from A] [--to B] [--total-only]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument `{other}` (try --help)")),
        }
    }
    if opts.from > opts.to {
        return Err(format!("--from {} is past --to {}", opts.from, opts.to));
    }
    if !opts.total_only && opts.to > MAX_NO_UNIT {
        return Err(format!(
            "the no-1x1 count past {MAX_NO_UNIT} x {MAX_NO_UNIT} needs more memory than this \
             machine has (about 2.6x more per size; 17 takes 2.8 GiB); add --total-only"
        ));
    }
    Ok(opts)
}

/// Peak resident memory of this process so far, from /proc (Linux), in MiB.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn main() {
    let opts = match options() {
        Ok(o) => o,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(1);
        }
    };
    for n in opts.from..=opts.to {
        let started = Instant::now();
        let total = solution::count_total(n, n);
        let total_secs = started.elapsed().as_secs_f64();
        if opts.total_only {
            println!("{n} {total}");
        } else {
            let started = Instant::now();
            let no_unit = solution::count_no_unit(n, n);
            let secs = started.elapsed().as_secs_f64();
            println!("{n} {total} {no_unit}");
            eprintln!("# {n}: no-1x1 {secs:.3} s");
        }
        eprintln!(
            "# {n}: total {total_secs:.3} s, peak memory {:.0} MiB",
            peak_mib().unwrap_or(0.0)
        );
    }
}
