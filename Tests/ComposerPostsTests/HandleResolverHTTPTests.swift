import Foundation
import PatternDetection
import Testing
import TestSupport
@testable import ComposerPosts
@testable import ComposerPostsHTTP

/// ``HTTPHandleResolver`` against a server on 127.0.0.1 that answers, fails in every way a service
/// can, and stalls forever: each handle is asked once, at most N requests are in flight, and a
/// stalled request ends at the resolver's own timeout, not URLSession's.
///
/// Upper time bounds are taken from the server's side (when the client abandoned a stalled
/// request), not from this test's clock: while the rest of the suite runs, synchronous tests can
/// hold every thread of the concurrency pool for many seconds, and a suspended test only resumes
/// after them. The wall-clock bound on a whole batch is in `CLIPostTests` (its own process).
@Suite("Handle resolution: HTTP")
struct HandleResolverHTTPTests {
    static let replies: [String: HandleResolverTestServer.Reply] = [
        "alice.test": .answer(status: 200, body: #"{"did":"did:plc:alice"}"#),
        "bob.test": .answer(status: 200, body: #"{"did":"did:web:bob.test","handle":"bob.test"}"#),
        "carol.test": .answer(status: 200, body: #"{"did":"did:plc:carol"}"#),
        "err.test": .answer(status: 500, body: "{\"error\":\"InternalServerError\",\"message\":\"boom\\nagain\"}"),
        "html.test": .answer(status: 200, body: "<html>hello</html>"),
        "nodid.test": .answer(status: 200, body: #"{"handle":"nodid.test"}"#),
        "numdid.test": .answer(status: 200, body: #"{"did":5}"#),
        "notdid.test": .answer(status: 200, body: #"{"did":"plc:abc"}"#),
        "array.test": .answer(status: 200, body: #"["did:plc:x"]"#),
        "hangup.test": .hangUp,
        "stall.test": .stall,
    ]

    @Test func answersErrorsAndAStallEachAskedOnce() async throws {
        let server = try HandleResolverTestServer(replies: Self.replies)
        defer { server.stop() }
        // 1.25 s: time enough for the answering handles on a loaded machine (500 ms expired once
        // for an answer while two fuzzers held both cores), and well apart from URLSession's own
        // timeout, which this resolver sets to 3 s as a backstop.
        let resolver = HTTPHandleResolver(serviceURL: server.url, timeout: .milliseconds(1250), maximumConcurrentRequests: 4)
        let asked = Array(Self.replies.keys).sorted() + ["missing.test", "ALICE.test", "Stall.Test", "alice.test"]
        let clock = ContinuousClock()
        let start = clock.now
        let startSeconds = HandleResolverTestServer.monotonicSeconds()
        let outcomes = await resolver.resolve(asked)
        let elapsed = clock.now - start

        #expect(outcomes["alice.test"] == .success("did:plc:alice"))
        #expect(outcomes["bob.test"] == .success("did:web:bob.test"))
        #expect(outcomes["carol.test"] == .success("did:plc:carol"))
        #expect(outcomes["err.test"] == .failure(.httpStatus(500, message: "boom again")))
        #expect(outcomes["missing.test"] == .failure(.httpStatus(400, message: "Unable to resolve handle")))
        #expect(outcomes["html.test"] == .failure(.badResponse("not a JSON object")))
        #expect(outcomes["array.test"] == .failure(.badResponse("not a JSON object")))
        #expect(outcomes["nodid.test"] == .failure(.badResponse("no string \"did\"")))
        #expect(outcomes["numdid.test"] == .failure(.badResponse("no string \"did\"")))
        #expect(outcomes["notdid.test"] == .failure(.notADID("plc:abc")))
        #expect(outcomes["stall.test"] == .failure(.timedOut(.milliseconds(1250))))
        if case .failure(.transport) = outcomes["hangup.test"] {} else {
            Issue.record("a connection closed without an answer: \(String(describing: outcomes["hangup.test"]))")
        }
        #expect(outcomes.count == 12)

        // Each distinct handle, lower-cased, was asked exactly once.
        #expect(server.requestCounts == Dictionary(uniqueKeysWithValues: outcomes.keys.map { ($0, 1) }))
        // The stall was given up after one timeout (this resolver's own: URLSession's would fire
        // after 3 s).
        #expect(elapsed >= .milliseconds(1200))
        // Given up once, well before URLSession's own 3 s, timed from when the request reached the
        // server (the client may queue it behind others: at most a few requests are in flight);
        // and not before the resolver's 1.25 s timeout, timed from when the client asked (the
        // server sees the request late on a loaded machine).
        let abandoned = await server.abandonments(of: "stall.test")
        let closedAfter = server.abandonmentTimes(of: "stall.test").map { $0 - startSeconds }
        #expect(abandoned.count == 1 && abandoned[0] < 2.5, "\(abandoned)")
        #expect(closedAfter.count == 1 && closedAfter[0] >= 1.2, "\(closedAfter)")
    }

    /// Sixteen answers of 50 ms each, three slots: exactly three requests in flight at a time.
    /// (Measured on answered requests: the server's count drops as it writes an answer, before the
    /// client can start the next request. An abandoned request's connection closes asynchronously,
    /// so it is not counted here.)
    @Test func atMostTheAllowedRequestsInFlight() async throws {
        let handles = (1...16).map { "user\($0).test" }
        let server = try HandleResolverTestServer(
            replies: Dictionary(uniqueKeysWithValues: handles.map { ($0, .answer(status: 200, body: #"{"did":"did:plc:x"}"#)) }))
        defer { server.stop() }
        let resolver = HTTPHandleResolver(serviceURL: server.url, timeout: .seconds(5), maximumConcurrentRequests: 3)
        let outcomes = await resolver.resolve(handles)
        #expect(outcomes.count == 16 && outcomes.values.allSatisfy { $0 == .success("did:plc:x") })
        #expect(server.maximumInFlight == 3)
        #expect(server.requestCounts.values.allSatisfy { $0 == 1 })
    }

    /// Six stalled handles and two slots: the stalls take three rounds of timeouts (a slot is held
    /// until its request times out), and the answering handles still answer.
    @Test func stalledRequestsHoldOnlyTheirOwnSlot() async throws {
        var replies = Self.replies
        for index in 1...6 { replies["stall\(index).test"] = .stall }
        let server = try HandleResolverTestServer(replies: replies)
        defer { server.stop() }
        let resolver = HTTPHandleResolver(serviceURL: server.url, timeout: .milliseconds(300), maximumConcurrentRequests: 2)
        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = await resolver.resolve((1...6).map { "stall\($0).test" } + ["alice.test", "bob.test"])
        let elapsed = clock.now - start
        for index in 1...6 { #expect(outcomes["stall\(index).test"] == .failure(.timedOut(.milliseconds(300)))) }
        #expect(outcomes["alice.test"] == .success("did:plc:alice") && outcomes["bob.test"] == .success("did:web:bob.test"))
        #expect(elapsed >= .milliseconds(850))
        for index in 1...6 {
            let abandoned = await server.abandonments(of: "stall\(index).test")
            #expect(abandoned.count == 1 && abandoned[0] >= 0.25 && abandoned[0] < 1.3, "\(abandoned)")
        }
    }

    /// Two 10 MB answers (one with a `Content-Length`, one ended by the connection's close), each
    /// sent over 2 s, are refused as they pass ``HTTPHandleResolver/maximumAnswerBytes``: not timed
    /// out at 1 s, not read to the end (the server saw the client close with most of each unsent),
    /// while the quick answers of the other handles, sharing two slots with them, all resolve.
    @Test func aHugeAnswerIsRefusedAtTheCapWhileOthersResolve() async throws {
        let huge = 10 * 1024 * 1024
        let quick = (1...6).map { "quick\($0).test" }
        var replies = Dictionary(uniqueKeysWithValues: quick.map {
            ($0, HandleResolverTestServer.Reply.answer(status: 200, body: #"{"did":"did:plc:quick"}"#))
        })
        replies["huge.test"] = .largeAnswer(did: "did:plc:huge", bytes: huge, declaresLength: true, seconds: 2)
        replies["huge-unsized.test"] = .largeAnswer(did: "did:plc:huge", bytes: huge, declaresLength: false, seconds: 2)
        let server = try HandleResolverTestServer(replies: replies)
        defer { server.stop() }
        let resolver = HTTPHandleResolver(serviceURL: server.url, timeout: .seconds(1), maximumConcurrentRequests: 2)
        let outcomes = await resolver.resolve(["huge.test", "huge-unsized.test"] + quick)

        let refused = HandleResolutionFailure.badResponse("answer larger than 64 KiB")
        #expect(outcomes["huge.test"] == .failure(refused))
        #expect(outcomes["huge-unsized.test"] == .failure(refused))
        for handle in quick { #expect(outcomes[handle] == .success("did:plc:quick"), "\(handle)") }
        #expect(outcomes.count == 8)
        #expect(server.requestCounts.values.allSatisfy { $0 == 1 })
        // The client closed each huge answer's connection with most of it unsent (at the cap, or
        // at worst at its 1 s timeout, halfway through).
        for handle in ["huge.test", "huge-unsized.test"] {
            #expect(await server.abandonments(of: handle).count == 1, "\(handle)")
            let written = server.largeAnswerBytes(of: handle)
            #expect(written.count == 1 && written[0] < huge / 2, "\(handle): \(written)")
        }
        #expect(refused.description == "bad answer: answer larger than 64 KiB")
        #expect(HTTPHandleResolver.maximumAnswerBytes == 64 * 1024)
    }

    /// The same 10 MB answer sent as fast as the client reads it: still refused, and the quick
    /// answers still resolve. (URLSession may read such an answer to its end before the
    /// cancellation takes hold; the resolver drops those bytes as they come.) The timeout is
    /// generous: the refusal comes from the size, and on a machine whose cores the rest of the
    /// suite holds, a 1 s timeout once ended the quick requests first.
    @Test func aHugeAnswerAtFullSpeedIsRefused() async throws {
        let quick = (1...4).map { "quick\($0).test" }
        var replies = Dictionary(uniqueKeysWithValues: quick.map {
            ($0, HandleResolverTestServer.Reply.answer(status: 200, body: #"{"did":"did:plc:quick"}"#))
        })
        replies["huge.test"] = .largeAnswer(did: "did:plc:huge", bytes: 10 * 1024 * 1024, declaresLength: false, seconds: 0)
        let server = try HandleResolverTestServer(replies: replies)
        defer { server.stop() }
        let resolver = HTTPHandleResolver(serviceURL: server.url, timeout: .seconds(5), maximumConcurrentRequests: 2)
        let outcomes = await resolver.resolve(["huge.test"] + quick)
        #expect(outcomes["huge.test"] == .failure(.badResponse("answer larger than 64 KiB")))
        for handle in quick { #expect(outcomes[handle] == .success("did:plc:quick"), "\(handle)") }
    }

    @Test func aClosedPortIsATransportFailureNotATimeout() async throws {
        let refusing = RefusingPort()
        let resolver = HTTPHandleResolver(serviceURL: refusing.url, timeout: .seconds(30))
        let outcomes = await resolver.resolve(["alice.test"])
        #expect(outcomes["alice.test"] == .failure(.transport("cannot connect to the host")))
        withExtendedLifetime(refusing) {}
    }

    @Test func cancellingTheCallerEndsAStalledRequestAtOnce() async throws {
        let server = try HandleResolverTestServer(replies: ["stall.test": .stall])
        defer { server.stop() }
        let resolver = HTTPHandleResolver(serviceURL: server.url, timeout: .seconds(30))
        let task = Task { await resolver.resolve(["stall.test"]) }
        while server.requestCounts["stall.test"] == nil { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        let outcomes = await task.value
        #expect(outcomes["stall.test"] == .failure(.transport("cancelled")))
        // Abandoned at the cancel, long before the 30 s timeout. The bound leaves room for a loaded
        // machine (seen: over 2 s between the request and the cancel while two test runs and a
        // fuzzer shared two cores); a resolver that waited for its timeout would take 30 s.
        let abandoned = await server.abandonments(of: "stall.test")
        #expect(abandoned.count == 1 && abandoned[0] < 10, "\(abandoned)")
    }

    @Test func theRequestURLKeepsTheServicePath() {
        let resolver = HTTPHandleResolver(serviceURL: URL(string: "https://example.com/base/")!)
        #expect(resolver.requestURL(for: "alice.test")?.absoluteString
            == "https://example.com/base/xrpc/com.atproto.identity.resolveHandle?handle=alice.test")
    }

    @Test func aRecordThroughTheHTTPResolver() async throws {
        let server = try HandleResolverTestServer(replies: Self.replies)
        defer { server.stop() }
        let resolver = HTTPHandleResolver(serviceURL: server.url, timeout: .milliseconds(1250))
        let (record, unresolved) = await BlueskyPostRecord.make(
            from: "@Alice.test meet @stall.test and @err.test at https://example.com/a/very/long/path #tag",
            resolver: resolver, createdAt: Date(timeIntervalSince1970: 1_795_348_800), langs: ["en"])
        #expect(record.json == """
            {"$type":"app.bsky.feed.post","text":"@Alice.test meet @stall.test and @err.test at example.com/a/very/long/... #tag",\
            "facets":[{"index":{"byteStart":0,"byteEnd":11},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"did:plc:alice"}]},\
            {"index":{"byteStart":46,"byteEnd":73},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.com/a/very/long/path"}]},\
            {"index":{"byteStart":74,"byteEnd":78},"features":[{"$type":"app.bsky.richtext.facet#tag","tag":"tag"}]}],\
            "createdAt":"2026-11-22T12:00:00.000Z","langs":["en"]}
            """)
        #expect(unresolved.map(\.description) == [
            "@stall.test not resolved: no answer within 1.25 s", "@err.test not resolved: HTTP status 500: boom again",
        ])
    }
}
