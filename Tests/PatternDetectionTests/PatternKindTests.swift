import Foundation
import Testing
@testable import PatternDetection

/// A kind is its name: however it is made (constant, literal, `rawValue:`, decoding), equal names
/// are equal kinds with equal hashes, and different names never are.
@Suite("Pattern kinds")
struct PatternKindTests {
    @Test func equalityAndHashingFollowTheName() throws {
        let names = ["mention", "hashtag", "url", "cashtag", "emoji", "ticket", "Mention", "mention ", "", "urls"]
        let builtIns: [PatternKind] = [.mention, .hashtag, .url, .cashtag, .emoji]
        var made: [PatternKind] = builtIns
        for name in names {
            made.append(PatternKind(rawValue: name))
            made.append(PatternKind(name))
            made.append(try JSONDecoder().decode(PatternKind.self, from: Data(try JSONEncoder().encode(name))))
        }
        made.append("mention")
        made.append("ticket")
        for lhs in made {
            for rhs in made {
                #expect((lhs == rhs) == (lhs.rawValue == rhs.rawValue), "\(lhs) vs \(rhs)")
                if lhs == rhs { #expect(lhs.hashValue == rhs.hashValue) }
            }
        }
        #expect(Set(made).count == Set(names).count)
        #expect(builtIns.allSatisfy(\.isBuiltIn) && PatternKind.builtIn == builtIns)
        #expect(!PatternKind("ticket").isBuiltIn && PatternKind(rawValue: "url").isBuiltIn)
    }
}
