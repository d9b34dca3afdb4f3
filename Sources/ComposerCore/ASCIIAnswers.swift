/// A scalar predicate's answers for ASCII bytes, remembered as they are asked for: a byte loop
/// asks the predicate itself (a rule set's witness, a closure) at most once per ASCII value, and
/// tests a bit for every other byte. Lives for one walk, so building it costs nothing up front.
///
/// Invariant: bit b of `asked` is set once the predicate has been asked about byte b, and bit b of
/// `answers` then holds its answer.
package struct ASCIIAnswers {
    private var asked: (low: UInt64, high: UInt64) = (0, 0)
    private var answers: (low: UInt64, high: UInt64) = (0, 0)

    package init() {}

    /// The answer remembered for the ASCII byte `byte` (< 0x80), `nil` when not asked yet.
    @inline(__always)
    package func answer(for byte: UInt8) -> Bool? {
        let bit: UInt64 = 1 << UInt64(byte & 63)
        let (asked, answers) = byte < 64 ? (asked.low, answers.low) : (asked.high, answers.high)
        return asked & bit != 0 ? answers & bit != 0 : nil
    }

    /// Remembers `answer` for the ASCII byte `byte` (< 0x80).
    package mutating func record(_ answer: Bool, for byte: UInt8) {
        let bit: UInt64 = 1 << UInt64(byte & 63)
        if byte < 64 {
            asked.low |= bit
            if answer { answers.low |= bit }
        } else {
            asked.high |= bit
            if answer { answers.high |= bit }
        }
    }

    /// `predicate` of the ASCII byte `byte` (< 0x80), asked only the first time.
    @inline(__always)
    package mutating func answer(_ byte: UInt8, _ predicate: (Unicode.Scalar) -> Bool) -> Bool {
        if let known = answer(for: byte) { return known }
        let answer = predicate(Unicode.Scalar(byte))
        record(answer, for: byte)
        return answer
    }
}
