# ComposerPatterns — quick start: `make run`, then `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
HIGHLIGHT := .build/release/highlight

.PHONY: all deps build release run test tsan docs fuzz fuzz-build clean adoption apple-check snippet-check

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

# The binaries to ship, in .build-static/release/. `highlight` is one static executable
# (-static-executable: the Swift runtime, glibc, libstdc++ and PCRE2 linked in), so it starts
# without the dynamic loader, several times sooner than a build that links only the Swift runtime,
# and runs on any x86-64 Linux whatever is installed. The linker warns that
# glibc's user and group look-ups (getpwuid_r and the like) and dlopen need glibc's shared libraries
# at run time: Foundation links them in, but nothing `highlight` runs calls them. Its own scratch
# path, so it never invalidates the development build in .build/.
# `highlight-resolver` (the networking of `highlight post --resolver`) ships beside it, linked
# dynamically: a static FoundationNetworking needs libcurl's development files.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build-static --product highlight -Xswiftc -static-executable
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
NOTRAIT_SUITES := IcyskyTests|CustomRuleSetTests|SearchesGivenUpTests|CustomRuleSetMergeTests|ExpressionStartBytesTests|PCRE2ExpressionPiecesTests|CompletionGrammarTests|HostileInputTests|Incremental[A-Za-z]*Tests|RegressionFixtureTests|SpanStreamTests|FoundationRegexPatternTests|ComposerTextTests|HighlightCLITests|CaretTokenCustomRuleSetTests
NOTRAIT_SOAKS := STREAM_MEGABYTES=16 SOAK_EDITS=5000
test: deps
	$(SWIFT) test
	$(MAKE) --no-print-directory snippet-check
	$(SWIFT) build --build-tests --disable-default-traits --scratch-path $(NOTRAIT_SCRATCH)
	$(NOTRAIT_SOAKS) $(SWIFT) test --skip-build --disable-default-traits --scratch-path $(NOTRAIT_SCRATCH) --filter '$(NOTRAIT_SUITES)'
	$(MAKE) --no-print-directory tsan

# The suites that scan, edit and count give-ups from many tasks at once, built with ThreadSanitizer
# in their own scratch path: the first race it reports stops the run and fails it. What an app's or
# a server's own `swift test --sanitize=thread` would see of this package. The HTTP resolver's
# suite is left out by default: its one-second answer deadlines are not met reliably at the
# sanitizer's speed (`make tsan TSAN_SUITES=HandleResolverHTTPTests` runs it).
TSAN_SCRATCH := .build-tsan
TSAN_SUITES := ConcurrencyTests|SearchesGivenUpTests|IncrementalDocumentTests
tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SCRATCH)
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SCRATCH) --filter '$(TSAN_SUITES)'

