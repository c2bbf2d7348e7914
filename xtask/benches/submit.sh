#!/usr/bin/env bash
# The `submit` timings behind README's issue-27 figures: a Dijkstra on petgraph's DiGraph
# (BOJ 1753) made a workspace problem in a scratch clone, then `xtask submit` of it and of
# the three showcase problems by two versions of the tool, alternated, medians of N runs.
# Warm: each tool and the scratch workspace are built once before the timed runs; every
# submit is `--force --fresh` (both tools remember verified bundles: unforced, a rerun is a
# memo hit, not a bundling).
#
#   xtask/benches/submit.sh <old-commit> [<new-commit> (HEAD)] [N (5)]
set -euo pipefail
root=$(git rev-parse --show-toplevel)
old=${1:?usage: submit.sh <old-commit> [<new-commit>] [N]}
new=${2:-HEAD}
n=${3:-5}
source "$root/xtask/benches/two_tools.sh"
build_two_tools --release
tool_old="$scratch/target-old/release/xtask"
tool_new="$scratch/target-new/release/xtask"

# The workspace: this clone's HEAD plus the petgraph problem.
ws="$scratch/ws"
git clone -q "$root" "$ws"
XTASK_SOLUTIONS_ROOT="$ws" "$tool_new" new boj-1753 > /dev/null 2>&1 || true
sed -i 's/^itertools.workspace = true$/itertools.workspace = true\npetgraph = "0.6"/' \
    "$ws/boj-1753/Cargo.toml"
cat > "$ws/boj-1753/src/main.rs" <<'RS'
//! boj-1753: shortest paths from one vertex (Dijkstra on petgraph's DiGraph).
use petgraph::algo::dijkstra;
use petgraph::graph::{DiGraph, NodeIndex};
use proconio::input;
use std::io::{BufWriter, Write};

fn main() {
    input! { v: usize, e: usize, k: usize, edges: [(usize, usize, u64); e] }
    let mut g = DiGraph::<(), u64>::with_capacity(v, e);
    let nodes: Vec<NodeIndex> = (0..v).map(|_| g.add_node(())).collect();
    for (a, b, w) in edges {
        g.add_edge(nodes[a - 1], nodes[b - 1], w);
    }
    let dist = dijkstra(&g, nodes[k - 1], None, |e| *e.weight());
    let mut out = BufWriter::new(std::io::stdout().lock());
    for n in &nodes {
        match dist.get(n) {
            Some(d) => writeln!(out, "{d}").unwrap(),
            None => writeln!(out, "INF").unwrap(),
        }
    }
}
RS
mkdir -p "$ws/testcases/boj-1753"
printf '5 6\n1\n5 1 1\n1 2 2\n1 3 3\n2 3 4\n2 4 5\n3 4 6\n' > "$ws/testcases/boj-1753/1.in"
printf '0\n2\n3\n7\nINF\n' > "$ws/testcases/boj-1753/1.out"

median() { sort -n | sed -n "$(( (n + 1) / 2 ))p"; }
echo "| problem | $old (s) | $new (s) | bundle bytes, $old -> $new |"
echo "|---|---|---|---|"
for p in 1753 17825 18139 q58; do
    # Warm: one untimed submit by each tool.
    for tool in "$tool_old" "$tool_new"; do
        XTASK_SOLUTIONS_ROOT="$ws" "$tool" submit "$p" --force --fresh > /dev/null 2>&1
    done
    times_old=(); times_new=(); bytes_old=""; bytes_new=""
    for _ in $(seq "$n"); do
        for v in old new; do
            tool="$tool_old"; [ "$v" = new ] && tool="$tool_new"
            start=$(date +%s.%N)
            XTASK_SOLUTIONS_ROOT="$ws" "$tool" submit "$p" --force --fresh > "$scratch/out" 2>&1
            end=$(date +%s.%N)
            t=$(echo "$end - $start" | bc)
            b=$(grep -o '[0-9]* bytes (' "$scratch/out" | head -1 | cut -d' ' -f1)
            if [ "$v" = old ]; then times_old+=("$t"); bytes_old=$b; else times_new+=("$t"); bytes_new=$b; fi
        done
    done
    m_old=$(printf '%s\n' "${times_old[@]}" | median)
    m_new=$(printf '%s\n' "${times_new[@]}" | median)
    echo "| $p | $m_old | $m_new | $bytes_old -> $bytes_new |"
done
