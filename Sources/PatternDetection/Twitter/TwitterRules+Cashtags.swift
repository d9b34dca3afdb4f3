/// twitter-text's `validCashtag`, scanned in Swift.
///
/// The expression (flags `gi`) is: the text start or twitter-text whitespace (consumed), `$`,
/// 1–6 ASCII letters with an optional `.` or `_` and 1–2 letters, then a look-ahead for the end,
/// JavaScript whitespace (`\s`, which has U+FEFF and lacks U+0085 and U+180E) or ASCII punctuation
/// other than `"` and `` ` ``. Greedy repetitions back off until the look-ahead holds, so `$AB.CDE`
/// is `$AB` (the `.` satisfies it) and `$ABCDEFG` is nothing. A match ends in a letter, so the
/// whitespace before the next `$` always lies after it: each `$` is judged on its own.
/// - Complexity: O(n): the `$` search reads each byte once (sixteen at a time), each candidate at
///   most ten bytes after it.
extension TwitterRules {
    package func cashtags(in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>) -> [Span] {
        ResumableScan.collect(scan) { cashtags(in: text, scan: scan, resuming: &$0, atMost: $1, into: &$2) }
    }

    /// The cashtags of `scan` from where `extraction` stands, appended to `found` until it holds
    /// `count` (the extraction then stands after the last) or the scan is finished.
    func cashtags(
        in text: UnsafeBufferPointer<UInt8>, scan: Range<Int>, resuming extraction: inout ResumableScan,
        atMost count: Int, into found: inout [Span]
    ) {
        let dollars = Self.dollarSign
        var position = extraction.position
        defer { extraction.position = position }
        while found.count < count {
            position = dollars.firstIndex(in: text, from: position, before: scan.upperBound)
            guard position < scan.upperBound else { return extraction.isFinished = true }
            let sign = position
            position += 1
            if sign > 0 {
                let previous = text.scalarStart(before: sign)
                guard previous >= scan.lowerBound, TwitterCharacterClasses.isSpace(text.scalarValue(at: previous).value)
                else { continue }
            }
            if let end = Self.cashtagEnd(in: text, afterSign: sign + 1) {
                found.append(Span(kind: .cashtag, utf8Range: sign..<end))
                position = end
            }
        }
    }

    static let dollarSign = ByteSetSearch([UInt8(ascii: "$")])

    /// The end of `[a-z]{1,6}(?:[._][a-z]{1,2})?` (case-insensitive) at `start` followed by what the
    /// look-ahead accepts, trying the lengths in the order a backtracking engine does; nil if none.
    static func cashtagEnd(in text: UnsafeBufferPointer<UInt8>, afterSign start: Int) -> Int? {
        var letters = 0
        while letters < 6, start + letters < text.count, TwitterCharacterClasses.isASCIILetter(text[start + letters]) {
            letters += 1
        }
        while letters > 0 {
            let tickerEnd = start + letters
            if tickerEnd + 1 < text.count, text[tickerEnd] == UInt8(ascii: ".") || text[tickerEnd] == UInt8(ascii: "_") {
                var suffix = 0
                while suffix < 2, tickerEnd + 1 + suffix < text.count,
                    TwitterCharacterClasses.isASCIILetter(text[tickerEnd + 1 + suffix])
                {
                    suffix += 1
                }
                while suffix > 0 {
                    if isCashtagFollower(text, at: tickerEnd + 1 + suffix) { return tickerEnd + 1 + suffix }
                    suffix -= 1
                }
            }
            if isCashtagFollower(text, at: tickerEnd) { return tickerEnd }
            letters -= 1
        }
        return nil
    }

    /// `(?=$|\s|[punct])`: the end, JavaScript whitespace, or ASCII punctuation but `"` and `` ` ``.
    static func isCashtagFollower(_ text: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position < text.count else { return true }
        let byte = text[position]
        if byte < 0x80 {
            switch byte {
            case 0x09...0x0D, 0x20: return true
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x5F, 0x7B...0x7E: return byte != 0x22
            default: return false
            }
        }
        switch text.scalarValue(at: position).value {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }
}
