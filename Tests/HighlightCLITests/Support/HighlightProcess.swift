import Foundation

/// Runs the built `highlight` executable as a child process, the way users and pipelines do.
enum HighlightProcess {
    struct Result {
        let status: Int32
        let stdout: [UInt8]
        let stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The `highlight` binary built beside the test bundle.
    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("highlight")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent("highlight")
    }()

    /// Runs `highlight arguments` with `input` on standard input and `environment` (default: an
    /// empty one, so the caller's terminal settings never leak into a test).
    static func run(
        _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Feed input and drain output concurrently so large payloads cannot deadlock on pipe buffers.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: Array(output), stderr: errorData.text())
    }

    static func run(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> Result {
        try run(arguments, input: Array(input.utf8), environment: environment)
    }
}

/// Reads a pipe to its end on a background thread.
final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Removes the SGR sequences `highlight` emits (`ESC [ digits/semicolons m`).
func strippingEscapes(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
            var end = index + 2
            while end < bytes.count, (bytes[end] >= 0x30 && bytes[end] <= 0x39) || bytes[end] == UInt8(ascii: ";") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "m") {
                index = end + 1
                continue
            }
        }
        out.append(bytes[index])
        index += 1
    }
    return out
}
