#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `printf`-style formatting of numbers through the C library, for the CLI's tables and charts
/// (what `String(format:)` gives, without Foundation).
/// - Precondition: the result is shorter than 256 bytes.
func printfFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    withVaList(arguments) { list in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            let length = vsnprintf(buffer.baseAddress!, buffer.count, format, list)
            precondition(length >= 0 && length < buffer.count, "a formatted number outgrew its buffer")
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF8.self)
        }
    }
}
