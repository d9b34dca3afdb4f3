# ComposerPatterns — quick start: `make run`, then `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
HIGHLIGHT := .build/release/highlight

.PHONY: all deps build release run test docs fuzz clean adoption

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

# The binaries to ship, in .build-static/release/: the Swift runtime linked in
# (--static-swift-stdlib), so `highlight` starts in about half the time of the dynamically linked
# build (no symbol binding against the Swift libraries at load) and runs where Swift is not
# installed. Its own scratch path, so it never invalidates the development build in .build/.
# `highlight-resolver` (the networking of `highlight post --resolver`) ships beside it, linked
# dynamically: a static FoundationNetworking needs libcurl's development files.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build-static --product highlight
	$(SWIFT) build -c release --product highlight-resolver
	cp .build/release/highlight-resolver .build-static/release/highlight-resolver

# Highlights the sample posts so you can see what the library finds.
run: build
	@for rules in bluesky twitter mastodon icysky; do \
		echo "── --rules $$rules ──"; \
		$(HIGHLIGHT) --rules $$rules --color always Fixtures/posts/sample-posts.txt 2>&1 || true; \
		echo; \
	done
	@echo "── --format json (first post) ──"
	@head -n 1 Fixtures/posts/sample-posts.txt | $(HIGHLIGHT) --format json

# The whole suite with the default traits (PCRE2), then the build without them (NSRegularExpression,
# nothing looked up through pkg-config) in its own scratch path, running the suites that touch
# icysky, custom patterns, the composer and the CLI.
# The soaks there are smaller: the streaming and incremental code they drive is the same in both
# builds, and the default run has already taken them at full size.
NOTRAIT_SCRATCH := .build-notrait
NOTRAIT_SUITES := IcyskyTests|CustomRuleSetTests|CompletionGrammarTests|HostileInputTests|Incremental[A-Za-z]*Tests|RegressionFixtureTests|SpanStreamTests|FoundationRegexPatternTests|ComposerTextTests|HighlightCLITests|CaretTokenCustomRuleSetTests
NOTRAIT_SOAKS := STREAM_MEGABYTES=16 SOAK_EDITS=5000
test: deps
	$(SWIFT) test
	$(SWIFT) build --build-tests --disable-default-traits --scratch-path $(NOTRAIT_SCRATCH)
	$(NOTRAIT_SOAKS) $(SWIFT) test --skip-build --disable-default-traits --scratch-path $(NOTRAIT_SCRATCH) --filter '$(NOTRAIT_SUITES)'

# An app's view of the package: Examples/Adoption depends on it by path and drives a composer and
# a text-storage mirror through typing, a paste, an IME composition and a completion.
adoption: deps
	cd Examples/Adoption && $(SWIFT) run --scratch-path ../../.build-adoption Adoption

# The DocC catalogs of the library modules, as static sites in .build/docs/<module>/; a warning
# (a broken link, an undocumented parameter) fails the build.
DOC_TARGETS := PatternDetection ComposerPosts ComposerText KeystrokeReplay ComposerTextStorage
docs: deps
	@mkdir -p .build/docs
	@for target in $(DOC_TARGETS); do \
		$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$target \
			--output-path .build/docs/$$target --transform-for-static-hosting --warnings-as-errors || exit 1; \
	done
	@echo "Documentation: .build/docs/<module>/index.html (serve the folder over HTTP to browse it)"

# libFuzzer over the scanner: swiftc -sanitize=fuzzer builds the PatternDetection sources, the
# shared test support (input generators, invariant checks) and Fuzz/ScannerFuzz.swift into one
# binary; crashes land in .build/fuzz/ (copy them to Fixtures/regressions/ to replay in tests).
FUZZ_SECONDS ?= 60
FUZZ_DIR := .build/fuzz
FUZZ_ENGINE_SOURCES := $(wildcard Sources/RegexEngine/*.swift)
FUZZ_SOURCES := $(wildcard Sources/ComposerCore/*.swift Sources/PatternDetection/*.swift Sources/PatternDetection/*/*.swift) \
	Tests/PatternDetectionTests/Support/HostileCorpus.swift \
	Tests/PatternDetectionTests/Support/SpanInvariants.swift \
	Tests/PatternDetectionTests/Support/ScanChecks.swift \
	$(wildcard Fuzz/*.swift)

# RegexEngine is compiled first, as its own module (PatternDetection imports it).
$(FUZZ_DIR)/scanner-fuzz: $(FUZZ_SOURCES) $(FUZZ_ENGINE_SOURCES)
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/modules
	swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name ComposerPatterns -D PCRE2 \
		-module-name RegexEngine -I Sources/CPCRE2 $$(pkg-config --cflags-only-I libpcre2-8 | sed 's/-I/-Xcc -I/g') \
		-emit-module -emit-module-path $(FUZZ_DIR)/modules/RegexEngine.swiftmodule -emit-library -static \
		-o $(FUZZ_DIR)/modules/libRegexEngine.a $(FUZZ_ENGINE_SOURCES)
	swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name ComposerPatterns -D FUZZING -D PCRE2 \
		-module-name PatternDetection -I Sources/CPCRE2 -I $(FUZZ_DIR)/modules \
		$$(pkg-config --cflags-only-I libpcre2-8 | sed 's/-I/-Xcc -I/g') \
		$(FUZZ_SOURCES) $(FUZZ_DIR)/modules/libRegexEngine.a $$(pkg-config --libs-only-L libpcre2-8) -lpcre2-8 -o $@ 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -x $@

fuzz: deps $(FUZZ_DIR)/scanner-fuzz
	SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/scanner-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
		-dict=Fuzz/scanner.dict -artifact_prefix=$(FUZZ_DIR)/ -print_final_stats=1 \
		$(FUZZ_DIR)/corpus Fuzz/seeds

clean:
	rm -rf .build $(NOTRAIT_SCRATCH)
