#!/usr/bin/env bash
# Issue 44's table: `submit` of every corpus program as a user's problem, first time, after a
# one-line edit, and unchanged, each beside a warm `submit 17825 --force --fresh` (the ratio's
# baseline). A scratch clone gets one problem, boj-99999, with the corpus crate's dependencies;
# each program in turn is its solution and its corpus inputs its cases (the expected outputs
# are cargo's build's). One run each; prints a markdown table and the five slowest.
#
#   xtask/benches/corpus_submit.sh [program-name-filter]
set -euo pipefail
root=$(git rev-parse --show-toplevel)
filter=${1:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cargo build -q --manifest-path "$root/xtask/Cargo.toml"
tool="$root/xtask/target/debug/xtask"
ws="$scratch/ws"
git clone -q "$root" "$ws"
XTASK_SOLUTIONS_ROOT="$ws" "$tool" new boj-99999 --url file:///nonexistent > /dev/null 2>&1 || true
# The corpus crate's dependencies, for the problem.
python3 - "$ws" <<'PY'
import sys, re
ws = sys.argv[1]
corpus = open(f"{ws}/corpus/Cargo.toml").read()
deps = corpus.split("[dependencies]", 1)[1]
deps = re.split(r"\n\[", deps, 1)[0]
lines = [l for l in deps.splitlines() if l.strip() and not l.strip().startswith("#") and not l.startswith("proconio") and not l.startswith("itertools")]
p = f"{ws}/boj-99999/Cargo.toml"
m = open(p).read()
m = m.replace("itertools.workspace = true\n", "itertools.workspace = true\n" + "\n".join(lines) + "\n", 1)
open(p, "w").write(m)
PY
cargo build -q --release --manifest-path "$ws/Cargo.toml" -p corpus -p boj-17825 -p boj-99999
source "$root/xtask/benches/submit_row.sh"
echo "| program | first s (x) | edit s (x) | unchanged s (x) | 17825 s | result |"
echo "|---|---|---|---|---|---|"
: > "$scratch/rows"
for src in "$ws"/corpus/src/bin/*.rs; do
    name=$(basename "$src" .rs)
    [[ -n "$filter" && "$name" != *"$filter"* ]] && continue
    cp "$src" "$ws/boj-99999/src/main.rs"
    rm -rf "$ws/testcases/boj-99999"; mkdir -p "$ws/testcases/boj-99999"
    for input in "$ws/corpus/cases/$name"/*.in; do
        [ -f "$input" ] || continue
        cp "$input" "$ws/testcases/boj-99999/"
        "$ws/target/release/$name" < "$input" > "$ws/testcases/boj-99999/$(basename "$input" .in).out" 2>/dev/null || true
    done
    submit_row "$name" 99999
done
echo
echo "five slowest first submits:"
sort -t'|' -k3 -g -r "$scratch/rows" | head -5
