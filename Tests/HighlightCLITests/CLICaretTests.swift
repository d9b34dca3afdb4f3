import Foundation
import Testing

/// jsonl post objects with a caret: the token being typed, accepting a completion, bad carets.
@Suite("CLI caret and completion")
struct CLICaretTests {
    static func lines(_ input: [String], _ arguments: [String] = []) -> (status: Int32, lines: [String]) {
        let result = ChildProcess.highlight(
            ["--input", "jsonl", "--format", "json"] + arguments, input: input.joined(separator: "\n") + "\n")
        return (result.status, result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }

    @Test func theTokenAtTheCaretInEitherUnit() {
        let (status, lines) = Self.lines([
            #"{"text":"hi @al","caret":{"utf8":6}}"#,
            #"{"text":"😀 @al x","caret":{"utf16":6}}"#,
            #"{"text":"a b","caret":{"utf8":3}}"#,
            ##""no caret #tag""##,
        ])
        #expect(status == 0)
        #expect(lines == [
            #"{"spans":[],"token":{"kind":"mention","query":"al","utf8":[3,6],"utf16":[3,6]}}"#,
            #"{"spans":[],"token":{"kind":"mention","query":"al","utf8":[5,8],"utf16":[3,6]}}"#,
            #"{"spans":[],"token":null}"#,
            ##"{"spans":[{"kind":"hashtag","text":"#tag","value":"tag","utf8":[9,13],"utf16":[9,13],"scalars":[9,13]}]}"##,
        ])
    }

    @Test func acceptingReplacesTheTokenAndReportsTheNewText() {
        let (status, lines) = Self.lines([
            #"{"text":"hi @al and","caret":{"utf16":6},"accept":"@alice.bsky.social"}"#,
            #"{"text":"no token","caret":{"utf8":2},"accept":"@x.test"}"#,
        ])
        #expect(status == 0)
        #expect(lines == [
            #"{"text":"hi @alice.bsky.social and","caret":{"utf8":21,"utf16":21},"spans":[{"kind":"mention","text":"@alice.bsky.social","value":"alice.bsky.social","utf8":[3,21],"utf16":[3,21],"scalars":[3,21]}],"token":{"kind":"mention","query":"alice.bsky.social","utf8":[3,21],"utf16":[3,21]}}"#,
            #"{"text":"no token","caret":{"utf8":2,"utf16":2},"spans":[],"token":null}"#,
        ])
    }

    @Test func badCaretsAreBadLinesAndTheOthersStillRun() {
        let (status, lines) = Self.lines([
            #"{"text":"hi @al","caret":{"utf8":60}}"#,
            #"{"text":"é","caret":{"utf8":1}}"#,
            #"{"text":"😀","caret":{"utf16":1}}"#,
            #"{"text":"x","accept":"y"}"#,
            #"{"text":"x","caret":{"utf8":0,"utf16":0}}"#,
            #"{"caret":{"utf8":0}}"#,
            #"{"text":"ok @al","caret":{"utf8":6}}"#,
        ])
        #expect(status == 65)
        #expect(lines.count == 7)
        for (index, line) in lines.prefix(6).enumerated() {
            #expect(line.hasPrefix(#"{"error":"#) && line.hasSuffix(#","line":\#(index + 1)}"#), "\(line)")
        }
        #expect(lines[0].contains("outside the text"))
        #expect(lines[1].contains("inside a character") && lines[2].contains("inside a character"))
        #expect(lines[6].contains(#""token":{"kind":"mention""#))
    }

    /// A caret written with a fraction or exponent whose value is whole is that offset; a
    /// fraction, a value out of range, a negative one and a non-number are still refused, each
    /// with its message, and the other lines still run.
    @Test func aCaretIsAnyWholeNumberHoweverWritten() {
        let (status, lines) = Self.lines([
            #"{"text":"hi @al","caret":{"utf8":6.0}}"#,
            #"{"text":"hi @al","caret":{"utf16":6e0}}"#,
            #"{"text":"hi @al","caret":{"utf8":0.6E+1},"accept":"@alice.bsky.social "}"#,
            #"{"text":"hi @al","caret":{"utf8":6.5}}"#,
            #"{"text":"hi @al","caret":{"utf8":1e999}}"#,
            #"{"text":"hi @al","caret":{"utf8":-6.0}}"#,
            #"{"text":"hi @al","caret":{"utf8":"6"}}"#,
        ])
        #expect(status == 65)
        let token = #"{"spans":[],"token":{"kind":"mention","query":"al","utf8":[3,6],"utf16":[3,6]}}"#
        #expect(Array(lines.prefix(3)) == [
            token, token,
            #"{"text":"hi @alice.bsky.social ","caret":{"utf8":22,"utf16":22},"spans":[{"kind":"mention","text":"@alice.bsky.social","value":"alice.bsky.social","utf8":[3,21],"utf16":[3,21],"scalars":[3,21]}],"token":null}"#,
        ])
        #expect(Array(lines.dropFirst(3)) == [
            #"{"error":"not a post object: \"caret.utf8\" must be a whole number at column 34","line":4}"#,
            #"{"error":"not a post object: \"caret.utf8\" is too large at column 34","line":5}"#,
            #"{"error":"caret utf8 offset -6 is outside the text (0...6)","line":6}"#,
            #"{"error":"not a post object: \"caret.utf8\" must be a whole number at column 34","line":7}"#,
        ])
    }

    @Test func otherFormatsRenderTheTextOfAnObjectLine() {
        let result = ChildProcess.highlight(
            ["--input", "jsonl", "--format", "html"],
            input: #"{"text":"hi @al","caret":{"utf8":6},"accept":"@alice.bsky.social"}"# + "\n")
        #expect(result.status == 0)
        #expect(result.stdoutText == #"hi <span class="mention">@alice.bsky.social</span>"# + "\n")
    }
}
