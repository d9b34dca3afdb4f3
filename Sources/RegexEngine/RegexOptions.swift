/// Compile-time options beyond the ones every pattern gets, spelled the same for every engine.
package struct RegexOptions: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `(?i)` for the whole expression.
    package static let caseless = RegexOptions(rawValue: 1 << 0)
    /// `(?m)`: `^` and `$` also match after and before a line feed inside the subject.
    package static let multiline = RegexOptions(rawValue: 1 << 1)
    /// `(?s)`: `.` also matches a line feed.
    package static let dotAll = RegexOptions(rawValue: 1 << 2)
    /// `(?x)`: white space and `#` comments in the expression are ignored.
    package static let extended = RegexOptions(rawValue: 1 << 3)
    /// `\C` (one code unit, which could split a UTF-8 sequence in PCRE2) is a compile error. ICU
    /// reads `\C` as a literal `C`; the Foundation engine rejects it always.
    package static let neverBackslashC = RegexOptions(rawValue: 1 << 4)
    /// `\w`, `\W`, `\s`, `\S`, `\b` and `\B` mean what they mean to PCRE2 10.42 in UCP mode, in
    /// every engine: PCRE2 already does; the Foundation engine rewrites them into explicit classes
    /// and look-arounds before ICU compiles the expression (see ``PCRE2ClassSpelling``).
    package static let pcre2Classes = RegexOptions(rawValue: 1 << 5)
}
