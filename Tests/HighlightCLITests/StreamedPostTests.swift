import ComposerPosts
import Foundation
import PatternDetection
import Testing
import TestSupport

@testable import highlight

/// `--input jsonl` posts longer than `DocumentRenderer.streamedPostBytes` go through a span
/// stream chunk by chunk, so their spans are never held together: the output line is the same
/// bytes as the post rendered whole, in every format and rule set, with lengths counted too.
@Suite("Streamed jsonl posts")
struct StreamedPostTests {
    /// jsonl lines: posts, hostile words (one word of thousands of spans each), escapes, emoji
    /// shortcodes and a caret object.
    static let lines: [[UInt8]] = {
        var texts = HostileCorpus.Shape.allCases.map { String(decoding: $0.bytes(count: 6000), as: UTF8.self) }
        texts += String(decoding: PostCorpus.posts(byteCount: 8000, seed: 12), as: UTF8.self).split(separator: "\n").map(String.init)
        texts += ["", " ", "hi @bob.test #tag :blobcat: $AB https://a.co/b\n\t\"quoted\" \\ \u{2028}", String(repeating: "#a ", count: 3000)]
        var lines = texts.map { Array(try! JSONEncoder().encode($0)) }
        lines.append(Array(#"{"text":"hi @al #tag https://a.co","caret":{"utf8":6}}"#.utf8))
        return lines
    }()

    @Test(arguments: OutputFormat.allCases)
    func aStreamedPostIsThePostRenderedWhole(_ format: OutputFormat) {
        let profiles: [[LengthProfile]] = format == .json ? [[], [.bluesky, .twitter, .mastodon()]] : [[]]
        for rules in CLIInputChecks.ruleSets {
            for lengthProfiles in profiles {
                let whole = CLIInputChecks.renderer(format, rules, into: StandardOutput(collectingInMemory: ()), lengthProfiles: lengthProfiles)
                let streamed = CLIInputChecks.renderer(
                    format, rules, into: StandardOutput(collectingInMemory: ()), lengthProfiles: lengthProfiles, streamedPostBytes: 0)
                for (index, line) in Self.lines.enumerated() {
                    let expected = CLIInputChecks.render(line[...], number: index + 1, with: whole)
                    let actual = CLIInputChecks.render(line[...], number: index + 1, with: streamed)
                    let equal = expected?.1 == actual?.1  // outside #expect: long lines describe slowly
                    #expect(expected != nil && equal, "\(format) \(rules.name) \(lengthProfiles.count) profiles, line \(index + 1)")
                }
            }
        }
    }
}
