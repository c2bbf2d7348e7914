//! Baseline for the benchmark: our port of the reference approach that `boj-18139` replaces,
//! written from its description (its code is not here).
//!
//! Depth-limited DFS over whole boards, one cell per step, pruned by a table indexed by the
//! board's polynomial hash modulo a prime that remembers the smallest depth each hash was
//! reached at. Collisions are not handled (two boards with one hash share an entry), which
//! is why the reference answers some boards wrongly; the port keeps that flaw, and serves
//! for speed comparison only. Reads the judge's input; prints the answer, or with `--nodes` the number
//! of boards it visited.

use std::io::Read;

const N: usize = 6;
const LIMIT: usize = 10;
const PRIME: u64 = 1_000_003;

struct Search {
    board: [[u8; N]; N],
    seen: Vec<u8>,
    best: usize,
    nodes: u64,
}

impl Search {
    fn hash(&self) -> usize {
        let mut h = 0u64;
        for row in &self.board {
            for &cell in row {
                h = (h * 11 + cell as u64) % PRIME;
            }
        }
        h as usize
    }

    /// Cells of vehicle `id`, in board order.
    fn cells(&self, id: u8) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for r in 0..N {
            for c in 0..N {
                if self.board[r][c] == id {
                    out.push((r, c));
                }
            }
        }
        out
    }

    fn dfs(&mut self, depth: usize) {
        self.nodes += 1;
        if depth >= self.best {
            return;
        }
        // The red car drives off when its row is clear to the right of it.
        let red = self.cells(1);
        let (r, front) = red[red.len() - 1];
        let horizontal = red.len() > 1 && red[0].0 == red[1].0;
        if horizontal && r == 2 && (front + 1..N).all(|c| self.board[r][c] == 0) {
            self.best = self.best.min(depth + (N - 1 - front) + red.len());
            return;
        }
        for id in 1..=10u8 {
            let cells = self.cells(id);
            if cells.is_empty() {
                continue;
            }
            let horizontal = cells.len() > 1 && cells[0].0 == cells[1].0;
            for forward in [false, true] {
                let (r, c) = if forward {
                    cells[cells.len() - 1]
                } else {
                    cells[0]
                };
                let (back_r, back_c) = if forward {
                    cells[0]
                } else {
                    cells[cells.len() - 1]
                };
                let (tr, tc) = match (horizontal, forward) {
                    (true, true) => (r as isize, c as isize + 1),
                    (true, false) => (r as isize, c as isize - 1),
                    (false, true) => (r as isize + 1, c as isize),
                    (false, false) => (r as isize - 1, c as isize),
                };
                let inside = tr >= 0 && tc >= 0 && (tr as usize) < N && (tc as usize) < N;
                if !inside || self.board[tr as usize][tc as usize] != 0 {
                    continue;
                }
                let (tr, tc) = (tr as usize, tc as usize);
                self.board[back_r][back_c] = 0;
                self.board[tr][tc] = id;
                let h = self.hash();
                if (self.seen[h] as usize) > depth + 1 {
                    self.seen[h] = (depth + 1) as u8;
                    self.dfs(depth + 1);
                }
                self.board[tr][tc] = 0;
                self.board[back_r][back_c] = id;
            }
        }
    }
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).expect("stdin");
    let values: Vec<u8> = text
        .split_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    let mut board = [[0u8; N]; N];
    for (i, v) in values.iter().take(N * N).enumerate() {
        board[i / N][i % N] = *v;
    }
    let mut search = Search {
        board,
        seen: vec![u8::MAX; PRIME as usize],
        best: LIMIT + 1,
        nodes: 0,
    };
    search.dfs(0);
    if std::env::args().any(|a| a == "--nodes") {
        println!("{}", search.nodes);
    } else if search.best <= LIMIT {
        println!("{}", search.best);
    } else {
        println!("-1");
    }
}
