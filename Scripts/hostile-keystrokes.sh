#!/usr/bin/env bash
# Per-keystroke cost of typing into one enormous word: every hostile shape that is one word (after
# a short first word: every rescan window is all of it) cut to BYTES, played
# by `highlight replay` under each rule set with a few keystrokes typed at its end. One
# Markdown table per strategy: p50 microseconds per keystroke, and divergences from a full scan.
# Usage: Scripts/hostile-keystrokes.sh [BYTES] [STRATEGIES]
#   BYTES: document size (default 262144); STRATEGIES: replay strategies (default "localized").
# Needs python3 (to write the session files).
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/corpus-tool.sh
BYTES=${1:-262144}
STRATEGIES=${2:-localized}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
swift build -c release --product highlight >/dev/null
dump_hostile_corpus "$WORK/corpus" "$BYTES"
HIGHLIGHT=.build/release/highlight
RULES=(bluesky twitter mastodon icysky)

# A session per shape and rule set: the shape as the initial text (cut to whole scalars), the
# caret at the end of its long word, then a tag, a backspace and a link typed there.
python3 - "$WORK" "$BYTES" "${RULES[@]}" <<'PY'
import json, os, sys
work, size, rules = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for shape in sorted(os.listdir(os.path.join(work, "corpus"))):
    data = open(os.path.join(work, "corpus", shape), "rb").read()[:size]
    # One word: the shapes start with a short word and a space, then run without white space to a
    # final space.
    if sum(data.count(byte) for byte in b" \t\n\r") > 2:
        continue
    text = data.decode("utf-8", "ignore")
    encoded = text.encode()
    # The caret at the end of the long word, before its final space: always a cluster boundary.
    caret = encoded.rfind(b" ")
    if caret <= 2:
        caret = len(encoded)
    for rule in rules:
        session = {"name": f"{shape}", "rules": rule, "initialText": text, "cursor": caret,
                   "steps": [{"type": "ab#c@d.e "}, {"backspace": 4}, {"type": "x.co/y"}]}
        with open(os.path.join(work, f"{shape}.{rule}.json"), "w") as file:
            json.dump(session, file)
PY

for strategy in $STRATEGIES; do
    header="| $strategy: shape ($BYTES bytes, one word), p50 µs per keystroke |"
    rule_line="|---|"
    for rule in "${RULES[@]}"; do header+=" $rule |"; rule_line+="---:|"; done
    echo "$header"
    echo "$rule_line"
    for session in "$WORK"/*.bluesky.json; do
        shape=$(basename "$session" .bluesky.json)
        row="| $shape |"
        for rule in "${RULES[@]}"; do
            file="$WORK/$shape.$rule.json"
            cell=$({ "$HIGHLIGHT" replay --strategy "$strategy" --format json "$file" 2>/dev/null || true; } | python3 -c '
import json, sys
line = sys.stdin.readline()
if not line:
    print("refused")
else:
    s = json.loads(line)["strategies"][0]
    print("%.0f" % s["p50Microseconds"] + ("" if s["divergences"] == 0 else " (%d divergences)" % s["divergences"]))
')
            row+=" $cell |"
        done
        echo "$row"
    done
    echo
done
