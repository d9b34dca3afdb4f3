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
#elseif canImport(ucrt)
import ucrt
#endif

/// Why a file could not be read or written, for a message: the C library's text for the
/// underlying POSIX error when there is one (`No such file or directory`), else the error itself.
/// Shared by the replay loader and the CLI; on a platform with none of the C libraries above it
/// builds all the same and describes the error.
package func fileFailureReason(_ error: any Error) -> String {
    #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin) || canImport(ucrt)
    if let posix = error as? POSIXError ?? (error as? CocoaError)?.underlying as? POSIXError {
        return String(cString: strerror(posix.code.rawValue))
    }
    #endif
    return "\(error)"
}

/// The bytes of the file at `path`, read to its end: a regular file, or a pipe, a FIFO or a
/// device such as `/dev/stdin`, so `--emoji <(curl …)` works (Foundation's `Data(contentsOf:)`
/// refuses anything but a regular file, with EACCES). Shared by the replay loader and the CLI's
/// option files; ``writeFileContents(_:atPath:)`` is its counterpart.
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

/// Writes `bytes` to the file at `path` in place: created when missing (mode 0644 less the
/// umask), else truncated, as a shell's `>` does. Not by writing a temporary file and renaming
/// it over `path` (Foundation's atomic write), which would put a regular file in place of a
/// symbolic link, and of `/dev/stdout` itself when run as root.
/// - Throws: a `POSIXError` when the file cannot be opened or written (``fileFailureReason(_:)``
///   names it); on a platform without these C libraries, what `Data.write(to:)` throws.
package func writeFileContents(_ bytes: [UInt8], atPath path: String) throws {
    #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
    func failure(_ code: Int32) -> POSIXError { POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if count < 0 {
            if errno == EINTR { continue }
            throw failure(errno)
        }
        written += count
    }
    #else
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #endif
}
