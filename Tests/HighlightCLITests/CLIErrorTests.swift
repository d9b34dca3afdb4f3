import Foundation
import PatternDetection
import Testing

/// Bad arguments exit 2 with a clear message; unreadable files exit 1; a closed pipe is quiet.
@Suite("CLI errors and exit statuses")
struct CLIErrorTests {
    @Test func badPatternShowsTheEnginesMessageAndACaret() {
        let result = ChildProcess.highlight(["--rules", "icysky", "--pattern", #"ticket=JIRA-(\d+"#])
        #expect(result.status == 2)
        #if !PCRE2
        #expect(result.stderrText == """
            highlight: --pattern 'ticket': invalid expression at offset 0: ICU rejected the expression (NSRegularExpression does not say where or why)
              JIRA-(\\d+
              ^

            """)
        #else
        #expect(result.stderrText == """
            highlight: --pattern 'ticket': invalid expression at offset 9: missing closing parenthesis
              JIRA-(\\d+
                       ^

            """)
        #endif
        #expect(result.stdout.isEmpty)
    }

    @Test func caretCountsCharactersNotBytes() {
        let result = ChildProcess.highlight(["--rules", "icysky", "--pattern", "x=東京[a"])
        #expect(result.status == 2)
        #if PCRE2
        // PCRE2 stops at byte 8, the end; that is character 4.
        #expect(result.stderrText.hasSuffix("offset 8: missing terminating ] for character class\n  東京[a\n      ^\n"))
        #else
        #expect(result.stderrText.hasSuffix("offset 0: ICU rejected the expression (NSRegularExpression does not say where or why)\n  東京[a\n  ^\n"))
        #endif
    }

    @Test(arguments: [
        (["--pattern", "noequals"], "expected NAME=PCRE2"),
        (["--pattern", "=x"], "NAME must be"),
        (["--pattern", "bad name=x"], "NAME must be"),
        (["--pattern", "t="], "the expression is empty"),
        (["--pattern", #"t=a\C"#], "invalid expression"),
        (["--pattern", "mention=x"], "is a kind of the 'icysky' rule set"),
        (["--style", "url"], "expected NAME=COLOR[,underline]"),
        (["--style", "nosuchkind=red"], "unknown kind 'nosuchkind'"),
        (["--style", "url=mauve"], "unknown colour 'mauve'"),
        (["--style", "url=#12345"], "unknown colour '#12345'"),
        (["--style", "url=red,blink"], "unknown modifier 'blink'"),
        // Checked also where no style is read (JSON skips the style table).
        (["--format", "json", "--style", "url=mauve"], "unknown colour 'mauve'"),
        (["--rules", "nosuch"], "--rules"),
        (["--format", "pdf"], "--format"),
        (["--nosuch"], "Unknown option '--nosuch'"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) {
        let result = ChildProcess.highlight(["--rules", "icysky"] + arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderrText.hasPrefix("highlight: "), "\(result.stderrText)")
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
    }

    @Test func stylesApplyToBuiltInAndCustomKinds() {
        let result = ChildProcess.highlight(
            ["--rules", "icysky", "--color", "always", "--pattern", "t=T-\\d", "--style", "t=#ff0000,underline",
             "--style", "mention=green"],
            input: .bytes(Array("@a T-1".utf8)), environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0)
        #expect(result.stdoutText == "\u{1B}[38;2;52;199;89m@a\u{1B}[0m \u{1B}[4;38;2;255;0;0mT-1\u{1B}[0m")
    }

    /// A negative number given to a numeric option is read as its value and refused by name,
    /// not taken for an option ("Missing value for …").
    @Test(arguments: [
        (["--threads", "-1"], "--threads must be at least 1, not -1"),
        (["--format", "json", "--profile", "mastodon", "--url-length", "-1"], "--url-length must be at least 0, not -1"),
        (["--format", "json", "--profile", "mastodon", "--mastodon-limit", "-5"], "--mastodon-limit must be at least 1, not -5"),
        (["split", "--profile", "mastodon", "--url-length", "-2"], "--url-length must be at least 0, not -2"),
        (["post", "--resolver", "http://127.0.0.1:1", "--resolver-timeout", "-1"], "--resolver-timeout must be a positive number of seconds, not -1"),
        (["post", "--resolver", "http://127.0.0.1:1", "--resolver-concurrency", "-1"], "--resolver-concurrency must be at least 1, not -1"),
        (["replay", "--synthetic", "1k", "--keystrokes", "-3"], "--keystrokes must be from 1 to 1000000, not -3"),
        (["replay", "--synthetic", "1k", "--seed", "-3"], "The value '-3' is invalid for '--seed <seed>'"),
    ])
    func negativeNumbersAreNamed(_ arguments: [String], _ message: String) {
        let result = ChildProcess.highlight(arguments, input: "x")
        #expect(result.status == 2)
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
        #expect(!result.stderrText.contains("Missing value"))
    }

    /// The mastodon options are held to an instance document's bounds (1,000,000), where a larger
    /// number would only saturate the length and its permillage.
    @Test(arguments: [
        (["--format", "json", "--profile", "mastodon", "--url-length", "9223372036854775807"],
         "--url-length must be at most 1000000, not 9223372036854775807"),
        (["split", "--profile", "mastodon", "--mastodon-limit", "1000001"], "--mastodon-limit must be at most 1000000, not 1000001"),
    ])
    func mastodonNumbersPastTheDocumentBoundAreRefused(_ arguments: [String], _ message: String) {
        let result = ChildProcess.highlight(arguments, input: "https://example.com/x")
        #expect(result.status == 2)
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
    }

    @Test func mastodonNumbersAtTheDocumentBoundAreTaken() {
        let result = ChildProcess.highlight(
            ["--format", "json", "--profile", "mastodon", "--url-length", "1000000", "--mastodon-limit", "1000000"],
            input: "https://example.com/x")
        #expect(result.status == 0)
        #expect(result.stdoutText.contains(#""mastodon":{"length":1000000,"limit":1000000,"remaining":0,"valid":true,"permillage":1000"#),
            "\(result.stdoutText)")
    }

    @Test func unreadableFileIsNamedAndTheOthersStillRun() throws {
        let good = try temporaryFile(Array("#ok".utf8), name: "good.txt")
        defer { unlink(good) }
        let missing = NSTemporaryDirectory() + "highlight-cli-no-such-file"
        for (format, expected) in [("ansi", "#ok"), ("json", #"{"spans":[{"kind":"hashtag","#), ("html", "<span")] {
            let result = ChildProcess.highlight(
                ["--rules", "icysky", "--color", "never", "--format", format, missing, good, NSTemporaryDirectory()])
            #expect(result.status == 1)
            // Only the readable file produces a document.
            #expect(result.stdoutText.hasPrefix(expected), "\(format): \(result.stdoutText)")
            #expect(result.stdoutText.filter { $0 == "\n" }.count == (format == "ansi" ? 0 : 1))
            #expect(result.stderrText.contains("highlight: cannot read \(missing): No such file or directory"))
            #expect(result.stderrText.contains("highlight: cannot read \(NSTemporaryDirectory()): Is a directory"))
        }
    }

    @Test func standardInputThatIsADirectoryIsNamedSo() {
        let result = ChildProcess.run(
            "/bin/sh", ["-c", #""$0" --format json < /"#, ChildProcess.highlightPath], input: .bytes([]), output: .keep,
            environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 1)
        #expect(result.stderrText == "highlight: cannot read standard input: Is a directory\n")
    }

    /// The word holds a digit, which every match needs (a word without one is not searched).
    @Test func catastrophicCustomExpressionFailsLoudly() {
        let input = Array("ok #a ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 40) + Array("1 tail".utf8)
        let result = ChildProcess.highlight(
            ["--rules", "icysky", "--color", "always", "--pattern", #"x=(?:(a|aa)+)+(?!\w)z?\d"#], input: .bytes(input))
        #expect(result.status == 1)
        #if PCRE2
        #expect(result.stderrText == #"highlight: standard input: match limit exceeded (PCRE2 error -47) in the expression '(?:(a|aa)+)+(?!\w)z?\d'; its 'x' spans are missing where it gave up"# + "\n")
        #else
        #expect(result.stderrText == #"highlight: standard input: search exceeded its time limit of 100 ms (NSRegularExpression error -2) in the expression '(?:(a|aa)+)+(?!\w)z?\d'; its 'x' spans are missing where it gave up"# + "\n")
        #endif
        // Nothing else is lost: the rest of the document is still highlighted.
        #expect(ANSIEscapes.stripped(result.stdout) == input)
        #expect(ANSIEscapes.styledRanges(result.stdout).map(\.range) == [3..<5])
    }

    @Test func closedPipeEndsQuietly() {
        let posts = PostCorpus.posts(byteCount: 4 << 20, seed: 4)
        for arguments in [["--color", "always"], ["--format", "json"], ["--format", "html"], ["--color", "never"]] {
            let result = ChildProcess.highlight(
                ["--rules", "icysky"] + arguments, input: .bytes(posts), output: .closeAfter(100))
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderrText)")
            #expect(result.stdoutCount < posts.count)
        }
    }

    @Test func helpShowsTheDefaultCommandsOptions() {
        for arguments in [["--help"], ["-h"], ["help"], ["--rules", "icysky", "--help"]] {
            let result = ChildProcess.highlight(arguments)
            #expect(result.status == 0)
            for option in ["--rules", "--format", "--input", "--color", "--pattern", "--style", "SUBCOMMANDS", "Exit status"] {
                #expect(result.stdoutText.contains(option), "\(arguments) lacks \(option)")
            }
        }
    }

    /// Every option a command's help lists is in its usage line too.
    @Test(arguments: [["--help"], ["split", "--help"], ["post", "--help"], ["replay", "--help"]])
    func usageLinesNameEveryListedOption(_ arguments: [String]) throws {
        let result = ChildProcess.highlight(arguments)
        #expect(result.status == 0)
        let text = result.stdoutText
        let usage = try #require(text.range(of: "USAGE:")).upperBound
        let options = try #require(text.range(of: "OPTIONS:"))
        let usageLines = String(text[usage..<options.lowerBound])
        for line in text[options.upperBound...].split(separator: "\n") {
            guard let option = line.split(separator: " ").first, option.hasPrefix("--"),
                !["--help", "--version"].contains(option) else { continue }
            let name = option.split(separator: ",").first.map(String.init) ?? String(option)
            #expect(usageLines.contains(name), "\(arguments): \(name) is not in the usage lines")
        }
    }
}
