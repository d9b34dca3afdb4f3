/// How JSON strings are escaped in this package (``JSONWriter``, ``RawJSONWriter``): `"` and `\`,
/// the C0 controls (`\n` `\r` `\t` `\b` `\f`, others as `\u00XX`), and U+2028 and U+2029
/// (`\u2028`, `\u2029`, which JavaScript once refused in string literals); every other scalar is
/// written as UTF-8. An escape is at most six bytes for one byte of input.
@usableFromInline package enum JSONEscape {
    /// An escape sequence replacing `width` bytes of input.
    case sequence(StaticString, width: Int)
    /// A C0 control without a short form: `\u00XX`.
    case control(UInt8)

    /// Output bytes per input byte, at most.
    @usableFromInline package static let maximumExpansion = 6

    /// The escape for the bytes at `index` of `text`, or `nil` when the byte is written as is.
    @inlinable @inline(__always)
    package static func at(_ index: Int, in text: UnsafeBufferPointer<UInt8>) -> JSONEscape? {
        let byte = text[index]
        if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2 { return nil }
        switch byte {
        case UInt8(ascii: "\""): return .sequence("\\\"", width: 1)
        case UInt8(ascii: "\\"): return .sequence("\\\\", width: 1)
        case 0x0A: return .sequence("\\n", width: 1)
        case 0x0D: return .sequence("\\r", width: 1)
        case 0x09: return .sequence("\\t", width: 1)
        case 0x08: return .sequence("\\b", width: 1)
        case 0x0C: return .sequence("\\f", width: 1)
        case 0xE2:
            guard index + 2 < text.count, text[index + 1] == 0x80, text[index + 2] == 0xA8 || text[index + 2] == 0xA9 else {
                return nil
            }
            return .sequence(text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", width: 3)
        default:
            return .control(byte)
        }
    }

    /// The lanes of `word` (eight bytes, little-endian) that may need an escape, each flagged by its
    /// high bit: C0 controls, `"`, `\\` and `E2` (the lead of U+2028 and U+2029, and of other
    /// scalars that need none). The lowest flagged lane is the first such byte, and a flag only
    /// ever sits at or above a lane that holds one (``ByteWord``), so a mask of the lanes below any
    /// point is non-zero exactly when one of those lanes holds one.
    @inlinable @inline(__always)
    package static func candidates(in word: UInt64) -> UInt64 {
        ByteWord.bytes(of: word, below: 0x20) | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\""))
            | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "\\")) | ByteWord.bytes(of: word, equalTo: 0xE2)
    }

    /// Whether none of the `count` bytes at `source` needs an escape, sixteen at a time
    /// (``ByteBlock/jsonEscapeCandidates(in:)``). A `false` may come from an `E2` byte that starts
    /// no U+2028 or U+2029; the caller then writes the text through ``forEachPiece(of:copy:escape:)``.
    /// - Precondition: `count` rounded up to a multiple of sixteen bytes are readable at `source`.
    @inlinable @inline(__always)
    package static func needsNone(in source: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            // The lanes before the end of the text; a block wholly inside it keeps all sixteen.
            let candidates = ByteBlock.jsonEscapeCandidates(in: ByteBlock.load(source, at: offset))
                & ByteBlock.lanes(before: count &- offset)
            if !ByteBlock.isZero(candidates) { return false }
            offset &+= 16
        }
        return true
    }

    /// Walks `text` once: `copy` gets each run of bytes written as is, `escape` each escape, in
    /// order.
    @inlinable @inline(__always)
    package static func forEachPiece(
        of text: UnsafeBufferPointer<UInt8>, copy: (Range<Int>) -> Void, escape: (JSONEscape) -> Void
    ) {
        var start = 0
        var index = 0
        let base = UnsafeRawPointer(text.baseAddress)
        while index < text.count {
            // Eight bytes at a time while none may need an escape, else on to the first that may
            // (``ByteWord/firstFlaggedLane(_:)``).
            if index + 8 <= text.count, let base {
                let found = candidates(in: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if found == 0 {
                    index += 8
                    continue
                }
                index += ByteWord.firstFlaggedLane(found)
            }
            guard let found = at(index, in: text) else {
                index += 1
                continue
            }
            if start < index { copy(start..<index) }
            escape(found)
            switch found {
            case .sequence(_, let width): index += width
            case .control: index += 1
            }
            start = index
        }
        if start < text.count { copy(start..<text.count) }
    }

    /// Where to end a part of `text` that starts at `start` and is at most `limit` bytes long
    /// (`limit` >= 3), so that no escape straddles two parts: escaping the parts one after another
    /// writes what escaping `text` at once writes. The end is the text's end when that is near
    /// enough, else one of the last three positions within the limit, before a byte that is not
    /// a UTF-8 continuation byte when there is one (the one escape wider than a byte, of U+2028
    /// and U+2029, starts with such a byte and continues with two continuation bytes).
    @inlinable
    package static func partEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        let end = start + limit
        guard end < text.count else { return text.count }
        for cut in stride(from: end, to: end - 3, by: -1) where text[cut] & 0xC0 != 0x80 { return cut }
        // Three continuation bytes before `end`: no sequence that an escape replaces crosses it.
        return end
    }

    /// Lower-case hexadecimal digits for `\u00XX`.
    @inlinable @inline(__always)
    package static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
