#if PCRE2
internal import CPCRE2

/// A PCRE2 expression compiled once for UTF-8 subjects, immutable and safe to share across threads.
///
/// Every pattern is compiled with `PCRE2_UTF | PCRE2_UCP` (so `\w`, `\b`, `\d` and `\s` are Unicode-
/// aware) and `PCRE2_USE_OFFSET_LIMIT` (so windowed rescans can bound where a match may start), then
/// JIT-compiled when the library supports it, with a silent fallback to the interpreter otherwise.
/// Matching takes a ``MatchScratch`` from a pool per scan; the compiled code itself is never mutated.
package final class PCRE2Pattern: RegexPattern, @unchecked Sendable {
    package static let engineName = "PCRE2"
    package static let resumesCheaply = true

    package let expression: String
    package let options: RegexOptions
    /// Number of capture groups (group 0, the whole match, not counted).
    package let captureCount: Int
    /// Whether `pcre2_jit_compile` succeeded; matching falls back to the interpreter when not.
    package let isJITCompiled: Bool
    /// The longest look-behind in the pattern, in characters (Unicode scalars).
    package let maximumLookbehind: Int
    /// PCRE2's lower bound on a match's length in scalars, so also in bytes.
    package let minimumMatchUTF8Length: Int
    /// The bytes a match can start with: what PCRE2 recorded for its own start-of-match optimization,
    /// or what a stand-in compiled without UCP records (see ``matchStartBytes(of:expression:flags:read:)``).
    package let matchStartBytes: [UInt8]?
    /// Read from the expression (``ExpressionStartBytes``); empty in extended mode.
    package let matchRequiredBytes: [[UInt8]]

    let code: OpaquePointer

    package convenience init(_ expression: String, options: RegexOptions) throws(RegexCompileFailure) {
        try self.init(expression, options: options, useJIT: true)
    }

    /// Compiles `expression`.
    /// - Parameter useJIT: `false` forces the interpreter (used to cross-check the JIT).
    /// - Throws: ``RegexCompileFailure`` with PCRE2's code, message and the offset in `expression`.
    package init(_ expression: String, options: RegexOptions = [], useJIT: Bool) throws(RegexCompileFailure) {
        var flags = Self.flags(for: options) | PCRE2_UTF | PCRE2_UCP | PCRE2_USE_OFFSET_LIMIT
        if Self.jitMisplacesAtomicStarts, Self.hasAtomicGroup(expression) { flags |= PCRE2_NO_START_OPTIMIZE }
        let compiled = try Self.compile(expression, flags: flags)
        self.code = compiled
        self.expression = expression
        self.options = options
        self.isJITCompiled = useJIT && pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE) == 0

        var captures: UInt32 = 0
        _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &captures)
        self.captureCount = Int(captures)
        var lookbehind: UInt32 = 0
        _ = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_MAXLOOKBEHIND), &lookbehind)
        self.maximumLookbehind = Int(lookbehind)
        var length: UInt32 = 0
        let status = pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_MINLENGTH), &length)
        self.minimumMatchUTF8Length = status == 0 ? Int(length) : 0
        // One reading of the expression (each property in it costs 128 matches) serves both.
        let read = flags & PCRE2_EXTENDED != 0
            ? .none
            : ExpressionStartBytes.read(expression, caseless: flags & PCRE2_CASELESS != 0, propertyASCII: Self.asciiMembers(of:))
        self.matchStartBytes = Self.matchStartBytes(of: compiled, expression: expression, flags: flags, read: read)
        self.matchRequiredBytes = read.required
    }

    /// `expression` compiled with `flags`, not yet JIT-compiled; the caller frees it.
    static func compile(_ expression: String, flags: UInt32) throws(RegexCompileFailure) -> OpaquePointer {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let compiled: OpaquePointer? = expression.utf8.withContiguousStorageIfAvailable { bytes in
            pcre2_compile_8(bytes.baseAddress ?? emptySubject, bytes.count, flags, &errorCode, &errorOffset, nil)
        } ?? {
            var copy = expression
            return copy.withUTF8 { bytes in
                pcre2_compile_8(bytes.baseAddress ?? emptySubject, bytes.count, flags, &errorCode, &errorOffset, nil)
            }
        }()
        guard let compiled else {
            throw RegexCompileFailure(code: errorCode, message: pcre2Message(for: errorCode), offset: errorOffset)
        }
        return compiled
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Whether the linked library's JIT can start a match at the wrong place in a pattern with an
    /// atomic group: before 10.43 its start-of-match optimizer mishandles an iterator that an atomic
    /// block stops early (PCRE2 issue 347, fixed in 10.43). With 10.42, `(?i)(?>[^a]+?[a-z])a` finds
    /// `cAA` in `ticAA` where the interpreter (and Perl) find `icA`, and `(?>\D*|)A` matches `xA`.
    /// Such patterns are compiled with `PCRE2_NO_START_OPTIMIZE`, which makes the JIT agree with the
    /// interpreter; every other pattern keeps the optimization.
    package static let jitMisplacesAtomicStarts: Bool = {
        let numbers = libraryVersion.prefix { $0 != " " }.split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { return true }
        return (numbers[0], numbers[1]) < (10, 43)
    }()

    /// Whether `expression` may contain an atomic group: `(?>…)`, `(*atomic:…)` or an atomic script
    /// run (`(*atomic_script_run:…)`, `(*asr:…)`). A spelling inside a class or after a backslash
    /// counts too: a false positive only costs the start optimization.
    package static func hasAtomicGroup(_ expression: String) -> Bool {
        let bytes = Array(expression.utf8)
        let openers = ["(?>", "(*atomic", "(*asr:"].map { Array($0.utf8) }
        return bytes.indices.contains { index in
            bytes[index] == UInt8(ascii: "(") && openers.contains { bytes[index...].starts(with: $0) }
        }
    }

    private static func flags(for options: RegexOptions) -> UInt32 {
        var flags: UInt32 = 0
        if options.contains(.caseless) { flags |= PCRE2_CASELESS }
        if options.contains(.multiline) { flags |= PCRE2_MULTILINE }
        if options.contains(.dotAll) { flags |= PCRE2_DOTALL }
        if options.contains(.extended) { flags |= PCRE2_EXTENDED }
        if options.contains(.neverBackslashC) { flags |= PCRE2_NEVER_BACKSLASH_C }
        return flags
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
#endif

#if PCRE2
extension PCRE2Pattern {
    /// The linked library's version, e.g. `10.42 2022-12-11`.
    package static let libraryVersion = configString(UInt32(PCRE2_CONFIG_VERSION))
    /// The Unicode version of the linked library's tables, e.g. `14.0.0`.
    package static let unicodeVersion = configString(UInt32(PCRE2_CONFIG_UNICODE_VERSION))

    private static func configString(_ what: UInt32) -> String {
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBytes { pcre2_config_8(what, $0.baseAddress) }
        guard length > 1 else { return "" }
        return String(decoding: buffer.prefix(Int(length) - 1), as: UTF8.self)
    }
}
#endif
