# lacy — build, run, test. `make run` and `make test` are all a new machine needs.
SHELL := /bin/bash
GO ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X github.com/lacy-sh/lacy/internal/app.Version=$(VERSION)
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
PKGS := ./...
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all build install run test test-deps test-short lint vendor-check readline-pty-tests bench bench-routing bench-correct bench-startup devserver fuzz clean

all: build

## build: compile bin/lacy (the interactive shell and scripts, no model client) and
## bin/lacy-full (subcommands and the agent process); static, no cgo
## The linker writes through a memory map, which leaves the file in the page cache as 4 KiB
## pages; a copy is written in large folios, as an installed or re-read binary is, and starts
## faster (page faults map a whole folio at a time): bin/ holds copies, so that what runs
## from bin/ (make run, bench-startup) starts as an installed lacy does (docs/performance.md).
build:
	rm -f bin/lacy-shell # the layout before the one shell binary
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/.link/ ./cmd/lacy ./cmd/lacy-full
	for b in lacy lacy-full; do cp bin/.link/$$b bin/$$b.tmp && mv -f bin/$$b.tmp bin/$$b; done
	rm -rf bin/.link

## install: put bin/lacy and bin/lacy-full side by side in $(DESTDIR)$(PREFIX)/bin (lacy needs its sibling)
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 bin/lacy bin/lacy-full "$(DESTDIR)$(PREFIX)/bin/"

## run: build, then start lacy with the embedded defaults (no config or model needed)
run: build
	./bin/lacy

## test: everything CI checks: vet, staticcheck, unit + end-to-end tests with the race detector
test: build lint test-deps vendor-check
	LACY_REQUIRE_SHARED=1 $(GO) test -race -count=1 -timeout 8m $(PKGS)

## vendor-check: the forks in third_party are upstream as published + their patch files, nothing
## else (revendor.sh --check), and the vendored readline passes upstream's own tests (all but
## internal/display's pty harness, which times out under load in upstream as published too: see
## third_party/readline/PATCHES.md; `make readline-pty-tests` runs it)
vendor-check:
	third_party/sh/revendor.sh --check
	third_party/readline/revendor.sh --check
	third_party/zap/revendor.sh --check
	third_party/gopher-lua/revendor.sh --check
	third_party/go-runewidth/revendor.sh --check
	cd third_party/readline && $(GO) test -race -count=1 $$($(GO) list ./... | grep -v /internal/display$$)

readline-pty-tests:
	cd third_party/readline && $(GO) test -count=1 ./internal/display/

## test-deps: install what tests need (bash-completion for the completion bridge, tmux for the
## tests of a terminal that reflows) when apt-get can; else those tests skip
BASH_COMPLETION := /usr/share/bash-completion/bash_completion
test-deps:
	@missing=; test -f $(BASH_COMPLETION) || missing="$$missing bash-completion"; \
	  command -v tmux >/dev/null || missing="$$missing tmux"; \
	  [ -z "$$missing" ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  { apt-get install -y -qq $$missing || { apt-get update -qq && apt-get install -y -qq $$missing; }; } >/dev/null 2>&1; } || \
	  echo "make: could not install$$missing; the tests that need it will skip"

## test-short: the quick loop while developing
test-short:
	$(GO) test -short -count=1 $(PKGS)

## lint: go vet + staticcheck (fetched through the module proxy on first use)
lint:
	$(GO) vet $(PKGS)
	$(GO) run $(STATICCHECK) $(PKGS)

## bench: Go benchmarks of the hot paths, then the start-up table and the latency figures against bash
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./runtime/... ./lua/... ./agents/...
	$(GO) run ./internal/benchstartup -lacy bin/lacy -all

## bench-startup: the start-up table: `-c true`, first prompt and idle RSS of bash, zsh, fish and
## lacy (empty and 200k history), interleaved; a shell that is not installed is left out
## (apt-get install zsh fish to have them)
bench-startup: build
	$(GO) run ./internal/benchstartup -lacy bin/lacy

## bench-routing: routing quality on ../shared/bench (the table in docs/routing.md)
bench-routing:
	$(GO) run ./internal/routingbench

## bench-correct: offline correction quality on ../shared/bench (the table in docs/correct.md)
bench-correct:
	$(GO) run ./internal/correctbench

## devserver: a loopback model server on Ollama's port, to try the agent without a model
devserver:
	$(GO) run ./internal/devserver -addr 127.0.0.1:11434

## fuzz: run every fuzz target for FUZZTIME each (the seed corpora also run in `make test`)
FUZZTIME ?= 15s
fuzz:
	@set -e; grep -rl --include='*_test.go' '^func Fuzz' . | while read -r f; do \
	  dir=$$(dirname $$f); \
	  for t in $$(grep -o '^func Fuzz[A-Za-z0-9_]*' $$f | cut -d' ' -f2); do \
	    echo "== $$dir $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) ./$$dir; \
	  done; \
	done

clean:
	rm -rf bin
