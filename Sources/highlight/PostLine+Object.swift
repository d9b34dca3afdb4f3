import PatternDetection

extension PostLine {
    /// Reads a post object line (RFC 8259): `"text"` (a string, required), `"caret"` (an object
    /// of `"utf8"` or `"utf16"`, a number whose value is whole, `6` or `6.0`), `"accept"` (a string), in any order; `null` for
    /// a caret or accept leaves it out, and any other member is skipped, whatever it holds.
    ///
    /// Its strings are read as a JSON-string line is (``JSONStringLiteral``): a lone surrogate
    /// escape becomes U+FFFD, so a post reads the same either way. As with Foundation's parser,
    /// which read these lines before, an object or array may end in one trailing comma. Errors
    /// name the 1-based byte column. Nesting in skipped members is followed with a stack of
    /// closers, not recursion, so no depth overflows it.
    struct ObjectReader {
        private let line: UnsafeBufferPointer<UInt8>
        private var index = 0

        init(_ line: UnsafeBufferPointer<UInt8>) {
            self.line = line
        }

        /// The post, or why the line is not one.
        mutating func read() throws(SyntaxError) -> PostLine {
            guard UTF8Validation.isValid(line) else { throw error("the line is not valid UTF-8", at: JSONStringLiteral.firstIllFormedByte(in: line)) }
            var text: String?
            var caret: Offsets?
            var accept: String?
            try members { (key, reader) throws(SyntaxError) in
                switch key {
                case "text": text = try reader.string(named: key)
                case "accept": accept = try reader.null() ? nil : reader.string(named: key)
                case "caret": caret = try reader.null() ? nil : reader.offsets()
                default: try reader.skipValue()
                }
            }
            skipWhitespace()
            guard index == line.count else { throw error("unexpected text after the object", at: index) }
            guard let text else { throw SyntaxError(description: "not a post object: missing \"text\"") }
            var position: Caret?
            if let caret {
                switch (caret.utf8, caret.utf16) {
                case (let utf8?, nil): position = .utf8(utf8)
                case (nil, let utf16?): position = .utf16(utf16)
                default: throw SyntaxError(description: "\"caret\" must hold exactly one of \"utf8\" and \"utf16\"")
                }
            }
            if accept != nil && position == nil {
                throw SyntaxError(description: "\"accept\" needs a \"caret\"")
            }
            return PostLine(text: text, caret: position, accept: accept)
        }

        private struct Offsets {
            var utf8: Int?
            var utf16: Int?
        }

