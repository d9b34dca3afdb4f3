import Foundation
import TestSupport
import PatternDetection
import Testing

/// One case of twitter-text's conformance suite: its group (the API it exercises), description,
/// input and expected result.
struct TwitterConformanceCase: Sendable, CustomTestStringConvertible {
    var file: String
    var group: String
    var description: String
    var text: String
    var expected: YAMLValue

    var testDescription: String { "\(group): \(description)" }
}

/// twitter-text's `extract.yml` and `tlds.yml`, read from `../shared/conformance/` when present.
enum TwitterConformance {
    static let extractURL = TestPaths.conformanceFile("twitter-text/extract.yml")
    static let tldsURL = TestPaths.conformanceFile("twitter-text/tlds.yml")
    static let tldLibraryURL = TestPaths.conformanceFile("twitter-text/tld_lib.yml")

    static let extractCases: [TwitterConformanceCase] = load(extractURL, file: "extract.yml")
    static let tldCases: [TwitterConformanceCase] = load(tldsURL, file: "tlds.yml")

    private static func load(_ url: URL?, file: String) -> [TwitterConformanceCase] {
        guard let url, let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        do {
            let document = try YAMLSubset.parse(text)
            var cases: [TwitterConformanceCase] = []
            for group in document["tests"]?.entries ?? [] {
                for item in group.value.list ?? [] {
                    cases.append(
                        TwitterConformanceCase(
                            file: file, group: group.key, description: item["description"]?.string ?? "?",
                            text: item["text"]?.string ?? "", expected: item["expected"] ?? .null))
                }
            }
            return cases
        } catch {
            return [
                TwitterConformanceCase(
                    file: file, group: "unreadable", description: "\(error)", text: "", expected: .null)
            ]
        }
    }

    /// What the rule set reports for a case, rendered the way the expectation is rendered.
    static func actual(for testCase: TwitterConformanceCase) throws -> [String] {
        let rules = TwitterRules.shared
        let text = testCase.text
        return try withUTF8Bytes(of: text) { bytes throws -> [String] in
            func render(_ span: Span, _ name: String) -> String {
                let range = span.utf16Range(in: text)
                return "\(name) [\(range.lowerBound), \(range.upperBound)]"
            }
            // The reference's URL entity is the text as typed; the rule set's value of a URL typed
            // without a scheme is its URI (`https://` + the text).
            func urlText(_ span: Span) -> String { String(decoding: bytes[span.utf8Range], as: UTF8.self) }
            switch testCase.group {
            case "mentions":
                return rules.mentionSpans(in: bytes).map { rules.value(of: $0, in: bytes) }
                    .filter { !$0.contains("/") }
            case "mentions_with_indices":
                return rules.mentionSpans(in: bytes)
                    .filter { !rules.value(of: $0, in: bytes).contains("/") }
                    .map { render($0, rules.value(of: $0, in: bytes)) }
            case "mentions_or_lists_with_indices":
                return rules.mentionSpans(in: bytes).map { span in
                    let value = rules.value(of: span, in: bytes)
                    let parts = value.split(separator: "/", maxSplits: 1)
                    return render(span, "\(parts[0]) \(parts.count > 1 ? "/" + parts[1] : "")")
                }
            case "replies":
                return rules.replySpan(in: bytes).map { [rules.value(of: $0, in: bytes)] } ?? []
            case "urls", "tco_urls_with_params":
                return rules.urlSpans(in: bytes).map(urlText)
            case "urls_with_indices", "urls_with_directional_markers":
                return rules.urlSpans(in: bytes).map { render($0, urlText($0)) }
            case "hashtags", "hashtags_from_astral":
                return rules.hashtagSpans(in: bytes).map { rules.value(of: $0, in: bytes) }
            case "hashtags_with_indices":
                return rules.hashtagSpans(in: bytes).map { render($0, rules.value(of: $0, in: bytes)) }
            case "cashtags":
                return rules.cashtagSpans(in: bytes).map { rules.value(of: $0, in: bytes) }
            case "cashtags_with_indices":
                return rules.cashtagSpans(in: bytes).map { render($0, rules.value(of: $0, in: bytes)) }
            default:
                if testCase.file == "tlds.yml" {
                    return rules.urlSpans(in: bytes).map(urlText)
                }
                throw YAMLError(line: 0, message: "unknown group \(testCase.group)")
            }
        }
    }

    /// The case's expectation in the same rendering as ``actual(for:)``.
    static func expected(for testCase: TwitterConformanceCase) -> [String] {
        switch testCase.expected {
        case .null: return []
        case .scalar(let value): return [value]
        case .map: return ["unexpected map"]
        case .list(let items):
            return items.map { item in
                if let value = item.string { return value }
                let indices = (item["indices"]?.list ?? []).compactMap(\.string).joined(separator: ", ")
                let name =
                    item["screen_name"].flatMap { name in
                        item["list_slug"].map { "\(name.string ?? "") \($0.string ?? "")" } ?? name.string
                    } ?? item["url"]?.string ?? item["hashtag"]?.string ?? item["cashtag"]?.string ?? "?"
                return "\(name) [\(indices)]"
            }
        }
    }
}
