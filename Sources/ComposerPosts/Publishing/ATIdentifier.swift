/// atproto identifier syntax the post records need: handle normalization and the DID check.
package enum ATIdentifier {
    /// The handle as resolvers compare it: ASCII letters lower-cased. atproto normalizes handles
    /// this way before resolving them; handles are ASCII.
    package static func normalizedHandle(_ handle: some StringProtocol) -> String {
        String(decoding: handle.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `text` has atproto's DID syntax: `did:`, a method of lower-case ASCII letters, `:`,
    /// then an identifier of ASCII letters, digits and `. _ : % -` that does not end in `:` or `%`;
    /// at most 2048 bytes.
    package static func isDID(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= 2048, bytes.starts(with: "did:".utf8) else { return false }
        var index = 4
        while index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index += 1 }
        guard index > 4, index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
        index += 1
        guard index < bytes.count, bytes.last != UInt8(ascii: ":"), bytes.last != UInt8(ascii: "%") else {
            return false
        }
        return bytes[index...].allSatisfy(isIdentifierByte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"),
            UInt8(ascii: "%"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
