#!/usr/bin/env bash
# Every built-in rule set × corpus × format × thread count against ripgrep, in one run, where users
# see it: whole processes of the release `highlight` on 20 MiB generated corpora
# (Scripts/GenerateScanCorpus.swift: `prose`, about one entity per 160 bytes, and `dense`, the test
# suite's edge-case posts) against `rg -P --passthru --color=always` with the IcySky seed's three
# expressions. One hyperfine run per corpus holds every command, so the ratios come from the same
# minutes on the same machine. Then the same texts as a backend sends them (`--input jsonl`, posts
# of up to 280 bytes, one JSON string per line: posts/s and MB/s, no rg column). `patterns`: user-
# defined patterns over bluesky (none, a ticket id, and a ticket id and a shortcode) against rg with
# the ticket expression. Then start-up:
# `highlight` and `rg x` with standard input on
# /dev/null, median of STARTUP_RUNS (from an empty directory, so rg has nothing else to search).
#
# Output goes to a file in memory (/dev/shm; OUTPUT=pipe sends it through a pipe to hyperfine
# instead): rg reads
# /dev/null as "no output wanted" and stops early, and a pipe's reader (hyperfine) competes for the
# cores with a multi-threaded run, which on a 2-core machine penalises the parallel runs for the
# benchmark's own reading.
#
# Prints Markdown tables: mean and least wall ms (the least is what other processes on a shared
# machine disturb least), mean CPU ms (user + system; other processes on a shared
# machine disturb it less than wall time), MB/s, and speed relative to rg for both (above 1 is
# faster than rg).
# Needs hyperfine and ripgrep (Debian: apt-get install -y hyperfine ripgrep).
# Usage: Scripts/speed-table.sh [HIGHLIGHT]
#   HIGHLIGHT: a binary to time instead of a fresh release build of this checkout. A binary without
#   `--threads` is timed once per rule set and format, with its default.
# Environment: BYTES per corpus (default 20 MiB), RUNS per command (default 10), THREADS (thread
#   counts, default "1 2"), RULES (default "bluesky twitter icysky"), STARTUP_RUNS (default 30),
#   SECTIONS (default "scan patterns jsonl startup"), BEFORE (another `highlight`, e.g. a build of an older commit,
#   timed in the same runs with its default threads; its rows say "before"), OUTPUT (file or
#   pipe, default file).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
BYTES=${BYTES:-20971520}
RUNS=${RUNS:-10}
THREADS=${THREADS:-1 2}
RULES=${RULES:-bluesky twitter icysky}
STARTUP_RUNS=${STARTUP_RUNS:-30}
SECTIONS=${SECTIONS:-scan patterns jsonl startup}
OUTPUT=${OUTPUT:-file}
WORK=$(mktemp -d)
OUTPUT_DIRECTORY=$WORK
if [[ -d /dev/shm ]]; then OUTPUT_DIRECTORY=$(mktemp -d /dev/shm/speed-table.XXXXXX); fi
trap 'rm -rf "$WORK" "$OUTPUT_DIRECTORY"' EXIT
if [[ $# -ge 1 ]]; then
    HIGHLIGHT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
else
    swift build -c release --product highlight >/dev/null
    HIGHLIGHT=$PWD/.build/release/highlight
fi
if ! "$HIGHLIGHT" --threads 1 </dev/null >/dev/null 2>&1; then THREADS=default; fi
BEFORE=${BEFORE:+$(cd "$(dirname "$BEFORE")" && pwd)/$(basename "$BEFORE")}

echo "highlight: $HIGHLIGHT; $(rg --version | head -n 1); $(hyperfine --version); $(nproc) cores; output to a $OUTPUT"
echo

# Appends to `commands` a run of `highlight ARGUMENTS FILE` for every thread count, named "PREFIX
# THREADS" (PREFIX ends in its separator), and one of BEFORE, when given, named "PREFIX before".
add_thread_variants() {  # PREFIX ARGUMENTS FILE
    local prefix=$1 arguments=$2 file=$3 threads threadArguments
    if [[ -n "$BEFORE" ]]; then commands+=(-n "${prefix}before" "$BEFORE $arguments $file"); fi
    for threads in $THREADS; do
        threadArguments=""
        [[ $threads != default ]] && threadArguments=" --threads $threads"
        commands+=(-n "$prefix$threads" "$HIGHLIGHT $arguments$threadArguments $file")
    done
}

# Appends to `commands` a run of `highlight [OPTIONS…] FILE` for every rule set, format (ANSI,
# JSON) and thread count, named "RULES FORMAT THREADS" (and one of BEFORE, when given, named
# "RULES FORMAT before").
add_highlight_commands() {  # FILE [OPTIONS…]
    local file=$1 rules format formatArguments
    shift
    for rules in $RULES; do
        for format in ansi json; do
            formatArguments="--color always"
            [[ $format == json ]] && formatArguments="--format json"
            add_thread_variants "$rules $format " "$* --rules $rules $formatArguments" "$file"
        done
    done
}

# Runs `commands` in one hyperfine run and writes its CSV to CSV.
run_commands() {  # CSV [HYPERFINE OPTIONS…]
    local where=pipe csv=$1
    shift
    # In memory (tmpfs) where there is one: a disk's write-back would throttle the runs.
    [[ $OUTPUT == file ]] && where="$OUTPUT_DIRECTORY/output"
    hyperfine -N --warmup 2 --runs "$RUNS" --output "$where" --export-csv "$csv" "$@" "${commands[@]}" >/dev/null
}

# The corpora, generated once: prose.txt, dense.txt and their jsonl forms in $WORK.
generate_corpora() {
    [[ -f "$WORK/prose.jsonl" ]] && return
    build_corpus_tool GenerateScanCorpus "$WORK/generate-scan-corpus"
    "$WORK/generate-scan-corpus" "$WORK" "$BYTES"
}

if [[ " $SECTIONS " == *" scan "* ]]; then
    generate_corpora
    echo "| corpus | rules | format | threads | wall ms | least wall ms | CPU ms | MB/s | × rg (wall) | × rg (least wall) | × rg (CPU) |"
    echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for corpus in prose dense; do
        file="$WORK/$corpus.txt"
        size=$(stat -c %s "$file")
        commands=(-n "rg" "rg -P --passthru --color=always -e '#\w+' -e '@[\w.-]+' -e '(?i)https?://(?:www\.)?\S+(?:/|\b)' $file")
        add_highlight_commands "$file"
        run_commands "$WORK/$corpus.csv"
        awk -F, -v corpus="$corpus" -v size="$size" '
            NR == 1 { next }
            {
                name[NR] = $1; mean[NR] = $2; cpu[NR] = $5 + $6; least[NR] = $7
                if ($1 == "rg") { rg = $2; rgCPU = $5 + $6; rgLeast = $7 }
            }
            END {
                for (row = 2; row <= NR; row++) {
                    split(name[row], part, " ")
                    if (name[row] == "rg") { part[1] = "rg"; part[2] = "ansi"; part[3] = "1" }
                    printf "| %s | %s | %s | %s | %.1f | %.1f | %.1f | %.0f | %.2f | %.2f | %.2f |\n", corpus, part[1], part[2], part[3],
                        mean[row] * 1000, least[row] * 1000, cpu[row] * 1000, size / 1e6 / mean[row], rg / mean[row],
                        rgLeast / least[row], rgCPU / cpu[row]
                }
            }' "$WORK/$corpus.csv"
    done
    echo
fi

if [[ " $SECTIONS " == *" patterns "* ]]; then
    # User-defined patterns over bluesky, ANSI: none, a ticket id, and that and a :shortcode:,
    # against rg with the ticket expression alone.
    generate_corpora
    ticket='\b[A-Z]{2,10}-\d+\b'
    shortcode=':[a-z0-9_+-]+:'
    echo "| corpus | patterns | threads | wall ms | least wall ms | CPU ms | MB/s | × rg (wall) | × rg (CPU) |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
    for corpus in prose dense; do
        file="$WORK/$corpus.txt"
        size=$(stat -c %s "$file")
        commands=(-n "rg;ticket;1" "rg -P --passthru --color=always -e '$ticket' $file")
        for patterns in none ticket "ticket shortcode"; do
            arguments=""
            [[ $patterns == *ticket* ]] && arguments+=" --pattern 'ticket=$ticket'"
            [[ $patterns == *shortcode* ]] && arguments+=" --pattern 'shortcode=$shortcode'"
            add_thread_variants "bluesky;$patterns;" "--rules bluesky$arguments --color always" "$file"
        done
        # rg exits with 1 where it finds no match (the prose corpus holds no ticket id).
        run_commands "$WORK/$corpus-patterns.csv" --ignore-failure
        # hyperfine quotes names that hold a comma; these hold none.
        awk -F, -v corpus="$corpus" -v size="$size" '
            NR == 1 { next }
            { name[NR] = $1; mean[NR] = $2; cpu[NR] = $5 + $6; least[NR] = $7; if (NR == 2) { rg = $2; rgCPU = $5 + $6 } }
            END {
                for (row = 2; row <= NR; row++) {
                    split(name[row], part, ";")
                    label = part[1] == "rg" ? "rg: " part[2] : part[2]
                    printf "| %s | %s | %s | %.1f | %.1f | %.1f | %.0f | %.2f | %.2f |\n", corpus, label, part[3],
                        mean[row] * 1000, least[row] * 1000, cpu[row] * 1000, size / 1e6 / mean[row], rg / mean[row], rgCPU / cpu[row]
                }
            }' "$WORK/$corpus-patterns.csv"
    done
    echo
fi

if [[ " $SECTIONS " == *" jsonl "* ]]; then
    # A backend's shape: posts of up to 280 bytes, one JSON string per line (`--input jsonl`),
    # the same texts as above. No rg column: rg does not decode JSON.
    generate_corpora
    echo "| posts (jsonl) | rules | format | threads | wall ms | least wall ms | CPU ms | posts/s | MB/s |"
    echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
    for corpus in prose dense; do
        file="$WORK/$corpus.jsonl"
        size=$(stat -c %s "$file")
        posts=$(wc -l < "$file")
        commands=()
        add_highlight_commands "$file" --input jsonl
        run_commands "$WORK/$corpus-jsonl.csv"
        awk -F, -v corpus="$corpus" -v size="$size" -v posts="$posts" '
            NR == 1 { next }
            {
                split($1, part, " ")
                printf "| %s | %s | %s | %s | %.1f | %.1f | %.1f | %.0f | %.0f |\n", corpus, part[1], part[2], part[3],
                    $2 * 1000, $7 * 1000, ($5 + $6) * 1000, posts / $2, size / 1e6 / $2
            }' "$WORK/$corpus-jsonl.csv"
    done
    echo
fi

if [[ " $SECTIONS " == *" startup "* ]]; then
    mkdir "$WORK/empty"
    startup=(-n "rg x < /dev/null" "rg x" -n "highlight < /dev/null" "$HIGHLIGHT")
    [[ -n "$BEFORE" ]] && startup+=(-n "before: highlight < /dev/null" "$BEFORE")
    (cd "$WORK/empty" && hyperfine -N -i --warmup 5 --runs "$STARTUP_RUNS" --export-json "$WORK/startup.json" \
        "${startup[@]}" >/dev/null)
    echo "| start-up (stdin /dev/null) | median ms | mean ms | CPU ms |"
    echo "|---|---:|---:|---:|"
    python3 - "$WORK/startup.json" <<'PYTHON'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print(f"| {result['command']} | {result['median'] * 1000:.2f} | {result['mean'] * 1000:.2f} | "
          f"{(result['user'] + result['system']) * 1000:.2f} |")
PYTHON
fi
