# Sourced by the timing scripts (from the package root): builds one of the corpus writers,
# Scripts/NAME.swift, together with the test suite's generators it uses, into a binary.
# Usage: build_corpus_tool NAME OUTPUT, e.g. build_corpus_tool DumpHostileCorpus "$WORK/dump-hostile-corpus"
build_corpus_tool() {
    swiftc -O -D FUZZING -package-name scripts Sources/ComposerCore/SplitMix64.swift \
        Tests/PatternDetectionTests/Support/HostileCorpus.swift "Scripts/$1.swift" -o "$2" 2>/dev/null
}

# Writes every hostile shape (and the generated posts and random bytes) at BYTES into DIRECTORY,
# building the writer beside it.
# Usage: dump_hostile_corpus DIRECTORY BYTES
dump_hostile_corpus() {
    local tool
    tool="$(dirname "$1")/dump-hostile-corpus"
    build_corpus_tool DumpHostileCorpus "$tool"
    "$tool" "$1" "$2"
}

# The custom patterns the hostile-shape scripts add to a rule set (their "+custom" configurations).
HOSTILE_CUSTOM_PATTERNS=(--pattern 'ticket=\b[A-Z]{2,10}-\d+\b' --pattern 'shortcode=:[a-z0-9_+-]+:')

# Prints the configurations the hostile-shape scripts run, space-separated: every rule set the
# binary HIGHLIGHT has (a build without the PCRE2 trait may lack one), plain and with custom patterns.
# Usage: read -ra configurations <<< "$(hostile_configurations HIGHLIGHT)"
hostile_configurations() {
    local rules
    for rules in bluesky twitter mastodon icysky; do
        if "$1" --rules "$rules" --color never </dev/null >/dev/null 2>&1; then
            printf '%s %s ' "$rules" "$rules+custom"
        fi
    done
}
