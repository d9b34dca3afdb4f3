import Foundation
import PatternDetection
import Testing
@testable import ComposerPosts

/// Records for generated posts (``PostRecordCorpus``; `POST_RECORD_SOAK` posts, default 1500),
/// checked against the typed text's own facets: every facet slices the right bytes of the record's
/// text, facets are sorted and disjoint, links keep their URI, and nothing but link text changed.
@Suite("Post records: generated posts")
struct PostRecordGeneratedTests {
    static let count = ProcessInfo.processInfo.environment["POST_RECORD_SOAK"].flatMap(Int.init) ?? 1500

    @Test func recordsKeepEveryFacetOnItsBytes() async throws {
        let map = try HandleMap(PostRecordCorpus.handles)
        var random = SplitMix64(seed: 14)
        var shortenedPosts = 0, facetsChecked = 0, resolvedMentions = 0, unresolvedMentions = 0
        for _ in 0..<Self.count {
            let typed = PostRecordCorpus.post(using: &random)
            let typedFacets = BlueskyFacet.facets(in: typed)
            let (record, unresolved) = await BlueskyPostRecord.make(from: typed, resolver: map, createdAt: Date())
            let draft = BlueskyPostDraft(typed)
            let text = Array(record.text.utf8), original = Array(typed.utf8)
            let boundaries = Set(text.indices.filter { text[$0] & 0xC0 != 0x80 } + [text.count])  // scalar starts
            if record.text != typed { shortenedPosts += 1 }
            #expect(draft.text == record.text)
            #expect(draft.facets.count == typedFacets.count, "\(typed.debugDescription)")

            // Each draft facet is its typed facet moved onto the shortened text.
            var rebuilt: [UInt8] = [], cursor = 0
            var previousEnd = 0
            for (facet, typedFacet) in zip(draft.facets, typedFacets) {
                let range = facet.index.utf8Range, typedRange = typedFacet.index.utf8Range
                #expect(range.lowerBound >= previousEnd && range.lowerBound < range.upperBound && range.upperBound <= text.count)
                #expect(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound))
                previousEnd = range.upperBound
                #expect(facet.features == typedFacet.features)
                let slice = String(decoding: text[range], as: UTF8.self)
                let typedSlice = String(decoding: original[typedRange], as: UTF8.self)
                switch facet.features.first {
                case .link(let link)?:
                    #expect(slice == BlueskyLinkShortening.shortText(ofLink: typedSlice[...]))
                    #expect(link.uri == (typedSlice.hasPrefix("http") ? typedSlice : "https://" + typedSlice))
                case .mention(let mention)?:
                    #expect(slice == "@" + mention.did)
                case .tag(let tag)?:
                    if tag.tag.hasPrefix("$") {
                        #expect(slice.uppercased() == tag.tag)
                    } else {
                        #expect(slice == "#" + tag.tag || slice == "＃" + tag.tag)
                    }
                case nil:
                    Issue.record("a facet without a feature")
                }
                // Put the typed link text back: the result must be the typed text.
                rebuilt += text[cursor..<range.lowerBound] + original[typedRange]
                cursor = range.upperBound
                facetsChecked += 1
            }
            rebuilt += text[cursor...]
            #expect(rebuilt == original, "\(typed.debugDescription)")

            // The record: the draft's facets with mentions resolved through the map, or dropped.
            var expected: [BlueskyFacet] = []
            var expectedUnresolved: [String] = []
            for facet in draft.facets {
                guard case .mention(let mention) = facet.features.first else {
                    expected.append(facet)
                    continue
                }
                let handle = mention.did.lowercased()
                if let did = PostRecordCorpus.handles[handle], did.hasPrefix("did:") {
                    expected.append(BlueskyFacet(index: facet.index, features: [.mention(.init(did: did))]))
                    resolvedMentions += 1
                } else {
                    if !expectedUnresolved.contains(handle) { expectedUnresolved.append(handle) }
                    unresolvedMentions += 1
                }
            }
            #expect(record.facets == expected)
            #expect(unresolved.map(\.handle) == expectedUnresolved)

            let decoded = try JSONDecoder().decode(BlueskyPostRecord.self, from: Data(record.json.utf8))
            #expect(decoded == record)
        }
        // The corpus really exercises what it claims to.
        #expect(shortenedPosts > Self.count / 3)
        #expect(resolvedMentions > Self.count / 4 && unresolvedMentions > Self.count / 4)
        #expect(facetsChecked > Self.count * 3)
    }
}
