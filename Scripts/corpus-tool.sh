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
