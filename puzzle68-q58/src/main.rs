//! Puzzle68 Q58, cell-merge patterns (from the book "Algorithm Puzzle 68"; no online judge).
//!
//! Count the ways to split an N x M grid into rectangles, and the ways with no 1x1 block.
//!
//! Idea: mark each interior unit edge as cut or not. A set of cut edges is a split into
//! rectangles exactly when no interior corner has a dead end or an L-turn (either would give
//! a region a 360 or 270 degree corner). So both counts are transfer-matrix programmes that
//! sweep the interior corners row by row, carrying the vertical edges crossing the line:
//! - total: those W-1 bits and the edge left of the corner; each corner is an in-place
//!   butterfly over a flat array of 2^W counters;
//! - no 1x1: also, per column, whether the cell above the line is closed on top, left and
//!   right (about 2.6^W states): swept directly on key-indexed counters for narrow grids,
//!   otherwise as sorted sparse layers, one merge pass per stage.
//!
//! Counts are exact: one word when they fit, else fixed-width limbs sized by a
//! floating-point pass of the same programme.
//!
//! Entry points: `main` (the binary: input, memory check, both counts) is at the end of
//! the solution part, before the tests; `count_total` and `count_no_unit` are the two counts
//! (also used by `examples/table.rs` and `examples/bench.rs`); `no_unit_layers_with` and
//! `reference` exist for the tests.

use common::bignum::{add_limbs, BigUint};
use common::tokens::{check_ints, run_main};
use proconio::input;
use proconio::source::once::OnceSource;

/// Largest narrow side the sweeps take: their state keys hold 2W bits in a `u64`.
pub const MAX_TABLE_WIDTH: usize = 30;

/// A flat array of counters, one per profile state, on which corners act.
trait Counters {
    /// `self[dst] += self[src]`.
    fn add(&mut self, dst: usize, src: usize);
    /// Exchanges two counters.
    fn swap(&mut self, a: usize, b: usize);
    /// `self[dst] = self[src]`.
    fn copy(&mut self, dst: usize, src: usize);
}

/// Floating-point counters that rescale to avoid overflow; give log2 of the count.
struct Estimates {
    values: Vec<f64>,
    log2_scale: f64,
}

impl Counters for Estimates {
    fn add(&mut self, dst: usize, src: usize) {
        self.values[dst] += self.values[src];
    }
    fn swap(&mut self, a: usize, b: usize) {
        self.values.swap(a, b);
    }
    fn copy(&mut self, dst: usize, src: usize) {
        self.values[dst] = self.values[src];
    }
}

impl Estimates {
    fn rescale(&mut self) {
        let max = self.values.iter().cloned().fold(0.0, f64::max);
        if max > 0.0 {
            for v in self.values.iter_mut() {
                *v /= max;
            }
            self.log2_scale += max.log2();
        }
    }
}

/// Exact counters that fit in one word each (the common, judge-sized case).
/// Tried first, with no estimate: `overflow` records whether any sum failed to fit, and
/// then the caller recounts with enough limbs.
struct Words {
    values: Vec<u64>,
    overflow: bool,
}

impl Counters for Words {
    fn add(&mut self, dst: usize, src: usize) {
        let (sum, overflow) = self.values[dst].overflowing_add(self.values[src]);
        self.values[dst] = sum;
        self.overflow |= overflow;
    }
    fn swap(&mut self, a: usize, b: usize) {
        self.values.swap(a, b);
    }
    fn copy(&mut self, dst: usize, src: usize) {
        self.values[dst] = self.values[src];
    }
}

/// Exact counters of `width` limbs each.
struct Exact {
    limbs: Vec<u64>,
    width: usize,
}

impl Exact {
    fn new(states: usize, width: usize) -> Exact {
        Exact {
            limbs: vec![0; states * width],
            width,
        }
    }

    fn get(&self, i: usize) -> &[u64] {
        &self.limbs[i * self.width..(i + 1) * self.width]
    }

    /// Mutable counter `dst` and shared counter `src` (distinct).
    fn pair(&mut self, dst: usize, src: usize) -> (&mut [u64], &[u64]) {
        let w = self.width;
        if dst < src {
            let (lo, hi) = self.limbs.split_at_mut(src * w);
            (&mut lo[dst * w..(dst + 1) * w], &hi[..w])
        } else {
            let (lo, hi) = self.limbs.split_at_mut(dst * w);
            (&mut hi[..w], &lo[src * w..(src + 1) * w])
        }
    }
}

impl Counters for Exact {
    fn add(&mut self, dst: usize, src: usize) {
        let (d, s) = self.pair(dst, src);
        let carry = add_limbs(d, s);
        debug_assert!(!carry, "limb width too small");
    }
    fn swap(&mut self, a: usize, b: usize) {
        let w = self.width;
        for k in 0..w {
            self.limbs.swap(a * w + k, b * w + k);
        }
    }
    fn copy(&mut self, dst: usize, src: usize) {
        let w = self.width;
        self.limbs.copy_within(src * w..(src + 1) * w, dst * w);
    }
}

/// Narrow and long side of an n x m grid.
fn sides(n: usize, m: usize) -> (usize, usize) {
    (n.min(m), n.max(m))
}

/// Runs the total-count sweep over the h - 1 lines of an h-row grid on `counters` indexed
/// by `mask | left << (w-1)`, where `mask`
/// holds the W-1 vertical edges crossing the sweep line and `left` the horizontal edge left of
/// the current corner. `end_row` runs after each row of corners. Returns nothing: the
/// count is the sum over the `left = 0` half afterwards.
fn sweep_total<C: Counters>(counters: &mut C, w: usize, h: usize, mut end_row: impl FnMut(&mut C)) {
    sweep_total_with(counters, w, h, &mut end_row, &mut |c: &mut C, bit| {
        corner(c, bit, 1 << (w - 1), 0..1 << (w - 1))
    });
}

