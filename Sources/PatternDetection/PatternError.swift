/// A failure reported by PCRE2, with its message, kept intact for the caller.
///
/// Compile errors carry the offset in the pattern (in bytes) where PCRE2 stopped; match errors
/// (match limit, JIT stack limit, depth limit …) carry the subject offset the failing search started
/// from. "No match" is never an error: a scan that meets any other negative return code throws this
/// instead of quietly returning fewer spans.
public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Stage: String, Sendable, Hashable {
        case compile
        case match
    }

    public var stage: Stage
    /// PCRE2's negative error code (or positive compile error number).
    public var code: Int32
    /// PCRE2's own message for `code`.
    public var message: String
    /// For `.compile`: byte offset in `pattern`; for `.match`: the subject offset of the search.
    public var offset: Int
    /// The pattern's source.
    public var pattern: String

    public init(stage: Stage, code: Int32, message: String, offset: Int, pattern: String) {
        self.stage = stage
        self.code = code
        self.message = message
        self.offset = offset
        self.pattern = pattern
    }

    public var description: String {
        switch stage {
        case .compile:
            return "invalid pattern at offset \(offset): \(message)"
        case .match:
            return "match failed at subject offset \(offset): \(message) (PCRE2 error \(code))"
        }
    }

    /// A two-line rendering for terminals: the pattern, then a caret under the failing offset.
    public var caretDiagram: String {
        let prefix = pattern.utf8.prefix(offset)
        let column = String(decoding: prefix, as: UTF8.self).count
        return pattern + "\n" + String(repeating: " ", count: column) + "^"
    }
}
