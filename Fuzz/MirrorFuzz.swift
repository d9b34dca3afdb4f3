// libFuzzer entry point for the text-storage mirror: random scripts of a text view's and an app's
// edits on a composer and its storage (`make fuzz`), compiled into the ComposerTextStorage module
// with the checks it shares with the tests (Tests/ComposerTextStorageTests/Support/). The storage
// is the checks' plain-Swift one, not swift-corelibs-foundation's NSMutableAttributedString, so a
// crash is the mirror's. A violated property is a crash; copy the input to
// Fixtures/regressions/mirror/ so the tests replay it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let problem = MirrorScriptChecks.violation(fuzzInput: input) { fatalError(problem) }
    return 0
}
