/// Runs `body` on the UTF-8 bytes of `string` (contiguous; bridged strings are copied once),
/// keeping `body`'s typed error.
@usableFromInline package func withUTF8Bytes<Result, Failure: Error>(
    of string: String, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
) throws(Failure) -> Result {
    var copy = string
    var outcome: Swift.Result<Result, Failure>!
    copy.withUTF8 { bytes in
        outcome = Swift.Result { () throws(Failure) -> Result in try body(bytes) }
    }
    return try outcome.get()
}
