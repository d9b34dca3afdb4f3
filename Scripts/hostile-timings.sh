#!/usr/bin/env bash
# Times the release `highlight` on every hostile shape at 1 MB (default) for every available rule
# set, plain and with custom patterns: one Markdown table per output format, one row per shape,
# milliseconds (best of RUNS, wall clock, process start included).
# Usage: Scripts/hostile-timings.sh [BYTES] [RUNS]
# Environment: FORMATS (default "ansi json html facets split"; "split" is a table of its own:
# `highlight split --profile P --numbering` for each profile).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
BYTES=${1:-1048576}
RUNS=${2:-5}
FORMATS=${FORMATS:-ansi json html facets split}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
swift build -c release --product highlight >/dev/null
dump_hostile_corpus "$WORK/corpus" "$BYTES"
HIGHLIGHT=.build/release/highlight

read -ra configurations <<< "$(hostile_configurations "$HIGHLIGHT")"

best_ms() {  # best wall time of RUNS runs, in ms
    local best=""
    for _ in $(seq "$RUNS"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        local ms=$(( (end - start) / 1000000 ))
        if [[ -z "$best" || $ms -lt $best ]]; then best=$ms; fi
    done
    echo "$best"
}

for format in $FORMATS; do
    if [[ $format == split ]]; then
        printf '| split --numbering: shape (%s bytes) | bluesky | twitter | mastodon |\n|---|---:|---:|---:|\n' "$BYTES"
        for file in "$WORK"/corpus/*; do
            printf '| %s |' "$(basename "$file")"
            for profile in bluesky twitter mastodon; do
                printf ' %s |' "$(best_ms "$HIGHLIGHT" split --profile "$profile" --numbering "$file")"
            done
            printf '\n'
        done
        printf '\n'
        continue
    fi
    printf '| %s: shape (%s bytes) |' "$format" "$BYTES"
    for configuration in "${configurations[@]}"; do printf ' %s |' "$configuration"; done
    printf '\n|---|'
    for _ in "${configurations[@]}"; do printf -- '---:|'; done
    printf '\n'
    formatArguments=(--format "$format")
    [[ $format == ansi ]] && formatArguments=(--color always)
    for file in "$WORK"/corpus/*; do
        printf '| %s |' "$(basename "$file")"
        for configuration in "${configurations[@]}"; do
            rules=${configuration%+custom}
            extra=()
            [[ "$configuration" == *+custom ]] && extra=("${HOSTILE_CUSTOM_PATTERNS[@]}")
            printf ' %s |' "$(best_ms "$HIGHLIGHT" --rules "$rules" "${formatArguments[@]}" "${extra[@]}" "$file")"
        done
        printf '\n'
    done
    printf '\n'
done
