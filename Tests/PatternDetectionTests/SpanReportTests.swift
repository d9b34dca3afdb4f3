import Foundation
import Testing
@testable import PatternDetection

/// `SpanReport` — the Codable value a backend gets — and the streamed JSON encoder describe the
/// same spans: the encoder's output decodes to exactly the reports.
@Suite("Span reports")
struct SpanReportTests {
    struct Document: Decodable { var spans: [SpanReport] }

    @Test(arguments: BuiltInRules.allCases)
    func theJSONEncoderWritesTheReports(_ builtIn: BuiltInRules) throws {
        let rules = builtIn.ruleSet()
        let text = "gm @alice.bsky.social 😀 #swift https://example.com/東京 $AAPL\n＃タグ @bob_1 e\u{301}x.com #a#b"
        var copy = text
        let (reports, json) = copy.withUTF8 { bytes in
            let spans = rules.spans(in: bytes)
            return (SpanReport.reports(for: spans, in: bytes, rules: rules), SpanJSONEncoder.document(text, spans: spans, rules: rules))
        }
        #expect(reports.count >= 3, "\(builtIn): \(reports)")
        #expect(try JSONDecoder().decode(Document.self, from: Data(json.utf8)).spans == reports)
        for report in reports {
            #expect(Array(Array(text.utf8)[report.utf8[0]..<report.utf8[1]]) == Array(report.text.utf8))
            #expect(Array(Array(text.utf16)[report.utf16[0]..<report.utf16[1]]) == Array(report.text.utf16))
            #expect(Array(Array(text.unicodeScalars)[report.scalars[0]..<report.scalars[1]]) == Array(report.text.unicodeScalars))
        }
    }
}
