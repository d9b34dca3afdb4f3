import Foundation
import TestSupport
import PatternDetection
import Testing

/// A span as the atproto conformance file and `Fixtures/bluesky/cases.json` write it.
struct ExpectedSpan: Decodable, Hashable, Sendable, CustomStringConvertible {
    var kind: String
    var text: String
    var byteStart: Int
    var byteEnd: Int
    var value: String

    var description: String { "\(kind)[\(byteStart),\(byteEnd)) \(text.debugDescription) → \(value.debugDescription)" }
}

/// One detection case: an input and every span the `bluesky` rules must report for it.
struct DetectionCase: Decodable, Sendable, CustomTestStringConvertible {
    var name: String?
    var group: String?
    var note: String?
    var input: String
    var spans: [ExpectedSpan]

    var testDescription: String {
        let shown = input.count > 60 ? String(input.prefix(57)) + "…" : input
        return "\(name ?? group ?? "case"): \(shown.debugDescription)"
    }
}

/// The case files the Bluesky suites read.
enum BlueskyCaseFiles {
    /// atproto's own detection cases, or `nil` when the shared conformance data is absent.
    static let conformanceURL = TestPaths.conformanceFile("atproto/detection-cases.json")

    static let conformanceCases: [DetectionCase] = {
        guard let url = conformanceURL, let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([DetectionCase].self, from: data)) ?? []
    }()

    /// `Fixtures/bluesky/cases.json`.
    static let fixtureURL = TestPaths.fixtures.appendingPathComponent("bluesky/cases.json")

    static let fixtureCases: [DetectionCase] = {
        struct File: Decodable { var cases: [DetectionCase] }
        guard let data = try? Data(contentsOf: fixtureURL) else { return [] }
        return (try? JSONDecoder().decode(File.self, from: data).cases) ?? []
    }()
}

/// Runs the shared `bluesky` rules over `input` and reports spans in the case-file shape.
func blueskySpans(_ input: String) throws -> [ExpectedSpan] {
    let rules = BlueskyRules.shared
    return try withUTF8Bytes(of: input) { bytes throws in
        rules.spans(in: bytes).map { span in
            ExpectedSpan(
                kind: span.kind.rawValue,
                text: String(decoding: UnsafeBufferPointer(rebasing: bytes[span.utf8Range]), as: UTF8.self),
                byteStart: span.utf8Range.lowerBound, byteEnd: span.utf8Range.upperBound,
                value: rules.value(of: span, in: bytes))
        }
    }
}