/// `sweep_total`, with `run_corner(counters, bit)` applying each corner.
fn sweep_total_with<C: Counters>(
    counters: &mut C,
    w: usize,
    h: usize,
    end_row: &mut impl FnMut(&mut C),
    run_corner: &mut impl FnMut(&mut C, usize),
) {
    let half = 1usize << (w - 1);
    // Start: any vertical edges in the first cell row, one way each (set by the caller).
    for _row in 1..h {
        // The first horizontal edge of the row touches the border: free, either value.
        for mask in 0..half {
            counters.copy(mask | half, mask);
        }
        for j in 0..w - 1 {
            run_corner(counters, 1 << j);
        }
        // The last horizontal edge touches the border: free, so both values count.
        for mask in 0..half {
            counters.add(mask, mask | half);
        }
        end_row(counters);
    }
}

/// The corner whose up edge is mask bit `bit`, for the masks `rests` (indices below `half`;
/// `half` is the `left` bit). Allowed (down, right) given (up, left): (0,0)->(0,0);
/// (1,0)->(1,0),(1,1); (0,1)->(0,1),(1,1); (1,1)->(1,0),(0,1),(1,1). In place, with
/// b, c, e the counters at 10, 01, 11: 01 = c+e, 10 = b+e, 11 = b+c+e.
fn corner<C: Counters>(counters: &mut C, bit: usize, half: usize, rests: std::ops::Range<usize>) {
    for rest in rests {
        if rest & bit != 0 {
            continue;
        }
        let (i10, i01) = (rest | bit, rest | half);
        let i11 = i10 | half;
        counters.add(i01, i11); // c + e
        counters.add(i11, i10); // b + e
        counters.swap(i10, i11); // i10 = b + e, i11 = b
        counters.add(i11, i01); // b + c + e
    }
}

/// `corner` on the exact counters of one quarter of the states: those whose top mask bit
/// (w-2) has one value, `lo` with left = 0 and `hi` with left = 1, `limbs` words each, indexed by
/// the mask without its top bit. `bit` must be below the top bit. For each mask r without
/// `bit` (s = r | bit): hi[r] += hi[s]; hi[s] += lo[s]; swap lo[s], hi[s]; hi[s] += hi[r].
fn corner_quarter(lo: &mut [u64], hi: &mut [u64], limbs: usize, bit: usize) {
    let quarter = lo.len() / limbs;
    for r in (0..quarter).filter(|r| r & bit == 0) {
        let (a, b) = (r * limbs, (r | bit) * limbs);
        let (hi_r, hi_s) = hi.split_at_mut(b);
        let (hi_r, hi_s) = (&mut hi_r[a..a + limbs], &mut hi_s[..limbs]);
        let lo_s = &mut lo[b..b + limbs];
        let mut carry = add_limbs(hi_r, hi_s);
        carry |= add_limbs(hi_s, lo_s);
        lo_s.swap_with_slice(hi_s);
        carry |= add_limbs(hi_s, hi_r);
        debug_assert!(!carry, "limb width too small");
    }
}

/// Arrays this large run their corners on two threads.
const PARALLEL_COUNTERS: usize = 1 << 14;

/// A corner on exact counters: by quarters (split by the top mask bit) for every corner but
/// the last, the two quarters on two threads when the array is large.
fn corner_exact(exact: &mut Exact, w: usize, bit: usize) {
    let half = 1usize << (w - 1);
    let quarter = half / 2;
    if w < 3 || bit == quarter {
        return corner(exact, bit, half, 0..half);
    }
    let limbs = exact.width;
    let (low, high) = exact.limbs.split_at_mut(half * limbs);
    let (q0, q1) = low.split_at_mut(quarter * limbs);
    let (q2, q3) = high.split_at_mut(quarter * limbs);
    if half < PARALLEL_COUNTERS {
        corner_quarter(q0, q2, limbs, bit);
        corner_quarter(q1, q3, limbs, bit);
        return;
    }
    std::thread::scope(|scope| {
        for (lo, hi) in [(q0, q2), (q1, q3)] {
            scope.spawn(move || corner_quarter(lo, hi, limbs, bit));
        }
    });
}

/// log2 of the number of splits of an n x m grid into rectangles, from floating point.
pub fn total_log2(n: usize, m: usize) -> f64 {
    let (w, h) = sides(n, m);
    let half = 1usize << (w - 1);
    let mut est = Estimates {
        values: vec![0.0; 2 * half],
        log2_scale: 0.0,
    };
    for v in est.values[..half].iter_mut() {
        *v = 1.0;
    }
    sweep_total(&mut est, w, h, |e| e.rescale());
    let sum: f64 = est.values[..half].iter().sum();
    sum.log2() + est.log2_scale
}

/// Limbs that hold any count up to 2^(log2 + margin).
fn limbs_for(log2: f64) -> usize {
    ((log2 + 2.0) / 64.0).floor() as usize + 1
}

