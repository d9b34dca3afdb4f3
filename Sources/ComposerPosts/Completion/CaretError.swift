import PatternDetection

/// Why no answer could be given for a caret, as opposed to "no token there" (`nil`).
///
/// An offset error means the caller passed a position that is not a caret in this text; a CLI
/// reports it as a bad input line.
public enum CaretError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The unit an offset was given in.
    public enum Unit: String, Hashable, Sendable {
        case utf8
        case utf16
    }

    /// The offset is negative or past the text's end (`length` is the text's length in `unit`).
    case outOfRange(offset: Int, unit: Unit, length: Int)
    /// The offset falls inside a scalar: between the bytes of one UTF-8 sequence, or between the
    /// two halves of a UTF-16 surrogate pair.
    case insideScalar(offset: Int, unit: Unit)
    /// The UTF-16 offset `utf16` is not the position at UTF-8 offset `utf8` (which is a caret of
    /// the text): the two units of a ``CaretPosition``, or one bound of a ``CaretToken``'s two
    /// ranges, describe different places.
    case unitsDisagree(utf8: Int, utf16: Int)

    public var description: String {
        switch self {
        case .outOfRange(let offset, let unit, let length):
            return "caret \(unit.rawValue) offset \(offset) is outside the text (0...\(length))"
        case .insideScalar(let offset, let unit):
            return "caret \(unit.rawValue) offset \(offset) is inside a character"
        case .unitsDisagree(let utf8, let utf16):
            return "caret utf16 offset \(utf16) is not the position at utf8 offset \(utf8)"
        }
    }
}
