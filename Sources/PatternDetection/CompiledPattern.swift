internal import CPCRE2

/// A PCRE2 expression compiled once for UTF-8 subjects, immutable and safe to share across threads.
///
/// Every pattern is compiled with `PCRE2_UTF | PCRE2_UCP` (so `\w`, `\b`, `\d` and `\s` are Unicode-
/// aware) and `PCRE2_USE_OFFSET_LIMIT` (so windowed rescans can bound where a match may start), then
/// JIT-compiled when the library supports it, with a silent fallback to the interpreter otherwise.
/// Matching needs a ``MatchScratch`` per thread; the compiled code itself is never mutated.
package final class CompiledPattern: @unchecked Sendable {
    /// Compile-time options beyond the ones every pattern gets.
    package struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let caseless = Options(rawValue: PCRE2_CASELESS)
        public static let multiline = Options(rawValue: PCRE2_MULTILINE)
        public static let dotAll = Options(rawValue: PCRE2_DOTALL)
        public static let extended = Options(rawValue: PCRE2_EXTENDED)
        /// `$` matches only at the very end of the subject, never before a final newline.
        public static let dollarEndOnly = Options(rawValue: PCRE2_DOLLAR_ENDONLY)
        /// `\C` (one code unit, which could split a UTF-8 sequence) is a compile error.
        public static let neverBackslashC = Options(rawValue: PCRE2_NEVER_BACKSLASH_C)
    }

    /// The expression as given.
    package let source: String
    package let options: Options
    /// Number of capture groups (group 0, the whole match, not counted).
    package let captureCount: Int
    /// Whether `pcre2_jit_compile` succeeded; matching falls back to the interpreter when not.
    package let isJITCompiled: Bool
    /// The longest look-behind in the pattern, in characters (Unicode scalars).
    package let maximumLookbehind: Int

    let code: OpaquePointer

    /// Compiles `source`.
    /// - Parameter useJIT: `false` forces the interpreter (used to cross-check the JIT).
    /// - Throws: ``PatternError`` with stage `.compile`, PCRE2's message and the offset in `source`.
    package init(_ source: String, options: Options = [], useJIT: Bool = true) throws(PatternError) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let flags = options.rawValue | PCRE2_UTF | PCRE2_UCP | PCRE2_USE_OFFSET_LIMIT
        let compiled: OpaquePointer? = source.utf8.withContiguousStorageIfAvailable { bytes in
            pcre2_compile_8(bytes.baseAddress ?? emptySubject, bytes.count, flags, &errorCode, &errorOffset, nil)
        } ?? {
            var copy = source
            return copy.withUTF8 { bytes in
                pcre2_compile_8(bytes.baseAddress ?? emptySubject, bytes.count, flags, &errorCode, &errorOffset, nil)
            }
        }()
        guard let compiled else {
            throw PatternError(
                stage: .compile, code: errorCode, message: pcre2Message(for: errorCode),
                offset: errorOffset, pattern: source)
        }
        self.code = compiled
        self.source = source
        self.options = options
        self.isJITCompiled = useJIT && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0

        var captures: UInt32 = 0
        _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &captures)
        self.captureCount = Int(captures)
        var lookbehind: UInt32 = 0
        _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_MAXLOOKBEHIND), &lookbehind)
        self.maximumLookbehind = Int(lookbehind)
    }

    deinit {
        pcre2_code_free_8(code)
    }
}

/// A valid pointer for empty subjects and patterns: PCRE2 rejects NULL even with length 0.
nonisolated(unsafe) let emptySubject: UnsafePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    pointer.initialize(to: 0)
    return UnsafePointer(pointer)
}()

/// PCRE2's text for an error code.
func pcre2Message(for code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = buffer.withUnsafeMutableBufferPointer { pointer in
        pcre2_get_error_message_8(code, pointer.baseAddress, pointer.count)
    }
    guard length > 0 else { return "PCRE2 error \(code)" }
    return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
}
