#!/usr/bin/env bash
# Compares two release builds of `highlight` on the same machine in one run: detection throughput
# (every built-in rule set, ANSI and JSON, on the generated prose and dense corpora; hyperfine,
# both binaries in one hyperfine run per case so the ratio comes from the same minutes) and the
# replay keystroke comparison (`highlight replay --synthetic`, both binaries, alternating).
# Usage: Scripts/before-after.sh OLD_HIGHLIGHT NEW_HIGHLIGHT [BYTES] [RUNS]
# Needs hyperfine (Debian: apt-get install -y hyperfine).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
OLD=$1
NEW=$2
BYTES=${3:-10485760}
RUNS=${4:-10}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
build_corpus_tool GenerateScanCorpus "$WORK/generate-scan-corpus"
"$WORK/generate-scan-corpus" "$WORK" "$BYTES"

echo "old: $OLD; new: $NEW; $(hyperfine --version); $(nproc) cores; $BYTES bytes per corpus"
echo
echo "| corpus | rules | format | old CPU ms | new CPU ms | new ÷ old |"
echo "|---|---|---|---:|---:|---:|"
for corpus in prose dense; do
    for rules in bluesky twitter icysky; do
        for format in ansi json; do
            file="$WORK/$corpus.txt"
            hyperfine -N --warmup 2 --runs "$RUNS" --output pipe --export-csv "$WORK/run.csv" \
                -n old "$OLD --rules $rules --format $format --color always $file" \
                -n new "$NEW --rules $rules --format $format --color always $file" >/dev/null
            awk -F, -v c="$corpus" -v r="$rules" -v f="$format" 'NR > 1 { cpu[$1] = ($5 + $6) * 1000 }
                END { printf "| %s | %s | %s | %.0f | %.0f | %.2f |\n", c, r, f, cpu["old"], cpu["new"], cpu["new"] / cpu["old"] }' "$WORK/run.csv"
        done
    done
done

echo
echo "Replay (bluesky, 200 keystrokes typed mid-document, seed 1), localized and full-rebuild p50 µs:"
echo
echo "| build | size | localized p50 | full-rebuild p50 |"
echo "|---|---:|---:|---:|"
for round in 1 2; do
    for build in old new; do
        binary=$OLD; [[ $build == new ]] && binary=$NEW
        "$binary" replay --synthetic 1k,100k,1m --seed 1 --format json > "$WORK/replay.json"
        python3 - "$build" "$WORK/replay.json" <<'PY'
import json, sys
build, path = sys.argv[1], sys.argv[2]
for line in open(path):
    report = json.loads(line)
    p50 = {s["name"]: s["p50Microseconds"] for s in report["strategies"]}
    print(f"| {build} | {report['documentBytes']} | {p50.get('localized', 0):.1f} | {p50.get('full-rebuild', 0):.1f} |")
PY
    done
done
