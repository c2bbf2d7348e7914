# Sourced by the benches that time `submit` of a problem beside a warm `submit 17825`:
# `submit_row <label> <problem-number>` times the baseline, the problem's first submit
# (`--force --fresh`), after a one-line edit to its main.rs, and unchanged, and prints one
# markdown row (seconds and ratios to the baseline), also appended to "$scratch/rows".
# Needs "$ws" (the scratch clone), "$tool" and "$scratch".
# (A failing command is a row too: under `set -e` its status must not end the subshell.)
seconds() { local s rc; s=$(date +%s.%N); "$@" > "$scratch/last.txt" 2>&1 && rc=0 || rc=$?; echo "$(echo "$(date +%s.%N) - $s" | bc) $rc"; }
run() { XTASK_SOLUTIONS_ROOT="$ws" "$tool" submit "$@"; }
submit_row() {
    local label=$1 id=$2 base first edit same result
    read -r base _ < <(seconds run 17825 --force --fresh)
    read -r first _ < <(seconds run "$id" --force --fresh)
    result=$(grep -E '^(ready|FAILED|error|Error)' "$scratch/last.txt" | head -1 | cut -c1-8 | tr -d ' :' || true)
    echo "// edited" >> "$ws/boj-$id/src/main.rs"
    read -r edit _ < <(seconds run "$id")
    read -r same _ < <(seconds run "$id")
    ratio() { echo "scale=1; $1 / $base" | bc; }
    printf '| %s | %.2f (%sx) | %.2f (%sx) | %.2f (%sx) | %.2f | %s |\n' "$label" "$first" "$(ratio "$first")" "$edit" "$(ratio "$edit")" "$same" "$(ratio "$same")" "$base" "${result:-?}" | tee -a "$scratch/rows"
}
