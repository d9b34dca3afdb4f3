#!/usr/bin/env bash
# Times the release `highlight` per output format (ansi, html, json, facets) under every built-in
# rule set, optionally against an older binary in the same run, and prints Markdown tables:
#   posts    realistic posts (POST_BYTES, default 20 MiB): hyperfine median, MB/s, ratio to ANSI;
#   memory   peak resident memory (/usr/bin/time) on the posts and on the 1 MiB `#a#a…` input;
#   spans    inputs with hundreds of thousands of spans (`#a#a…`, `#a #a …`): median ms, ns per span;
#   hostile  every hostile shape at HOSTILE_BYTES (default 1 MiB): median wall ms, process included.
# Usage: Scripts/output-timings.sh [BEFORE_HIGHLIGHT]
#   BEFORE_HIGHLIGHT: another `highlight` binary (e.g. main built with
#   `swift build -c release --product highlight --scratch-path .build-before`), timed alongside.
# Environment: RUNS (default 5), POST_BYTES, HOSTILE_BYTES, SECTIONS (default "posts memory spans hostile").
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
RUNS=${RUNS:-5}
POST_BYTES=${POST_BYTES:-20971520}
HOSTILE_BYTES=${HOSTILE_BYTES:-1048576}
SECTIONS=${SECTIONS:-posts memory spans hostile}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

