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