/// The number of ways to split an n x m grid (n, m >= 1) into rectangles.
///
/// # Complexity
/// O(H * W * 2^W * L) time and O(2^W * L) memory for narrow side W, long side H and
/// L = limbs of the answer.
pub fn count_total(n: usize, m: usize) -> BigUint {
    let (w, h) = sides(n, m);
    let half = 1usize << (w - 1);
    // Small sizes fit in a word: try that first. Past area 100 the attempt is skipped, a
    // speed choice only (a 1 x 101 strip alone has 2^100 splits).
    if w * h <= 100 {
        let mut words = Words {
            values: vec![0; 2 * half],
            overflow: false,
        };
        words.values[..half].fill(1);
        // Half the lines, as for the no-1x1 count: the grid upside down is the same grid,
        // so the counts by the verticals of the middle row after b lines from the top are
        // those from the bottom, and the total pairs them (one more line when h - 1 is odd).
        let lines = h - 1;
        let below_lines = lines / 2;
        sweep_total(&mut words, w, below_lines + 1, |_| {});
        let below = words.values[..half].to_vec();
        if lines - below_lines > below_lines {
            sweep_total(&mut words, w, 2, |_| {});
        }
        let sum = words.values[..half]
            .iter()
            .zip(&below)
            .try_fold(0u64, |acc, (&a, &b)| acc.checked_add(a.checked_mul(b)?));
        if let (false, Some(total)) = (words.overflow, sum) {
            return BigUint::from(total);
        }
    }
    let limbs = limbs_for(total_log2(n, m));
    let mut exact = Exact::new(2 * half, limbs);
    for mask in 0..half {
        exact.limbs[mask * limbs] = 1;
    }
    sweep_total_with(&mut exact, w, h, &mut |_| {}, &mut |e: &mut Exact, bit| {
        corner_exact(e, w, bit)
    });
    let mut total = vec![0u64; limbs];
    for mask in 0..half {
        let carry = add_limbs(&mut total, exact.get(mask));
        debug_assert!(!carry);
    }
    BigUint::from_limbs(&total)
}

/// States of the no-1x1 sweep for width `w`, as `u64` keys. The sweep visits the interior
/// corners of each line between two cell rows, left to right; a state holds
/// - `left` (bit 0): the horizontal edge left of the current corner;
/// - `v` (bit 2j, 1 <= j < w): the vertical edge at corner column j, below the line where the
///   sweep has passed, above it where it has not;
/// - `f` (bit 2c + 1): the cell of column c next to the line (above it ahead of the sweep,
///   below it behind) is cut on its top, left and right, so a cut on its fourth side would
///   make it a 1x1 block.
///
/// A row is w + 1 stages: open (the first horizontal edge, on the border, takes both values),
/// one stage per interior corner, close (the last edge closes the row's last cell; `left` is
/// dropped). Stage c changes only bits 2c - 1, 2c and 0, so keys that agree elsewhere stay
/// together; `merge_stage` relies on it.
#[derive(Clone, Copy)]
struct Keys {
    w: usize,
}

impl Keys {
    /// The edge left of the current corner: bit 0.
    fn left_bit(self) -> u64 {
        1
    }
    /// Vertical edge at corner column j, 1 <= j < w: bit 2j.
    fn v_bit(self, j: usize) -> u64 {
        1 << (2 * j)
    }
    /// Cell column c closed on three sides, 0 <= c < w: bit 2c + 1.
    fn f_bit(self, c: usize) -> u64 {
        1 << (2 * c + 1)
    }
    /// All `f` bits.
    fn f_mask(self) -> u64 {
        (0..self.w).fold(0, |acc, c| acc | self.f_bit(c))
    }
    /// Vertical edge at corner column j (0 and w are the borders, always cut).
    fn v(self, key: u64, j: usize) -> bool {
        j == 0 || j == self.w || key & self.v_bit(j) != 0
    }
    /// States of the first cell row: any vertical edges; the top border closes every cell
    /// whose both sides are cut.
    fn first_row(self) -> impl Iterator<Item = u64> {
        self.vertical_edges().map(move |v| {
            (0..self.w)
                .filter(|&c| self.v(v, c) && self.v(v, c + 1))
                .fold(v, |key, c| key | self.f_bit(c))
        })
    }
    /// Every combination of the W-1 vertical edges, as keys.
    fn vertical_edges(self) -> impl Iterator<Item = u64> {
        (0..1u64 << (self.w - 1)).map(move |mask| {
            (1..self.w)
                .filter(|&j| mask >> (j - 1) & 1 == 1)
                .fold(0, |key, j| key | self.v_bit(j))
        })
    }
    /// Every state a row can begin in: any vertical edges `v`, and `f` set only where both
    /// sides of the cell are cut; F(2W+1) states, grouped by `v` (not in key order).
    fn starts(self) -> Vec<u64> {
        let mut all = Vec::new();
        for v in self.vertical_edges() {
            let closable = (0..self.w)
                .filter(|&c| self.v(v, c) && self.v(v, c + 1))
                .fold(0u64, |acc, c| acc | self.f_bit(c));
            let mut f = closable;
            loop {
                all.push(v | f);
                if f == 0 {
                    break;
                }
                f = (f - 1) & closable;
            }
        }
        all
    }

    /// A superset of the states stage `t` (1 <= t < w) can output, listed without sweeping:
    /// `left` either way, any vertical edges, and `f` only where it can be set. Behind the
    /// sweep (cell c < t, below the line) and ahead of it (c > t, above) a cell's `f` needs
    /// both its sides cut; the cell at t, above the line, keeps its `f` from the line before,
    /// of which only the right side (column t + 1) is still in the key.
    fn stage_outputs(self, t: usize, verticals: &[u64]) -> Vec<u64> {
        let f_mask = self.f_mask();
        let (left, f_t) = (self.left_bit(), self.f_bit(t));
        let mut all = Vec::with_capacity(4 << self.w);
        for &v in verticals {
            // Bits 2c and 2c + 2 of the edges (borders added) give cell c's f bit 2c + 1.
            let edges = v | 1 | 1 << (2 * self.w);
            let both = ((edges & (edges >> 2)) << 1) & f_mask;
            let settable = both
                | if (edges >> (2 * t + 2)) & 1 == 1 {
                    f_t
                } else {
                    0
                };
            let mut f = settable;
            loop {
                all.push(v | f);
                all.push(v | f | left);
                if f == 0 {
                    break;
                }
                f = (f - 1) & settable;
            }
        }
        all
    }

