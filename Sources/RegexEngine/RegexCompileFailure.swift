/// An expression an engine would not compile.
package struct RegexCompileFailure: Error, Hashable, Sendable {
    /// The engine's error number: PCRE2's compile error code, or
    /// ``FoundationRegexPattern/unsupportedSyntaxCode`` / the `NSError` code for the Foundation engine.
    package var code: Int32
    /// The engine's message.
    package var message: String
    /// The byte offset in the expression where compilation stopped; the expression's start when
    /// the engine does not say (NSRegularExpression never does).
    package var offset: Int

    package init(code: Int32, message: String, offset: Int) {
        self.code = code
        self.message = message
        self.offset = offset
    }
}