# The code compiled only on Apple platforms (the UIKit and AppKit delegates and the SwiftUI
# selection glue in ComposerTextStorage), type-checked here in Swift 6 mode: each file as a module
# of its own on the modules `swift test` built, against the stubs in Scripts/AppleStubs/ of the
# frameworks it imports (the declarations those files use, as the SDKs declare them). What the
# frameworks do at run time is beyond this check.
APPLE_STUBS := .build/apple-stubs
APPLE_ONLY := $(shell grep -rl -E '^\#if canImport\((UIKit|SwiftUI|AppKit)\)' Sources --include=*.swift)
# Their modules, each imported into the checks (the files belong to them in the package).
APPLE_ONLY_IMPORTS := $(foreach module,$(sort $(foreach file,$(APPLE_ONLY),$(word 2,$(subst /, ,$(file))))),-Xfrontend -import-module -Xfrontend $(module))
apple-check:
	@for stub in Scripts/AppleStubs/*.swift; do \
		name=$$(basename "$$stub" .swift); mkdir -p "$(APPLE_STUBS)/$$name"; \
		swiftc -emit-module -parse-as-library -swift-version 6 -module-name "$$name" "$$stub" \
			-o "$(APPLE_STUBS)/$$name/$$name.swiftmodule" || exit 1; \
	done
	@modules="$$($(SWIFT) build --show-bin-path)/Modules"; for file in $(APPLE_ONLY); do \
		module=$$(echo "$$file" | cut -d/ -f2); \
		stubs=$$(grep -oE '^import (UIKit|AppKit|SwiftUI)$$' "$$file" | while read -r _ name; do printf -- ' -I $(APPLE_STUBS)/%s' "$$name"; done); \
		swiftc -typecheck -swift-version 6 -module-name AppleOnlyCheck -Xfrontend -import-module -Xfrontend "$$module" \
			$$stubs -I "$$modules" -I Sources/CPCRE2 "$$file" || exit 1; \
		echo "apple-check: $$file type-checks against Scripts/AppleStubs ($$(echo $$stubs | sed 's|-I $(APPLE_STUBS)/||g'))"; \
	done

# The Swift snippets of README.md ("What it does, from Swift"), of every DocC article and of the
# doc comments in Sources/ (```swift blocks; a plain ``` block is left alone), as one program
# (Scripts/SnippetCheck/snippets.awk: each snippet a scope of its own, diagnostics at the line it
# came from), type-checked in Swift 6 mode on the modules `swift test` built, with the Apple stubs,
# the Apple-only sources (the SwiftUI snippets call them) and Scripts/SnippetCheck/Prelude.swift
# (what the snippets take as given): what a reader copies compiles. A snippet that imports modules
# is type-checked a second time in a file of its own with only those imports (imports are
# file-scoped), so its imports are the ones it needs. Any error or warning fails it but an unused
# value (a snippet shows a result without using it).
SNIPPET_CHECK := .build/snippet-check
snippet-check: apple-check
	@rm -rf $(SNIPPET_CHECK) && mkdir -p $(SNIPPET_CHECK)/imports
	@awk -v imports_dir=$(SNIPPET_CHECK)/imports -f Scripts/SnippetCheck/snippets.awk README.md Sources/*/*.docc/*.md $$(grep -rl '^ */// ```swift' Sources --include=*.swift) > $(SNIPPET_CHECK)/main.swift
	@swiftc -typecheck -swift-version 6 -I $(APPLE_STUBS)/UIKit -I $(APPLE_STUBS)/SwiftUI -I "$$($(SWIFT) build --show-bin-path)/Modules" -I Sources/CPCRE2 \
		$(APPLE_ONLY_IMPORTS) $(APPLE_ONLY) \
		$(SNIPPET_CHECK)/main.swift $(SNIPPET_CHECK)/imports/*.swift Scripts/SnippetCheck/Prelude.swift > $(SNIPPET_CHECK)/diagnostics 2>&1; \
		status=$$?; \
		if [ $$status -ne 0 ] || grep -E '^[^ ].*: (error|warning): ' $(SNIPPET_CHECK)/diagnostics | grep -qv '\[#no-usage\]$$'; then \
			grep -v '\[#no-usage\]$$' $(SNIPPET_CHECK)/diagnostics >&2; exit 1; \
		fi
	@echo "snippet-check: $$(grep -c '^do {' $(SNIPPET_CHECK)/main.swift) Swift snippets of README.md, the DocC articles and the doc comments type-check, $$(ls $(SNIPPET_CHECK)/imports | wc -l) of them with only their own imports"

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

# libFuzzer, one target per door that reads outside input (`swiftc -sanitize=fuzzer,address`), each
# asserting that door's own properties (the checks live in the tests' Support/ folders, so every
# crash saved to Fixtures/regressions/<target>/ is replayed by `make test`):
#   scanner    the rule sets and custom patterns (spans, locality, streaming)
#   regex      PCRE2 and NSRegularExpression on generated and raw custom expressions
#   links      WHATWG URL parsing, IDNA hosts, Bluesky link shortening
#   lengths    every length profile against a slow reference count; the thread splitter
#   composer   random edit scripts on both strategies against full scans and the change reports
#   mirror     a text view's and an app's edits through TextStorageMirror on a plain-Swift storage
#   cli-input  jsonl lines (carets, accept), handle files, resolver answers
#   parallel   the CLI's --threads output against one thread, any chunk size
# A target's own module (its sources compiled together with the test support and Fuzz/<Door>Fuzz.swift,
# with -D FUZZING) sits on the library modules below it, each compiled once as its own module into
# $(FUZZ_MODULES). Crashes land in $(FUZZ_DIR)/<target>-crash-…; `make fuzz` runs every target for
# FUZZ_SECONDS (default 60) and fails on the first that finds one; `make fuzz FUZZ_TARGETS=links`
# runs one.
FUZZ_SECONDS ?= 60
FUZZ_DIR := .build/fuzz
FUZZ_MODULES := $(FUZZ_DIR)/modules
FUZZ_TARGETS ?= scanner regex links lengths composer mirror cli-input parallel
FUZZ_SWIFTC = swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name ComposerPatterns \
	-D PCRE2 -D FOUNDATION_REGEX_ORACLE -I Sources/CPCRE2 -I $(FUZZ_MODULES) \
	$$(pkg-config --cflags-only-I libpcre2-8 | sed 's/-I/-Xcc -I/g')
# The sources of module $(1).
module_sources = $(wildcard Sources/$(1)/*.swift Sources/$(1)/*/*.swift)
PD_SUPPORT := Tests/PatternDetectionTests/Support
POSTS_SUPPORT := Tests/ComposerPostsTests/Support
CLI_SUPPORT := Tests/HighlightCLITests/Support
# The script reader the checks share (a file of the tests' TestSupport module).
FUZZ_READER := Tests/TestSupport/FuzzInputReader.swift

