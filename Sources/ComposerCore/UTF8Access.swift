/// Runs `body` on the UTF-8 bytes of `string` (contiguous; bridged strings are copied once),
/// keeping `body`'s typed error. Inlinable, so each caller gets a specialized copy (no generic metadata
/// looked up at run time per call).
@inlinable package func withUTF8Bytes<Result, Failure: Error>(
    of string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
) throws(Failure) -> Result {
    var copy = string
    // No `Swift.Result` in between: its initializer is not specialized for the caller, which
    // would look up generic metadata on every call.
    var result: Result?
    var failure: Failure?
    copy.withUTF8 { bytes in
        do throws(Failure) {
            result = try body(bytes)
        } catch {
            failure = error
        }
    }
    if let failure { throw failure }
    return result!
}
