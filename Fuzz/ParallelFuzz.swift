// libFuzzer entry point for the CLI's parallel output: `--threads` against one thread, byte for
// byte (`make fuzz`), compiled with the CLI's own files into a module named `highlight` with the
// checks it shares with the tests (Tests/HighlightCLITests/Support/ParallelChecks.swift). The
// pipeline runs in this process, its standard output redirected to a scratch file in /dev/shm. A
// violated property is a crash; copy the input to Fixtures/regressions/parallel/ so the tests
// replay it (through the `highlight` executable).
#if canImport(Glibc)
import Glibc
#endif

let scratch = "/dev/shm/parallel-fuzz-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    let problem = ParallelChecks.violation(fuzzInput: input) { input, threads, segmentBytes in
        ParallelChecks.runInProcess(input, threads: threads, segmentBytes: segmentBytes, scratch: scratch)
    }
    if let problem { fatalError(problem) }
    return 0
}
