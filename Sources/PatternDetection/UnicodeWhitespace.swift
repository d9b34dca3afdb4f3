/// Whitespace as PCRE2 understands `\s` in UCP mode: the Unicode separators (Zs, Zl, Zp) plus the
/// ASCII controls tab, line feed, vertical tab, form feed and carriage return.
///
/// Note this is neither Swift's `Character.isWhitespace` nor JavaScript's `\s` (which adds U+FEFF
/// and omits nothing PCRE2 has here); rule sets that mirror a JavaScript reference define their own.
public enum UnicodeWhitespace {
    public static func isPCRE2Space(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20: return true
        case 0..<0x85: return false
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
