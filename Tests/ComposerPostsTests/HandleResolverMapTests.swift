import Foundation
import PatternDetection
import Testing
@testable import ComposerPosts

/// ``HandleMap`` and what a record does with resolution outcomes.
@Suite("Handle resolution: the map and the record")
struct HandleResolverMapTests {
    @Test func handlesCompareLowerCased() async throws {
        let map = try HandleMap(["Alice.Test": "did:plc:alice", "bob.test": "did:web:bob.test"])
        #expect(map.outcome(for: "alice.test") == .success("did:plc:alice"))
        #expect(map.outcome(for: "ALICE.TEST") == .success("did:plc:alice"))
        #expect(map.outcome(for: "carol.test") == .failure(.notInMap))
        let outcomes = await map.resolve(["alice.test", "carol.test"])
        #expect(outcomes == ["alice.test": .success("did:plc:alice"), "carol.test": .failure(.notInMap)])
    }

    @Test func conflictingSpellingsAreRefusedAndValuesMustBeDIDs() throws {
        #expect(throws: HandleMap.ConflictingEntries.self) { try HandleMap(["a.test": "did:plc:a", "A.test": "did:plc:b"]) }
        #expect(try HandleMap(["a.test": "did:plc:a", "A.test": "did:plc:a"]).dids == ["a.test": "did:plc:a"])
        let map = try HandleMap(["a.test": "alice"])
        #expect(map.outcome(for: "a.test") == .failure(.notADID("alice")))
    }

    @Test(arguments: [
        ("did:plc:z72i7hdynmk6r22z27h6tvur", true), ("did:web:example.com", true), ("did:web:localhost%3A8080", true),
        ("did:key:z6Mk", true), ("did:plc:", false), ("did::x", false), ("did:PLC:x", false), ("did:plc:x:", false),
        ("did:plc:x%", false), ("did:plc:a b", false), ("DID:plc:x", false), ("plc:x", false), ("did:plc:é", false),
    ])
    func didSyntax(_ text: String, _ valid: Bool) {
        #expect(ATIdentifier.isDID(text) == valid)
    }

    @Test func theRecordKeepsResolvedMentionsAndReportsEachOtherHandleOnce() throws {
        let draft = BlueskyPostDraft("@Alice.test @bob.test @carol.test @alice.test @BOB.test @dan.test @eve.test")
        #expect(draft.handles == ["alice.test", "bob.test", "carol.test", "dan.test", "eve.test"])
        let (record, unresolved) = draft.record(
            resolutions: [
                "alice.test": .success("did:plc:alice"), "bob.test": .failure(.timedOut(.milliseconds(500))),
                "carol.test": .success("carol"), "dan.test": .failure(.httpStatus(400, message: "Unable to resolve handle")),
            ],
            createdAt: Date(timeIntervalSince1970: 0))
        #expect(record.text == draft.text)
        #expect(record.facets == [
            BlueskyFacet(index: .init(byteStart: 0, byteEnd: 11), features: [.mention(.init(did: "did:plc:alice"))]),
            BlueskyFacet(index: .init(byteStart: 34, byteEnd: 45), features: [.mention(.init(did: "did:plc:alice"))]),
        ])
        #expect(unresolved.map(\.description) == [
            "@bob.test not resolved: no answer within 0.5 s",
            "@carol.test not resolved: not a DID: carol",
            "@dan.test not resolved: HTTP status 400: Unable to resolve handle",
            "@eve.test not resolved: no resolver given",
        ])
    }

    @Test func theDraftShortensLinksAndMovesLaterFacets() throws {
        let draft = BlueskyPostDraft("東京 https://example.com/a/very/long/path?q=1 example.com/東京 #tag $aapl")
        #expect(draft.text == "東京 example.com/a/very/long/... example.com/東京 #tag $aapl")
        let slices = draft.facets.map { String(decoding: Array(draft.text.utf8)[$0.index.utf8Range], as: UTF8.self) }
        #expect(slices == ["example.com/a/very/long/...", "example.com/東京", "#tag", "$aapl"])
        #expect(draft.facets.map(\.features) == [
            [.link(.init(uri: "https://example.com/a/very/long/path?q=1"))], [.link(.init(uri: "https://example.com/東京"))],
            [.tag(.init(tag: "tag"))], [.tag(.init(tag: "$AAPL"))],
        ])
    }
}
