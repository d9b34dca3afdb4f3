import Testing
@testable import PatternDetection

/// `WordByteFilter`: which of a pattern's byte sets is searched for, which are checked, and what a
/// word must hold to be searched.
@Suite("Word byte filter")
struct WordByteFilterTests {
    static let capitals = Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
    static let digits = Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + Array(UInt8(0xC0)...0xFF)

    static func admits(_ filter: WordByteFilter, _ word: String) -> Bool {
        Array(word.utf8).withUnsafeBufferPointer { filter.admits(0..<$0.count, in: $0) }
    }

    /// `\b[A-Z]{2,10}-\d+\b`: the hyphen is searched for, a capital and a digit checked.
    @Test func theRarestSetIsSearchedAndTheOthersChecked() throws {
        let filter = WordByteFilter(requiredSets: [Self.capitals, Self.capitals, [UInt8(ascii: "-")], Self.digits])
        #expect(try #require(filter.search).ranges == [UInt8(ascii: "-")...UInt8(ascii: "-")])
        #expect(Self.admits(filter, "(ABC-12)"))
        #expect(Self.admits(filter, "x-Y٣"))
        #expect(!Self.admits(filter, "ABC-"))
        #expect(!Self.admits(filter, "abc-12"))
    }

    /// A set holding another (or the one searched for) is implied by it and not checked; nothing
    /// given, or only sets too scattered to search for, leaves every word to the search.
    @Test func impliedSetsAreDroppedAndNoSetsAdmitAll() {
        let colon = [UInt8(ascii: ":")]
        let implied = WordByteFilter(requiredSets: [colon, colon + Self.capitals, Array(UInt8(ascii: "a")...UInt8(ascii: "z"))])
        #expect(implied.search?.ranges == [UInt8(ascii: ":")...UInt8(ascii: ":")])
        #expect(Self.admits(implied, ":x"))
        #expect(!Self.admits(implied, ":X"))
        let none = WordByteFilter(requiredSets: [])
        #expect(none.search == nil && Self.admits(none, "anything"))
        let scattered = Array("aeiou".utf8) + [UInt8(ascii: "!")]
        let unsearchable = WordByteFilter(requiredSets: [scattered])
        #expect(unsearchable.search == nil)
        #expect(Self.admits(unsearchable, "xyz!") && !Self.admits(unsearchable, "xyz"))
    }
}
