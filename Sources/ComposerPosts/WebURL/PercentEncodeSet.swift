import ComposerCore

/// A WHATWG URL percent-encode set: which bytes of UTF-8 text are written as `%XX`.
///
/// Every set contains the C0 controls and every byte ≥ 0x7F (so each non-ASCII code point is
/// written as the `%XX` escapes of its UTF-8 bytes, upper-case hexadecimal): text encoded with any
/// of them is ASCII. `%` itself is never encoded, so existing escapes stay as they are.
struct PercentEncodeSet: Sendable {
    /// The ASCII bytes encoded.
    private let ascii: ASCIIByteSet

    private init(adding extra: String, to base: PercentEncodeSet? = nil) {
        let controls = ASCIIByteSet(bytes: Array(0x00...0x1F) + [0x7F])   // C0 controls, DEL
        ascii = (base?.ascii ?? controls).union(ASCIIByteSet(bytes: extra.utf8))
    }

    /// The fragment percent-encode set: C0 controls, space, `"`, `<`, `>`, `` ` ``.
    static let fragment = PercentEncodeSet(adding: " \"<>`")
    /// The query percent-encode set: C0 controls, space, `"`, `#`, `<`, `>`.
    static let query = PercentEncodeSet(adding: " \"#<>")
    /// The special-query percent-encode set (http, https): the query set and `'`.
    static let specialQuery = PercentEncodeSet(adding: "'", to: query)
    /// The path percent-encode set: the query set and `?`, `` ` ``, `{`, `}`. (Later editions of
    /// the URL Standard add `^`; node 20, the reference here, and browsers leave it as it is.)
    static let path = PercentEncodeSet(adding: "?`{}", to: query)

    /// Whether `byte` is written as `%XX`.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte >= 0x80 || ascii.containsASCII(byte)
    }

    /// Appends `bytes`, each byte in the set as `%XX`, to `output`.
    func append(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, to output: inout [UInt8]) {
        for byte in bytes {
            if contains(byte) {
                output.append(UInt8(ascii: "%"))
                output.append(Self.hexDigits[Int(byte >> 4)])
                output.append(Self.hexDigits[Int(byte & 0xF)])
            } else {
                output.append(byte)
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
