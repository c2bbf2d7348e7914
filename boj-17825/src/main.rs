//! BOJ 17825 Dice Yut — https://www.acmicpc.net/problem/17825
//!
//! Ten dice values are known in advance; each turn moves one of four pieces along a yut
//! board with three shortcuts. The board is a small graph (33 cells, each with its score,
//! its next cell and, for the three blue cells, a shortcut). A depth-first search over the
//! choices of piece, skipping illegal landings, remembers the best score of every state it
//! solves: the turn and the positions as a multiset (pieces are interchangeable), so of the
//! 4^10 move sequences only the few thousand distinct states are ever solved.

use common::tokens::{check_ints, run_main};
use proconio::input;
use proconio::source::once::OnceSource;

const START: usize = 0;
const FINISH: usize = 32;
const TURNS: usize = 10;
const PIECES: usize = 4;

/// The board. Cells 1..=20 are the outer path 2, 4, ..., 40 (cell i scores 2i); 21..=23
/// the shortcut from 10, 24..=25 from 20, 26..=28 from 30; 29..=31 the shared 25, 30, 35,
/// which lead to the outer 40 (cell 20); 32 the finish.
struct Board {
    score: [u32; 33],
    next: [usize; 33],
    shortcut: [Option<usize>; 33],
}

fn board() -> Board {
    let mut score = [0; 33];
    let mut next = [FINISH; 33];
    let mut shortcut = [None; 33];
    for (cell, to) in next.iter_mut().enumerate().take(20) {
        *to = cell + 1;
    }
    for (cell, points) in score.iter_mut().enumerate().take(21) {
        *points = 2 * cell as u32;
    }
    let inner: [(usize, u32, usize); 11] = [
        (21, 13, 22),
        (22, 16, 23),
        (23, 19, 29),
        (24, 22, 25),
        (25, 24, 29),
        (26, 28, 27),
        (27, 27, 28),
        (28, 26, 29),
        (29, 25, 30),
        (30, 30, 31),
        (31, 35, 20),
    ];
    for (cell, points, to) in inner {
        score[cell] = points;
        next[cell] = to;
    }
    shortcut[5] = Some(21);
    shortcut[10] = Some(24);
    shortcut[15] = Some(26);
    Board {
        score,
        next,
        shortcut,
    }
}

impl Board {
    /// The cell a piece on `from` reaches with a roll of `roll`.
    fn step(&self, from: usize, roll: u32) -> usize {
        let mut cell = from;
        for i in 0..roll {
            if cell == FINISH {
                break;
            }
            cell = match (i, self.shortcut[from]) {
                (0, Some(turn)) => turn,
                _ => self.next[cell],
            };
        }
        cell
    }
}

/// The maximum total score for the ten rolls.
fn solve(rolls: &[u32; TURNS]) -> u32 {
    let board = board();
    let mut memo = Memo::default();
    best_from(&board, rolls, 0, [START; PIECES], &mut memo)
}

/// The best score still to come from `turn` with the pieces at `pieces` (sorted: pieces are
/// interchangeable, so positions are a multiset). Each state is solved once.
fn best_from(
    board: &Board,
    rolls: &[u32; TURNS],
    turn: usize,
    pieces: [usize; PIECES],
    memo: &mut Memo,
) -> u32 {
    if turn == TURNS {
        return 0;
    }
    // The last turn's states are the most numerous and each is met once: no memo there.
    if turn + 1 == TURNS {
        return legal_moves(board, rolls[turn], &pieces)
            .map(|(_, to)| board.score[to])
            .max()
            .unwrap_or(0);
    }
    let key = Memo::key(turn, &pieces);
    if let Some(best) = memo.get(key) {
        return best;
    }
    let mut best = 0;
    for (p, to) in legal_moves(board, rolls[turn], &pieces) {
        let mut next = pieces;
        next[p] = to;
        next.sort_unstable();
        best = best.max(board.score[to] + best_from(board, rolls, turn + 1, next, memo));
    }
    memo.insert(key, best);
    best
}

