import Testing
@testable import PatternDetection
@testable import RegexEngine

/// `ExpressionStartBytes`, the start bytes read from an expression for ICU and the byte sets a match
/// needs (for both engines): what it reads for a few expressions, where it gives up, and every
/// match either engine of this build finds starting with one of the bytes it reads and holding a
/// byte of each set.
@Suite("Expression start bytes")
struct ExpressionStartBytesTests {
    static let leadBytes = Array(UInt8(0xC0)...0xFF)
    static let digits = Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
    static let capitals = Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
    static let small = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))

    static func bytes(_ characters: String) -> [UInt8] { Array(characters.utf8).sorted() }

    @Test func readStartsAreThoseExpected() {
        let expected: [(String, [UInt8]?)] = [
            (#":[a-z0-9_+-]+:"#, Self.bytes(":")),
            (#"\$[A-Z]{1,5}"#, Self.bytes("$")),
            (#"[@#]\w+"#, Self.bytes("#@")),
            (#"\b[A-Z]{2,10}-\d+\b"#, Self.capitals),
            (#"(ab|cd)"#, Self.bytes("ac")),
            (#"(?:x|)y"#, Self.bytes("xy")),
            (#"a?b*c"#, Self.bytes("abc")),
            (#"a{0,3}(?<name>b)"#, Self.bytes("ab")),
            (#"(?=a)b"#, Self.bytes("b")),
            (#"(?<=x)(?#note)y"#, Self.bytes("y")),
            (#"^\s*>"#, [9, 10, 11, 12, 13, 32, UInt8(ascii: ">")] + Self.leadBytes),
            (#"\d+[kKmM]"#, Self.digits + Self.leadBytes),
            (#"[]x]"#, Self.bytes("]x")),
            (#"[a-c-]"#, Self.bytes("-abc")),
            (#"[x-é]"#, Array(UInt8(ascii: "x")...UInt8(ascii: "z")) + Array(0x7B...0x7F) + Self.leadBytes),
            ("é|ω", [0xC3, 0xCF]),
            (#"(?i)k"#, Self.bytes("Kk") + Self.leadBytes),
            (#"x(?i)y"#, Self.bytes("Xx") + Self.leadBytes),
            (#"(?i)é"#, Self.capitals + Self.small + Self.leadBytes),
            // Empty matches, first items not followed, and syntax not read give nothing.
            (#"a*"#, nil), (#"(?:a|)"#, nil), (#"\b"#, nil), (#".x"#, nil), (#"\w+"#, nil), (#"\p{Lu}"#, nil),
            (#"[^a]x"#, nil), (#"[[:alpha:]]"#, nil), (#"(a)\1"#, Self.bytes("a")), (#"\1a"#, nil),
            (#"(?x) a"#, nil), (#"(?(1)a|b)"#, nil), (#"(*UCP)a"#, nil), (#"(*nla:b)a"#, nil), (#"\Qab\E"#, nil),
            (#"[a&&b]"#, nil), (#"[[a]]"#, nil), (#"(?R)"#, nil), (#"(?1)(a)"#, nil), (#"\x{41}"#, nil), (#"a)"#, nil),
            (#"a{x}"#, nil),
        ]
        for (expression, bytes) in expected {
            #expect(ExpressionStartBytes.of(expression, caseless: false) == bytes, "\(expression)")
        }
        #expect(ExpressionStartBytes.of("k", caseless: true) == Self.bytes("Kk") + Self.leadBytes)
    }

    @Test func readRequiredSetsAreThoseExpected() {
        let expected: [(String, [[UInt8]])] = [
            (#"\b[A-Z]{2,10}-\d+\b"#, [Self.capitals, Self.bytes("-"), Self.digits + Self.leadBytes]),
            (#"\w+@\w+\.\w+"#, [Self.bytes("@"), Self.bytes(".")]),
            (#":[a-z0-9_+-]+:"#, [Self.bytes(":"), Self.bytes("+-") + Self.digits + Self.bytes("_") + Self.small, Self.bytes(":")]),
            (#"(ab|cd)e?f"#, [Self.bytes("ac"), Self.bytes("f")]),
            (#"x(?=y)(?<!z)\bw"#, [Self.bytes("x"), Self.bytes("w")]),
            (#"(?i)\w+é"#, [Self.capitals + Self.small + Self.leadBytes]),
            (#"a(?i)k"#, [Self.bytes("Aa") + Self.leadBytes, Self.bytes("Kk") + Self.leadBytes]),
            (#".(x|)y{0,2}z*"#, []),
            // A top-level `|`, an empty match, a group that may match empty: nothing required.
            (#"a|bc"#, []), (#"a?"#, []), (#"(a|)b"#, [Self.bytes("b")]), (#"(a)?b"#, [Self.bytes("b")]),
            (#"(?x) a b"#, []), (#"(?(1)a|b)c"#, []), (#"(?>a)b"#, [Self.bytes("a"), Self.bytes("b")]), (#"a\1b"#, [Self.bytes("a"), Self.bytes("b")]),
        ]
        for (expression, sets) in expected {
            #expect(ExpressionStartBytes.read(expression, caseless: false).required == sets, "\(expression)")
        }
    }

    /// A property's ASCII characters are the engine's own reading of it: each engine of this
    /// build gives `\p{Lu}\p{Ll}+` the capitals and every lead byte.
    @Test func propertiesAreReadByTheEngine() throws {
        #expect(ExpressionStartBytes.of(#"\p{Lu}"#, caseless: false, propertyASCII: { _ in Self.capitals }) == Self.capitals + Self.leadBytes)
        #expect(ExpressionStartBytes.of(#"[^\p{Lu}]"#, caseless: false, propertyASCII: { _ in Self.capitals }) == nil)
        for engine in RegexChecks.engines {
            let pattern = try engine.init(#"(?<![@\w])\p{Lu}\p{Ll}+"#, options: [.neverBackslashC, .pcre2Classes])
            #expect(pattern.matchStartBytes == Self.capitals + Self.leadBytes, "\(engine.engineName)")
        }
    }

    @Test func everyMatchStartsWithAReadByte() throws {
        var random = SplitMix64(seed: 61)
        let pieces = [
            "a", "b", "x", "y", "k", "K", "\u{212A}", "s", "S", "ſ", "ss", "ß", "ẞ", "ﬀ", "ff", "t", "ѐ", "Ѐ", "é", "É", "ω", "Ω",
            "@", "＠", "#", "$", ":", "-", "]", "1", "42", "\u{663}", "ABC", "xyz", "swift", "SWIFT", "kelvin", "\u{212A}ELVIN",
            " ", "\n", "\t", "\u{A0}", "\u{3000}", ">", "<", "ab:cd:", "12:30", "漢字",
        ]
        let texts = (0..<300).map { _ in
            Array((0..<(1 + Int(random.next() % 40))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined().utf8)
        }
        let expressions = CustomPattern.startByteExamples + [
            #"(?i)ss"#, #"(?i)ß"#, #"(?i)ﬀ"#, #"(?i)[ß]x"#, #"(?:\$|＄)\d"#, #"^\s*>"#, #"[x-é]"#, #"(?i)x(?-i)y"#, #"a{0,3}(?<n>b)"#,
            #"(?i)\p{Lu}\p{Ll}"#, #"[\p{Lu}\d]x"#, #"\P{L}\d"#, #"(?<![@\w])\p{Lu}\w+"#,
        ]
        var read = 0, withRequired = 0
        for expression in expressions where !expression.contains(#"\K"#) {
            let plain = ExpressionStartBytes.of(expression, caseless: false)
            if plain != nil { read += 1 }
            for engine in RegexChecks.engines {
                guard let pattern = try? engine.init(expression, options: [.neverBackslashC, .pcre2Classes]) else { continue }
                if !pattern.matchRequiredBytes.isEmpty { withRequired += 1 }
                for set in pattern.matchRequiredBytes {
                    #expect(!set.isEmpty && !set.contains { (0x80...0xBF).contains($0) }, "\(expression)")
                    for text in texts {
                        text.withUnsafeBufferPointer { text in
                            for match in pattern.matches(in: text) where !text[match].contains(where: set.contains) {
                                Issue.record("\(engine.engineName) \(expression): \(String(decoding: text[match], as: UTF8.self)) in \(String(decoding: text, as: UTF8.self)) holds none of \(set)")
                            }
                        }
                    }
                }
                // The plain reading, and the engine's own (with properties read by the engine).
                for starts in [plain, pattern.matchStartBytes].compactMap({ $0 }) {
                    #expect(!starts.contains { (0x80...0xBF).contains($0) }, "\(expression)")
                    for text in texts {
                        text.withUnsafeBufferPointer { text in
                            for match in pattern.matches(in: text) {
                                #expect(starts.contains(text[match.lowerBound]), "\(engine.engineName) \(expression) in \(String(decoding: text, as: UTF8.self))")
                            }
                        }
                    }
                }
            }
        }
        #expect(read >= 20, "most expressions are read")
        #expect(withRequired >= 20, "most expressions require bytes")
    }
}
