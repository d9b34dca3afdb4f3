import PatternDetection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to standard output, byte-level. A closed pipe (`highlight … | head -1`) ends
/// the program quietly with status 0, the way Unix filters behave; any other write error ends it
/// with a message and status 1.
///
/// An output made with ``init(collectingInMemory:)`` gathers the bytes instead (a worker thread's
/// share of a document, written to standard output later, in input order).
final class StandardOutput: ByteSink {
    // Raw storage rather than an Array: every access to a class's stored `var` pays a dynamic
    // exclusivity check, which cost ~15% of a highlighting run (callgrind). `let` pointers do not.
    private let storage: UnsafeMutablePointer<UInt8>
    /// The buffer's size: 64 KiB, or a smaller spill size.
    private let capacity: Int
    /// The number of buffered bytes (behind a pointer for the same reason).
    private let countBox: UnsafeMutablePointer<Int>
    /// Flush after every line or chunk (when writing to a terminal, so output appears as the input
    /// arrives).
    let lineBuffered: Bool
    /// When collecting in memory: what was flushed. Writes of ``directBytes`` or more skip the
    /// buffer (a JSON encoder's blocks), smaller ones are gathered in it first.
    private let collected: UnsafeMutablePointer<[UInt8]>?
    /// Writes at least this long go to the destination without passing through the buffer.
    private let directBytes: Int
    /// When collecting: called, in order, with what was collected and then with the write that
    /// brings it to ``spillBytes`` (not copied), which it may write elsewhere (collecting then
    /// starts over, the storage kept); `nil` collects without bound.
    var spill: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// What is collected before ``spill`` is called.
    let spillBytes: Int

    init(lineBuffered: Bool) {
        self.lineBuffered = lineBuffered
        capacity = 1 << 16
        storage = .allocate(capacity: capacity)
        countBox = .allocate(capacity: 1)
        countBox.initialize(to: 0)
        collected = nil
        directBytes = capacity
        spillBytes = 0
        signal(SIGPIPE, SIG_IGN)
    }

    /// An output that collects what is written; ``takeCollected(continuingIn:)`` hands it over,
    /// and ``spill``, when set, takes it whenever `spillBytes` or more are collected.
    init(collectingInMemory: Void, spillBytes: Int = .max) {
        lineBuffered = false
        capacity = max(1, min(1 << 16, spillBytes))
        storage = .allocate(capacity: capacity)
        countBox = .allocate(capacity: 1)
        countBox.initialize(to: 0)
        collected = .allocate(capacity: 1)
        collected!.initialize(to: [])
        directBytes = min(1 << 12, capacity)
        self.spillBytes = spillBytes
    }

    /// Everything written since the last call (collecting outputs only); collecting goes on in
    /// `next` (an empty buffer, perhaps with capacity).
    func takeCollected(continuingIn next: [UInt8] = []) -> [UInt8] {
        flush()
        let bytes = collected!.pointee
        collected!.pointee = next
        return bytes
    }

    deinit {
        storage.deallocate()
        countBox.deallocate()
        collected?.deinitialize(count: 1)
        collected?.deallocate()
    }

    @inline(__always)
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0 else { return }
        if countBox.pointee + length > capacity || length >= directBytes {
            flush()
            if length >= directBytes {
                writeAll(bytes)
                return
            }
        }
        (storage + countBox.pointee).update(from: bytes.baseAddress!, count: length)
        countBox.pointee += length
    }

    @inline(__always)
    func write(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        write(UnsafeBufferPointer(rebasing: bytes))
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    func write(_ string: StaticString) {
        write(UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    func write(_ string: String) {
        var copy = string
        copy.withUTF8 { write($0) }
    }

    /// Ends a line; flushes it at once when line buffered.
    func endLine() {
        write("\n" as StaticString)
        if lineBuffered { flush() }
    }

    /// Flushes when line buffered (after a chunk of streamed text).
    func endChunk() {
        if lineBuffered { flush() }
    }

    func flush() {
        writeAll(UnsafeBufferPointer(start: storage, count: countBox.pointee))
        countBox.pointee = 0
    }

    private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let collected {
            guard let spill, collected.pointee.count + bytes.count >= spillBytes else {
                collected.pointee.append(contentsOf: bytes)
                return
            }
            // What was collected goes first; the write itself is spilled from where it is (a
            // record of an enormous span is not copied again).
            if !collected.pointee.isEmpty {
                collected.pointee.withUnsafeBufferPointer { spill($0) }
                collected.pointee.removeAll(keepingCapacity: true)
            }
            spill(bytes)
            return
        }
        Self.writeToStandardOutput(bytes)
    }

    /// Writes `bytes` to standard output now, unbuffered (a worker thread writing its segment's
    /// output in its turn), with the same handling of a closed pipe and of errors.
    static func writeToStandardOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(1, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(0) }
                printError("highlight: cannot write the output: " + String(cString: strerror(errno)))
                exit(1)
            }
            offset += written
        }
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
let systemWrite = Glibc.write
#elseif canImport(Darwin)
let systemWrite = Darwin.write
#endif
