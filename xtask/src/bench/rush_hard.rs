//! `cargo xtask bench rush-hard-set`: finds the random judge boards hardest for the original
//! `rush_seed.c` and writes them to `boj-18139/data/hard_random.txt`, reproducibly.
//!
//! Boards come from the stress generator (`examples/boj-18139-gen <seed> <size>`) with seeds
//! 1..=N and sizes cycling 2..=10; the judge's boards are those with the red car (1)
//! horizontal, of length 2, on the exit row. Each is timed once under the original
//! (natively); the slowest 300 are timed 3 more times (median), the slowest 100 of those run
//! under callgrind, and the 10 that cost it the most instructions are kept, with their
//! answers checked against the judge binary and the plain grid BFS (`boj-18139-brute`).

use super::measure::{instructions, median, original, timed, valgrind_present};
use crate::engine::pool;
use crate::workspace::problems::Workspace;
use std::fs;
use std::path::{Path, PathBuf};

/// The committed set, read by `cargo xtask bench rush`.
pub const SET: &str = "boj-18139/data/hard_random.txt";

/// One board of the set.
pub struct HardBoard {
    pub seed: u64,
    pub size: u64,
    /// The original's instructions when the set was made (callgrind, gcc -O2).
    pub original_instructions: u64,
    /// 36 cells, `.` empty, `A` the red car, `B`.. the others (in id order).
    pub board: String,
}

impl HardBoard {
    /// The judge's input: six rows of six ids.
    pub fn input(&self) -> String {
        super::rush_input::judge_input(&self.board)
    }
}

