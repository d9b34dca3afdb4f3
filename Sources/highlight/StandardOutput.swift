#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output. A closed pipe (`highlight … | head -1`) ends the program
/// quietly with status 0, the way Unix filters behave.
final class StandardOutput {
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// Flush after every line (when writing to a terminal, so output appears as it is produced).
    let lineBuffered: Bool

    init(lineBuffered: Bool) {
        self.lineBuffered = lineBuffered
        buffer.reserveCapacity(flushThreshold * 2)
        signal(SIGPIPE, SIG_IGN)
    }

    func write(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { flush() }
    }

    func write(_ string: String) {
        write(string.utf8)
    }

    /// Ends a line; flushes it at once when line buffered.
    func endLine() {
        buffer.append(UInt8(ascii: "\n"))
        if lineBuffered || buffer.count >= flushThreshold { flush() }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                systemWrite(1, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                exit(1)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    static func isTerminal() -> Bool { isatty(1) == 1 }
}

/// Writes a message to standard error.
func printError(_ message: String) {
    var line = message
    if !line.hasSuffix("\n") { line += "\n" }
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { systemWrite(2, $0.baseAddress!, $0.count) }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