        /// The object at `index`: each member's key, with the reader at its value, which `value`
        /// must read. A key given twice is an error.
        private mutating func members(
            _ value: (String, inout ObjectReader) throws(SyntaxError) -> Void
        ) throws(SyntaxError) {
            skipWhitespace()
            try expect(UInt8(ascii: "{"))
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return }
            var keys: Set<String> = []
            repeat {
                skipWhitespace()
                if !keys.isEmpty, index < line.count, line[index] == UInt8(ascii: "}") { break }
                let keyStart = index
                let key = try string()
                guard keys.insert(key).inserted else { throw error("\"\(key)\" is given twice", at: keyStart) }
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                try value(key, &self)
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), or: "','")
        }

        /// The caret's offsets.
        private mutating func offsets() throws(SyntaxError) -> Offsets {
            var offsets = Offsets()
            try members { (key, reader) throws(SyntaxError) in
                switch key {
                case "utf8": offsets.utf8 = try reader.null() ? nil : reader.wholeNumber(named: "caret.utf8")
                case "utf16": offsets.utf16 = try reader.null() ? nil : reader.wholeNumber(named: "caret.utf16")
                default: try reader.skipValue()
                }
            }
            return offsets
        }

        /// The string at `index`; what a member named `name` must hold.
        private mutating func string(named name: String) throws(SyntaxError) -> String {
            guard index < line.count, line[index] == UInt8(ascii: "\"") else {
                throw error("\"\(name)\" must be a string", at: index)
            }
            return try string()
        }

        private mutating func string() throws(SyntaxError) -> String {
            do {
                return try JSONStringLiteral.string(in: line, at: &index)
            } catch {
                throw self.error(error.reason, at: error.column - 1)
            }
        }

        /// Whether the value at `index` is `null` (then read).
        private mutating func null() throws(SyntaxError) -> Bool {
            guard index < line.count, line[index] == UInt8(ascii: "n") else { return false }
            try literal("null")
            return true
        }

        /// The number at `index` (RFC 8259's grammar), whose value must be a whole number that fits
        /// in an `Int`: `6`, `6.0`, `6e0`, `60e-1` and `0.6E1` are all 6. The value is worked out
        /// exactly from the digits (no floating point): its significant digits, without leading
        /// and trailing zeros, times a power of ten; a fraction left over is "must be a whole
        /// number", a value past `Int`'s range (`1e999` too) "is too large". A zero is a whole
        /// number whatever its exponent. A malformed number (`1.`, `1e`) or another value is "must
        /// be a whole number" too.
        private mutating func wholeNumber(named name: String) throws(SyntaxError) -> Int {
            let start = index
            let negative = take(UInt8(ascii: "-"))
            let integerStart = index
            let integerDigits = skipDigits()
            guard integerDigits > 0 else { throw error("\"\(name)\" must be a whole number", at: start) }
            if line[integerStart] == UInt8(ascii: "0") && integerDigits > 1 {
                throw error("a number may not start with 0", at: integerStart)
            }
            let integerEnd = index
            var fractionStart = index
            if take(UInt8(ascii: ".")) {
                fractionStart = index
                if skipDigits() == 0 { throw error("\"\(name)\" must be a whole number", at: start) }
            }
            let fractionEnd = index
            // The exponent, saturated far past any exponent an Int could need.
            var exponent = 0
            if index < line.count, line[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                let negativeExponent = take(UInt8(ascii: "-"))
                if !negativeExponent { _ = take(UInt8(ascii: "+")) }
                let exponentStart = index
                if skipDigits() == 0 { throw error("\"\(name)\" must be a whole number", at: start) }
                for digit in line[exponentStart..<index] {
                    exponent = min(exponent * 10 + Int(digit - UInt8(ascii: "0")), 1 << 40)
                }
                if negativeExponent { exponent = -exponent }
            }
            // The significant digits: the integer and fraction digits without the leading zeros
            // and the trailing ones, which move into the exponent.
            let fractionDigits = line[fractionStart..<fractionEnd]
            let digits = Array(line[integerStart..<integerEnd]) + fractionDigits
            exponent -= fractionDigits.count
            guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }) else { return 0 }
            let last = digits.lastIndex(where: { $0 != UInt8(ascii: "0") }) ?? first
            exponent += digits.count - 1 - last
            let significant = digits[first...last]
            guard exponent >= 0 else { throw error("\"\(name)\" must be a whole number", at: start) }
            // Int.max has 19 digits: more than 19 cannot fit, and 19 cannot overflow a UInt.
            guard significant.count + exponent <= 19 else { throw error("\"\(name)\" is too large", at: start) }
            var magnitude: UInt = 0
            for digit in significant { magnitude = magnitude * 10 + UInt(digit - UInt8(ascii: "0")) }
            for _ in 0..<exponent { magnitude *= 10 }
            let limit = negative ? UInt(Int.max) + 1 : UInt(Int.max)
            guard magnitude <= limit else { throw error("\"\(name)\" is too large", at: start) }
            return negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(magnitude)
        }

        /// Reads the value at `index`, whatever it is: nested arrays and objects through a stack
        /// of the closers still open.
        private mutating func skipValue() throws(SyntaxError) {
            var closers: [UInt8] = []
            while true {
                skipWhitespace()
                guard index < line.count else { throw error("expected a value", at: index) }
                var opened = false
                switch line[index] {
                case UInt8(ascii: "{"):
                    index += 1
                    skipWhitespace()
                    if !take(UInt8(ascii: "}")) {
                        closers.append(UInt8(ascii: "}"))
                        try memberKey()
                        opened = true
                    }
                case UInt8(ascii: "["):
                    index += 1
                    skipWhitespace()
                    if !take(UInt8(ascii: "]")) {
                        closers.append(UInt8(ascii: "]"))
                        opened = true
                    }
                case UInt8(ascii: "\""): _ = try string()
                case UInt8(ascii: "t"): try literal("true")
                case UInt8(ascii: "f"): try literal("false")
                case UInt8(ascii: "n"): try literal("null")
                default: try number()
                }
                if opened { continue }
                // A value ended: close what it ends, or go on to the next element or member.
                while let closer = closers.last {
                    skipWhitespace()
                    if take(UInt8(ascii: ",")) {
                        skipWhitespace()
                        if index < line.count, line[index] == closer {
                            index += 1
                            closers.removeLast()
                            continue
                        }
                        if closer == UInt8(ascii: "}") { try memberKey() }
                        break
                    }
                    try expect(closer, or: "','")
                    closers.removeLast()
                }
                if closers.isEmpty { return }
            }
        }

        /// A member's key and colon, inside a skipped object.
        private mutating func memberKey() throws(SyntaxError) {
            skipWhitespace()
            _ = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
        }

        /// A JSON number at `index` (RFC 8259's grammar), read and dropped.
        private mutating func number() throws(SyntaxError) {
            let start = index
            _ = take(UInt8(ascii: "-"))
            let integerStart = index
            let integerDigits = skipDigits()
            guard integerDigits > 0, integerDigits == 1 || line[integerStart] != UInt8(ascii: "0") else {
                throw error("expected a value", at: start)
            }
            if take(UInt8(ascii: ".")), skipDigits() == 0 { throw error("expected a digit", at: index) }
            if index < line.count, line[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                if skipDigits() == 0 { throw error("expected a digit", at: index) }
            }
        }

        /// Reads the ASCII digits at `index`; how many there were.
        private mutating func skipDigits() -> Int {
            let start = index
            while index < line.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[index]) { index += 1 }
            return index - start
        }

        private mutating func literal(_ word: StaticString) throws(SyntaxError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= line.count,
                (0..<count).allSatisfy({ line[index + $0] == word.utf8Start[$0] })
            else { throw error("expected a value", at: index) }
            index += count
        }

        /// Reads `byte` when it is next.
        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < line.count, line[index] == byte else { return false }
            index += 1
            return true
        }

        /// Reads `byte`, which must be next (or, as the message says, `alternative`).
        private mutating func expect(_ byte: UInt8, or alternative: String? = nil) throws(SyntaxError) {
            guard take(byte) else {
                let expected = "'\(Character(Unicode.Scalar(byte)))'"
                throw error("expected \(alternative.map { "\($0) or \(expected)" } ?? expected)", at: index)
            }
        }

        private mutating func skipWhitespace() {
            index = JSONStringLiteral.skipWhitespace(line, from: index)
        }

        private func error(_ reason: String, at offset: Int) -> SyntaxError {
            SyntaxError(description: "not a post object: \(reason) at column \(offset + 1)")
        }
    }
}
