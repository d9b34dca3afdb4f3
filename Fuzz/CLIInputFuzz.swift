// libFuzzer entry point for the CLI's input documents: `--input jsonl` lines (carets, `accept`),
// `--handles` files and resolver answers (`make fuzz`), compiled with the CLI's own files into a
// module named `highlight` with the checks it shares with the tests
// (Tests/HighlightCLITests/Support/CLIInputChecks.swift). A violated property is a crash; copy the
// input to Fixtures/regressions/cli-input/ so the tests replay it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    if let problem = CLIInputChecks.violation(fuzzInput: input) { fatalError(problem) }
    return 0
}
