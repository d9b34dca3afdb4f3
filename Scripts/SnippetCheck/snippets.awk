# The Swift snippets of Markdown files and of doc comments in Swift files as one Swift program,
# for `make snippet-check`.
#
# Each ```swift block becomes a `do { … }` of its own, so what it declares is local to it and
# shadows Prelude.swift's stand-ins; README.md's blocks under "What it does, from Swift" share one
# `do`, since each continues the one before. In a Swift file only `///` comment lines are read
# (their `/// ` taken off). Imports are hoisted to the top (they cannot stand in a `do`). A
# `#sourceLocation` before each block makes the compiler report the file and line it came from.
# Blocks that are package-manifest fragments (a first line starting with `.`) are left out.
#
# With `-v imports_dir=DIR`, every block (README: every unit of blocks) that imports a module is
# also written to DIR/imports-N.swift with only its own imports, as a function's body: imports are
# file-scoped, so that file type-checks only if the imports a reader copies with the block are
# enough.
function flush() {
    if (unit) {
        body = body "}\n"
        if (imports_dir != "" && unit_imports != "") {
            file = imports_dir "/imports-" (++import_units) ".swift"
            printf "%s@MainActor func importCheck%d() async throws {\n%s}\n", unit_imports, import_units, unit_body > file
            close(file)
        }
        unit = 0; unit_imports = ""; unit_body = ""
    }
}
function close_block() {
    if (code && !skipping) { body = body "#sourceLocation()\n"; unit_body = unit_body "#sourceLocation()\n" }
    code = 0; skipping = 0; if (!readme) flush()
}
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
            unit_body = unit_body "#sourceLocation(file: \"" FILENAME "\", line: " FNR ")\n"
        }
    }
    if (skipping) next
    if (line ~ /^import [A-Za-z_]+/) {
        split(line, words, /[ \t]+/); imports[words[2]] = 1; unit_imports = unit_imports "import " words[2] "\n"
        body = body "\n"; unit_body = unit_body "\n"; next
    }
    body = body line "\n"; unit_body = unit_body line "\n"
}
END {
    close_block()
    flush()
    for (module in imports) print "import " module
    printf "%s", body
}