# Per target: _MODULE, the module its sources are compiled into; _SOURCES; _LIBS, the library
# modules below (in link order); _FLAGS, extra libFuzzer flags.
scanner_MODULE := PatternDetection
scanner_SOURCES := $(call module_sources,ComposerCore) $(call module_sources,PatternDetection) \
	$(PD_SUPPORT)/HostileCorpus.swift $(PD_SUPPORT)/SpanInvariants.swift $(PD_SUPPORT)/ScanChecks.swift Fuzz/ScannerFuzz.swift
scanner_LIBS := RegexEngine
scanner_FLAGS := -max_len=4096

regex_MODULE := PatternDetection
regex_SOURCES := $(call module_sources,ComposerCore) $(call module_sources,PatternDetection) $(FUZZ_READER) \
	$(PD_SUPPORT)/HostileCorpus.swift $(PD_SUPPORT)/SpanInvariants.swift $(PD_SUPPORT)/RegexChecks.swift Fuzz/RegexFuzz.swift
regex_LIBS := RegexEngine
regex_FLAGS := -max_len=2048 -timeout=60

links_MODULE := ComposerPosts
links_SOURCES := $(call module_sources,ComposerPosts) $(POSTS_SUPPORT)/LinkChecks.swift Fuzz/LinksFuzz.swift
links_LIBS := ComposerText PatternDetection RegexEngine ComposerCore
links_FLAGS := -max_len=1024

lengths_MODULE := ComposerPosts
lengths_SOURCES := $(call module_sources,ComposerPosts) $(POSTS_SUPPORT)/LengthChecks.swift \
	$(POSTS_SUPPORT)/ThreadOracle.swift $(POSTS_SUPPORT)/ThreadOracle+Checks.swift Fuzz/LengthsFuzz.swift
lengths_LIBS := ComposerText PatternDetection RegexEngine ComposerCore
lengths_FLAGS := -max_len=4096 -timeout=60

composer_MODULE := ComposerText
composer_SOURCES := $(call module_sources,ComposerText) $(FUZZ_READER) Tests/TestSupport/ChangeFollowing.swift \
	Tests/ComposerTextTests/Support/ComposerEditChecks.swift \
	Fuzz/ComposerFuzz.swift
composer_LIBS := PatternDetection RegexEngine ComposerCore
composer_FLAGS := -max_len=2048 -timeout=60

