#if !PCRE2 || FOUNDATION_REGEX_ORACLE
import Foundation

/// An expression compiled by Foundation's `NSRegularExpression` (ICU), immutable and safe to share
/// across threads; the engine of builds without the `PCRE2` trait, and the other side of the
/// engines' differential test in builds with it.
///
/// Compiled with `useUnixLineSeparators`, so only a line feed ends a line, as in PCRE2's default
/// build. Escapes that PCRE2 gives a meaning and ICU silently reads as a literal letter (`\K`, `\C`,
/// `\g`, `\o`) are rejected before ICU sees the expression (see ``unsupportedEscapes``).
///
/// Searches run on UTF-16 (the expression sees `text[visible]` transcoded) and report UTF-8 offsets;
/// each search has a time limit (``SearchTimeLimit``), checked while ICU reports progress.
package final class FoundationRegexPattern: RegexPattern, @unchecked Sendable {
    package static let engineName = "NSRegularExpression"
    package static let resumesCheaply = false
    /// ``RegexCompileFailure/code`` of an expression that uses one of ``unsupportedEscapes``.
    package static let unsupportedSyntaxCode: Int32 = -1
    /// ``RegexLimitFailure/code`` of a search that ran out of time.
    package static let timeLimitCode: Int32 = -2
    /// Letters after a backslash that PCRE2 reads as an operator (`\K` resets the match start,
    /// `\C` is one code unit, `\g` a back reference, `\o{…}` an octal code) and ICU as the letter.
    package static let unsupportedEscapes: Set<UInt8> = [UInt8(ascii: "K"), UInt8(ascii: "C"), UInt8(ascii: "g"), UInt8(ascii: "o")]

    package let expression: String
    package let options: RegexOptions
    /// ICU reports no lower bound on a match's length.
    package let minimumMatchUTF8Length = 0
    /// ICU reports nothing about where matches start: the bytes are read from the expression
    /// itself (``ExpressionStartBytes``), `nil` in extended mode.
    package let matchStartBytes: [UInt8]?
    /// Read from the expression with its start bytes; empty in extended mode.
    package let matchRequiredBytes: [[UInt8]]
    /// How long one search may run.
    package let timeLimit: SearchTimeLimit
    // Immutable after init; NSRegularExpression is documented as safe to use from several threads.
    let regex: NSRegularExpression

    package convenience init(_ expression: String, options: RegexOptions) throws(RegexCompileFailure) {
        try self.init(expression, options: options, timeLimit: .standard)
    }

    /// Compiles `expression`.
    /// - Throws: ``RegexCompileFailure`` with code ``unsupportedSyntaxCode`` and the escape's offset
    ///   for an escape in ``unsupportedEscapes``; with the `NSError`'s code and offset 0 when ICU
    ///   rejects the expression (NSRegularExpression reports neither ICU's reason nor a position).
    package init(_ expression: String, options: RegexOptions, timeLimit: SearchTimeLimit) throws(RegexCompileFailure) {
        if let offset = Self.unsupportedEscapeOffset(in: expression) {
            let escape = expression.utf8.dropFirst(offset).prefix(2)
            throw RegexCompileFailure(
                code: Self.unsupportedSyntaxCode,
                message: "'\(String(decoding: escape, as: UTF8.self))' means something else to ICU than to PCRE2; "
                    + "it is not supported without the PCRE2 trait",
                offset: offset)
        }
        var foundationOptions: NSRegularExpression.Options = [.useUnixLineSeparators]
        if options.contains(.caseless) { foundationOptions.insert(.caseInsensitive) }
        if options.contains(.multiline) { foundationOptions.insert(.anchorsMatchLines) }
        if options.contains(.dotAll) { foundationOptions.insert(.dotMatchesLineSeparators) }
        if options.contains(.extended) { foundationOptions.insert(.allowCommentsAndWhitespace) }
        let icuExpression = options.contains(.pcre2Classes) ? PCRE2ClassSpelling.rewrite(expression) : expression
        do {
            regex = try NSRegularExpression(pattern: icuExpression, options: foundationOptions)
        } catch {
            throw RegexCompileFailure(
                code: Int32(truncatingIfNeeded: (error as NSError).code),
                message: "ICU rejected the expression (NSRegularExpression does not say where or why)",
                offset: 0)
        }
        self.expression = expression
        self.options = options
        let reading = options.contains(.extended)
            ? .none
            : ExpressionStartBytes.read(expression, caseless: options.contains(.caseless), propertyASCII: Self.asciiMembers(of:))
        self.matchStartBytes = reading.starts
        self.matchRequiredBytes = reading.required
        self.timeLimit = timeLimit
    }

    /// The ASCII characters the property escape `escape` (`\p{Lu}`, `\P{L}`) takes, as ICU reads
    /// it on its own; `nil` when ICU does not compile it.
    static func asciiMembers(of escape: String) -> [UInt8]? {
        guard let regex = try? NSRegularExpression(pattern: escape, options: [.useUnixLineSeparators]) else { return nil }
        return (UInt8(0)..<0x80).filter { byte in
            regex.firstMatch(in: String(UnicodeScalar(byte)), options: [.anchored], range: NSRange(location: 0, length: 1)) != nil
        }
    }

    /// The byte offset of the first backslash that starts one of ``unsupportedEscapes``, outside
    /// `\Q…\E` quoting; `nil` when there is none.
    static func unsupportedEscapeOffset(in expression: String) -> Int? {
        let bytes = Array(expression.utf8)
        var index = 0
        var quoting = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            if quoting {
                if escaped == UInt8(ascii: "E") { quoting = false }
            } else if escaped == UInt8(ascii: "Q") {
                quoting = true
            } else if unsupportedEscapes.contains(escaped) {
                return index
            }
            index += 2
        }
        return nil
    }
}
#endif
