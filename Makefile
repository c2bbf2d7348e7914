# The workspace's two everyday commands:
#   make test              everything: lint, unit tests, every case against release and bundled
#                          binaries, and the bundler's corpus of contest programs
#   make submit-<problem>  one verified file to paste into the judge (e.g. make submit-18139)
CARGO ?= cargo

.PHONY: test unit lint cases stress-check corpus bench judge-rustc

test: lint unit cases stress-check corpus

# The tooling (xtask/) is a workspace of its own, so each step runs on both.
XTASK_MANIFEST = --manifest-path xtask/Cargo.toml

unit:
	$(CARGO) test --workspace --quiet
	$(CARGO) test $(XTASK_MANIFEST) --quiet

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) fmt $(XTASK_MANIFEST) --all -- --check
	$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings
	$(CARGO) clippy $(XTASK_MANIFEST) --all-targets --quiet -- -D warnings

cases:
	$(CARGO) xtask cases

# Each showcase problem against its brute force (examples/brute.rs) on fixed seeds; the
# random tests of the three problems run here, so each brute force exists once.
stress-check:
	$(CARGO) xtask stress 17825 --cases 100 --seed 1
	$(CARGO) xtask stress 18139 --cases 400 --seed 1
	$(CARGO) xtask stress q58 --cases 200 --seed 1 --size 5

# Every program under corpus/ built by cargo and bundled: both must print the same bytes.
corpus:
	$(CARGO) xtask corpus

# The judge's own compiler (BOJ: rustc 1.73), used by `make submit` and `make test` when present.
judge-rustc:
	rustup toolchain install 1.73.0 --profile minimal

submit-%:
	$(CARGO) xtask submit $*

new-%:
	$(CARGO) xtask new $*

stress-%:
	$(CARGO) xtask stress $*

fetch-%:
	$(CARGO) xtask fetch $*

bench:
	$(CARGO) xtask bench
