# todofmt — build, test, demo, install. `make help` lists the targets.
SWIFT  ?= swift
PREFIX ?= /usr/local
DEMO   ?= Fixtures/demo/todos.md
# The demo pins "today" so its output is the same on every machine.
DEMO_TODAY ?= 2026-11-21

.PHONY: help build release demo test test-all test-hooks bench install clean fuzz

help:
	@echo "make demo      build todofmt and format $(DEMO) (before/after, file untouched)"
	@echo "make test      run the test suite (unit, golden fixtures, end-to-end)"
	@echo "make test-all  also the slow suites"
	@echo "make test-hooks  run .pre-commit-hooks.yaml through pre-commit (from PyPI, in .build/pre-commit/venv)"
	@echo "make bench     benchmark todofmt against mdformat, pymarkdown and cmark-gfm (Markdown table on stdout)"
	@echo "make fuzz      fuzz parser, formatter and verifier for FUZZ_SECONDS=$(FUZZ_SECONDS) (Linux, libFuzzer)"
	@echo "make install   install a release binary into \$$PREFIX/bin (PREFIX=$(PREFIX))"

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --static-swift-stdlib

demo: build
	@echo "=== before: $(DEMO)"
	@cat $(DEMO)
	@echo "=== after: todofmt --today $(DEMO_TODAY) < $(DEMO)"
	@$$($(SWIFT) build --show-bin-path)/todofmt --today $(DEMO_TODAY) < $(DEMO)

test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-all:
	$(SWIFT) build --build-tests
	TODOFMT_SLOW_TESTS=1 $(SWIFT) test --skip-build

# pre-commit builds the package in release mode from a snapshot of the working tree (slow, so
# not in `make test`; `make test-all` runs it too).
test-hooks:
	$(SWIFT) build --build-tests
	TODOFMT_HOOK_TESTS=1 $(SWIFT) test --skip-build --filter PreCommitFrameworkTests

# Generated files, the peers' virtual environment and the measuring helper go to $(BENCH_DIR).
# Build output goes to stderr so that stdout is only the table.
BENCH_DIR ?= .build/bench
PYTHON    ?= python3
bench:
	@$(SWIFT) build -c release --static-swift-stdlib >&2
	@$(PYTHON) Benchmarks/bench.py run --venv $(BENCH_DIR)/venv \
		--todofmt "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/todofmt" $(BENCH_DIR)

# libFuzzer target (Fuzz/FuzzFormat.swift) compiled together with the TodoKit sources into one
# binary. Corpus, crash artifacts and verification findings live in .build/fuzz (not committed).
# Swift's own crash backtracer is off so libFuzzer's handler saves crashing inputs at once. To shrink
# a saved input: SWIFT_BACKTRACE=enable=no FUZZ_TRAP_ON_VERIFY=1 .build/fuzz/fuzz-format -minimize_crash=1 -runs=20000 FILE
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 16384
FUZZ_FLAGS   ?=
FUZZ_DIR     := .build/fuzz
FUZZ_BIN     := $(FUZZ_DIR)/fuzz-format

$(FUZZ_BIN): $(shell find Sources/TodoKit Fuzz -name '*.swift')
	@mkdir -p $(FUZZ_DIR)
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name TodoFuzz -use-ld=lld \
		$(shell find Sources/TodoKit -name '*.swift') Fuzz/FuzzFormat.swift -o $@

fuzz: $(FUZZ_BIN)
	@mkdir -p $(FUZZ_DIR)/artifacts $(FUZZ_DIR)/findings
	@Fuzz/seed-corpus.sh $(FUZZ_DIR)/corpus
	SWIFT_BACKTRACE=enable=no FUZZ_FINDINGS=$(FUZZ_DIR)/findings $(FUZZ_BIN) $(FUZZ_DIR)/corpus -dict=Fuzz/todofmt.dict \
		-max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=$(FUZZ_DIR)/artifacts/ -print_final_stats=1 $(FUZZ_FLAGS)

install: release
	install -d "$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/todofmt" "$(PREFIX)/bin/todofmt"

clean:
	rm -rf .build

# Watch latency (issue 4): from an editor's atomic save to the formatted file on disk, median and
# worst over WATCH_SAVES saves, printed as a Markdown table row. `make bench` includes it.
WATCH_SAVES ?= 50
.PHONY: bench-watch
bench-watch: release
	@$(SWIFT) Scripts/watch-latency.swift "$$($(SWIFT) build -c release --static-swift-stdlib --show-bin-path)/todofmt" $(WATCH_SAVES)