/// Reads the committed set (lines `seed size instructions board`, `#` comments).
pub fn read_set(root: &Path) -> anyhow::Result<Vec<HardBoard>> {
    let path = root.join(SET);
    let text = fs::read_to_string(&path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    let mut boards = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || {
            anyhow::anyhow!(
                "{}:{}: expected `seed size instructions board`",
                path.display(),
                k + 1
            )
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [seed, size, instructions, board] = fields[..] else {
            return Err(bad());
        };
        if board.len() != 36 {
            return Err(anyhow::anyhow!(
                "{}:{}: a board has 36 cells",
                path.display(),
                k + 1
            ));
        }
        boards.push(HardBoard {
            seed: seed.parse().map_err(|_| bad())?,
            size: size.parse().map_err(|_| bad())?,
            original_instructions: instructions.parse().map_err(|_| bad())?,
            board: board.to_string(),
        });
    }
    Ok(boards)
}

/// The generator's ids (0 empty, 1 red) as a letter board, when it is one of the judge's:
/// the red car horizontal, of length 2, on the exit row (row 3).
fn judge_board(text: &str) -> Option<String> {
    let ids: Vec<u8> = text
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    if ids.len() != 36 {
        return None;
    }
    let red: Vec<usize> = (0..36).filter(|&i| ids[i] == 1).collect();
    if !(red.len() == 2 && red[0] / 6 == 2 && red[1] == red[0] + 1 && red[1] / 6 == 2) {
        return None;
    }
    Some(
        ids.iter()
            .map(|&id| {
                if id == 0 {
                    '.'
                } else {
                    (b'A' + id - 1) as char
                }
            })
            .collect(),
    )
}

/// The screening: boards timed again (median of 3) among the slowest by one native run,
/// counted by callgrind among those, and kept in the set.
const SCREENED_AGAIN: usize = 300;
const COUNTED: usize = 100;
const KEPT: usize = 10;

/// Native wall time of one run, in seconds.
fn native_seconds(program: &Path, input: &str) -> anyhow::Result<f64> {
    Ok(timed(program, &[], input.as_bytes())?.1)
}

/// Regenerates the set from `boards` seeds.
pub fn regenerate(ws: &Workspace, boards: u64) -> anyhow::Result<bool> {
    if !valgrind_present() {
        return Err(anyhow::anyhow!(
            "valgrind is needed to count the original's instructions"
        ));
    }
    super::rush_input::build_rush()?;
    let Some(seed_program) = original(ws, "rush_seed.c", "gcc")? else {
        return Err(anyhow::anyhow!(
            "the original rush_seed.c is needed (../shared/seeds/)"
        ));
    };
    let release = ws.target.join("release");
    let programs = Programs {
        original: seed_program,
        judge: release.join("boj-18139"),
        brute: release.join("examples/boj-18139-brute"),
        workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
    };
    let candidates = programs.generate(&release.join("examples/boj-18139-gen"), boards)?;
    let inputs: Vec<String> = candidates
        .iter()
        .map(|(_, _, b)| super::rush_input::judge_input(b))
        .collect();
    let slow = programs.slowest(&inputs)?;
    let (hardest, wrong) = programs.hardest(&candidates, &inputs, &slow)?;
    let wrong_count = wrong.len();
    let wrong = if wrong.is_empty() {
        "none".to_string()
    } else {
        wrong.join(", ")
    };
    println!(
        "the original answers {wrong_count} of the {} wrongly: {wrong}",
        slow.len(),
    );
    let mut lines = String::new();
    lines.push_str(&format!(
        "# The ten random judge boards hardest for the original rush_seed.c (gcc -O2, callgrind,\n\
         # whole process), of {} judge boards from the stress generator, seeds 1..={boards}, sizes\n\
         # 2..=10 (screened by native time, the slowest 100 counted). Made by:\n\
         #     cargo xtask bench rush-hard-set --boards {boards}\n\
         # Left out, answered wrongly by the original: {wrong}.\n\
         # seed size original_instructions board (. empty, A the red car, B.. the others)\n",
        candidates.len(),
    ));
    for (count, i, answer) in &hardest {
        let (seed, size, board) = &candidates[*i];
        println!("seed {seed:>6} size {size:>2}: {count} instructions, answer {answer}");
        lines.push_str(&format!("{seed} {size} {count} {board}\n"));
    }
    let path = ws.root.join(SET);
    fs::write(&path, lines).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    println!("written: {}", path.display());
    Ok(true)
}

/// The programs a regeneration runs, and how many at once.
struct Programs {
    original: PathBuf,
    judge: PathBuf,
    brute: PathBuf,
    workers: usize,
}

impl Programs {
    /// Step 1: the judge's boards among `boards` generated ones: (seed, size, board).
    fn generate(&self, gen: &Path, boards: u64) -> anyhow::Result<Vec<(u64, u64, String)>> {
        let seeds: Vec<u64> = (1..=boards).collect();
        let made = pool::map(
            &seeds,
            self.workers,
            |&seed| -> anyhow::Result<Option<(u64, u64, String)>> {
                let size = 2 + (seed - 1) % 9;
                let (text, _) = timed(gen, &[&seed.to_string(), &size.to_string()], b"")?;
                Ok(judge_board(&text).map(|b| (seed, size, b)))
            },
        );
        let mut candidates = Vec::new();
        for r in made {
            if let Some(c) = r?? {
                candidates.push(c);
            }
        }
        println!(
            "{} boards generated (seeds 1..={boards}, sizes 2..=10), {} of them the judge's",
            boards,
            candidates.len()
        );
        Ok(candidates)
    }

    /// Step 2: screened by the original's native time: once each, then the slowest 300 again;
    /// the slowest 100 (median of 3 seconds, index into `inputs`), slowest first.
    fn slowest(&self, inputs: &[String]) -> anyhow::Result<Vec<(f64, usize)>> {
        let once = pool::map(inputs, self.workers, |input| {
            native_seconds(&self.original, input)
        });
        let mut order: Vec<(f64, usize)> = Vec::new();
        for (i, r) in once.into_iter().enumerate() {
            order.push((r??, i));
        }
        order.sort_by(|a, b| b.0.total_cmp(&a.0));
        order.truncate(SCREENED_AGAIN);
        let again = pool::map(&order, 1, |&(_, i)| -> anyhow::Result<f64> {
            let mut xs = Vec::new();
            for _ in 0..3 {
                xs.push(native_seconds(&self.original, &inputs[i])?);
            }
            Ok(median(xs))
        });
        let mut slow: Vec<(f64, usize)> = Vec::new();
        for (r, &(_, i)) in again.into_iter().zip(order.iter()) {
            slow.push((r??, i));
        }
        slow.sort_by(|a, b| b.0.total_cmp(&a.0));
        slow.truncate(COUNTED);
        println!(
            "slowest under the original: {:.1} ms to {:.1} ms (median of 3), the 100 slowest to callgrind",
            slow[0].0 * 1e3,
            slow[slow.len() - 1].0 * 1e3
        );
        Ok(slow)
    }

    /// Step 3: the slowest hundred's instructions counted and their answers checked: the judge
    /// binary must agree with the plain grid BFS; a board the original answers wrongly (its
    /// table of visited boards is indexed by occupancy modulo a prime, collisions
    /// unchecked) is noted and left out, since the set compares answers too. The ten
    /// hardest (instructions, index, answer), and the wrong ones.
    #[allow(clippy::type_complexity)]
    fn hardest(
        &self,
        candidates: &[(u64, u64, String)],
        inputs: &[String],
        slow: &[(f64, usize)],
    ) -> anyhow::Result<(Vec<(u64, usize, String)>, Vec<String>)> {
        let counted = pool::map(
            slow,
            self.workers,
            |&(_, i)| -> anyhow::Result<(u64, [String; 3])> {
                let count = instructions(&self.original, &[], inputs[i].as_bytes())?;
                let mut answers: [String; 3] = Default::default();
                for (k, p) in [&self.original, &self.judge, &self.brute]
                    .iter()
                    .enumerate()
                {
                    answers[k] = timed(p, &[], inputs[i].as_bytes())?.0.trim().to_string();
                }
                Ok((count, answers))
            },
        );
        let mut hardest: Vec<(u64, usize, String)> = Vec::new();
        let mut wrong = Vec::new();
        for (r, &(_, i)) in counted.into_iter().zip(slow.iter()) {
            let (count, [original_answer, ours, plain]) = r??;
            let seed = candidates[i].0;
            if ours != plain {
                return Err(anyhow::anyhow!(
                    "seed {seed}: the judge binary says {ours}, the plain grid BFS {plain}"
                ));
            }
            if original_answer != plain {
                wrong.push(format!("seed {seed} ({original_answer} for {plain})"));
                continue;
            }
            hardest.push((count, i, plain));
        }
        hardest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        hardest.truncate(KEPT);
        Ok((hardest, wrong))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_boards_with_a_horizontal_red_car_of_two_on_row_three_are_the_judges() {
        let mut ids = vec!["0"; 36];
        ids[13] = "1";
        ids[14] = "1";
        ids[0] = "2";
        ids[6] = "2";
        let board = judge_board(&ids.join(" ")).unwrap();
        assert_eq!(&board[..16], "B.....B......AA.");
        ids[14] = "0";
        ids[19] = "1"; // vertical
        assert!(judge_board(&ids.join(" ")).is_none());
        ids[19] = "0";
        ids[7] = "1";
        ids[8] = "1";
        ids[13] = "0"; // on row 2
        assert!(judge_board(&ids.join(" ")).is_none());
        let mut truck = vec!["0"; 36];
        truck[12] = "1";
        truck[13] = "1";
        truck[14] = "1";
        assert!(judge_board(&truck.join(" ")).is_none());
    }
}
