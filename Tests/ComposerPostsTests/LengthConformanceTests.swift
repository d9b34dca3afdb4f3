import Foundation
import PatternDetection
import TestSupport
import Testing

@testable import ComposerPosts

/// twitter-text's `validate.yml` counting groups, read from `../shared/conformance/twitter-text/`
/// at test time (skipped when absent).
@Suite("Post length: twitter-text validate.yml")
struct LengthConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var group: String
        var description: String
        var text: String
        var expected: YAMLValue
        var testDescription: String { "\(group): \(description)" }
    }

    static let url = TestPaths.conformanceFile("twitter-text/validate.yml")

    static let cases: [Case] = {
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8), let suite = try? YAMLSubset.parse(text)
        else { return [] }
        var cases: [Case] = []
        for group in ["tweets", "WeightedTweetsCounterTest", "WeightedTweetsWithDiscountedEmojiCounterTest", "UnicodeDirectionalMarkerCounterTest"] {
            for item in suite["tests"]?[group]?.list ?? [] {
                guard let description = item["description"]?.string, let text = item["text"]?.string, let expected = item["expected"]
                else { continue }
                cases.append(Case(group: group, description: description, text: text, expected: expected))
            }
        }
        return cases
    }()

    /// `parseTweet` with a configuration, over the whole text.
    static func parse(_ text: String, _ weighting: TwitterWeighting) -> TwitterParse {
        withUTF8Bytes(of: text) { bytes in TwitterLength.parse(bytes, range: 0..<bytes.count, urls: nil, weighting: weighting).parse }
    }

    @Test(
        "Every counting case (tweets: isValidTweetText with v1; WeightedTweetsCounterTest: v2; the others: v3)",
        .enabled(if: url != nil, "needs ../shared/conformance/twitter-text/validate.yml"), arguments: cases)
    func countingCase(_ testCase: Case) throws {
        switch testCase.group {
        case "tweets":
            // isValidTweetText: not empty, not over 140 by parseTweet (v1 merged over the defaults),
            // and no invalid character anywhere.
            let parse = Self.parse(testCase.text, .version1)
            let invalid = testCase.text.unicodeScalars.contains { [0xFFFE, 0xFEFF, 0xFFFF].contains($0.value) }
            let valid = !testCase.text.isEmpty && parse.weightedLength <= 140 && !invalid
            #expect(valid == (testCase.expected.string == "true"))
        default:
            let weighting: TwitterWeighting = testCase.group == "WeightedTweetsCounterTest" ? .version2 : .version3
            let parse = Self.parse(testCase.text, weighting)
            let expected = testCase.expected
            #expect(parse.weightedLength == Int(expected["weightedLength"]?.string ?? ""))
            #expect(parse.valid == (expected["valid"]?.string == "true"))
            #expect(parse.permillage == Int(expected["permillage"]?.string ?? ""))
            #expect(parse.validRangeEnd == Int(expected["validRangeEnd"]?.string ?? ""))
            #expect(expected["validRangeStart"]?.string == "0")
            if weighting == .version3 {
                // The public report carries the same numbers.
                let report = PostLength.report(for: testCase.text, profile: .twitter)
                #expect(report.length == parse.weightedLength && report.isValid == parse.valid)
                #expect(report.permillage == parse.permillage)
                #expect(report.validRange.utf16 == 0..<min(max(parse.validRangeEnd + 1, 0), testCase.text.utf16.count))
            }
        }
    }

    @Test("The suite holds the groups and sizes this test expects", .enabled(if: url != nil, "needs validate.yml"))
    func suiteIsComplete() {
        let sizes = Dictionary(grouping: Self.cases, by: \.group).mapValues(\.count)
        #expect(sizes == ["tweets": 8, "WeightedTweetsCounterTest": 20, "WeightedTweetsWithDiscountedEmojiCounterTest": 22, "UnicodeDirectionalMarkerCounterTest": 2])
    }
}
