#if PCRE2
/// The engine this build runs expressions on: PCRE2, the `PCRE2` package trait being enabled.
package typealias CompiledPattern = PCRE2Pattern
#else
/// The engine this build runs expressions on: Foundation's `NSRegularExpression` (ICU), the
/// `PCRE2` package trait being disabled.
package typealias CompiledPattern = FoundationRegexPattern
#endif

/// The name of the engine ``CompiledPattern`` is, for messages and `--version`-style output.
package let compiledPatternEngineName = CompiledPattern.engineName
