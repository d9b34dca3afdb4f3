import Testing
@testable import ComposerPosts

@Suite("ComposerPosts module")
struct ComposerPostsSmokeTests {
    @Test func builds() {}
}
