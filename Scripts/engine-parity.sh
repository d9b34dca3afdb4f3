#!/usr/bin/env bash
# Builds `highlight` with the PCRE2 trait (the default) and without it (--disable-default-traits,
# scratch path .build-notrait), shows that the second links no libpcre2, and compares the two
# builds' output byte for byte:
# - bluesky and twitter (Swift byte scanners: must be identical) in every format;
# - icysky and custom patterns (PCRE2 against NSRegularExpression: identical except the cases the
#   article "Regex engines" lists), post by post, counting the posts that differ.
# Inputs: Fixtures/posts/sample-posts.txt, the post texts of Fixtures/posts/post-records.jsonl,
# generated prose-like and dense posts (Scripts/GenerateScanCorpus.swift) and every hostile shape
# (Scripts/DumpHostileCorpus.swift).
# Environment: CONFIG (default debug), BYTES per generated corpus and hostile shape (default 256 KiB).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
CONFIG=${CONFIG:-debug}
BYTES=${BYTES:-262144}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

swift build -c "$CONFIG" --product highlight >/dev/null
swift build -c "$CONFIG" --product highlight --disable-default-traits --scratch-path .build-notrait >/dev/null
WITH=.build/$CONFIG/highlight
WITHOUT=.build-notrait/$CONFIG/highlight

echo "== ldd $WITHOUT (without the PCRE2 trait)"
ldd "$WITHOUT" | sed 's/ (0x[0-9a-f]*)//'
if ldd "$WITHOUT" | grep -qi pcre; then echo "FAIL: links PCRE2"; exit 1; fi
echo "== ldd $WITH | grep pcre (with the trait)"
ldd "$WITH" | grep -i pcre | sed 's/ (0x[0-9a-f]*)//'

build_corpus_tool GenerateScanCorpus "$WORK/generate-scan-corpus"
mkdir -p "$WORK/in" "$WORK/hostile"
"$WORK/generate-scan-corpus" "$WORK/in" "$BYTES" >/dev/null
dump_hostile_corpus "$WORK/hostile" "$BYTES" >/dev/null
cp Fixtures/posts/sample-posts.txt "$WORK/in/sample-posts.txt"
sed -n 's/.*"text":\("\([^"\\]\|\\.\)*"\).*/{"text":\1}/p' Fixtures/posts/post-records.jsonl > "$WORK/in/post-records.jsonl"
for file in "$WORK"/hostile/*; do cp "$file" "$WORK/in/hostile-$(basename "$file")"; done

# One JSON post per line of every text input, for per-post comparison.
for file in "$WORK"/in/*; do
    case "$file" in *.jsonl) continue ;; esac
    json_post() { sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' -e 's/\r/\\r/g' -e 's/.*/{"text":"&"}/'; }
    LC_ALL=C tr -d '\000-\010\013\014\016-\037' < "$file" | json_post > "$file.posts.jsonl"
done

identical=0; differing=0
compare_documents() {  # rules, extra arguments…
    local rules=$1; shift
    for file in "$WORK"/in/*; do
        case "$file" in *.jsonl) continue ;; esac
        for format in "--format json" "--format facets" "--format html" "--color always"; do
            # shellcheck disable=SC2086
            "$WITH" --rules "$rules" "$@" $format "$file" > "$WORK/a" 2>"$WORK/a.err" || true
            # shellcheck disable=SC2086
            "$WITHOUT" --rules "$rules" "$@" $format "$file" > "$WORK/b" 2>"$WORK/b.err" || true
            if cmp -s "$WORK/a" "$WORK/b"; then identical=$((identical + 1)); else
                differing=$((differing + 1)); echo "DIFFERENT: --rules $rules $* $format $(basename "$file")"; fi
        done
    done
}
echo "== bluesky and twitter: every input, json/facets/html/ansi, compared as whole outputs"
compare_documents bluesky
compare_documents twitter
echo "   identical outputs: $identical, different: $differing"
platform_differing=$differing

echo "== icysky and custom patterns: post by post (--input jsonl --format json)"
PATTERNS=(--pattern 'ticket=\b[A-Z]{2,10}-\d+\b' --pattern 'shortcode=:[a-z0-9_+-]+:'
    --pattern 'after=(?<=\s)#[a-z]+' --pattern 'letters=\p{L}+\d' --pattern 'caseless=(?i)\bswift\w*'
    --pattern 'anchors=(?m)^>\S+|\S+<$' --pattern 'inner=\B\d+\b')
for setup in icysky custom; do
    posts=0; same=0
    for file in "$WORK"/in/*.jsonl; do
        if [ "$setup" = icysky ]; then args=(--rules icysky); else args=(--rules icysky "${PATTERNS[@]}"); fi
        "$WITH" "${args[@]}" --input jsonl --format json "$file" > "$WORK/a" 2>/dev/null || true
        "$WITHOUT" "${args[@]}" --input jsonl --format json "$file" > "$WORK/b" 2>/dev/null || true
        lines=$(wc -l < "$WORK/a"); posts=$((posts + lines))
        same=$((same + $(paste -d '\n' "$WORK/a" "$WORK/b" | awk 'NR % 2 == 1 { a = $0; next } a == $0 { n++ } END { print n + 0 }')))
        if ! cmp -s "$WORK/a" "$WORK/b"; then
            paste -d '\n' "$WORK/a" "$WORK/b" | awk -v f="$(basename "$file")" 'NR % 2 == 1 { a = $0; next } a != $0 && shown < 3 { print "   differs in " f ": PCRE2 " substr(a, 1, 160); print "                 ICU   " substr($0, 1, 160); shown++ }'
        fi
    done
    echo "   $setup: $same of $posts posts identical"
done
[ "$platform_differing" -eq 0 ]
