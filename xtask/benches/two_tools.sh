# Sourced by the benches that compare two versions of the tool (needs "$root", "$old" and
# "$new"): a fresh "$scratch" folder, removed on exit with its worktrees, and
# `build_two_tools <cargo arguments>`, which checks out "$old" and "$new" as worktrees under
# it and builds each tool into "$scratch/target-old" and "$scratch/target-new".
scratch=$(mktemp -d)
cleanup() {
    git -C "$root" worktree remove --force "$scratch/old" 2>/dev/null || true
    git -C "$root" worktree remove --force "$scratch/new" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

build_two_tools() {
    local v
    for v in old new; do
        git -C "$root" worktree add -q --detach "$scratch/$v" "${!v}"
        cargo build -q "$@" --manifest-path "$scratch/$v/xtask/Cargo.toml" \
            --target-dir "$scratch/target-$v"
    done
}
