import Foundation
import PatternDetection
import Testing

/// `--input jsonl`: one output line per input line, errors in place, exit 65 at the end.
@Suite("CLI jsonl input")
struct CLIJSONLTests {
    static let lines: [(input: String, isValid: Bool)] = [
        (#""hi @bob.test #tag""#, true),
        (#"{"text":"a post object"}"#, true),
        (#"{"txt":"a misspelt post object"}"#, false),
        (#""\ud83e\udd8b #\u6771\u4eac \"quoted\" \\ \/""#, true),
        ("", false),
        (#""unterminated"#, false),
        (#"  "padded"  "#, true),
        ("123", false),
        (#""bad \q escape""#, false),
        ("\"raw\ttab\"", false),
        (#""lone \ud800 surrogate""#, true),
        (#""two" "strings""#, false),
    ]

    func run(_ input: [UInt8], _ extra: [String] = []) -> ChildProcess.Result {
        ChildProcess.highlight(["--rules", "icysky", "--input", "jsonl", "--format", "json"] + extra, input: .bytes(input))
    }

    @Test func oneOutputLinePerInputLineWithErrorsInPlace() throws {
        for separator in ["\n", "\r\n"] {
            let input = Self.lines.map(\.input).joined(separator: separator) + separator
            let result = run(Array(input.utf8))
            #expect(result.status == 65)
            let output = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(output.count == Self.lines.count)
            for (index, (line, expected)) in zip(output, Self.lines).enumerated() {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                if expected.isValid {
                    #expect(object["spans"] != nil, "line \(index + 1): \(line)")
                } else {
                    #expect(object["line"] as? Int == index + 1, "line \(index + 1): \(line)")
                    let reason = object["error"] as? String ?? ""
                    #expect(reason.contains(expected.input.hasPrefix("{") ? "not a post object" : "not a JSON string"), "\(reason)")
                    #expect(Array(object.keys).sorted() == ["error", "line"])
                }
            }
        }
    }

    @Test func decodedPostsAreScanned() throws {
        let result = run(Array(#""\ud83e\udd8b #\u6771\u4eac @a.b""#.utf8) + [0x0A])
        #expect(result.status == 0)
        #expect(result.stdoutText == """
            {"spans":[{"kind":"hashtag","text":"#東京","value":"#東京","utf8":[5,12],"utf16":[3,6],"scalars":[2,5]},\
            {"kind":"mention","text":"@a.b","value":"@a.b","utf8":[13,17],"utf16":[7,11],"scalars":[6,10]}]}

            """)
    }

    @Test func aLastLineWithoutBreakAndInvalidUTF8() {
        let input = Array("\"a #b\"\n".utf8) + [0x22, 0xFF, 0x22, 0x0A] + Array("\"last @x\"".utf8)
        let result = run(input, ["--color", "always"])
        #expect(result.status == 65)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[1] == #"{"error":"not a JSON string: the line is not valid UTF-8 at column 2","line":2}"#)
    }

    /// A line of ill-formed UTF-8 names the column of its first bad byte, as a string and as a post
    /// object; a byte-order mark before a line is named as such.
    @Test func errorsNameTheBadByteAndAByteOrderMark() {
        let input = [0xEF, 0xBB, 0xBF] + Array(#""a""#.utf8) + [0x0A]
            + Array(#""a "#.utf8) + [0xFF, 0x22, 0x0A]
            + Array(#"{"text":"a"#.utf8) + [0xC3, 0x28, 0x22, 0x7D, 0x0A]
            + Array(#" "ok""#.utf8) + [0x0A]
            + [0x20, 0xEF, 0xBB, 0xBF] + Array(#"{"text":"a"}"#.utf8) + [0x0A]
        let result = run(input, ["--format", "json"])
        #expect(result.status == 65)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        guard lines.count == 5 else { return }
        #expect(lines[0] == #"{"error":"not a JSON string: a byte-order mark (U+FEFF) is not allowed at column 1","line":1}"#)
        #expect(lines[1] == #"{"error":"not a JSON string: the line is not valid UTF-8 at column 4","line":2}"#)
        #expect(lines[2] == #"{"error":"not a post object: the line is not valid UTF-8 at column 11","line":3}"#)
        #expect(lines[3].hasPrefix(#"{"spans":[]"#))
        #expect(lines[4] == #"{"error":"not a JSON string: a byte-order mark (U+FEFF) is not allowed at column 2","line":5}"#)
    }

    @Test func ansiLinesAreJSONStringsWithColourInside() {
        let input = Array("\"a #b \\\"q\\\"\"\n\"plain\"\n".utf8)
        let plain = ChildProcess.highlight(["--rules", "icysky", "--input", "jsonl", "--color", "never"], input: .bytes(input))
        #expect(plain.status == 0)
        #expect(plain.stdoutText == "\"a #b \\\"q\\\"\"\n\"plain\"\n")
        let coloured = ChildProcess.highlight(["--rules", "icysky", "--input", "jsonl", "--color", "always"], input: .bytes(input))
        #expect(ANSIEscapes.stripped(coloured.stdout) == plain.stdout)
        #expect(coloured.stdout != plain.stdout)
    }

    @Test(arguments: ["ansi", "html", "json", "facets"])
    func postsWithLineBreaksStayOneLine(_ format: String) {
        let input = Array(#""a\nb #c\r\n@d.test\u2028e""#.utf8) + [0x0A] + Array(##""#x""##.utf8) + [0x0A]
        let result = ChildProcess.highlight(
            ["--input", "jsonl", "--format", format, "--color", "always"], input: .bytes(input))
        #expect(result.status == 0)
        #expect(result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).count == 3, "\(result.stdoutText)")
        #expect(!result.stdoutText.contains("\r"))
    }

    @Test func linesAreNumberedAcrossFiles() throws {
        let first = try temporaryFile(Array("\"ok\"\n\"no".utf8), name: "jsonl-1")
        let second = try temporaryFile(Array("x\n\"ok\"\n".utf8), name: "jsonl-2")
        defer { unlink(first); unlink(second) }
        let result = ChildProcess.highlight(["--rules", "icysky", "--input", "jsonl", "--format", "json", first, second])
        #expect(result.status == 65)
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasSuffix(#""line":2}"#) && lines[2].hasSuffix(#""line":3}"#))
    }
}
