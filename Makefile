# todofmt — build, test, demo, install. `make help` lists the targets.
SWIFT  ?= swift
# The release binary: the Swift runtime linked in, and no $ORIGIN run path (it loads no library of
# its own, and the dynamic loader would look for libc and libm beside it first: 25 failed system
# calls at every start). Type metadata is reached through direct accessor calls rather than by
# demangling a name on first use (0.35 M instructions less at every start), values are copied and
# destroyed by code made for their type rather than through its type metadata (-disable-type-layout:
# a small file's check instantiated the metadata of Array<Bool> and four other types only to destroy
# values, 37 k of its 609 k instructions; large files' counts unchanged), and each function has
# its own section. On Linux it is a static executable (-static-executable: libc, libstdc++ and
# libm linked in, as Go links its binaries): the dynamic loader binding libstdc++'s 1,800 symbols
# at every start was 1.9 M of a small file's 2.5 M instructions and 87 of its 179 page faults.
# todofmt looks up no user, group or host, so glibc's name-service modules, which a static binary
# cannot load, are never needed; time zones are read from TZ and /etc/localtime as before. It is
# linked by the toolchain's lld with the functions and globals that checking or formatting a small
# file touches laid out together (Scripts/startup.order, `make startup-order`): fewer page faults
# at every start. It is a position-dependent executable (-no-pie): nothing relocates its pointers,
# where a position-independent one has 25,000 (most in its type metadata: 80 page faults, a sixth
# of a small file's run, even packed as relative relocations); the stack, the heap and mappings are
# placed at random, the code and data of the executable (libc's now among them) at fixed
# addresses. It exports no symbols of its own (--no-export-dynamic undoes the -export-dynamic of
# the toolchain's static-stdlib link flags). Benchmarks/bench.py builds its Swift hello world the
# same way. `make release RELEASE_LINK_FLAGS=` links the toolchain's default way.
RELEASE_SWIFT_FLAGS ?= -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -disable-type-layout -Xswiftc -Xfrontend -Xswiftc -function-sections
ifeq ($(shell uname -s),Linux)
# A static executable needs the static C and C++ libraries (libc6-dev and libstdc++-dev on Debian and
# Ubuntu, which the toolchain needs anyway; glibc-static and libstdc++-static on Fedora); where either
# is missing, the release binary is linked with the shared ones instead.
ifndef STATIC_EXECUTABLE
STATIC_EXECUTABLE := $(shell for lib in libc.a libstdc++.a; do \
	path=$$(clang -print-file-name=$$lib 2>/dev/null); [ -f "$$path" ] || exit 0; done; \
	echo -Xswiftc -static-executable)
endif
ifeq ($(STATIC_EXECUTABLE),)
RELEASE_NOTE := echo "make: linking todofmt with the shared C and C++ libraries (static libc.a or libstdc++.a not found, or STATIC_EXECUTABLE empty)" >&2;
endif
RELEASE_LINK_FLAGS ?= $(STATIC_EXECUTABLE) -Xswiftc -use-ld=lld -Xlinker -no-pie \
	-Xlinker --symbol-ordering-file=$(CURDIR)/Scripts/startup.order -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic
endif
RELEASE_FLAGS ?= --static-swift-stdlib --disable-local-rpath $(RELEASE_SWIFT_FLAGS) $(RELEASE_LINK_FLAGS)
PREFIX ?= /usr/local
DEMO   ?= Fixtures/demo/todos.md
# The demo pins "today" so its output is the same on every machine.
DEMO_TODAY ?= 2026-11-21

.PHONY: help build release demo test test-all test-hooks test-dates bench install clean fuzz fuzz-typecheck docs

help:
	@echo "make demo      build todofmt and format $(DEMO) (before/after, file untouched)"
	@echo "make test      run the test suite (unit, golden fixtures, end-to-end)"
	@echo "make test-all  also the slow suites"
	@echo "make test-lsp-clients  run todofmt lsp under pytest-lsp with VS Code's, Neovim's and Emacs' capabilities (PyPI, .build/pytest-lsp/venv)"
	@echo "make test-dates  cross-check recurrence arithmetic against python-dateutil (from PyPI, in .build/dates/venv)"
	@echo "make test-hooks  run .pre-commit-hooks.yaml through pre-commit (from PyPI, in .build/pre-commit/venv)"
	@echo "make startup-order  list the functions a small file's check runs, for the release link (Scripts/startup.order; valgrind)"
	@echo "make bench     benchmark todofmt against mdformat, pymarkdown and cmark-gfm (Markdown table on stdout)"
	@echo "make bench-lsp language server latency on a 1 MB document (diagnostics after a change, formatting)"
	@echo "make fuzz      fuzz parser, formatter and verifier for FUZZ_SECONDS=$(FUZZ_SECONDS) (Linux, libFuzzer)"
	@echo "make docs      build TodoKit's DocC documentation into .build/docs (the toolchain's docc; warnings are errors)"
	@echo "make install   install a release binary, its man page and bash/zsh/fish completions under \$$PREFIX (PREFIX=$(PREFIX))"

