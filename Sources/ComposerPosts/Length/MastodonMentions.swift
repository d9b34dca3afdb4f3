import PatternDetection

/// Mastodon's mentions as its status length validator finds them (`Account::MENTION_RE` scanned
/// by `Extractor.extract_mentions_or_lists_with_indices`).
///
/// The expression is `(?<![=/[:word:]])@(([a-z0-9_]+([a-z0-9_.-]+[a-z0-9_]+)?)(?:@[[:word:].-]+[[:word:]]+)?)`,
/// case-insensitive: an `@` not after `=`, `/` or a word character (a Unicode letter, mark,
/// decimal digit or connector punctuation); a username, the longest run of ASCII letters, digits,
/// `_`, `.` and `-` that starts and ends with a letter, digit or `_`; and optionally `@` and a
/// domain, the longest run of at least two word characters, `.` and `-` that ends with a word
/// character. A match followed by an at sign, a Latin accented letter or `://` is dropped, and so
/// is one whose domain is longer than 253 characters; either way the scan goes on after it.
enum MastodonMentions {
    struct Mention {
        /// From the `@` to the end of the domain (or username).
        var utf8Range: Range<Int>
        /// The `@username` the validator counts in its place.
        var counted: Range<Int>
    }

    static let maximumDomainLength = 253

    /// - Complexity: O(n).
    static func mentions(in text: UnsafeBufferPointer<UInt8>) -> [Mention] {
        var found: [Mention] = []
        var position = 0
        while position < text.count {
            guard text[position] == UInt8(ascii: "@") else {
                position += 1
                continue
            }
            if position > 0 {
                let (previous, _) = text.scalarValue(at: text.scalarStart(before: position))
                if previous == 0x3D || previous == 0x2F || isWordCharacter(previous) {
                    position += 1
                    continue
                }
            }
            guard let match = match(in: text, at: position) else {
                position += 1
                continue
            }
            let accepted = !TwitterRules.isMentionEnd(in: text, at: match.end) && match.domainLength <= maximumDomainLength
            if accepted {
                found.append(Mention(utf8Range: position..<match.end, counted: position..<match.usernameEnd))
            }
            position = match.end
        }
        return found
    }

    private static func match(in text: UnsafeBufferPointer<UInt8>, at: Int) -> (usernameEnd: Int, end: Int, domainLength: Int)? {
        var position = at + 1
        guard position < text.count, isUsernameEdge(text[position]) else { return nil }
        var usernameEnd = position
        while position < text.count, isUsernameEdge(text[position]) || text[position] == UInt8(ascii: ".") || text[position] == UInt8(ascii: "-") {
            position += 1
            if isUsernameEdge(text[position - 1]) { usernameEnd = position }
        }
        guard usernameEnd < text.count, text[usernameEnd] == UInt8(ascii: "@") else { return (usernameEnd, usernameEnd, 0) }
        var domainPosition = usernameEnd + 1
        var domainEnd = usernameEnd
        var characters = 0
        var lastWordCharacters = 0
        while domainPosition < text.count {
            let (scalar, length) = text.scalarValue(at: domainPosition)
            let word = isWordCharacter(scalar)
            guard word || scalar == 0x2E || scalar == 0x2D else { break }
            domainPosition += length
            characters += 1
            if word, characters >= 2 {
                domainEnd = domainPosition
                lastWordCharacters = characters
            }
        }
        guard domainEnd > usernameEnd else { return (usernameEnd, usernameEnd, 0) }
        return (usernameEnd, domainEnd, lastWordCharacters)
    }

    @inline(__always)
    private static func isUsernameEdge(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    /// Onigmo's `[[:word:]]` on Unicode text: letters, marks, decimal digits, connector punctuation.
    private static func isWordCharacter(_ value: UInt32) -> Bool {
        if value < 0x80 { return isUsernameEdge(UInt8(value)) }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }
}
