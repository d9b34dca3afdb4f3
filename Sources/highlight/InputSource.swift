import Foundation

/// Where documents come from: the named files, else standard input.
struct InputSource {
    struct ReadError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot read \(path): \(reason)" }
    }

    /// The whole content of each input, in order: one entry per file, or one for standard input.
    static func readAll(files: [String]) throws -> [[UInt8]] {
        if files.isEmpty || files == ["-"] {
            return [readFileDescriptor(0)]
        }
        return try files.map { path in
            if path == "-" { return readFileDescriptor(0) }
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw ReadError(path: path, reason: String(cString: strerror(errno)))
            }
            defer { close(descriptor) }
            return readFileDescriptor(descriptor)
        }
    }

    static func readFileDescriptor(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
