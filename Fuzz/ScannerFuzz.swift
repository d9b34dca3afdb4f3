// libFuzzer entry point for the scanner: built by `make fuzz` with `swiftc -sanitize=fuzzer`,
// together with the PatternDetection sources (one module, compiled with -D FUZZING) and the test
// support files that generate inputs and check results (ScanChecks, SpanInvariants,
// HostileCorpus). Any violated property is a crash, which libFuzzer saves as an artifact; copy
// it to Fixtures/regressions/ so the tests replay it.

/// Every built-in rule set, plain and with custom patterns, and the custom patterns
/// alone: compiled once, shared.
let fuzzRuleSets: [any RuleSet] = ScanChecks.ruleSets()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let text = ScanChecks.text(fromFuzzInput: input)
    var seed: UInt64 = 1469598103934665603
    for byte in input.prefix(64) { seed = (seed ^ UInt64(byte)) &* 1099511628211 }
    text.withUnsafeBufferPointer { bytes in
        for rules in fuzzRuleSets {
            if let problem = ScanChecks.violation(in: bytes, rules: rules, seed: seed) {
                fatalError("\(rules.name): \(problem)")
            }
        }
    }
    return 0
}