/// The moves a roll allows, as (piece, landing cell): a finished piece does not move, two
/// pieces on one cell (the start) make the same move, and no piece lands on another but at
/// the finish.
fn legal_moves<'a>(
    board: &'a Board,
    roll: u32,
    pieces: &'a [usize; PIECES],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    (0..PIECES).filter_map(move |p| {
        let from = pieces[p];
        if from == FINISH || (p > 0 && pieces[p - 1] == from) {
            return None;
        }
        let to = board.step(from, roll);
        (to == FINISH || !pieces.contains(&to)).then_some((p, to))
    })
}

/// Best scores by (turn, sorted positions), in an open-addressing table: a few thousand
/// states are reached, far fewer than the 4^10 move sequences. A slot holds
/// `(key + 1) << 32 | best`, 0 when empty, so the table starts as zeroed memory the
/// allocator hands out without writing it.
struct Memo {
    slots: Vec<u64>,
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            slots: vec![0; Memo::SLOTS],
        }
    }
}

impl Memo {
    const SLOTS: usize = 1 << 14;

    /// 4 bits of turn, 6 bits per position.
    fn key(turn: usize, pieces: &[usize; PIECES]) -> u32 {
        pieces.iter().fold(turn as u32, |k, &p| (k << 6) | p as u32)
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B1) >> 18) as usize
    }

    fn get(&self, key: u32) -> Option<u32> {
        let tag = u64::from(key) + 1;
        let mut i = Memo::slot(key);
        loop {
            match self.slots[i] {
                0 => return None,
                s if s >> 32 == tag => return Some(s as u32),
                _ => i = (i + 1) & (Memo::SLOTS - 1),
            }
        }
    }

    fn insert(&mut self, key: u32, value: u32) {
        let mut i = Memo::slot(key);
        while self.slots[i] != 0 {
            i = (i + 1) & (Memo::SLOTS - 1);
        }
        self.slots[i] = (u64::from(key) + 1) << 32 | u64::from(value);
    }
}

/// Reads and checks the ten rolls.
fn parse(text: &str) -> Result<[u32; TURNS], String> {
    check_ints(text, TURNS, TURNS, "the ten dice rolls")?;
    input! {
        from OnceSource::from(text),
        values: [i64; TURNS],
    }
    let mut rolls = [0; TURNS];
    for (i, &v) in values.iter().enumerate() {
        if !(1..=5).contains(&v) {
            return Err(format!("roll {}: {} is not a die value 1..5", i + 1, v));
        }
        rolls[i] = v as u32;
    }
    Ok(rolls)
}

fn main() {
    run_main(|text| parse(text).map(|rolls| solve(&rolls).to_string()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_from_the_problem_statement() {
        let cases = [
            ([1, 2, 3, 4, 1, 2, 3, 4, 1, 2], 190),
            ([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 133),
            ([5, 1, 2, 3, 4, 5, 5, 3, 2, 4], 214),
            ([5, 5, 5, 5, 5, 5, 5, 5, 5, 5], 130),
        ];
        for (rolls, expected) in cases {
            assert_eq!(solve(&rolls), expected, "{rolls:?}");
        }
    }

    #[test]
    fn rejects_bad_rolls_with_a_clear_message() {
        assert!(parse("1 2 3 4 5 1 2 3 4 6")
            .unwrap_err()
            .contains("roll 10: 6"));
        assert!(parse("1 2 3 4 5 1 2 3 4 0")
            .unwrap_err()
            .contains("not a die value"));
        assert!(parse("1 2 3").unwrap_err().contains("after 3 numbers"));
        assert!(parse("1 2 3 4 5 1 2 3 4 five")
            .unwrap_err()
            .contains("`five`"));
        assert_eq!(parse("5 5 5 5 5\n5 5 5 5 5\n"), Ok([5; 10]));
    }
}