build:
	$(SWIFT) build

# SwiftPM does not see the order file, so a binary older than it is removed to be linked again.
release:
	@$(RELEASE_NOTE) bin="$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/todofmt"; \
		if [ -e "$$bin" ] && [ Scripts/startup.order -nt "$$bin" ]; then rm -f "$$bin"; fi
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product todofmt

demo: build
	@echo "=== before: $(DEMO)"
	@cat $(DEMO)
	@echo "=== after: todofmt --today $(DEMO_TODAY) < $(DEMO)"
	@$$($(SWIFT) build --show-bin-path)/todofmt --today $(DEMO_TODAY) < $(DEMO)

# The tests run with TMPDIR set to a fresh directory under /tmp (outside the repository, so that
# configuration and .gitignore discovery behave as for a user), removed afterwards. The toolchain
# leaves TemporaryDirectory.* folders, lock files and swift-generated-sources behind; anything else left there is a test that did not clean
# up after itself, and fails the run.
test: fuzz-typecheck
	@Scripts/with-test-tmpdir.sh $(SWIFT) build --build-tests
	@Scripts/with-test-tmpdir.sh $(SWIFT) test --skip-build

# The fuzz target is built only by `make fuzz` (libFuzzer, AddressSanitizer: minutes); the tests
# type-check it with TodoKit's sources (20 s), so that it follows TodoKit's package API.
fuzz-typecheck:
	@Scripts/with-test-tmpdir.sh swiftc -typecheck -parse-as-library -swift-version 6 -module-name TodoFuzz -package-name todofmt \
		$(shell find Sources/TodoKit -name '*.swift') Fuzz/FuzzFormat.swift

test-all:
	@Scripts/with-test-tmpdir.sh $(SWIFT) build --build-tests
	@TODOFMT_SLOW_TESTS=1 Scripts/with-test-tmpdir.sh $(SWIFT) test --skip-build

# pytest-lsp (from PyPI, in .build/pytest-lsp/venv) drives `todofmt lsp` with the recorded
# capabilities of VS Code, Neovim and Emacs, checking every message against the LSP specification.
PYTEST_LSP_VENV ?= .build/pytest-lsp/venv
.PHONY: test-lsp-clients
test-lsp-clients:
	$(SWIFT) build --product todofmt
	@test -x $(PYTEST_LSP_VENV)/bin/pytest || { $(PYTHON) -m venv $(PYTEST_LSP_VENV) && $(PYTEST_LSP_VENV)/bin/pip install -q pytest-lsp==1.0.1; }
	TODOFMT_BIN="$$($(SWIFT) build --show-bin-path)/todofmt" $(PYTEST_LSP_VENV)/bin/pytest -q -p no:cacheprovider \
		-W error::pytest_lsp.LspSpecificationWarning Tests/pytest-lsp

# pre-commit builds the package in release mode from a snapshot of the working tree (slow, so
# not in `make test`; `make test-all` runs it too).
test-hooks:
	$(SWIFT) build --build-tests
	TODOFMT_HOOK_TESTS=1 $(SWIFT) test --skip-build --filter PreCommitFrameworkTests

# Recurrence rules against an independent implementation (python-dateutil's rrule) over
# DATES_CASES generated rules and start dates; slow-ish and needs PyPI, so not in `make test`.
DATES_VENV ?= .build/dates/venv
DATES_CASES ?= 5000
test-dates:
	$(SWIFT) build --build-tests
	@test -x $(DATES_VENV)/bin/python || $(PYTHON) -m venv $(DATES_VENV)
	@$(DATES_VENV)/bin/python -c 'import dateutil' 2>/dev/null || $(DATES_VENV)/bin/pip install --quiet python-dateutil
	TODOFMT_DATEUTIL_PYTHON=$(abspath $(DATES_VENV))/bin/python TODOFMT_DATEUTIL_CASES=$(DATES_CASES) \
		$(SWIFT) test --skip-build --filter RecurrenceCrossCheckTests

