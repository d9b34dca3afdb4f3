import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--line-buffered`: `highlight` driven as a coprocess through pipes answers each post before the
/// next one is written (without it, a pipe gets whole 64 KiB blocks, and the answers only when the
/// input ends).
@Suite("CLI: line-buffered output")
struct CLILineBufferedTests {
    /// A child process whose standard input and output are pipes kept open between posts.
    final class Coprocess {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private var received: [UInt8] = []

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: ChildProcess.highlightPath)
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            try process.run()
        }

        func write(_ line: String) {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// The next line of output, or `nil` when none came within `seconds` (or the output ended).
        func readLine(within seconds: Int32 = 20) -> String? {
            let descriptor = output.fileHandleForReading.fileDescriptor
            while true {
                if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: received[..<newline], as: UTF8.self)
                    received.removeSubrange(...newline)
                    return line
                }
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, seconds * 1000) > 0 else { return nil }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { return nil }
                received += buffer[..<count]
            }
        }

        /// Closes the input and waits for the exit status.
        func finish() -> Int32 {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test(arguments: [["--threads", "1"], ["--threads", "2"], []])
    func jsonlPostsAreAnsweredOneAtATime(_ threads: [String]) throws {
        let coprocess = try Coprocess(["--input", "jsonl", "--format", "json", "--line-buffered"] + threads)
        let posts = [
            (#""hi @alice.bsky.social""#, #""text":"@alice.bsky.social""#),
            (##"{"text":"#tag and more","caret":{"utf8":4}}"##, #""token":{"kind":"hashtag""#),
            (#""no entity here""#, #"{"spans":[]}"#),
        ]
        for (post, expected) in posts {
            coprocess.write(post)
            let line = coprocess.readLine()
            #expect(line?.contains(expected) == true, "\(post) → \(line ?? "no answer while the input stayed open")")
        }
        #expect(coprocess.finish() == 0)
        #expect(coprocess.readLine(within: 1) == nil)
    }

    /// Streamed text: each chunk read is written out before more arrives.
    @Test func textIsWrittenAsItArrives() throws {
        let coprocess = try Coprocess(["--format", "html", "--line-buffered"])
        coprocess.write("see #swift")
        #expect(coprocess.readLine() == ##"see <span class="hashtag">#swift</span>"##)
        coprocess.write("and @bob.test")
        #expect(coprocess.readLine() == #"and <span class="mention">@bob.test</span>"#)
        #expect(coprocess.finish() == 0)
    }
}
