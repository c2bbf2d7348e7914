//! The Rush Hour solver of `boj-18139` as a tool.
//!
//! Reads boards from stdin, one per line: a bare 36-character board (`o` empty, `x` wall, `A`
//! the red car, `B`..`Z` others) or a database line `moves board cluster_size`. Prints one
//! line per board, `<moves> <steps>`: the optimal counts in each metric to bring the red car
//! onto the two rightmost cells of its row, or `-1 -1` when impossible. With `--solution`,
//! an optimal sequence in the moves metric follows, as `<vehicle><+/-><cells>` per move.
//! Uses every core (`--threads N` to choose). An invalid line stops the run with one error
//! line naming it.
//!
//!     cargo run --release -p boj-18139 --example rush [-- --solution] < boards.txt

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

use solution::{parse_letters, Metric, Puzzle};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Options {
    solution: bool,
    threads: usize,
}

fn options() -> Result<Options, String> {
    let mut opts = Options {
        solution: false,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--solution" => opts.solution = true,
            "--threads" => {
                opts.threads = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--threads takes a positive number")?
            }
            "-h" | "--help" => {
                println!("usage: rush [--solution] [--threads N] < boards");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument `{other}` (try --help)")),
        }
    }
    Ok(opts)
}

/// The board field of a line: the line itself, or the second of three fields.
fn board_of(line: &str) -> &str {
    let fields: Vec<&str> = line.split_whitespace().collect();
    match fields.as_slice() {
        [_, board, _] => board,
        _ => line.trim(),
    }
}

fn answer(puzzle: &Puzzle, with_solution: bool) -> String {
    let moves = puzzle.solve(Metric::Moves, None);
    let Some(moves) = moves else {
        return "-1 -1".to_string();
    };
    let steps = puzzle
        .solve(Metric::Steps, None)
        .map_or(-1, |s| s.cost as i64);
    let mut line = format!("{} {}", moves.cost, steps);
    if with_solution {
        for slide in &moves.slides {
            let label = puzzle.vehicles[slide.vehicle].label as char;
            line.push_str(&format!(" {}{:+}", label, slide.delta));
        }
    }
    line
}

fn run() -> Result<(), String> {
    let opts = options()?;
    let mut puzzles = Vec::new();
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| format!("line {}: {e}", i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let puzzle = parse_letters(board_of(&line)).map_err(|e| format!("line {}: {e}", i + 1))?;
        puzzles.push(puzzle);
    }
    // Threads take the next unsolved board from a shared counter: the database is sorted by
    // difficulty, so fixed chunks would leave one thread with all the hard ones.
    let next = AtomicUsize::new(0);
    let mut answers = vec![String::new(); puzzles.len()];
    let parts: Vec<Vec<(usize, String)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..opts.threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(puzzle) = puzzles.get(i) else {
                            break done;
                        };
                        done.push((i, answer(puzzle, opts.solution)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("solver thread"))
            .collect()
    });
    for (i, a) in parts.into_iter().flatten() {
        answers[i] = a;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for a in answers {
        writeln!(out, "{a}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() {
    if let Err(message) = run() {
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
