import Foundation
import PatternDetection
import Testing
@testable import ComposerPosts

/// The record's one-line JSON: key order, escaping, `langs` only when set, and Codable both ways.
@Suite("Post records: JSON")
struct PostRecordJSONTests {
    static let record = BlueskyPostRecord(
        text: "hi @a.test \"q\" \\ \n\u{2028} 🦋 example.com/x",
        facets: [
            BlueskyFacet(index: .init(byteStart: 3, byteEnd: 10), features: [.mention(.init(did: "did:plc:a"))]),
            BlueskyFacet(index: .init(byteStart: 30, byteEnd: 43), features: [.link(.init(uri: "https://example.com/x"))]),
        ],
        createdAt: "2026-11-22T12:00:00.000Z")

    @Test func keysInLexiconOrderOnOneLine() {
        #expect(Self.record.json == """
            {"$type":"app.bsky.feed.post","text":"hi @a.test \\"q\\" \\\\ \\n\\u2028 🦋 example.com/x",\
            "facets":[{"index":{"byteStart":3,"byteEnd":10},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"did:plc:a"}]},\
            {"index":{"byteStart":30,"byteEnd":43},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.com/x"}]}],\
            "createdAt":"2026-11-22T12:00:00.000Z"}
            """)
        var withLangs = Self.record
        withLangs.langs = ["en", "pt-BR"]
        #expect(withLangs.json.hasSuffix(#""createdAt":"2026-11-22T12:00:00.000Z","langs":["en","pt-BR"]}"#))
        withLangs.facets = []
        #expect(withLangs.json.contains(#""facets":[],"createdAt""#))
    }

    @Test func decodesBackWithJSONDecoderAndJSONSerialization() throws {
        var record = Self.record
        for langs in [nil, ["ja"]] as [[String]?] {
            record.langs = langs
            let data = Data(record.json.utf8)
            #expect(try JSONDecoder().decode(BlueskyPostRecord.self, from: data) == record)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["$type"] as? String == "app.bsky.feed.post")
            #expect(object["text"] as? String == record.text)
            #expect((object["facets"] as? [Any])?.count == 2)
            #expect(object["langs"] as? [String] == langs)
        }
    }

    @Test func decodingChecksTheTypeAndDefaultsFacets() throws {
        let minimal = #"{"$type":"app.bsky.feed.post","text":"hi","createdAt":"2026-11-22T12:00:00.000Z"}"#
        let record = try JSONDecoder().decode(BlueskyPostRecord.self, from: Data(minimal.utf8))
        #expect(record.facets.isEmpty && record.langs == nil && record.text == "hi")
        let other = #"{"$type":"app.bsky.feed.like","text":"hi","createdAt":"2026-11-22T12:00:00.000Z"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BlueskyPostRecord.self, from: Data(other.utf8)) }
        let untyped = #"{"text":"hi","createdAt":"2026-11-22T12:00:00.000Z"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BlueskyPostRecord.self, from: Data(untyped.utf8)) }
    }

    @Test func aDateIsWrittenAsTheLexiconDatetime() {
        let record = BlueskyPostRecord(text: "", facets: [], createdAt: Date(timeIntervalSince1970: 1_795_348_800.123_9))
        #expect(record.createdAt == "2026-11-22T12:00:00.123Z")
    }
}
