// libFuzzer entry point for the regex engines: PCRE2 and NSRegularExpression (both compiled in,
// as in a debug build with the PCRE2 trait) on generated and raw custom expressions (`make fuzz`),
// compiled into the PatternDetection module with the checks it shares with the tests
// (Tests/PatternDetectionTests/Support/RegexChecks.swift). A violated property is a crash; copy
// the input to Fixtures/regressions/regex/ so the tests replay it (with and without the trait).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let problem = RegexChecks.violation(fuzzInput: input) { fatalError(problem) }
    return 0
}
