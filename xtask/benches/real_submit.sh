#!/usr/bin/env bash
# Issue 44's ratios for solutions nobody here wrote: `submit` of each given real-world
# solution (a `src/bin/*.rs` or `src/main.rs` of a cargo-compete package, as `cargo xtask
# corpus --real` reads them) as a user's problem, first time, after a one-line edit, and
# unchanged, each beside a warm `submit 17825 --force --fresh` (the ratio's baseline). A
# scratch clone gets one problem, boj-99998, whose dependencies become the solution's
# package's registry dependencies (their versions; path ones are left out) and whose cases
# are the samples of its `testcases/<alias>.yml` (cargo's release build of it first: a user
# has that already). One run each; prints a markdown table and
# the five slowest.
#
#   xtask/benches/real_submit.sh <solution.rs> [<solution.rs> ...]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 <solution.rs> [...]" >&2; exit 2; }
root=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cargo build -q --manifest-path "$root/xtask/Cargo.toml"
tool="$root/xtask/target/debug/xtask"
ws="$scratch/ws"
git clone -q "$root" "$ws"
XTASK_SOLUTIONS_ROOT="$ws" "$tool" new boj-99998 --url file:///nonexistent > /dev/null 2>&1 || true
cp "$ws/boj-99998/Cargo.toml" "$scratch/manifest"
cargo build -q --release --manifest-path "$ws/Cargo.toml" -p boj-17825
source "$root/xtask/benches/submit_row.sh"
echo "| solution | first s (x) | edit s (x) | unchanged s (x) | 17825 s | result |"
echo "|---|---|---|---|---|---|"
: > "$scratch/rows"
for src in "$@"; do
    src=$(realpath "$src")
    # The problem: the solution, its package's registry dependencies, its samples.
    if ! python3 - "$src" "$scratch/manifest" "$ws" <<'PY'
import sys, os, re, tomllib, yaml
src, template, ws = sys.argv[1:4]
d = os.path.dirname(src)
while not os.path.isfile(os.path.join(d, "Cargo.toml")):
    d = os.path.dirname(d)
pkg = tomllib.load(open(os.path.join(d, "Cargo.toml"), "rb"))
deps = []
for name, spec in pkg.get("dependencies", {}).items():
    if isinstance(spec, dict) and ("path" in spec or "git" in spec or spec.get("workspace")):
        continue
    if isinstance(spec, str):
        spec = {"version": spec}
    fields = ", ".join(f"{k} = {v!r}".replace("'", '"') for k, v in spec.items()
                       if k in ("version", "features", "default-features", "package"))
    deps.append(f"{name} = {{ {fields} }}")
m = open(template).read()
head, rest = m.split("[dependencies]\n", 1)
tail = rest[rest.index("\n[") :] if "\n[" in rest else ""
open(os.path.join(ws, "boj-99998/Cargo.toml"), "w").write(head + "[dependencies]\n" + "\n".join(deps) + "\n" + tail)
stem = os.path.splitext(os.path.basename(src))[0]
alias = stem
for k, v in pkg.get("package", {}).get("metadata", {}).get("cargo-compete", {}).get("bin", {}).items():
    bin_path = next((b.get("path") for b in pkg.get("bin", []) if b.get("name") in (k, v.get("name"))), None)
    if bin_path and os.path.realpath(os.path.join(d, bin_path)) == src:
        alias = v.get("alias", k)
if stem == "main":
    alias = pkg["package"]["name"]
suite = yaml.safe_load(open(os.path.join(d, "testcases", alias + ".yml")))
cases = os.path.join(ws, "testcases/boj-99998")
for f in os.listdir(cases):
    os.remove(os.path.join(cases, f))
for i, c in enumerate(suite.get("cases") or []):
    if c.get("out") is None:
        continue
    open(os.path.join(cases, f"sample-{i + 1}.in"), "w").write(c["in"])
    open(os.path.join(cases, f"sample-{i + 1}.out"), "w").write(c["out"])
open(os.path.join(ws, "boj-99998/src/main.rs"), "w").write(open(src).read())
PY
    then
        echo "| $src | - | - | - | - | cannot make it a problem |"
        continue
    fi
    name=$(echo "$src" | awk -F/ '{print $(NF-3)"/"$(NF-2)"/"$(NF-1)"/"$NF}')
    # cargo's own build of the crates is not the bundler's time (a user has it already).
    if ! cargo build -q --release --manifest-path "$ws/Cargo.toml" -p boj-99998 2> "$scratch/build.txt"; then
        echo "| $name | - | - | - | - | cargo cannot build it here |"
        continue
    fi
    submit_row "$name" 99998
done
echo
echo "five slowest first submits:"
sort -t'|' -k3 -g -r "$scratch/rows" | head -5
