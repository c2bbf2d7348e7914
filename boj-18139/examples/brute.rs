//! BOJ 18139 by brute force, written apart from the solution: the judge's rules played
//! literally on a grid of ids with a plain BFS over whole grids. `make stress-18139` checks
//! the solution against it on random boards from `gen.rs`.

use std::collections::{HashSet, VecDeque};
use std::io::Read;

/// The judge's rules played literally on a grid of ids: one vehicle moves one cell per
/// step, and the red car may drive through the right edge of the exit row, cell by
/// cell, until it is gone. Plain BFS over whole grids in a std HashSet, up to 10 steps.
fn brute_force_judge(grid: &[u8; 36]) -> i32 {
    let mut seen: HashSet<[u8; 36]> = HashSet::new();
    let mut queue = VecDeque::from([(*grid, 0)]);
    seen.insert(*grid);
    while let Some((g, d)) = queue.pop_front() {
        if !g.contains(&1) {
            return d;
        }
        if d == 10 {
            continue;
        }
        for id in 1..=10u8 {
            let cells: Vec<usize> = (0..36).filter(|&i| g[i] == id).collect();
            if cells.is_empty() {
                continue;
            }
            let horizontal = cells.len() == 1 || cells[1] == cells[0] + 1;
            let stride: isize = if horizontal { 1 } else { 6 };
            for dir in [-1isize, 1] {
                // Cell entered by the move: beyond the front end in direction `dir`.
                let front = if dir > 0 {
                    *cells.last().unwrap()
                } else {
                    cells[0]
                } as isize;
                let target = front + dir * stride;
                let leaves_right = horizontal && dir > 0 && front % 6 == 5;
                let mut next = g;
                if leaves_right {
                    if id != 1 || front / 6 != 2 {
                        continue;
                    }
                    // The red car slides out through the exit: its front cell vanishes.
                    next[cells[0]] = 0;
                } else {
                    let off_board =
                        !(0..36).contains(&target) || (horizontal && (target / 6 != front / 6));
                    if off_board || g[target as usize] != 0 {
                        continue;
                    }
                    let back = if dir > 0 {
                        cells[0]
                    } else {
                        *cells.last().unwrap()
                    };
                    next[back] = 0;
                    next[target as usize] = id;
                }
                if seen.insert(next) {
                    queue.push_back((next, d + 1));
                }
            }
        }
    }
    -1
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let cells: Vec<u8> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let grid: [u8; 36] = cells.try_into().expect("36 cells");
    println!("{}", brute_force_judge(&grid));
}
