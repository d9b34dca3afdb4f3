import Testing

@testable import ComposerCore

/// `withUTF8Bytes(of:_:)` hands over the string's bytes, returns what the body returns, and
/// rethrows the body's error with its own type.
@Suite("UTF-8 access")
struct UTF8AccessTests {
    struct Refusal: Error, Equatable {
        let byteCount: Int
    }

    @Test func theBodySeesTheBytesAndItsResultComesBack() {
        let text = "a é東 😀"
        #expect(withUTF8Bytes(of: text) { Array($0) } == Array(text.utf8))
        #expect(withUTF8Bytes(of: "") { $0.count } == 0)
    }

    @Test func theBodysErrorComesBackTyped() {
        #expect(throws: Refusal(byteCount: 5)) {
            try withUTF8Bytes(of: "hello") { (bytes) throws(Refusal) -> Int in throw Refusal(byteCount: bytes.count) }
        }
        let typed: Result<Int, Refusal> = Result { () throws(Refusal) in
            try withUTF8Bytes(of: "ok") { (bytes) throws(Refusal) -> Int in bytes.count }
        }
        #expect(typed == .success(2))
    }
}
