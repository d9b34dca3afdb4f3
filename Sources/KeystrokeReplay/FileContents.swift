#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of the file at `path`, read to its end: a regular file, or a pipe, a FIFO or a
/// device such as `/dev/stdin`, so `--emoji <(curl …)` works (Foundation's `Data(contentsOf:)`
/// refuses anything but a regular file, with EACCES). Shared by the replay loader and the CLI's
/// option files.
/// - Throws: a `POSIXError` when the file cannot be opened or read, or is a directory
///   (``fileFailureReason(_:)`` names it); on a platform without these C libraries, what
///   `Data(contentsOf:)` throws.
package func fileContents(atPath path: String) throws -> [UInt8] {
    #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
    func failure(_ code: Int32) -> POSIXError { POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { throw failure(EISDIR) }
    var contents: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw failure(errno)
        }
        if count == 0 { return contents }
        contents.append(contentsOf: block[..<count])
    }
    #else
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    #endif
}