    /// Calls `out` with each successor of `key` through stage `stage` of a row.
    #[inline(always)]
    fn step(self, stage: usize, key: u64, out: &mut impl FnMut(u64)) {
        let w = self.w;
        let left_bit = self.left_bit();
        if stage == 0 {
            out(key);
            out(key | left_bit);
            return;
        }
        let left = key & left_bit != 0;
        if stage == w {
            let f_last = self.f_bit(w - 1);
            if !(left && key & f_last != 0) {
                let closed = left && self.v(key, w - 1);
                out((key & !(left_bit | f_last)) | if closed { f_last } else { 0 });
            }
            return;
        }
        let c = stage;
        let up_bit = self.v_bit(c);
        let f_bit = self.f_bit(c - 1);
        if left && key & f_bit != 0 {
            return; // the cell above-left would be a 1x1 block
        }
        // The new cell below-left is closed on top (`left`), left (the corner's left
        // vertical edge) and right (`down`): `f` is set for it when all three are cut.
        let closed = if left && self.v(key, c - 1) { f_bit } else { 0 };
        let base = key & !(up_bit | f_bit | left_bit);
        // Allowed (down, right) at a corner given (up, left): no dead end, no L-turn.
        match (key & up_bit != 0, left) {
            (false, false) => out(base),
            (true, false) => {
                out(base | up_bit);
                out(base | up_bit | left_bit);
            }
            (false, true) => {
                out(base | left_bit);
                out(base | up_bit | left_bit | closed);
            }
            (true, true) => {
                out(base | up_bit | closed);
                out(base | left_bit);
                out(base | up_bit | left_bit | closed);
            }
        }
    }
}

/// Widest state space (2W bits) swept directly by `no_unit_small`.
const SMALL_BITS: usize = 16;

/// The no-1x1 count for narrow grids whose total fits in a word: the same sweep, run
/// directly on counters indexed by the state key itself (2^(2W) of them), which is cheaper
/// than sparse layers while W is small. No counter can overflow: every partial
/// split counted in some state extends to at least one whole split, and distinct partial
/// splits to distinct whole ones, so all counters sum to at most the total.
///
/// Only half the lines are swept: the grid turned upside down is the same grid, so the
/// counts after b lines from the top are also those after b lines from the bottom, and a
/// split is a top part and a bottom part that meet in one cell row (see `join_halves`).
fn no_unit_small(keys: Keys, h: usize) -> u64 {
    let left_bit = keys.left_bit();
    // Stage 0 (open) only doubles each state with both values of `left`: it runs inside the
    // pass of stage 1. `inputs[s]`: the states pass `s` reads, the same for every line: the
    // start states, then what each stage can output (a superset, listed without sweeping:
    // states not reached are skipped by their zero count).
    let verticals: Vec<u64> = keys.vertical_edges().collect();
    let inputs: Vec<Vec<u64>> = std::iter::once(Vec::new())
        .chain(std::iter::once(keys.starts()))
        .chain((1..keys.w).map(|t| keys.stage_outputs(t, &verticals)))
        .collect();
    // Counters for all 2^16 keys: indexing by a `u16` needs no bounds checks.
    let zeros = || -> Box<[u64; 1 << SMALL_BITS]> {
        vec![0u64; 1 << SMALL_BITS]
            .into_boxed_slice()
            .try_into()
            .expect("2^16 counters")
    };
    let (mut current, mut next) = (zeros(), zeros());
    for key in keys.first_row() {
        current[key as u16 as usize] = 1;
    }
    // One line of interior corners, stage by stage.
    let mut sweep_line = |current: &mut Box<[u64; 1 << SMALL_BITS]>| {
        for (stage, states) in inputs.iter().enumerate().take(keys.w + 1).skip(1) {
            for &key in states {
                let count = std::mem::take(&mut current[key as u16 as usize]);
                if count == 0 {
                    continue; // not reached yet: the first lines reach only some states
                }
                let mut add = |k: u64| next[k as u16 as usize] += count;
                if stage == 1 {
                    keys.step(1, key, &mut add);
                    keys.step(1, key | left_bit, &mut add);
                } else {
                    keys.step(stage, key, &mut add);
                }
            }
            std::mem::swap(current, &mut next);
        }
    };
    // h - 1 lines: `below` from one side, `above` (one more when h - 1 is odd) from the other.
    let lines = h - 1;
    for _ in 0..lines / 2 {
        sweep_line(&mut current);
    }
    if lines % 2 == 0 {
        return join_halves(keys, &inputs[1], &current, &current);
    }
    let below = current.clone();
    sweep_line(&mut current);
    join_halves(keys, &inputs[1], &current, &below)
}

