import Foundation
import TestSupport
import Testing

@testable import highlight

/// Every input the `cli-input` and `parallel` fuzz targets crashed on (`Fixtures/regressions/cli-input/`,
/// `…/parallel/`, raw inputs as libFuzzer saved them) is replayed through the checks the targets
/// run: ``CLIInputChecks`` on the CLI's own code in this process; ``ParallelChecks`` through the
/// `highlight` executable (`--threads`, `--segment-bytes`), the input given as two files.
@Suite("Fuzz regressions: CLI inputs, parallel output")
struct FuzzRegressionTests {
    @Test(.enabled(if: !FuzzRegressions.names("cli-input").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("cli-input"))
    func cliInput(_ name: String) throws {
        let violation = try FuzzRegressions.input("cli-input", name).withUnsafeBufferPointer { CLIInputChecks.violation(fuzzInput: $0) }
        #expect(violation == nil, "\(name)")
    }

    @Test(.enabled(if: !FuzzRegressions.names("parallel").isEmpty, "no regression fixtures yet"), arguments: FuzzRegressions.names("parallel"))
    func parallel(_ name: String) throws {
        let data = try FuzzRegressions.input("parallel", name)
        let input = data.withUnsafeBufferPointer(ParallelChecks.decode)
        let path = try temporaryFile(input.input, name: "fuzz-parallel-\(name)")
        defer { unlink(path) }
        let violation = ParallelChecks.violation(input) { input, threads, segmentBytes in
            let result = ChildProcess.highlight(input.arguments(threads: threads, segmentBytes: segmentBytes) + [path, path])
            return ParallelChecks.Run(output: result.stdout, status: Int(result.status))
        }
        #expect(violation == nil, "\(name)")
    }
}
