import ArgumentParser
import ComposerText
import Foundation
import PatternDetection

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case ansi, html, json, facets
}

enum InputMode: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}

extension ColorMode: ExpressibleByArgument {}
extension BuiltInRules: ExpressibleByArgument {}

/// `highlight [options] [FILE...]`: highlight mentions, hashtags, links and cashtags in text.
struct HighlightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Highlight @mentions, #hashtags, links and $cashtags in text (the default command).")

    @Option(help: "Rule set: \(BuiltInRules.allCases.map(\.rawValue).joined(separator: ", ")).")
    var rules: BuiltInRules = .bluesky

    @Option(help: "Output: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .ansi

    @Option(help: "text: the whole input is one document; jsonl: every line is a JSON string (a post).")
    var input: InputMode = .text

    @Option(help: "auto (terminal only, honours NO_COLOR and TERM), always, never.")
    var color: ColorMode = .auto

    @Argument(help: "Files to read (default: standard input).")
    var files: [String] = []

    func run() throws {
        let ruleSet = rules.ruleSet()
        let environment = ProcessInfo.processInfo.environment
        let isTerminal = StandardOutput.isTerminal()
        let depth = ColorPolicy.depth(mode: color, environment: environment, outputIsTerminal: isTerminal)
        let output = StandardOutput(lineBuffered: isTerminal)
        defer { output.flush() }
        let renderer = DocumentRenderer(
            format: format, rules: ruleSet, styler: ANSIStyler(depth: depth, styles: .default),
            detector: PatternDetector(rules: ruleSet), output: output)

        let documents = try InputSource.readAll(files: files)
        switch input {
        case .text:
            for document in documents {
                try renderer.renderDocument(document)
            }
        case .jsonl:
            var failedLines = 0
            var lineNumber = 0
            for document in documents {
                for line in document.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .dropLast(document.last == UInt8(ascii: "\n") ? 1 : 0)
                {
                    lineNumber += 1
                    do {
                        let post = try JSONDecoder().decode(String.self, from: Data(line))
                        try renderer.renderPost(post)
                    } catch let error as PatternError {
                        throw error
                    } catch {
                        failedLines += 1
                        output.write(
                            "{\"error\":\(JSONText.string("line \(lineNumber) is not a JSON string")),\"line\":\(lineNumber)}")
                        output.endLine()
                    }
                }
            }
            if failedLines > 0 {
                output.flush()
                throw ExitCode(65)
            }
        }
    }
}

/// Renders one document in the chosen format to the output.
struct DocumentRenderer {
    let format: OutputFormat
    let rules: any RuleSet
    let styler: ANSIStyler
    let detector: PatternDetector
    let output: StandardOutput

    /// A text document: ANSI output is the input itself plus escapes; other formats end with a newline.
    func renderDocument(_ document: [UInt8]) throws {
        try document.withUnsafeBufferPointer { bytes in
            let spans = try detector.spans(inUTF8: bytes)
            switch format {
            case .ansi:
                styler.render(bytes, spans: spans) { output.write($0) }
            case .html:
                output.write(HTMLRenderer.render(bytes, spans: spans, rules: rules))
                output.endLine()
            case .json:
                output.write(SpanReport.documentJSON(SpanReport.reports(for: spans, in: bytes, rules: rules)))
                output.endLine()
            case .facets:
                output.write(BlueskyFacet.documentJSON(BlueskyFacet.facets(for: spans, in: bytes, rules: rules)))
                output.endLine()
            }
        }
    }

    /// A post from a jsonl line: exactly one output line. ANSI output is the post as a JSON string
    /// literal with its spans coloured inside it; other formats as for documents.
    func renderPost(_ post: String) throws {
        var text = post
        try text.withUTF8 { bytes in
            let spans = try detector.spans(inUTF8: bytes)
            switch format {
            case .ansi:
                var line = "\""
                var position = 0
                for span in spans where span.utf8Range.lowerBound >= position {
                    line += escapedInner(bytes[position..<span.utf8Range.lowerBound])
                    line += String(decoding: styler.opening(for: span.kind), as: UTF8.self)
                    line += escapedInner(bytes[span.utf8Range])
                    if styler.depth != .none { line += String(decoding: ANSIStyler.reset, as: UTF8.self) }
                    position = span.utf8Range.upperBound
                }
                line += escapedInner(bytes[position..<bytes.count]) + "\""
                output.write(line)
            case .html:
                output.write(HTMLRenderer.render(bytes, spans: spans, rules: rules))
            case .json:
                output.write(SpanReport.documentJSON(SpanReport.reports(for: spans, in: bytes, rules: rules)))
            case .facets:
                output.write(BlueskyFacet.documentJSON(BlueskyFacet.facets(for: spans, in: bytes, rules: rules)))
            }
            output.endLine()
        }
    }

    private func escapedInner(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(JSONText.string(String(decoding: bytes, as: UTF8.self)).dropFirst().dropLast())
    }
}
