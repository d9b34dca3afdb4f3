internal import RegexEngine

/// A failure reported by the regex engine (PCRE2, or NSRegularExpression without the package's
/// `PCRE2` trait), with its message, kept intact for the caller.
///
/// Compile errors carry the offset in the pattern (in bytes) where the engine stopped (always 0
/// from NSRegularExpression, which does not say); match errors (PCRE2's match, depth or JIT stack
/// limit, NSRegularExpression's time limit) carry the text offset the failing search started from.
/// "No match" is never an error.
public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Stage: String, Sendable, Hashable {
        case compile
        case match
    }

    public var stage: Stage
    /// The engine's error code: PCRE2's negative match error code or positive compile error
    /// number; for NSRegularExpression, the `NSError` code of a compile error, -1 for an escape
    /// it does not support, -2 for a search over its time limit; ``emptyNameCode`` for a
    /// ``CustomPattern`` refused before its expression reached the engine.
    public var code: Int32
    /// The engine's own message for `code`.
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
            return "match failed at subject offset \(offset): \(message) (\(Self.engineName) error \(code))"
        }
    }

    /// A two-line rendering for terminals: the pattern, then a caret under the failing offset.
    public var caretDiagram: String {
        let prefix = pattern.utf8.prefix(offset)
        let column = String(decoding: prefix, as: UTF8.self).count
        return pattern + "\n" + String(repeating: " ", count: column) + "^"
    }
}

extension PatternError {
    /// The code of a ``CustomPattern`` whose kind name is empty: 0, which neither engine gives
    /// (PCRE2's compile error numbers start at 100 and its match errors are negative;
    /// NSRegularExpression reports an invalid expression as `NSFormattingError`, 2048, and the
    /// package's own codes for it are negative).
    public static let emptyNameCode: Int32 = 0

    /// The engine this build runs expressions on: `PCRE2` or `NSRegularExpression`.
    package static var engineName: String { CompiledPattern.engineName }

    init(_ failure: RegexCompileFailure, pattern: String) {
        self.init(stage: .compile, code: failure.code, message: failure.message, offset: failure.offset, pattern: pattern)
    }

    init(_ failure: RegexLimitFailure, pattern: String) {
        self.init(stage: .match, code: failure.code, message: failure.message, offset: failure.offset, pattern: pattern)
    }
}