/// The splits of a grid whose cell row r is described from above by `above` and from below
/// by `below`. At a line boundary a state is the vertical edges `v` of the row and, per
/// cell, whether it is cut on the side it was reached from and on its left and right (`f`).
/// The two halves share `v`; a cell set in both is cut on all four sides, a 1x1 block.
/// After the sweep, states are start states again (rows never leave that set: a test checks
/// it), so reading only them loses nothing.
fn join_halves(
    keys: Keys,
    starts: &[u64],
    above: &[u64; 1 << SMALL_BITS],
    below: &[u64; 1 << SMALL_BITS],
) -> u64 {
    let f_mask = keys.f_mask();
    let mut total = 0;
    for &key in starts {
        let count = above[key as u16 as usize];
        if count == 0 {
            continue;
        }
        let (v, f) = (key & !f_mask, key & f_mask);
        // Cell c can be closed when the edges at columns c and c + 1 are cut: bits 2c and
        // 2c + 2 of `v` with the borders (bits 0 and 2w) added; its f bit is 2c + 1.
        let edges = v | 1 | 1 << (2 * keys.w);
        let closable = ((edges & (edges >> 2)) << 1) & f_mask;
        // Every f' that leaves out the cells `f` holds.
        let free = closable & !f;
        let mut g = free;
        loop {
            total += count * below[(v | g) as u16 as usize];
            if g == 0 {
                break;
            }
            g = (g - 1) & free;
        }
    }
    total
}

/// A layer of the no-1x1 sweep: the states with a nonzero count, in increasing key order,
/// and their counts, `limbs` words each.
#[derive(Default)]
struct Layer {
    keys: Vec<u64>,
    counts: Vec<u64>,
}

/// The no-1x1 count, holding only the current and the next layer: every stage is one merge
/// pass over the sorted current layer. A stage changes only the bits of its own column (two
/// adjacent bits, or one at close) and `left` (bit 0), so within a group of keys that agree
/// above those bits, the inputs sorted by (column bits, lower bits, left) map to outputs that
/// can be written in order into one run per value of the column bits; the runs, appended,
/// are the next layer, sorted again. No hashing and no sorting.
fn no_unit_layers(keys: Keys, h: usize, limbs: usize) -> BigUint {
    no_unit_layers_with(keys, h, limbs, PARALLEL_STATES)
}

/// `no_unit_layers`, merging layers of at least `parallel_from` states on two threads.
fn no_unit_layers_with(keys: Keys, h: usize, limbs: usize, parallel_from: usize) -> BigUint {
    let mut layer = Layer {
        keys: keys.first_row().collect(),
        counts: Vec::new(),
    };
    layer.keys.sort_unstable();
    layer.counts = vec![0; layer.keys.len() * limbs];
    for i in 0..layer.keys.len() {
        layer.counts[i * limbs] = 1;
    }
    let mut next = Layer::default();
    let mut spare = Layer::default();
    for _row in 1..h {
        for stage in 0..=keys.w {
            if layer.keys.len() >= parallel_from.max(2) {
                merge_stage_two(keys, stage, &layer, &mut next, &mut spare, limbs);
            } else {
                merge_stage(
                    keys,
                    stage,
                    layer.run(0..layer.keys.len(), limbs),
                    &mut next,
                    limbs,
                );
            }
            std::mem::swap(&mut layer, &mut next);
        }
    }
    let f_mask = keys.f_mask();
    let mut total = vec![0u64; limbs];
    for (i, &key) in layer.keys.iter().enumerate() {
        if key & f_mask == 0 {
            let carry = add_limbs(&mut total, &layer.counts[i * limbs..(i + 1) * limbs]);
            debug_assert!(!carry);
        }
    }
    BigUint::from_limbs(&total)
}

/// The bits above those a stage changes: keys that agree on them form a group, and a
/// group's outputs stay in the group.
fn group_shift(keys: Keys, stage: usize) -> usize {
    match stage {
        0 => 1,
        s if s < keys.w => 2 * s + 1,
        _ => 2 * keys.w,
    }
}

/// A stretch of a layer: keys and their counts.
#[derive(Clone, Copy)]
struct Run<'a> {
    keys: &'a [u64],
    counts: &'a [u64],
}

impl Layer {
    fn run(&self, range: std::ops::Range<usize>, limbs: usize) -> Run<'_> {
        Run {
            keys: &self.keys[range.clone()],
            counts: &self.counts[range.start * limbs..range.end * limbs],
        }
    }
}

/// Layers this large are merged on two threads.
const PARALLEL_STATES: usize = 1 << 16;

/// `merge_stage` on two threads: the input is cut between two groups near its middle, the
/// first half merged into `out` and the second into `spare` (kept across stages, so its
/// memory is reused), which is then appended. Sorted order holds because a group's outputs
/// stay in the group. Memory: the input, the output and half an output.
fn merge_stage_two(
    keys: Keys,
    stage: usize,
    input: &Layer,
    out: &mut Layer,
    spare: &mut Layer,
    limbs: usize,
) {
    let shift = group_shift(keys, stage);
    let n = input.keys.len();
    let mut cut = n / 2;
    while cut < n && input.keys[cut] >> shift == input.keys[cut - 1] >> shift {
        cut += 1;
    }
    let (first, second) = (input.run(0..cut, limbs), input.run(cut..n, limbs));
    std::thread::scope(|scope| {
        scope.spawn(|| merge_stage(keys, stage, second, spare, limbs));
        merge_stage(keys, stage, first, out, limbs);
    });
    out.keys.extend_from_slice(&spare.keys);
    out.counts.extend_from_slice(&spare.counts);
}

