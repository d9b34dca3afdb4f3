import Foundation
import PatternDetection
import Testing

@testable import highlight

/// The `jsonl` post object reader against Foundation's JSON parser, and the errors it gives.
@Suite("JSON post object lines")
struct PostObjectLineTests {
    private static func read(_ line: String) -> Result<PostLine, PostLine.SyntaxError> {
        Array(line.utf8).withUnsafeBufferPointer { buffer in
            Result { () throws(PostLine.SyntaxError) -> PostLine in
                var reader = PostLine.ObjectReader(buffer)
                return try reader.read()
            }
        }
    }

    @Test("Posts: members in any order, nulls, other members skipped however deep, trailing commas, a lone surrogate as U+FFFD")
    func posts() throws {
        let cases: [(String, String, PostLine.Caret?, String?)] = [
            (#"{"text":"hi @al","caret":{"utf8":6}}"#, "hi @al", .utf8(6), nil),
            (#" { "accept" : "@alice " , "caret" : { "utf16" : 5 } , "text" : "hi @al" } "#, "hi @al", .utf16(5), "@alice "),
            (#"{"text":"a","caret":null,"accept":null}"#, "a", nil, nil),
            (#"{"text":"a","caret":{"utf8":2,"utf16":null}}"#, "a", .utf8(2), nil),
            (#"{"x":[[[{"y":[1,-2.5e+3,true,false,null,"\"}"]}]],{}],"text":"a","z":{}}"#, "a", nil, nil),
            (#"{"text":"\ud83e\udd8b \ud800 #tag"}"#, "🦋 \u{FFFD} #tag", nil, nil),
            (#"{"text":"a","caret":{"utf8":-9223372036854775808}}"#, "a", .utf8(Int.min), nil),
            (#"{"text":"a","x":[1,{"y":2,},],"caret":{"utf8":1,},}"#, "a", .utf8(1), nil),
        ]
        for (line, text, caret, accept) in cases {
            let post = try Self.read(line).get()
            #expect(post.text == text && post.caret == caret && post.accept == accept, "\(line)")
        }
        let deep = "{\"text\":\"a\",\"x\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(try Self.read(deep).get().text == "a")
    }

    /// A caret is any JSON number whose value is whole and fits in an `Int`, however it is
    /// written; its value is worked out exactly, not through a Double. Each is checked against
    /// Foundation's parser too.
    @Test("A caret written with a fraction or exponent whose value is whole")
    func wholeNumbersWrittenAnyWay() throws {
        let cases: [(String, Int)] = [
            ("6.0", 6), ("6e0", 6), ("6E+0", 6), ("60e-1", 6), ("0.6E1", 6), ("6.000", 6), ("1e2", 100),
            ("0.0", 0), ("-0.0", 0), ("0e999999999999999999999", 0), ("0.000e-5", 0), ("-1.0", -1),
            ("9223372036854775807.0", Int.max), ("922337203685477580.7e1", Int.max),
            ("-9223372036854775808e0", Int.min), ("9007199254740993.0", 9_007_199_254_740_993),
        ]
        for (number, value) in cases {
            for unit in ["utf8", "utf16"] {
                let line = #"{"text":"a","caret":{"\#(unit)":\#(number)}}"#
                let post = try Self.read(line).get()
                #expect(post.caret == (unit == "utf8" ? .utf8(value) : .utf16(value)), "\(line)")
                #expect(CLIInputChecks.objectViolation(Array(line.utf8)) == nil, "\(line)")
            }
        }
    }

    @Test("Errors say what is wrong and where")
    func errors() {
        let cases: [(String, String)] = [
            (#"{"txt":"a"}"#, "missing \"text\""),
            (#"{"text":"a","text":"b"}"#, "\"text\" is given twice at column 13"),
            (#"{"text":5}"#, "\"text\" must be a string at column 9"),
            (#"{"text":"a","caret":{"utf8":3.5}}"#, "\"caret.utf8\" must be a whole number at column 29"),
            (#"{"text":"a","caret":{"utf8":99999999999999999999}}"#, "\"caret.utf8\" is too large at column 29"),
            (#"{"text":"a","caret":{"utf8":01}}"#, "a number may not start with 0 at column 29"),
            (#"{"text":"a","caret":{"utf8":6.5}}"#, "\"caret.utf8\" must be a whole number at column 29"),
            (#"{"text":"a","caret":{"utf16":65e-1}}"#, "\"caret.utf16\" must be a whole number at column 30"),
            (#"{"text":"a","caret":{"utf8":1e-999}}"#, "\"caret.utf8\" must be a whole number at column 29"),
            (#"{"text":"a","caret":{"utf8":1.}}"#, "\"caret.utf8\" must be a whole number at column 29"),
            (#"{"text":"a","caret":{"utf8":1e+}}"#, "\"caret.utf8\" must be a whole number at column 29"),
            (#"{"text":"a","caret":{"utf8":"6"}}"#, "\"caret.utf8\" must be a whole number at column 29"),
            (#"{"text":"a","caret":{"utf8":true}}"#, "\"caret.utf8\" must be a whole number at column 29"),
            (#"{"text":"a","caret":{"utf8":1e999}}"#, "\"caret.utf8\" is too large at column 29"),
            (#"{"text":"a","caret":{"utf8":9223372036854775808.0}}"#, "\"caret.utf8\" is too large at column 29"),
            (#"{"text":"a","caret":{"utf8":-92233720368547758.09e2}}"#, "\"caret.utf8\" is too large at column 29"),
            (#"{"text":"a" "b"}"#, "expected ',' or '}' at column 13"),
            (#"{"text":"a",,}"#, "expected '\"' at column 13"),
            (#"{,}"#, "expected '\"' at column 2"),
            (#"{"text":"a","x":[,]}"#, "expected a value at column 18"),
            (#"{"text":"a"} x"#, "unexpected text after the object at column 14"),
            (#"{"text":"a","x":[1,2"#, "expected ',' or ']' at column 21"),
            (#"{"text":"a\q"}"#, "invalid escape at column 11"),
            (#"{"text":"a","x":tru}"#, "expected a value at column 17"),
        ]
        for (line, reason) in cases {
            guard case .failure(let error) = Self.read(line) else {
                Issue.record("read \(line)")
                continue
            }
            #expect(error.description == "not a post object: \(reason)", "\(line)")
        }
    }

    /// Object lines mutated at random, checked as the `cli-input` fuzz target checks them
    /// (``CLIInputChecks/objectViolation(_:)``): what the reader reads, Foundation reads alike,
    /// and what Foundation reads as a post, the reader reads.
    @Test func mutatedObjectsAgreeWithFoundation() {
        var generator = SplitMix64(seed: 0x0B_1EC7)
        let seeds = [
            #"{"text":"hi @al","caret":{"utf8":6},"accept":"@alice "}"#, #"{"x":[1,{"y":null}],"text":"\u00e9"}"#,
            #" {"caret":{"utf16":0},"text":""} "#,
        ]
        let mutations = Array(#"{}[]:,"\0123456789.e-+ tnul"#.utf8) + [0x00, 0x0A, 0x80]
        var posts = 0
        for _ in 0..<6_000 {
            let line = CLICases.mutated(seeds[Int(generator.next() % UInt64(seeds.count))], with: mutations, &generator)
            #expect(CLIInputChecks.objectViolation(line) == nil, "\(String(decoding: line, as: UTF8.self).debugDescription)")
            if case .success = Self.read(String(decoding: line, as: UTF8.self)) { posts += 1 }
        }
        // Both outcomes are well represented.
        #expect(posts > 500 && posts < 5_000)
    }

    /// The check's own member list (what tells it a refusal is for a member given twice): names as
    /// Foundation decodes them, values of any depth skipped, duplicates kept.
    @Test func theCheckListsMembersAsFoundationNamesThem() {
        let line = #"{"text":"a,}\"{","\u0063aret":[{"x":"]"},1],"caret":{"utf8":1},"n":null,}"#
        #expect(CLIInputChecks.memberNames(Array(line.utf8)) == ["text", "caret", "caret", "n"])
        #expect(CLIInputChecks.memberNames(Array("{}".utf8)) == [])
        #expect(CLIInputChecks.memberNames(Array(#"{"text":"unterminated}"#.utf8)) == nil)
        #expect(CLIInputChecks.memberNames(Array(#"["text"]"#.utf8)) == nil)
    }
}
