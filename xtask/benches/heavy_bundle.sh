#!/usr/bin/env bash
# The bundler's own time on a heavy crate, without a budget: im-rc's persistent `Vector`
# (the program of an AtCoder ABC 273 E solution: a version history of a stack) made a
# workspace problem in a scratch clone, then its bundling without a budget (`submit --force
# --fresh --budget 86400`) by two versions of the tool, alternated, medians of N runs. The tools are dev-profile builds, as `cargo xtask` runs them. Prints the bundling's
# seconds (`XTASK_TIMES`' last bundle phase) and the bytes each version gave.
#
#   xtask/benches/heavy_bundle.sh <old-commit> [<new-commit> (HEAD)] [N (3)]
set -euo pipefail
root=$(git rev-parse --show-toplevel)
old=${1:?usage: heavy_bundle.sh <old-commit> [<new-commit>] [N]}
new=${2:-HEAD}
n=${3:-3}
source "$root/xtask/benches/two_tools.sh"
build_two_tools

ws="$scratch/ws"
git clone -q "$root" "$ws"
XTASK_SOLUTIONS_ROOT="$ws" "$scratch/target-new/debug/xtask" new boj-9999 > /dev/null 2>&1 || true
sed -i 's/^itertools.workspace = true$/itertools.workspace = true\nim-rc = "15"/' \
    "$ws/boj-9999/Cargo.toml"
cat > "$ws/boj-9999/src/main.rs" <<'RS'
//! A stack with saved versions: ADD x, DELETE, SAVE y, LOAD z; after each, the top or -1.
use im_rc::Vector;
use itertools::Itertools;
use proconio::input;
use std::collections::BTreeMap;

fn main() {
    input! { q: usize }
    let mut saved = BTreeMap::new();
    let mut v: Vector<i32> = Vector::new();
    let mut tops = Vec::with_capacity(q);
    for _ in 0..q {
        input! { op: String }
        match op.as_str() {
            "ADD" => {
                input! { x: i32 }
                v.push_back(x);
            }
            "DELETE" => {
                v.pop_back();
            }
            "SAVE" => {
                input! { y: i32 }
                saved.insert(y, v.clone());
            }
            _ => {
                input! { z: i32 }
                v = saved.get(&z).cloned().unwrap_or_default();
            }
        }
        tops.push(v.last().copied().unwrap_or(-1));
    }
    println!("{}", tops.iter().join(" "));
}
RS
mkdir -p "$ws/testcases/boj-9999"
printf '11\nADD 3\nSAVE 1\nADD 4\nSAVE 2\nDELETE\nDELETE\nLOAD 1\nLOAD 2\nSAVE 1\nLOAD 1\nDELETE\n' \
    > "$ws/testcases/boj-9999/1.in"
printf '3 3 4 4 3 -1 3 4 4 4 3\n' > "$ws/testcases/boj-9999/1.out"

median() { sort -n | sed -n "$(( (n + 1) / 2 ))p"; }
# Warm: cargo's build and the libraries' readying, once per tool.
for v in old new; do
    XTASK_SOLUTIONS_ROOT="$ws" "$scratch/target-$v/debug/xtask" submit 9999 --force --fresh \
        --budget 0 > /dev/null 2>&1 || true
done
times_old=(); times_new=(); bytes_old=""; bytes_new=""
for _ in $(seq "$n"); do
    for v in old new; do
        XTASK_TIMES=1 XTASK_SOLUTIONS_ROOT="$ws" "$scratch/target-$v/debug/xtask" submit 9999 \
            --force --fresh --budget 86400 > "$scratch/out" 2>&1 || true
        t=$(grep -E 'time +[0-9.]+ s +bundle: ' "$scratch/out" | tail -1 | awk '{print $2}')
        b=$(grep -o '[0-9]* bytes (' "$scratch/out" | head -1 | cut -d' ' -f1)
        if [ "$v" = old ]; then times_old+=("$t"); bytes_old=$b; else times_new+=("$t"); bytes_new=$b; fi
    done
done
echo "| im-rc Vector, unbounded | $old (s) | $new (s) | bytes, $old -> $new |"
echo "|---|---|---|---|"
echo "| bundling | $(printf '%s\n' "${times_old[@]}" | median) | $(printf '%s\n' "${times_new[@]}" | median) | $bytes_old -> $bytes_new |"
