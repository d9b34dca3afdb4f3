// libFuzzer entry point for lengths: every length profile against a slow reference count, slices,
// drafts edited at random, and the thread splitter (`make fuzz`), compiled into the ComposerPosts
// module with the checks it shares with the tests (Tests/ComposerPostsTests/Support/LengthChecks.swift,
// ThreadOracle). A violated property is a crash; copy the input to Fixtures/regressions/lengths/
// so the tests replay it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let problem = LengthChecks.violation(fuzzInput: input) { fatalError(problem) }
    return 0
}