/// One stage of the sweep from `input` into `out` (see `no_unit_layers`).
fn merge_stage(keys: Keys, stage: usize, input: Run<'_>, out: &mut Layer, limbs: usize) {
    out.keys.clear();
    out.counts.clear();
    if stage == 0 {
        // Open: `left` (bit 0, clear on entry) takes both values; order is kept.
        for (i, &key) in input.keys.iter().enumerate() {
            let count = &input.counts[i * limbs..(i + 1) * limbs];
            for k in [key, key | keys.left_bit()] {
                out.keys.push(k);
                out.counts.extend_from_slice(count);
            }
        }
        return;
    }
    // The column bits this stage changes: f of column c-1 and v of corner c (bits 2c-1
    // and 2c) at corner c; f of the last column (bit 2w-1) at close.
    let (low_bit, width) = if stage < keys.w {
        (2 * stage - 1, 2)
    } else {
        (2 * keys.w - 1, 1)
    };
    let high_shift = group_shift(keys, stage);
    let column = |key: u64| ((key >> low_bit) & ((1 << width) - 1)) as usize;
    // The bits below the column's, without left.
    let below = |key: u64| key & ((1u64 << low_bit) - 1) & !1;
    // One output run per value of the column bits, for the current group.
    let mut runs: [Layer; 4] = std::array::from_fn(|_| Layer::default());
    // Outputs of one (group, lower bits) cell: index column * 2 + left.
    let mut cell = vec![0u64; 8 * limbs];
    let mut touched = [false; 8];
    let n = input.keys.len();
    let mut start = 0;
    while start < n {
        let group = input.keys[start] >> high_shift;
        let end = start
            + input.keys[start..]
                .iter()
                .take_while(|&&k| k >> high_shift == group)
                .count();
        // Within the group, the inputs of each column value form a run sorted by (lower
        // bits, left): walk them together, one value of the lower bits at a time.
        let group_keys = &input.keys[start..end];
        let run_start = |m: usize| start + group_keys.partition_point(|&k| column(k) < m);
        let mut at: [usize; 4] = std::array::from_fn(run_start);
        let stop: [usize; 4] = std::array::from_fn(|m| run_start(m + 1));
        loop {
            let current = (0..4)
                .filter(|&m| at[m] < stop[m])
                .map(|m| below(input.keys[at[m]]))
                .min();
            let Some(lower) = current else { break };
            for m in 0..4 {
                while at[m] < stop[m] && below(input.keys[at[m]]) == lower {
                    let i = at[m];
                    let count = &input.counts[i * limbs..(i + 1) * limbs];
                    keys.step(stage, input.keys[i], &mut |k| {
                        let slot = column(k) * 2 + (k & 1) as usize;
                        touched[slot] = true;
                        let carry = add_limbs(&mut cell[slot * limbs..(slot + 1) * limbs], count);
                        debug_assert!(!carry, "limb width too small");
                    });
                    at[m] += 1;
                }
            }
            let base = (group << high_shift) | lower;
            for slot in 0..8 {
                if std::mem::take(&mut touched[slot]) {
                    let run = &mut runs[slot / 2];
                    run.keys
                        .push(base | ((slot / 2) as u64) << low_bit | (slot & 1) as u64);
                    run.counts
                        .extend_from_slice(&cell[slot * limbs..(slot + 1) * limbs]);
                    cell[slot * limbs..(slot + 1) * limbs].fill(0);
                }
            }
        }
        for run in runs.iter_mut() {
            out.keys.append(&mut run.keys);
            out.counts.append(&mut run.counts);
        }
        start = end;
    }
}

/// The number of ways to split an n x m grid into rectangles with no 1x1 block.
///
/// # Complexity
/// O(H * W * S * L) time and O(S * L) memory (the current and next layer): S states per
/// stage (about 2.6^W), L limbs.
pub fn count_no_unit(n: usize, m: usize) -> BigUint {
    let (w, h) = sides(n, m);
    // The direct sweep counts in words: fine when the total fits in one, which holds for
    // every grid of area <= 49 (a test checks it) and is checked outright past that.
    if 2 * w <= SMALL_BITS && (w * h <= 49 || count_total(n, m).limbs().len() <= 1) {
        return BigUint::from(no_unit_small(Keys { w }, h));
    }
    no_unit_layers(Keys { w }, h, limbs_for(total_log2(n, m)))
}

/// `count_no_unit` for a caller that has the total already (`main`): it bounds the counts,
/// so nothing is computed twice.
pub fn count_no_unit_given_total(n: usize, m: usize, total: &BigUint) -> BigUint {
    let (w, h) = sides(n, m);
    if 2 * w <= SMALL_BITS && total.limbs().len() <= 1 {
        return BigUint::from(no_unit_small(Keys { w }, h));
    }
    let limbs = total.limbs().len().max(1);
    no_unit_layers(Keys { w }, h, limbs)
}

/// Bytes in a GiB, for the memory messages.
const GIB: f64 = (1u64 << 30) as f64;

/// An upper estimate of the memory both counts take for a `w`-wide, `h`-long grid, in
/// bytes. The total: 2^W counters of L limbs (L from the number of interior edges, which
/// bounds the count's bits) and the floating-point pass before it. The no-1x1 count: two
/// layers of about 2.6^W states of (16 + 8L) bytes, with growth slack and the two-thread
/// merge's half layer; the factor 7.5 is calibrated on the measured peaks (README: 126 MiB
/// at 14, 3.8 GiB at 17, 7.4 GiB at 18), which it exceeds.
fn memory_needed(w: usize, h: usize) -> u64 {
    let edges = (w.saturating_sub(1) * h + h.saturating_sub(1) * w) as f64;
    let limbs = (edges / 64.0).floor() + 1.0;
    let total = 2f64.powi(w as i32) * 8.0 * (limbs + 1.0);
    let no_unit = if 2 * w <= SMALL_BITS {
        2.0 * (1u64 << SMALL_BITS) as f64 * 8.0
    } else {
        7.5 * 2.6f64.powi(w as i32) * (16.0 + 8.0 * limbs)
    };
    (total.max(no_unit) + (64u64 << 20) as f64).min(u64::MAX as f64) as u64
}

