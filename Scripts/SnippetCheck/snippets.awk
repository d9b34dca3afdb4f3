# The Swift snippets of Markdown files as one Swift program, for `make snippet-check`.
#
# Each ```swift block becomes a `do { … }` of its own, so what it declares is local to it and
# shadows Prelude.swift's stand-ins; README.md's blocks under "What it does, from Swift" share one
# `do`, since each continues the one before. Imports are hoisted to the top (they cannot stand in
# a `do`). A `#sourceLocation` before each block makes the compiler report the Markdown file and
# line. Blocks that are package-manifest fragments (a first line starting with `.`) are left out.
function flush() { if (unit) { body = body "}\n"; unit = 0 } }
FNR == 1 { flush(); readme = (FILENAME ~ /(^|\/)README\.md$/); section = !readme; code = 0 }
readme && /^## / { section = ($0 == "## What it does, from Swift"); if (!section) flush() }
!section { next }
/^```swift$/ { code = 1; first = 1; next }
code && /^```$/ { code = 0; if (!skipping) body = body "#sourceLocation()\n"; if (!readme) flush(); skipping = 0; next }
code {
    if (first) {
        first = 0
        skipping = ($0 ~ /^[ \t]*\./)
        if (skipping) next
        if (!unit) { body = body "do {\n"; unit = 1 }
        body = body "#sourceLocation(file: \"" FILENAME "\", line: " FNR ")\n"
    } else if (skipping) next
    if ($0 ~ /^import [A-Za-z_]+/) { split($0, words, /[ \t]+/); imports[words[2]] = 1; body = body "\n"; next }
    body = body $0 "\n"
}
END {
    flush()
    for (module in imports) print "import " module
    printf "%s", body
}
