#!/usr/bin/env bash
# Times the release `highlight --color always` with every built-in rule set against
# `rg -P --passthru --color=always` with the IcySky seed's three expressions, on two generated
# corpora (Scripts/GenerateScanCorpus.swift): prose-like posts (about one entity per 160 bytes) and
# dense edge-case posts. One hyperfine run per corpus holds all four commands, so the ratios come
# from the same minutes on the same machine. Prints a Markdown table: mean wall time, MB/s, speed
# relative to rg (above 1 is faster than rg), and the same for CPU time (user + system), which
# other processes on a shared machine disturb less than wall time.
# Needs hyperfine and ripgrep (Debian: apt-get install -y hyperfine ripgrep).
# Usage: Scripts/scan-vs-ripgrep.sh [BYTES] [RUNS] [HIGHLIGHT]
#   BYTES per corpus (default 20 MiB), RUNS per command (default 20), HIGHLIGHT a binary to time
#   instead of a fresh release build of this checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
BYTES=${1:-20971520}
RUNS=${2:-20}
HIGHLIGHT=${3:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z "$HIGHLIGHT" ]]; then
    swift build -c release --product highlight >/dev/null
    HIGHLIGHT=.build/release/highlight
fi
build_corpus_tool GenerateScanCorpus "$WORK/generate-scan-corpus"
"$WORK/generate-scan-corpus" "$WORK" "$BYTES"

echo "highlight: $HIGHLIGHT; $(rg --version | head -n 1); $(hyperfine --version); $(nproc) cores"
echo
echo "| corpus | command | mean ms | ± ms | MB/s | × rg | CPU ms | × rg (CPU) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for corpus in prose dense; do
    file="$WORK/$corpus.txt"
    size=$(stat -c %s "$file")
    hyperfine -N --warmup 3 --runs "$RUNS" --output pipe --export-csv "$WORK/$corpus.csv" \
        -n rg "rg -P --passthru --color=always -e '#\w+' -e '@[\w.-]+' -e '(?i)https?://(?:www\.)?\S+(?:/|\b)' $file" \
        -n icysky "$HIGHLIGHT --rules icysky --color always $file" \
        -n bluesky "$HIGHLIGHT --rules bluesky --color always $file" \
        -n twitter "$HIGHLIGHT --rules twitter --color always $file" >/dev/null
    awk -F, -v corpus="$corpus" -v size="$size" '
        NR == 1 { next }
        {
            name[NR] = $1; mean[NR] = $2; deviation[NR] = $3; cpu[NR] = $5 + $6
            if ($1 == "rg") { rg = $2; rgCPU = $5 + $6 }
        }
        END {
            for (row = 2; row <= NR; row++) {
                printf "| %s | %s | %.1f | %.1f | %.0f | %.2f | %.1f | %.2f |\n", corpus, name[row], mean[row] * 1000,
                    deviation[row] * 1000, size / 1e6 / mean[row], rg / mean[row], cpu[row] * 1000, rgCPU / cpu[row]
            }
        }' "$WORK/$corpus.csv"
done
