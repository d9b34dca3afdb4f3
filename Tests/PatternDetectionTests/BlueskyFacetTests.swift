import Foundation
import PatternDetection
import Testing

/// `app.bsky.richtext.facet` JSON for every detection case: valid JSON, exactly the lexicon's keys,
/// the right `$type` per kind, and it decodes back to the same facets.
@Suite("Bluesky facets")
struct BlueskyFacetTests {
    static let allCases = BlueskyCaseFiles.conformanceCases + BlueskyCaseFiles.fixtureCases

    static let featureField = [
        "app.bsky.richtext.facet#mention": "did",
        "app.bsky.richtext.facet#link": "uri",
        "app.bsky.richtext.facet#tag": "tag",
    ]

    @Test("facet JSON is a valid app.bsky.richtext.facet array", arguments: allCases)
    func facetJSON(_ detectionCase: DetectionCase) throws {
        let facets = BlueskyFacet.facets(in: detectionCase.input)
        let json = BlueskyFacet.documentJSON(facets)
        #expect(!json.contains("\n"), "one line per document")

        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(parsed.count == detectionCase.spans.count)
        for (object, expected) in zip(parsed, detectionCase.spans) {
            #expect(Set(object.keys) == ["index", "features"])
            let index = try #require(object["index"] as? [String: Int])
            #expect(index == ["byteStart": expected.byteStart, "byteEnd": expected.byteEnd])
            let features = try #require(object["features"] as? [[String: String]])
            #expect(features.count == 1)
            let feature = try #require(features.first)
            let type = try #require(feature["$type"])
            let field = try #require(Self.featureField[type], "unknown $type \(type)")
            #expect(Set(feature.keys) == ["$type", field])
            #expect(feature[field] == expected.value)
            #expect(type == Self.type(for: expected.kind))
        }

        let decoded = try JSONDecoder().decode([BlueskyFacet].self, from: Data(json.utf8))
        #expect(decoded == facets)
        // Each facet's own JSON decodes back to it.
        for facet in facets {
            #expect(try JSONDecoder().decode(BlueskyFacet.self, from: Data(facet.json.utf8)) == facet)
        }
    }

    static func type(for kind: String) -> String {
        switch kind {
        case "mention": return "app.bsky.richtext.facet#mention"
        case "url": return "app.bsky.richtext.facet#link"
        default: return "app.bsky.richtext.facet#tag"
        }
    }

    @Test("fixed key order, as highlight --format facets prints it")
    func exactRendering() throws {
        let facets = BlueskyFacet.facets(in: "hello @a.bsky.social see example.com #swift $aapl")
        #expect(BlueskyFacet.documentJSON(facets) == """
            [{"index":{"byteStart":6,"byteEnd":20},"features":[{"$type":"app.bsky.richtext.facet#mention","did":"a.bsky.social"}]},\
            {"index":{"byteStart":25,"byteEnd":36},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.com"}]},\
            {"index":{"byteStart":37,"byteEnd":43},"features":[{"$type":"app.bsky.richtext.facet#tag","tag":"swift"}]},\
            {"index":{"byteStart":44,"byteEnd":49},"features":[{"$type":"app.bsky.richtext.facet#tag","tag":"$AAPL"}]}]
            """)
        #expect(BlueskyFacet.documentJSON([]) == "[]")
    }

    @Test("strings are escaped")
    func escaping() throws {
        let facets = BlueskyFacet.facets(in: #"see https://example.com/"q"\x #tag"quote"#)
        let json = BlueskyFacet.documentJSON(facets)
        #expect(json.contains(#""uri":"https://example.com/\"q\"\\x""#))
        #expect(try JSONDecoder().decode([BlueskyFacet].self, from: Data(json.utf8)) == facets)
    }

    @Test("facets from spans: custom kinds are skipped, the spans' values are carried")
    func fromSpans() {
        let text = "@a.test :wave: #tag"
        let spans = [
            Span(kind: .mention, utf8Range: 0..<7),
            Span(kind: "shortcode", utf8Range: 8..<14),
            Span(kind: .hashtag, utf8Range: 15..<19),
        ]
        let facets = BlueskyFacet.facets(for: spans, in: text, rules: BlueskyRules.shared)
        #expect(facets == [
            BlueskyFacet(index: .init(byteStart: 0, byteEnd: 7), features: [.mention(.init(did: "a.test"))]),
            BlueskyFacet(index: .init(byteStart: 15, byteEnd: 19), features: [.tag(.init(tag: "tag"))]),
        ])
    }

    @Test("decoding accepts the lexicon's optional top-level $type and rejects unknown features")
    func decoding() throws {
        let withType = #"{"$type":"app.bsky.richtext.facet","index":{"byteStart":0,"byteEnd":2},"features":[{"$type":"app.bsky.richtext.facet#tag","tag":"a"}]}"#
        let facet = try JSONDecoder().decode(BlueskyFacet.self, from: Data(withType.utf8))
        #expect(facet == BlueskyFacet(index: .init(byteStart: 0, byteEnd: 2), features: [.tag(.init(tag: "a"))]))
        let unknown = #"{"index":{"byteStart":0,"byteEnd":2},"features":[{"$type":"app.bsky.richtext.facet#bold"}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BlueskyFacet.self, from: Data(unknown.utf8)) }
    }
}
