//! Random judge boards for BOJ 18139, shared by the stress generator (`examples/gen.rs`) and
//! the unit tests: one generator, so both draw the same boards from the same seeds. Not part
//! of the submission (the tests include it under `#[cfg(test)]`, which the bundler drops).

pub use testkit::Rng;

/// A random valid judge board: a red car (usually horizontal on the exit row) and up to
/// nine more vehicles of length 2 or 3 dropped where they fit.
pub fn random_board(rng: &mut Rng, max_vehicles: u64) -> [u8; 36] {
    let mut g = [0u8; 36];
    let place = |g: &mut [u8; 36], id: u8, horizontal: bool, len: usize, r: usize, c: usize| {
        let cells: Vec<usize> = (0..len)
            .map(|k| if horizontal { (r, c + k) } else { (r + k, c) })
            .filter(|&(r, c)| r < 6 && c < 6)
            .map(|(r, c)| r * 6 + c)
            .collect();
        if cells.len() == len && cells.iter().all(|&i| g[i] == 0) {
            for i in cells {
                g[i] = id;
            }
            true
        } else {
            false
        }
    };
    loop {
        let odd = rng.below(10) == 0;
        let horizontal = !odd || rng.below(2) == 0;
        let len = if rng.below(8) == 0 { 3 } else { 2 };
        let r = if odd { rng.below(6) } else { 2 } as usize;
        if place(&mut g, 1, horizontal, len, r, rng.below(6) as usize) {
            break;
        }
    }
    let wanted = 2 + rng.below(max_vehicles - 1) as u8;
    let mut id = 2;
    for _ in 0..200 {
        if id > wanted {
            break;
        }
        let horizontal = rng.below(2) == 0;
        let len = 2 + rng.below(2) as usize;
        if place(
            &mut g,
            id,
            horizontal,
            len,
            rng.below(6) as usize,
            rng.below(6) as usize,
        ) {
            id += 1;
        }
    }
    g
}

pub fn text_of(grid: &[u8; 36]) -> String {
    grid.chunks(6)
        .map(|row| {
            row.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        })
        .collect()
}
