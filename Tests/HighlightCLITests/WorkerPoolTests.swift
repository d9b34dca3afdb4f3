import ComposerText
import Foundation
import PatternDetection
import Testing
@testable import highlight

/// ``WorkerPool`` starts a thread only for a job that finds none free, never more than its limit,
/// and each thread's worker with it; so a ``Pipeline`` whose input stays on one thread starts
/// none, whatever `--threads` asks for.
@Suite("Worker pool")
struct WorkerPoolTests {
    /// Counts the workers made (on the submitting thread only).
    final class Made: @unchecked Sendable {
        var count = 0
    }

    @Test func aPoolGivenNoJobStartsNoThread() {
        let made = Made()
        let pool = WorkerPool<Int>(threadLimit: 10_000) {
            made.count += 1
            return made.count
        }
        #expect(pool.startedThreads == 0)
        pool.close()
        #expect(made.count == 0)
    }

    /// Jobs that all block: each of the first `limit` finds every started thread busy and starts
    /// one; the rest wait for those threads. Every job runs, on one of them.
    @Test func busyThreadsStartMoreUpToTheLimit() {
        let made = Made()
        let pool = WorkerPool<Int>(threadLimit: 3) {
            made.count += 1
            return made.count
        }
        let gate = Handoff<Bool>()
        let ran = (0..<7).map { _ in Handoff<Int>() }
        for index in ran.indices {
            pool.submit { worker in
                _ = gate.wait()
                ran[index].put(worker)
            }
        }
        #expect(pool.startedThreads == 3)
        #expect(made.count == 3)
        gate.put(true)
        let workers = ran.map { $0.wait() }
        #expect(Set(workers).isSubset(of: [1, 2, 3]))
        pool.close()
    }

    /// An input shorter than a segment is rendered on the reading thread: no worker thread is
    /// started, in either input mode, with the most threads `--threads` allows.
    @Test func anInputThatStaysOnOneThreadStartsNone() throws {
        let path = try temporaryFile(Array("@a.test #tag\n\"@b.test\"\n".utf8), name: "worker-pool-small")
        defer { unlink(path) }
        let rules = BuiltInRules.bluesky.ruleSet()
        let output = StandardOutput(collectingInMemory: ())
        let renderer = DocumentRenderer(
            format: .json, rules: rules, ansi: ANSIEncoder(depth: .none, kinds: PatternKind.builtIn), output: output)
        let pipeline = Pipeline(
            renderer: renderer, rules: rules, passThrough: false, threadCount: Pipeline.maximumThreadCount)
        try pipeline.highlightDocument(at: path)
        #expect(pipeline.startedThreads == 0)
        try pipeline.highlightPosts(at: path)
        #expect(pipeline.startedThreads == 0)
        #expect(String(decoding: output.takeCollected(), as: UTF8.self).contains(#""value":"a.test""#))
    }
}
