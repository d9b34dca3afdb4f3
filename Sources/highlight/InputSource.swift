#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where documents come from: the named files in order (`-` is standard input), else standard
/// input. Read in blocks, so no input is ever held whole here.
struct InputSource {
    struct ReadError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot read \(path): \(reason)" }
    }

    /// The size of each `read`: one block becomes (at most) one streamed chunk.
    static let blockBytes = 1 << 16

    let paths: [String]

    init(files: [String]) {
        paths = files.isEmpty ? ["-"] : files
    }

    /// An input opened for reading: standard input for `-`.
    struct OpenInput: ~Copyable {
        let path: String
        let descriptor: Int32

        /// - Throws: ``ReadError`` when the file cannot be opened or is a directory, before
        ///   anything is read, so no output is started for it.
        init(path: String) throws {
            let name = path == "-" ? "standard input" : path
            self.path = name
            let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw ReadError(path: name, reason: String(cString: strerror(errno)))
            }
            var status = stat()
            if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                if descriptor != 0 { close(descriptor) }
                throw ReadError(path: name, reason: String(cString: strerror(EISDIR)))
            }
            self.descriptor = descriptor
        }

        deinit {
            if descriptor != 0 { close(descriptor) }
        }

        /// Calls `block` with each block as it is read.
        /// - Throws: ``ReadError`` when a read fails midway (blocks already delivered stay
        ///   delivered), or what `block` throws.
        func forEachBlock(buffer: inout [UInt8], _ block: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
            if buffer.count < blockBytes { buffer = [UInt8](repeating: 0, count: blockBytes) }
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ReadError(path: path, reason: String(cString: strerror(errno)))
                }
                if count == 0 { return }
                try buffer.withUnsafeBufferPointer { try block(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            }
        }
    }
}
