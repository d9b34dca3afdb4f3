#!/usr/bin/env bash
# Peak memory (maximum resident set, MB) of the release `highlight --format json` on every hostile
# shape at 20 MiB (default: the input size the memory target is stated for) for every available
# rule set, default threads, plain and with custom patterns: one Markdown table, one row per shape.
# With BEFORE set to another `highlight` binary, each cell is "before → now", both run on the same
# file. Needs GNU time (/usr/bin/time, Debian package `time`).
# Usage: Scripts/hostile-memory.sh [BYTES]    Environment: BEFORE (a binary), HIGHLIGHT (default:
# the release build, built here).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
BYTES=${1:-20971520}
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
if [[ -z "${HIGHLIGHT:-}" ]]; then
    swift build -c release --product highlight >/dev/null
    HIGHLIGHT=.build/release/highlight
fi
dump_hostile_corpus "$WORK/corpus" "$BYTES"

read -ra configurations <<< "$(hostile_configurations "$HIGHLIGHT")"

peak_mb() {  # the peak resident set of one run, in MB
    /usr/bin/time -o "$WORK/time" -f '%M' "$@" >/dev/null
    echo $(( $(cat "$WORK/time") / 1024 ))
}

printf '| json: shape (%s bytes) |' "$BYTES"
for configuration in "${configurations[@]}"; do printf ' %s |' "$configuration"; done
printf '\n|---|'
for _ in "${configurations[@]}"; do printf -- '---:|'; done
printf '\n'
for file in "$WORK"/corpus/*; do
    printf '| %s |' "$(basename "$file")"
    for configuration in "${configurations[@]}"; do
        arguments=(--rules "${configuration%+custom}" --format json)
        [[ "$configuration" == *+custom ]] && arguments+=("${HOSTILE_CUSTOM_PATTERNS[@]}")
        now=$(peak_mb "$HIGHLIGHT" "${arguments[@]}" "$file")
        if [[ -n "${BEFORE:-}" ]]; then
            printf ' %s → %s |' "$(peak_mb "$BEFORE" "${arguments[@]}" "$file")" "$now"
        else
            printf ' %s |' "$now"
        fi
    done
    printf '\n'
done
