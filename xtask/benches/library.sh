#!/usr/bin/env bash
# Issue 51's figures: a solution on a large personal library. A scratch clone of this
# workspace gets a generated library OUTSIDE its folder (207 files, about 20,000 lines: a
# reader, a writer, a segment tree and 204 filler modules of generic code; `rayon` declared
# and called from one module no solution reaches; a dev-dependency on a sibling that is not
# there), a problem (point updates and range sums) on it and on the workspace's `common`
# (two path libraries, one outside the workspace folder), and then:
#   `xtask submit` of it (first time), after a one-line edit, with nothing changed, and a
#   warm `submit 17825 --force --fresh` beside each (the ratio's baseline), medians of N.
#
#   xtask/benches/library.sh [N (3)]
set -euo pipefail
root=$(git rev-parse --show-toplevel)
n=${1:-3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cargo build -q --manifest-path "$root/xtask/Cargo.toml"
tool="$root/xtask/target/debug/xtask"
ws="$scratch/ws"
git clone -q "$root" "$ws"
lib="$scratch/biglib"
mkdir -p "$lib/src"
cat > "$lib/Cargo.toml" <<'TOML'
[package]
name = "biglib"
version = "0.1.0"
edition = "2021"

[dependencies]
rayon = "1"

[dev-dependencies]
sibling = { path = "../sibling" }
TOML
{
    echo "pub mod io;"
    echo "pub mod seg;"
    echo "pub mod par;"
    for k in $(seq -w 1 204); do echo "pub mod gen$k;"; done
    echo "#[cfg(test)]"
    echo "mod tests;"
} > "$lib/src/lib.rs"
cat > "$lib/src/io.rs" <<'RS'
use std::io::{BufRead, Write};
pub struct Reader<R: BufRead> { inner: R, words: Vec<String> }
impl<R: BufRead> Reader<R> {
    pub fn new(inner: R) -> Self { Reader { inner, words: Vec::new() } }
    pub fn next<T: std::str::FromStr>(&mut self) -> T {
        loop {
            if let Some(w) = self.words.pop() {
                return w.parse().ok().expect("a number");
            }
            let mut line = String::new();
            if self.inner.read_line(&mut line).unwrap() == 0 { panic!("end of input"); }
            self.words = line.split_whitespace().rev().map(String::from).collect();
        }
    }
}
pub struct Writer<W: Write> { out: std::io::BufWriter<W> }
impl<W: Write> Writer<W> {
    pub fn new(w: W) -> Self { Writer { out: std::io::BufWriter::new(w) } }
    pub fn line<T: std::fmt::Display>(&mut self, v: T) { writeln!(self.out, "{v}").unwrap(); }
}
RS
cat > "$lib/src/seg.rs" <<'RS'
pub struct SegTree<T, F> { n: usize, t: Vec<T>, id: T, op: F }
impl<T: Copy, F: Fn(T, T) -> T> SegTree<T, F> {
    pub fn new(n: usize, id: T, op: F) -> Self { SegTree { n, t: vec![id; 2 * n], id, op } }
    pub fn set(&mut self, i: usize, v: T) {
        let mut i = i + self.n;
        self.t[i] = v;
        while i > 1 { i /= 2; self.t[i] = (self.op)(self.t[2 * i], self.t[2 * i + 1]); }
    }
    pub fn fold(&self, l: usize, r: usize) -> T {
        let (mut l, mut r) = (l + self.n, r + self.n);
        let (mut a, mut b) = (self.id, self.id);
        while l < r {
            if l & 1 == 1 { a = (self.op)(a, self.t[l]); l += 1; }
            if r & 1 == 1 { r -= 1; b = (self.op)(self.t[r], b); }
            l /= 2; r /= 2;
        }
        (self.op)(a, b)
    }
}
RS
cat > "$lib/src/par.rs" <<'RS'
use rayon::prelude::*;
pub fn stress_all(seeds: &[u64]) -> u64 { seeds.par_iter().map(|s| s ^ 1).sum() }
RS
for k in $(seq -w 1 204); do
    {
        echo "//! Generated filler module $k."
        echo "use std::collections::BTreeMap;"
        for j in $(seq 1 8); do
            cat <<RS
pub struct Thing${k}x$j<T> { pub items: Vec<T>, pub index: BTreeMap<u64, usize> }
impl<T: Clone + Ord> Thing${k}x$j<T> {
    pub fn new() -> Self { Thing${k}x$j { items: Vec::new(), index: BTreeMap::new() } }
    pub fn push(&mut self, key: u64, v: T) -> usize {
        let at = self.items.len();
        self.items.push(v);
        self.index.insert(key.wrapping_mul($j), at);
        at
    }
    pub fn get(&self, key: u64) -> Option<&T> {
        self.index.get(&key.wrapping_mul($j)).map(|&i| &self.items[i])
    }
    pub fn largest(&self) -> Option<T> { self.items.iter().max().cloned() }
}
pub fn helper${k}x$j(a: u64, b: u64) -> u64 { (a ^ b).rotate_left($j) % 1_000_000_007 }
RS
        done
    } > "$lib/src/gen$k.rs"
done
lines=$(cat "$lib"/src/*.rs | wc -l)
files=$(ls "$lib"/src/*.rs | wc -l)
echo "library: $files files, $lines lines, outside the workspace folder"

XTASK_SOLUTIONS_ROOT="$ws" "$tool" new boj-2042 --url file:///nonexistent > /dev/null 2>&1 || true
sed -i 's|^itertools.workspace = true$|itertools.workspace = true\nbiglib = { path = "../../biglib" }|' "$ws/boj-2042/Cargo.toml"
cat > "$ws/boj-2042/src/main.rs" <<'RS'
//! boj-2042: point updates and range sums, on one's own library.
use biglib::io::{Reader, Writer};
use biglib::seg::SegTree;

fn main() {
    let stdin = std::io::stdin();
    let mut rd = Reader::new(stdin.lock());
    let mut wr = Writer::new(std::io::stdout().lock());
    let (n, m, k): (usize, usize, usize) = (rd.next(), rd.next(), rd.next());
    // The workspace's own library beside the outside one: both go into the bundle.
    let mut seen = common::exact_map::ExactIndex::with_capacity(4);
    assert!(seen.add(n as u64));
    let mut st = SegTree::new(n, 0i64, |a, b| a + b);
    for i in 0..n { let v: i64 = rd.next(); st.set(i, v); }
    for _ in 0..m + k {
        let (a, b, c): (u8, usize, i64) = (rd.next(), rd.next(), rd.next());
        if a == 1 { st.set(b - 1, c); } else { wr.line(st.fold(b - 1, c as usize)); }
    }
}
RS
printf '5 2 2\n1\n2\n3\n4\n5\n1 3 6\n2 2 5\n1 5 2\n2 3 5\n' > "$ws/testcases/boj-2042/sample-1.in"
printf '17\n12\n' > "$ws/testcases/boj-2042/sample-1.out"
# Build it once (cargo's own work is not the bundler's).
cargo build -q --release --manifest-path "$ws/Cargo.toml" -p boj-2042 -p boj-17825

seconds() { local s; s=$(date +%s.%N); "$@" > "$scratch/last.txt" 2>&1 || { cat "$scratch/last.txt"; exit 1; }; echo "$(date +%s.%N) - $s" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run() { XTASK_SOLUTIONS_ROOT="$ws" "$tool" submit "$@"; }
base=(); first=(); edit=(); same=()
for i in $(seq 1 "$n"); do
    base+=("$(seconds run 17825 --force --fresh)")
    first+=("$(seconds run 2042 --force --fresh)")
    sed -i "s|^//! boj-2042: .*|//! boj-2042: point updates and range sums ($i).|" "$ws/boj-2042/src/main.rs"
    edit+=("$(seconds run 2042)")
    same+=("$(seconds run 2042)")
done
size=$(wc -c < "$ws/target/submit/boj-2042.rs")
b=$(printf '%s\n' "${base[@]}" | median)
for what in first edit same; do
    eval "values=(\"\${$what[@]}\")"
    m=$(printf '%s\n' "${values[@]}" | median)
    printf '%-6s %6.2f s  %5.1fx warm 17825 (%.2f s)\n' "$what" "$m" "$(echo "$m / $b" | bc -l)" "$b"
done
echo "bundle: $size bytes"
for lib in biglib common; do
    grep -q "^mod $lib " "$ws/target/submit/boj-2042.rs" || { echo "the bundle lacks $lib"; exit 1; }
done
echo "bundle: holds biglib (outside the workspace folder) and common (inside it)"
grep -E '^(left|bundle|reuse) ' "$scratch/last.txt" || true
