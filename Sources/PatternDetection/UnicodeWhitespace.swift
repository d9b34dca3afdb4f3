/// Whitespace as PCRE2 10.42 understands `\s` in UCP mode: the Unicode separators (Zs, Zl, Zp), the
/// ASCII controls tab, line feed, vertical tab, form feed and carriage return, NEL (U+0085) and the
/// Mongolian vowel separator (U+180E, which PCRE2 keeps although Unicode moved it to Cf).
/// A test compares this predicate with PCRE2 scalar by scalar.
///
/// Note this is neither Swift's `Character.isWhitespace` nor JavaScript's `\s` (which adds U+FEFF
/// and omits nothing PCRE2 has here); rule sets that mirror a JavaScript reference define their own.
package enum UnicodeWhitespace {
    package static func isPCRE2Space(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x180E: return true
        // Zs, Zl and Zp, listed rather than looked up per scalar; the test against PCRE2 covers
        // every BMP scalar, and no separator lies beyond.
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
