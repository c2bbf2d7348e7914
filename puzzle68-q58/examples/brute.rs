//! Q58 by brute force, written apart from the solution: tile the grid from its first empty
//! cell with every rectangle that fits there, counting all tilings and those without a 1x1
//! piece. Feasible up to about 5 x 5; `make stress-q58` checks the solution against it.

use std::io::Read;

/// Plain enumeration: fill the first free cell (row-major) with every rectangle that
/// fits there, recursively; count all tilings and those without a 1x1 piece. The grid
/// is a bitmask of filled cells.
pub fn brute_force(n: usize, m: usize) -> (u64, u64) {
    fn go(filled: u32, full: u32, n: usize, m: usize, has_unit: bool) -> (u64, u64) {
        if filled == full {
            return (1, (!has_unit) as u64);
        }
        let first = (!filled).trailing_zeros() as usize;
        let (r, c) = (first / m, first % m);
        let mut counts = (0, 0);
        for height in 1..=n - r {
            for width in 1..=m - c {
                let mut rect = 0u32;
                for i in r..r + height {
                    for j in c..c + width {
                        rect |= 1 << (i * m + j);
                    }
                }
                if rect & filled != 0 {
                    break; // wider rectangles overlap too
                }
                let (a, b) = go(filled | rect, full, n, m, has_unit || height * width == 1);
                counts = (counts.0 + a, counts.1 + b);
            }
        }
        counts
    }
    go(0, ((1u64 << (n * m)) - 1) as u32, n, m, false)
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let v: Vec<usize> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let (n, m) = (v[0], *v.get(1).unwrap_or(&v[0]));
    let (total, no_unit) = brute_force(n, m);
    println!("{total}\n{no_unit}");
}