/// `MemAvailable` of `/proc/meminfo`, in bytes; `None` where it cannot be read.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Reads `N` (a square) or `N M`.
fn parse(text: &str) -> Result<(usize, usize), String> {
    let count = check_ints(text, 1, 2, "the grid size (`N` or `N M`)")?;
    input! {
        from OnceSource::from(text),
        sizes: [i64; count],
    }
    let (n, m) = (sizes[0], *sizes.last().unwrap_or(&sizes[0]));
    for (name, value) in [("N", n), ("M", m)] {
        if value < 1 {
            return Err(format!(
                "{} = {} is not a grid side; sides are at least 1",
                name, value
            ));
        }
    }
    let (w, h) = sides(n.min(1 << 40) as usize, m.min(1 << 40) as usize);
    if w > MAX_TABLE_WIDTH {
        return Err(format!(
            "{n} x {m}: a narrow side above {MAX_TABLE_WIDTH} is past what the sweeps' state keys hold"
        ));
    }
    let need = memory_needed(w, h);
    if let Some(available) = available_memory() {
        if need > available {
            return Err(format!(
                "{n} x {m} would need about {:.1} GiB of memory and {:.1} GiB is available; \
                 the totals alone: `cargo run --release -p puzzle68-q58 --example table -- --total-only`",
                need as f64 / GIB,
                available as f64 / GIB
            ));
        }
    }
    Ok((n as usize, m as usize))
}

fn main() {
    run_main(|text| {
        let (n, m) = parse(text)?;
        let total = count_total(n, m);
        let no_unit = count_no_unit_given_total(n, m, &total);
        Ok(format!("{total}\n{no_unit}"))
    });
}

/// The ported reference method, an independent check for the tests.
#[cfg(test)]
#[path = "../baseline/reference.rs"]
mod reference;

