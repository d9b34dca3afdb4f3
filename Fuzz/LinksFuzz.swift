// libFuzzer entry point for links: the WHATWG URL parser, IDNA host mapping and Bluesky link
// shortening (`make fuzz`), compiled into the ComposerPosts module with the checks it shares
// with the tests (Tests/ComposerPostsTests/Support/LinkChecks.swift). A violated property is a
// crash; copy the input to Fixtures/regressions/links/ so the tests replay it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let problem = LinkChecks.violation(fuzzInput: input) { fatalError(problem) }
    return 0
}
