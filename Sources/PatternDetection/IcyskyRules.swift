internal import RegexEngine

/// The IcySky composer's three expressions, kept exactly, for side-by-side comparison.
///
/// - hashtag `#\w+`, mention `@[\w.-]+`, URL `(?i)https?://(?:www\.)?\S+(?:/|\b)` (PCRE2, UTF + UCP);
/// - a bare `#` or `@` as the very last character of the text ("still typing");
/// - one combined leftmost-first scan; a match is classified by its first character.
/// Known weaknesses are deliberate: emails become mentions, `#123` is a tag, trailing punctuation
/// may stay on URLs.
///
/// Separators are PCRE2's `\s`: none of the four alternatives can match one, and each reads at
/// most one scalar of context (`\b`, `\z`) beyond its own text, so the locality contract holds.
///
/// Without the package's `PCRE2` trait the expressions run on NSRegularExpression with `\w`, `\s`
/// and `\b` spelled out as PCRE2 reads them, so both builds find the same spans (up to scalars
/// assigned after the Unicode version of PCRE2 10.42; see the article "Regex engines").
public struct IcyskyRules: RuleSet, SpanEnumerating {
    public static let hashtagExpression = #"#\w+"#
    public static let mentionExpression = #"@[\w.-]+"#
    public static let urlExpression = #"(?i)https?://(?:www\.)?\S+(?:/|\b)"#

    /// The seed's expressions as one alternation, the URL's `(?i)` scoped to its own branch.
    public static let combinedExpression =
        #"#\w+|@[\w.-]+|(?i:https?://(?:www\.)?\S+(?:/|\b))|[#@]\z"#

    public let name = "icysky"
    public let kinds: [PatternKind] = [.hashtag, .mention, .url]
    let combined: any RegexPattern

    /// Compiled once per process, by this build's engine.
    public static let shared = IcyskyRules(engine: CompiledPattern.self)

    /// The rules compiled by `engine` (the differential test runs both engines in one process).
    init(engine: any RegexPattern.Type) {
        do {
            combined = try engine.init(Self.combinedExpression, options: .pcre2Classes)
        } catch {
            fatalError("the icysky expressions are constants and compile: \(error)")
        }
    }

    public func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeWhitespace.isPCRE2Space(scalar)
    }

    public func spans(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>
    ) -> [Span] {
        collectSpans(in: text, startingIn: window)
    }

    package func forEachSpan(
        in text: UnsafeBufferPointer<UInt8>, startingIn window: Range<Int>, _ body: (Span) -> Void
    ) {
        // No alternative matches a separator or reads more than one scalar of context, so the
        // expression need see only the window's words and one scalar on each side: an engine that
        // transcodes the text does so for the window, not the document.
        let lower = window.lowerBound == 0 ? 0 : text.scalarStart(before: window.lowerBound)
        var upper = window.upperBound
        while upper < text.count {
            let (scalar, length) = text.decodeScalar(at: upper)
            upper += length
            if isSeparator(scalar) { break }
        }
        combined.forEachMatch(in: text, visible: lower..<upper, startingIn: window) { range in
            body(Span(kind: Self.kind(firstByte: text[range.lowerBound]), utf8Range: range))
            return true
        }
    }

    static func kind(firstByte: UInt8) -> PatternKind {
        switch firstByte {
        case UInt8(ascii: "#"): return .hashtag
        case UInt8(ascii: "@"): return .mention
        default: return .url
        }
    }
}
