import Testing
@testable import ComposerPosts

/// The line `highlight-resolver` hands each outcome back in: every case survives the trip,
/// including text with tabs, line breaks and backslashes.
@Suite("Handle resolution lines")
struct HandleResolutionLineTests {
    static let outcomes: [Result<String, HandleResolutionFailure>] = [
        .success("did:plc:alice"), .failure(.notInMap), .failure(.noResolver),
        .failure(.httpStatus(500, message: "boom\tagain\\n\nline")), .failure(.httpStatus(404, message: nil)),
        .failure(.httpStatus(400, message: "")), .failure(.timedOut(.milliseconds(500))),
        .failure(.timedOut(.seconds(3))), .failure(.transport("connection refused\n")),
        .failure(.badResponse("not JSON: \\t")), .failure(.notADID("plc:abc")),
    ]

    @Test(arguments: outcomes)
    func everyOutcomeSurvivesTheTrip(_ outcome: Result<String, HandleResolutionFailure>) throws {
        let line = HandleResolutionLine.encode(handle: "a\tb.test", outcome: outcome)
        #expect(!line.contains("\n"))
        let decoded = try #require(HandleResolutionLine.decode(Substring(line)))
        #expect(decoded.handle == "a\tb.test")
        #expect(decoded.outcome == outcome)
    }

    @Test func otherLinesAreRejected() {
        for line in ["", "alice.test", "alice.test\tok", "alice.test\thttpStatus\tx\t-", "alice.test\tmystery\tz"] {
            #expect(HandleResolutionLine.decode(Substring(line)) == nil, "\(line)")
        }
    }
}
