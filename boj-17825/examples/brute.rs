//! BOJ 17825 by brute force, written apart from the solution: the board as four routes of
//! explicit scores, and all 4^10 ways to give the rolls to the pieces. `make stress-17825`
//! checks the solution against it on random rolls from `gen.rs`.

use std::io::Read;

/// An independent model of the board: four routes as explicit score lists, a piece as
/// (route, index). A piece that starts a move on outer 10, 20 or 30 switches route.
const ROUTES: [&[u32]; 4] = [
    &[
        0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
    ],
    &[10, 13, 16, 19, 25, 30, 35, 40],
    &[20, 22, 24, 25, 30, 35, 40],
    &[30, 28, 27, 26, 25, 30, 35, 40],
];

/// A number naming the physical cell, so shared cells compare equal across routes;
/// None once the piece is off the board.
fn cell_id(route: usize, idx: usize) -> Option<u32> {
    let len = ROUTES[route].len();
    if idx >= len {
        return None;
    }
    let score = ROUTES[route][idx];
    Some(if score == 40 {
        1000
    } else if route == 0 || idx == 0 {
        score // the outer path, including the blue cells where shortcuts begin
    } else if idx + 4 >= len {
        100 + score // 25, 30, 35 in the centre, shared by all shortcuts
    } else {
        200 * route as u32 + score
    })
}

fn brute_force(rolls: &[u32; 10]) -> u32 {
    let mut best = 0;
    // All 4^10 assignments of rolls to pieces, as base-4 numbers.
    for code in 0..(1u32 << 20) {
        let mut pos = [(0usize, 0usize); 4];
        let mut total = 0;
        let mut legal = true;
        for (turn, &roll) in rolls.iter().enumerate() {
            let p = ((code >> (2 * turn)) & 3) as usize;
            let (mut route, mut idx) = pos[p];
            if idx >= ROUTES[route].len() {
                legal = false;
                break;
            }
            if route == 0 && [10, 20, 30].contains(&ROUTES[0][idx]) {
                route = (ROUTES[0][idx] / 10) as usize;
                idx = 0;
            }
            idx += roll as usize;
            let landing = cell_id(route, idx);
            if landing.is_some() && (0..4).any(|q| q != p && cell_id(pos[q].0, pos[q].1) == landing)
            {
                legal = false;
                break;
            }
            pos[p] = (route, idx);
            total += ROUTES[route].get(idx).copied().unwrap_or(0);
        }
        if legal {
            best = best.max(total);
        }
    }
    best
}

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let rolls: Vec<u32> = text
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let rolls: [u32; 10] = rolls.try_into().expect("ten rolls");
    println!("{}", brute_force(&rolls));
}
