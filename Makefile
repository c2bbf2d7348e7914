# The workspace's two everyday commands:
#   make test              everything: unit tests, lint, every case against release and bundled binaries
#   make submit-<problem>  one verified file to paste into the judge (e.g. make submit-18139)
CARGO ?= cargo

.PHONY: test unit lint cases bench

test: lint unit cases

unit:
	$(CARGO) test --workspace --quiet

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --quiet -- -D warnings

cases:
	$(CARGO) xtask cases

submit-%:
	$(CARGO) xtask submit $*

new-%:
	$(CARGO) xtask new $*

bench:
	$(CARGO) xtask bench
