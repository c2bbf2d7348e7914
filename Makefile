# The workspace's two everyday commands:
#   make test              everything: lint, unit tests, every case against release and bundled
#                          binaries, and the bundler's corpus of contest programs
#   make submit-<problem>  one verified file to paste into the judge (e.g. make submit-18139)
CARGO ?= cargo

.PHONY: test unit lint cases corpus bench judge-rustc

test: lint unit cases corpus

unit:
	$(CARGO) test --workspace --quiet

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings

cases:
	$(CARGO) xtask cases

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
