// The CLI's output formats. `highlight` declares this enum in HighlightCommand.swift together with
// its ArgumentParser conformance; the fuzz targets compile the CLI's pipeline files without
// ArgumentParser, so they declare the same cases here (a case added there and not here fails to
// compile in DocumentRenderer's switches, so the two cannot drift apart unnoticed).
enum OutputFormat: String, CaseIterable {
    case ansi, html, json, facets
}
