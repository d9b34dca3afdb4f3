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
public struct IcyskyRules: RuleSet {
    public static let hashtagExpression = #"#\w+"#
    public static let mentionExpression = #"@[\w.-]+"#
    public static let urlExpression = #"(?i)https?://(?:www\.)?\S+(?:/|\b)"#

    /// The seed's expressions as one alternation, the URL's `(?i)` scoped to its own branch.
    public static let combinedExpression =
        #"#\w+|@[\w.-]+|(?i:https?://(?:www\.)?\S+(?:/|\b))|[#@]\z"#

    public let name = "icysky"
    public let kinds: [PatternKind] = [.hashtag, .mention, .url]
    let combined: CompiledPattern

    /// Compiled once per process.
    public static let shared = IcyskyRules()

    private init() {
        do {
            combined = try CompiledPattern(Self.combinedExpression)
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
        var spans: [Span] = []
        combined.forEachMatch(in: text, startingIn: window) { range in
            spans.append(Span(kind: Self.kind(firstByte: text[range.lowerBound]), utf8Range: range))
        }
        return spans
    }

    static func kind(firstByte: UInt8) -> PatternKind {
        switch firstByte {
        case UInt8(ascii: "#"): return .hashtag
        case UInt8(ascii: "@"): return .mention
        default: return .url
        }
    }
}
