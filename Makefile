# The workspace's two everyday commands:
#   make test              everything: format, lint, unit tests, every case against release and
#                          bundled binaries, the stress pairs, and the bundler's corpus of contest
#                          programs; every step runs even when one fails, and a summary names
#                          each failure with its fix; what passed is remembered, so a run
#                          re-checks only what changed (FORCE=1: all)
#   make submit-<problem>  one verified file to paste into the judge (e.g. make submit-18139)
CARGO ?= cargo

.PHONY: test tool tool-and-tests unit lint fmt-check clippy cases stress-check corpus bench judge-rustc listen

# Each step below, run by the tool one after the other whatever fails (`cargo xtask all`).
test: tool-and-tests
	$(CARGO) xtask all $(if $(FORCE),--force)

# The tool itself, with cargo's progress shown: its first build takes minutes on a fresh
# clone (`cargo xtask` alone builds it quietly); after that this is one line.
tool:
	$(CARGO) build --manifest-path xtask/Cargo.toml

# The tool and its tests in one cargo run, for `make test` (which runs them when the tool
# changed): on a fresh clone the two builds of the tool's crate share the two cores, 12 s
# sooner than one after the other.
tool-and-tests:
	$(CARGO) build --manifest-path xtask/Cargo.toml --bins --tests

# The tooling (xtask/) is a workspace of its own, so each step runs on both.
XTASK_MANIFEST = --manifest-path xtask/Cargo.toml

# What passed is remembered under target/xtask-cache/verified/, keyed by a hash of all it
# depends on: a run re-checks only what changed. FORCE=1 checks everything again.
RECORD = $(if $(FORCE),--force)

# The unit tests of the crates whose inputs changed (all of them on a fresh clone), and of
# the tool when it or a manifest changed.
unit: tool
	$(CARGO) xtask unit $(RECORD)

lint: fmt-check clippy

fmt-check:
	$(CARGO) fmt --all -- --check
	$(CARGO) fmt $(XTASK_MANIFEST) --all -- --check

# The corpus's programs are left out: they are contest code as people write it, the bundler's
# test input (linting them held them to this workspace's style and checked every crate they
# use once more: 10 of a fresh clone's seconds, 20 of CPU). The tool is linted as it is built
# (xtask/lint-wrapper: clippy-driver compiles it), and `xtask lint` reads those findings:
# as `cargo clippy -- -D warnings` on it, without checking its code a second time.
clippy: tool
	$(CARGO) clippy --workspace --exclude corpus --all-targets -- -D warnings
	$(CARGO) xtask lint

cases: tool
	$(CARGO) xtask cases $(RECORD)

# Each showcase problem against its brute force (examples/brute.rs) on fixed seeds; the
# random tests of the three problems run here, so each brute force exists once.
stress-check: tool
	$(CARGO) xtask stress 17825 --cases 100 --seed 1 $(RECORD)
	$(CARGO) xtask stress 18139 --cases 400 --seed 1 $(RECORD)
	$(CARGO) xtask stress q58 --cases 200 --seed 1 --size 5 $(RECORD)

# Every program under corpus/ built by cargo and bundled: both must print the same bytes.
corpus: tool
	$(CARGO) xtask corpus $(RECORD)

# The judges' own compilers (BOJ: rustc 1.73; Codeforces and AtCoder: rustc 1.89, with
# Windows' std for Codeforces' target check), used by `make submit` and `make test` when present.
judge-rustc:
	rustup toolchain install 1.73.0 --profile minimal
	rustup toolchain install 1.89.0 --profile minimal
	rustup target add --toolchain 1.89.0 x86_64-pc-windows-msvc

# One problem, everything, always run: its unit tests, its cases (release and bundled), and
# its stress pair for a few seconds when it has one. The command to type while solving.
test-%: tool
	$(CARGO) xtask test $*

submit-%: tool
	$(CARGO) xtask submit $*

new-%: tool
	$(CARGO) xtask new $*

stress-%: tool
	$(CARGO) xtask stress $*

fetch-%: tool
	$(CARGO) xtask fetch $*

# Problems from the browser: Competitive Companion POSTs each to this port (README).
listen: tool
	$(CARGO) xtask listen

bench: tool
	$(CARGO) xtask bench