mirror_MODULE := ComposerTextStorage
mirror_SOURCES := $(call module_sources,ComposerTextStorage) $(FUZZ_READER) \
	$(wildcard Tests/ComposerTextStorageTests/Support/*.swift) Fuzz/MirrorFuzz.swift
mirror_LIBS := ComposerText PatternDetection RegexEngine ComposerCore
mirror_FLAGS := -max_len=1024 -timeout=60

# The CLI's own files (an executable target's, so compiled here rather than imported): what
# renders jsonl lines and runs --threads; Fuzz/Support/OutputFormat.swift stands in for the enum
# HighlightCommand.swift declares with its ArgumentParser conformance.
CLI_FILES := $(patsubst %,Sources/highlight/%.swift,PostLine PostLine+Object JSONStringLiteral CaretRequest HandleFile Pipeline \
	Pipeline+Parallel SegmentJob SegmentWorker WorkerPool Handoff BufferRecycler DocumentRenderer InputByteOffsets StandardOutput \
	InputSource InputSource+Lines ProcessorCount) Fuzz/Support/OutputFormat.swift
cli-input_MODULE := highlight
cli-input_SOURCES := $(CLI_FILES) $(CLI_SUPPORT)/CLIInputChecks.swift Fuzz/CLIInputFuzz.swift
cli-input_LIBS := ComposerPostsHTTP ComposerPosts ComposerText PatternDetection RegexEngine ComposerCore
cli-input_FLAGS := -max_len=2048

parallel_MODULE := highlight
parallel_SOURCES := $(CLI_FILES) $(CLI_SUPPORT)/ParallelChecks.swift Fuzz/ParallelFuzz.swift
parallel_LIBS := ComposerPosts ComposerText PatternDetection RegexEngine ComposerCore
parallel_FLAGS := -max_len=8192 -timeout=60

# A library module, once for every target above it.
.SECONDEXPANSION:
$(FUZZ_MODULES)/lib%.a: $$(call module_sources,$$*) Makefile
	@mkdir -p $(FUZZ_MODULES)
	@echo "swiftc -sanitize=fuzzer,address … → $@"
	@$(FUZZ_SWIFTC) -enable-testing -module-name $* -emit-module -emit-module-path $(FUZZ_MODULES)/$*.swiftmodule \
		-emit-library -static -o $@ $(filter %.swift,$^) 2>&1 | grep -v 'Cannot export local symbol' || true
	@test -f $@
$(FUZZ_MODULES)/libPatternDetection.a: $(FUZZ_MODULES)/libComposerCore.a $(FUZZ_MODULES)/libRegexEngine.a
$(FUZZ_MODULES)/libComposerText.a: $(FUZZ_MODULES)/libPatternDetection.a
$(FUZZ_MODULES)/libComposerPosts.a: $(FUZZ_MODULES)/libComposerText.a
$(FUZZ_MODULES)/libComposerPostsHTTP.a: $(FUZZ_MODULES)/libComposerPosts.a

$(FUZZ_DIR)/%-fuzz: $$($$*_SOURCES) $$(addprefix $(FUZZ_MODULES)/lib,$$(addsuffix .a,$$($$*_LIBS)))
	@rm -f $@
	@echo "swiftc -sanitize=fuzzer,address … → $@"
	@$(FUZZ_SWIFTC) -D FUZZING -module-name $($*_MODULE) $^ $$(pkg-config --libs-only-L libpcre2-8) -lpcre2-8 -o $@ 2>&1 \
		| grep -v 'Cannot export local symbol' || true
	@test -x $@

FUZZ_BINARIES := $(patsubst %,$(FUZZ_DIR)/%-fuzz,$(FUZZ_TARGETS))
fuzz-build: deps $(FUZZ_BINARIES)

# Each target in turn from its seeds (Fuzz/seeds/<target>/) and what it found before
# ($(FUZZ_DIR)/corpus/<target>/), with its dictionary (Fuzz/<target>.dict) when there is one;
# Fuzz/lsan.supp names the leaks of system libraries LeakSanitizer is not to report.
run_fuzzer = mkdir -p $(FUZZ_DIR)/corpus/$(1) && echo "── fuzz $(1): $(FUZZ_SECONDS) s ──" && \
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=Fuzz/lsan.supp $(FUZZ_DIR)/$(1)-fuzz -max_total_time=$(FUZZ_SECONDS) \
	$(if $(wildcard Fuzz/$(1).dict),-dict=Fuzz/$(1).dict) $($(1)_FLAGS) -artifact_prefix=$(FUZZ_DIR)/$(1)- \
	-print_final_stats=1 $(FUZZ_DIR)/corpus/$(1) Fuzz/seeds/$(1)
fuzz: fuzz-build
	@$(foreach target,$(FUZZ_TARGETS),$(call run_fuzzer,$(target)) && ) true

clean:
	rm -rf .build $(NOTRAIT_SCRATCH) $(TSAN_SCRATCH)
