#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written, for a message: the system's text for the underlying
/// POSIX error when there is one (`No such file or directory`), else the error itself.
func readFailureReason(_ error: any Error) -> String {
    if let posix = (error as? CocoaError)?.underlying as? POSIXError {
        return String(cString: strerror(posix.code.rawValue))
    }
    return "\(error)"
}
