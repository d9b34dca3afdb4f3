# The Swift snippets of Markdown files and of doc comments in Swift files as one Swift program,
# for `make snippet-check`.
#
# Each ```swift block becomes a `do { … }` of its own, so what it declares is local to it and
# shadows Prelude.swift's stand-ins; README.md's blocks under "What it does, from Swift" share one
# `do`, since each continues the one before. In a Swift file only `///` comment lines are read
# (their `/// ` taken off). Imports are hoisted to the top (they cannot stand in a `do`). A
# `#sourceLocation` before each block makes the compiler report the file and line it came from.
# Blocks that are package-manifest fragments (a first line starting with `.`) are left out.
function flush() { if (unit) { body = body "}\n"; unit = 0 } }
function close_block() { if (code && !skipping) body = body "#sourceLocation()\n"; code = 0; skipping = 0; if (!readme) flush() }
FNR == 1 { close_block(); flush(); readme = (FILENAME ~ /(^|\/)README\.md$/); swift = (FILENAME ~ /\.swift$/); section = !readme }
{ line = $0 }
swift {
    if (line !~ /^[ \t]*\/\/\//) { if (code) close_block(); next }
    sub(/^[ \t]*\/\/\/ ?/, "", line)
}
readme && line ~ /^## / { section = (line == "## What it does, from Swift"); if (!section) flush() }
!section { next }
line ~ /^```swift$/ { code = 1; first = 1; next }
code && line ~ /^```$/ { close_block(); next }
code {
    if (first) {
        first = 0
        skipping = (line ~ /^[ \t]*\./)
        if (!skipping) {
            if (!unit) { body = body "do {\n"; unit = 1 }
            body = body "#sourceLocation(file: \"" FILENAME "\", line: " FNR ")\n"
        }
    }
    if (skipping) next
    if (line ~ /^import [A-Za-z_]+/) { split(line, words, /[ \t]+/); imports[words[2]] = 1; body = body "\n"; next }
    body = body line "\n"
}
END {
    close_block()
    flush()
    for (module in imports) print "import " module
    printf "%s", body
}