/// The stress pair's plain enumeration (its `main` unused here), the other independent check.
#[cfg(test)]
#[allow(dead_code)]
#[path = "../examples/brute.rs"]
mod brute;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// OEIS A182275: splits of an n x n grid into rectangles, n = 1..12 (the published
    /// record; a(11) and a(12) are Steve Butler's, 2014).
    const PUBLISHED: [&str; 12] = [
        "1",
        "8",
        "322",
        "70878",
        "84231996",
        "535236230270",
        "18100579400986674",
        "3250879178100782348462",
        "3097923464622249063718465240",
        "15657867573050419014814618149422562",
        "419678195343896524683571751908598967042082",
        "59647666241586874002530830848160043213559146735474",
    ];

    #[test]
    fn totals_match_the_published_table_up_to_12() {
        for (i, expected) in PUBLISHED.iter().enumerate() {
            assert_eq!(
                count_total(i + 1, i + 1).to_string(),
                *expected,
                "n = {}",
                i + 1
            );
        }
    }

    /// Both counts against the plain enumeration of tilings for every N x M with N, M <= 5
    /// (both orientations: 25 grids), as README says.
    #[test]
    fn both_counts_equal_the_enumeration_on_every_grid_up_to_five_by_five() {
        let mut compared = 0;
        for n in 1..=5 {
            for m in 1..=5 {
                let (total, no_unit) = brute::brute_force(n, m);
                assert_eq!(
                    count_total(n, m).to_u128(),
                    Some(total as u128),
                    "{n} x {m}"
                );
                assert_eq!(
                    count_no_unit(n, m).to_u128(),
                    Some(no_unit as u128),
                    "{n} x {m}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 25);
    }

    /// `results.md` (the table tool's output, committed) holds what this code computes, for
    /// every value cheap enough to recompute here: totals for N = 1..16, no-1x1 for N = 1..10.
    #[test]
    fn results_md_matches_a_recomputation_of_its_cheap_rows() {
        let text = include_str!("../results.md");
        let mut compared = 0;
        for line in text
            .lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| N"))
        {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let n: usize = cells[1].parse().unwrap();
            if n <= 16 {
                assert_eq!(count_total(n, n).to_string(), cells[2], "total, N = {n}");
                compared += 1;
            }
            if n <= 10 {
                assert_eq!(count_no_unit(n, n).to_string(), cells[3], "no 1x1, N = {n}");
                compared += 1;
            }
        }
        assert_eq!(compared, 16 + 10);
    }

    /// 2 x 2 (8, 3) and 4 x 4 (70878, 1208) are the puzzle book's own figures (Algorithm
    /// Puzzle 68, Q58; `testcases/puzzle68-q58/sample-1`, `sample-2`), which the enumeration
    /// of `examples/brute.rs` reproduces; the strips are closed forms.
    #[test]
    fn samples_and_strips() {
        assert_eq!(
            (
                count_total(2, 2).to_string(),
                count_no_unit(2, 2).to_string()
            ),
            ("8".into(), "3".into())
        );
        assert_eq!(
            (
                count_total(4, 4).to_string(),
                count_no_unit(4, 4).to_string()
            ),
            ("70878".into(), "1208".into())
        );
        // A 1 x k strip: 2^(k-1) compositions of k; those with no part 1 number F(k-1).
        let (mut fib_prev, mut fib) = (1u128, 0u128); // F(-1), F(0)
        for k in 1..=100usize {
            assert_eq!(
                count_total(1, k).to_u128(),
                Some(1u128 << (k - 1)),
                "1 x {k}"
            );
            assert_eq!(count_no_unit(k, 1).to_u128(), Some(fib), "{k} x 1");
            (fib_prev, fib) = (fib, fib_prev + fib);
        }
    }

    use super::reference;

    #[test]
    fn agrees_with_the_ported_reference_up_to_7_by_7() {
        for n in 1..=7 {
            for m in n..=7 {
                // The reference runs once per shape; ours in both orientations.
                let (total, no_unit) = reference::Reference::new(n, m).counts();
                for (a, b) in [(n, m), (m, n)] {
                    assert_eq!(count_total(a, b).to_u128(), Some(total), "{a} x {b}");
                    assert_eq!(count_no_unit(a, b).to_u128(), Some(no_unit), "{a} x {b}");
                }
            }
        }
    }

    #[test]
    fn every_total_of_area_at_most_49_fits_in_a_word() {
        for w in 1..=7 {
            for h in w..=49 / w {
                assert!(count_total(w, h).bits() <= 64, "{w} x {h}");
            }
        }
    }

    #[test]
    fn direct_sweep_matches_the_layer_merge_for_narrow_grids() {
        for w in 1..=8 {
            // Only where the total fits in a word, as `count_no_unit` uses it.
            for h in [w, w + 1, w + 4]
                .into_iter()
                .filter(|&h| count_total(w, h).bits() <= 64)
            {
                let layers = no_unit_layers(Keys { w }, h, 1);
                assert_eq!(
                    BigUint::from(no_unit_small(Keys { w }, h)),
                    layers,
                    "{w} x {h}"
                );
            }
        }
    }

    #[test]
    fn layer_merge_on_two_threads_matches_one_thread() {
        for (w, h) in [(3, 5), (6, 9), (9, 9), (10, 12)] {
            let (keys, limbs) = (Keys { w }, limbs_for(total_log2(w, h)));
            // Threshold 2: every layer of two states or more is cut in two.
            let two = no_unit_layers_with(keys, h, limbs, 2);
            assert_eq!(
                two,
                no_unit_layers_with(keys, h, limbs, usize::MAX),
                "{w} x {h}"
            );
        }
    }

    #[test]
    fn a_row_maps_the_fibonacci_start_set_into_itself() {
        // The start set is every (v, f) with f only under cells cut on both sides: F(2W+1)
        // states. The direct sweep reads only those at row ends; check a row never leaves
        // them, and that a layer stays sorted and distinct through every stage.
        let (mut a, mut b) = (1usize, 1usize); // F(1), F(2)
        for w in 1..=10 {
            (a, b) = (a + b, a + 2 * b); // F(2w+1), F(2w+2)
            let keys = Keys { w };
            let mut starts = keys.starts();
            starts.sort_unstable(); // a layer is sorted
            assert_eq!(starts.len(), a, "w = {w}");
            let mut layer = Layer {
                keys: starts.clone(),
                counts: vec![1; starts.len()],
            };
            let mut next = Layer::default();
            for stage in 0..=w {
                merge_stage(keys, stage, layer.run(0..layer.keys.len(), 1), &mut next, 1);
                std::mem::swap(&mut layer, &mut next);
                assert!(
                    layer.keys.windows(2).all(|p| p[0] < p[1]),
                    "w = {w}, stage {stage}"
                );
            }
            let known: HashSet<u64> = starts.into_iter().collect();
            assert!(layer.keys.iter().all(|k| known.contains(k)), "w = {w}");
        }
    }

    #[test]
    fn stage_outputs_hold_every_state_a_stage_reaches() {
        // The direct sweep reads only the listed states: one missing would lose its count.
        for w in 1..=8 {
            let keys = Keys { w };
            let verticals: Vec<u64> = keys.vertical_edges().collect();
            let mut states: HashSet<u64> = keys.starts().into_iter().collect();
            for t in 1..w {
                let listed: HashSet<u64> = keys.stage_outputs(t, &verticals).into_iter().collect();
                let mut reached = HashSet::new();
                for &key in &states {
                    let mut put = |k: u64| {
                        reached.insert(k);
                    };
                    if t == 1 {
                        keys.step(1, key, &mut put);
                        keys.step(1, key | keys.left_bit(), &mut put);
                    } else {
                        keys.step(t, key, &mut put);
                    }
                }
                assert!(reached.is_subset(&listed), "w = {w}, stage {t}");
                states = reached;
            }
        }
    }

    #[test]
    fn the_grid_is_symmetric_in_its_sides() {
        for (n, m) in [(3, 7), (2, 9), (5, 6)] {
            assert_eq!(count_total(n, m), count_total(m, n));
            assert_eq!(count_no_unit(n, m), count_no_unit(m, n));
        }
    }

    #[test]
    fn rejects_bad_sizes_with_one_clear_line() {
        assert_eq!(parse("4"), Ok((4, 4)));
        assert_eq!(parse("1 7\n"), Ok((1, 7)));
        // Sizes past the old fixed limits are answered when memory allows.
        assert_eq!(parse("13"), Ok((13, 13)));
        assert_eq!(parse("2 1000000"), Ok((2, 1000000)));
        let cases = [
            ("", "input ended after 0 numbers"),
            ("0", "N = 0 is not a grid side"),
            ("3 -2", "M = -2 is not a grid side"),
            ("3 4 5", "unexpected extra input `5`"),
            ("seven", "`seven` is not an integer"),
            ("31", "past what the sweeps' state keys hold"),
            ("28 30", "GiB of memory"),
            (
                "1000000000000 2000000000000",
                "past what the sweeps' state keys hold",
            ),
        ];
        for (input, expected) in cases {
            let err = parse(input).unwrap_err();
            assert!(
                err.contains(expected),
                "{err:?} should mention {expected:?}"
            );
        }
    }
}