swift build -c release --product highlight >/dev/null
labels=(after)
binaries=("$PWD/.build/release/highlight")
if [[ $# -ge 1 ]]; then
    labels=(before after)
    binaries=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" "${binaries[0]}")
fi
build_corpus_tool DumpPostCorpus "$WORK/dump-post-corpus"
dump_hostile_corpus "$WORK/hostile" "$HOSTILE_BYTES"
"$WORK/dump-post-corpus" "$WORK/posts" "$POST_BYTES" 1
printf '#a%.0s' $(seq 524288) >"$WORK/glued-hashtags"   # 1 MiB, one span per `#a` under icysky
printf '#a %.0s' $(seq 349525) >"$WORK/spaced-hashtags" # 1 MiB, one span per `#a` everywhere

RULES=(bluesky twitter icysky)
FORMATS=(ansi html json facets)
format_arguments() {  # the arguments that select format $1
    if [[ "$1" == ansi ]]; then echo "--color always"; else echo "--format $1"; fi
}

# Median wall, median CPU (user + system) and least CPU milliseconds of RUNS runs of "$@", output
# discarded: "WALL CPU MIN_CPU".
cat >"$WORK/median.py" <<'PYTHON'
import os, resource, statistics, subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2:]
walls, cpus = [], []
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    walls.append((time.perf_counter() - start) * 1000)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpus.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
print(f"{statistics.median(walls):.0f} {statistics.median(cpus):.0f} {min(cpus):.0f}")
PYTHON
median_ms() {
    python3 "$WORK/median.py" "$RUNS" "$@"
}

peak_mib() {  # peak resident memory of "$@", MiB
    /usr/bin/time -f '%M' -o "$WORK/peak" "$@" >/dev/null
    awk '{ printf "%.1f", $1 / 1024 }' "$WORK/peak"
}

span_count() {  # spans in file $2 under rule set $1
    "${binaries[-1]}" --rules "$1" --format json "$2" | { grep -o '{"kind":' || true; } | wc -l
}

if [[ " $SECTIONS " == *" posts "* ]]; then
    echo "### Realistic posts, $POST_BYTES bytes (hyperfine, $RUNS runs: median wall, mean user+system CPU)"
    echo
    for rules in "${RULES[@]}"; do
        commands=()
        for format in "${FORMATS[@]}"; do
            for index in "${!binaries[@]}"; do
                # shellcheck disable=SC2207
                commands+=(-n "${labels[$index]} $format" "${binaries[$index]} --rules $rules $(format_arguments "$format") $WORK/posts")
            done
        done
        hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/posts-$rules.json" "${commands[@]}" >/dev/null
    done
    python3 - "$WORK" "$POST_BYTES" "${labels[*]}" "${RULES[*]}" "${FORMATS[*]}" <<'PYTHON'
import json, sys
work, size, labels, rules, formats = sys.argv[1], int(sys.argv[2]), *[a.split() for a in sys.argv[3:]]
header = ["rules", "format"]
for label in labels: header += [f"{label} ms (min–max)", f"{label} CPU ms", f"{label} MB/s", f"{label} ×ANSI (CPU ×ANSI)"]
if len(labels) == 2: header += ["after/before (CPU)"]
print("| " + " | ".join(header) + " |")
print("|---|---|" + "---:|" * (len(header) - 2))
for rule in rules:
    results = {r["command"]: r for r in json.load(open(f"{work}/posts-{rule}.json"))["results"]}
    for fmt in formats:
        row = [rule, fmt]
        cpu = lambda r: r['user'] + r['system']
        for label in labels:
            r, ansi = results[f"{label} {fmt}"], results[f"{label} ansi"]
            row += [f"{r['median']*1000:.0f} ({r['min']*1000:.0f}–{r['max']*1000:.0f})", f"{cpu(r)*1000:.0f}",
                    f"{size / r['median'] / 1e6:.0f}", f"{r['median'] / ansi['median']:.2f} ({cpu(r) / cpu(ansi):.2f})"]
        if len(labels) == 2:
            after, before = results['after ' + fmt], results['before ' + fmt]
            row += [f"{after['median'] / before['median']:.2f} ({cpu(after) / cpu(before):.2f})"]
        print("| " + " | ".join(row) + " |")
PYTHON
    echo
fi

if [[ " $SECTIONS " == *" memory "* ]]; then
    echo "### Peak resident memory, MiB (/usr/bin/time, one run)"
    echo
    printf '| input | rules |'
    for format in "${FORMATS[@]}"; do for label in "${labels[@]}"; do printf ' %s %s |' "$format" "$label"; done; done
    printf '\n|---|---|'
    for _ in "${FORMATS[@]}"; do for _ in "${labels[@]}"; do printf -- '---:|'; done; done
    printf '\n'
    for input in posts glued-hashtags; do
        for rules in "${RULES[@]}"; do
            printf '| %s (%s bytes) | %s |' "$input" "$(stat -c %s "$WORK/$input")" "$rules"
            for format in "${FORMATS[@]}"; do
                for binary in "${binaries[@]}"; do
                    # shellcheck disable=SC2046
                    printf ' %s |' "$(peak_mib "$binary" --rules "$rules" $(format_arguments "$format") "$WORK/$input")"
                done
            done
            printf '\n'
        done
    done
    echo
fi

if [[ " $SECTIONS " == *" spans "* ]]; then
    echo "### Many spans: median wall ms / median CPU ms (least CPU ms) of $RUNS runs; ns per span = least CPU / spans (whole process)"
    echo
    printf '| input | rules | spans |'
    for format in "${FORMATS[@]}"; do for label in "${labels[@]}"; do printf ' %s %s |' "$format" "$label"; done; done
    printf '\n|---|---|---:|'
    for _ in "${FORMATS[@]}"; do for _ in "${labels[@]}"; do printf -- '---:|'; done; done
    printf '\n'
    for input in glued-hashtags spaced-hashtags; do
        for rules in "${RULES[@]}"; do
            spans=$(span_count "$rules" "$WORK/$input")
            printf '| %s | %s | %s |' "$input" "$rules" "$spans"
            for format in "${FORMATS[@]}"; do
                for binary in "${binaries[@]}"; do
                    # shellcheck disable=SC2046
                    read -r wall cpu least < <(median_ms "$binary" --rules "$rules" $(format_arguments "$format") "$WORK/$input")
                    if [[ $spans -gt 1000 ]]; then
                        printf ' %s / %s (%s) ms, %s ns |' "$wall" "$cpu" "$least" "$(( least * 1000000 / spans ))"
                    else
                        printf ' %s / %s (%s) ms |' "$wall" "$cpu" "$least"
                    fi
                done
            done
            printf '\n'
        done
    done
    echo
fi

if [[ " $SECTIONS " == *" hostile "* ]]; then
    for index in "${!binaries[@]}"; do
        echo "### Hostile shapes, $HOSTILE_BYTES bytes, ${labels[$index]}: median wall ms / CPU ms of $RUNS runs, process included"
        echo
        printf '| shape |'
        for rules in "${RULES[@]}"; do for format in "${FORMATS[@]}"; do printf ' %s %s |' "$rules" "$format"; done; done
        printf '\n|---|'
        for _ in "${RULES[@]}"; do for _ in "${FORMATS[@]}"; do printf -- '---:|'; done; done
        printf '\n'
        worst=0
        worst_cpu=0
        for file in "$WORK"/hostile/*; do
            printf '| %s |' "$(basename "$file")"
            for rules in "${RULES[@]}"; do
                for format in "${FORMATS[@]}"; do
                    # shellcheck disable=SC2046
                    read -r wall cpu _ < <(median_ms "${binaries[$index]}" --rules "$rules" $(format_arguments "$format") "$file")
                    (( wall > worst )) && worst=$wall
                    (( cpu > worst_cpu )) && worst_cpu=$cpu
                    printf ' %s / %s |' "$wall" "$cpu"
                done
            done
            printf '\n'
        done
        echo
        echo "Slowest cell: $worst ms wall, $worst_cpu ms CPU"
        echo
    done
fi
