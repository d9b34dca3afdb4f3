// libFuzzer entry point for the composer: random edit scripts on both strategies, checked against
// full scans and against the change reports (`make fuzz`), compiled into the ComposerText module
// with the checks it shares with the tests (Tests/ComposerTextTests/Support/ComposerEditChecks.swift).
// A violated property is a crash; copy the input to Fixtures/regressions/composer/ so the tests
// replay it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let problem = ComposerEditChecks.violation(fuzzInput: input) { fatalError(problem) }
    return 0
}
