# ComposerPatterns — quick start: `make run`, then `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
HIGHLIGHT := .build/release/highlight

.PHONY: all deps build run test clean

all: build

# PCRE2 is a system library found through pkg-config; install both when either is missing.
deps:
	@if ! pkg-config --exists libpcre2-8 2>/dev/null; then \
		echo "Installing libpcre2-dev and pkg-config (PCRE2 is found through pkg-config)…"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libpcre2-dev pkg-config; \
	fi
	@pkg-config --exists libpcre2-8 || { echo "libpcre2-8 still not found by pkg-config" >&2; exit 1; }

build: deps
	$(SWIFT) build -c release --product highlight

# Highlights the sample posts so you can see what the library finds.
run: build
	@for rules in bluesky twitter icysky; do \
		echo "── --rules $$rules ──"; \
		$(HIGHLIGHT) --rules $$rules --color always Fixtures/posts/sample-posts.txt 2>&1 || true; \
		echo; \
	done
	@echo "── --format json (first post) ──"
	@head -n 1 Fixtures/posts/sample-posts.txt | $(HIGHLIGHT) --rules icysky --format json

test: deps
	$(SWIFT) test

clean:
	rm -rf .build