# Generated files, the peers' virtual environment and the measuring helper go to $(BENCH_DIR).
# Build output goes to stderr so that stdout is only the table.
BENCH_DIR ?= .build/bench
PYTHON    ?= python3
# The functions a release todofmt runs to check or format a small file, for the linker to lay out
# together (RELEASE_LINK_FLAGS); rerun after changing what runs at start-up. Needs valgrind.
.PHONY: startup-order
startup-order: release
	$(PYTHON) Scripts/startup-order.py "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/todofmt" Scripts/startup.order

bench:
	@$(SWIFT) build -c release $(RELEASE_FLAGS) --product todofmt >&2
	@$(SWIFT) build -c release $(RELEASE_FLAGS) --product todofmt-store-bench >&2
	@$(PYTHON) Benchmarks/bench.py run --venv $(BENCH_DIR)/venv \
		--todofmt "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/todofmt" $(BENCH_DIR)

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
	swiftc -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name TodoFuzz -package-name todofmt -use-ld=lld \
		$(shell find Sources/TodoKit -name '*.swift') Fuzz/FuzzFormat.swift -o $@

fuzz: $(FUZZ_BIN)
	@mkdir -p $(FUZZ_DIR)/artifacts $(FUZZ_DIR)/findings
	@Fuzz/seed-corpus.sh $(FUZZ_DIR)/corpus
	SWIFT_BACKTRACE=enable=no FUZZ_FINDINGS=$(FUZZ_DIR)/findings $(FUZZ_BIN) $(FUZZ_DIR)/corpus -dict=Fuzz/todofmt.dict \
		-max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix=$(FUZZ_DIR)/artifacts/ -print_final_stats=1 $(FUZZ_FLAGS)

# The man page and the completions are generated by the binary just built (todofmt --generate KIND).
install: release
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/man/man1" "$(PREFIX)/share/bash-completion/completions" \
		"$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	install -m 0755 "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/todofmt" "$(PREFIX)/bin/todofmt"
	"$(PREFIX)/bin/todofmt" --generate man > "$(PREFIX)/share/man/man1/todofmt.1"
	"$(PREFIX)/bin/todofmt" --generate complete-bash > "$(PREFIX)/share/bash-completion/completions/todofmt"
	"$(PREFIX)/bin/todofmt" --generate complete-zsh > "$(PREFIX)/share/zsh/site-functions/_todofmt"
	"$(PREFIX)/bin/todofmt" --generate complete-fish > "$(PREFIX)/share/fish/vendor_completions.d/todofmt.fish"
	chmod 0644 "$(PREFIX)/share/man/man1/todofmt.1" "$(PREFIX)/share/bash-completion/completions/todofmt" \
		"$(PREFIX)/share/zsh/site-functions/_todofmt" "$(PREFIX)/share/fish/vendor_completions.d/todofmt.fish"

clean:
	rm -rf .build

# Language server latency (issue 12): change-to-diagnostics and formatting on a 1 MB document of
# 30,000 tasks, by a small Python client speaking the protocol to the release binary. `make bench`
# includes it.
LSP_RUNS ?= 30
.PHONY: bench-lsp
bench-lsp: release
	@$(PYTHON) Benchmarks/lsp-latency.py "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/todofmt" $(LSP_RUNS)

# Watch latency (issue 4): from an editor's atomic save to the formatted file on disk, median and
# worst over WATCH_SAVES saves, printed as a Markdown table row. `make bench` includes it.
WATCH_SAVES ?= 50
.PHONY: bench-watch
bench-watch: release
	@$(SWIFT) Scripts/watch-latency.swift "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/todofmt" $(WATCH_SAVES)

# TodoKit's documentation: symbol graphs from `swift package dump-symbol-graph`, the catalog in
# Sources/TodoKit/TodoKit.docc, converted by the toolchain's own docc (no plugin package). Any warning
# (a broken link, say) fails the target.
DOCS_DIR := .build/docs
docs:
	@rm -rf .build/docs-symbol-graphs && mkdir -p .build/docs-symbol-graphs
	@# dump-symbol-graph loads every module of the package, the test modules included: build them first.
	$(SWIFT) build --build-tests >/dev/null
	$(SWIFT) package dump-symbol-graph --minimum-access-level public >/dev/null
	cp "$$($(SWIFT) build --show-bin-path)/../symbolgraph/TodoKit.symbols.json" .build/docs-symbol-graphs/
	docc convert Sources/TodoKit/TodoKit.docc --additional-symbol-graph-dir .build/docs-symbol-graphs \
		--fallback-display-name TodoKit --fallback-bundle-identifier org.todofmt.TodoKit \
		--output-path $(DOCS_DIR) --warnings-as-errors
