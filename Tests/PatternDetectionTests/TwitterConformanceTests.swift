import PatternDetection
import TestSupport
import Testing

/// twitter-text's language-independent conformance suite (`extract.yml`, `tlds.yml`), read from
/// `../shared/conformance/twitter-text/` at test time; each case is its own test argument, named
/// by group and description.
@Suite("twitter-text conformance")
struct TwitterConformanceTests {
    @Test(
        "extract.yml: every group, every case",
        .enabled(if: TwitterConformance.extractURL != nil, "needs ../shared/conformance/twitter-text/extract.yml"),
        arguments: TwitterConformance.extractCases)
    func extractCase(_ testCase: TwitterConformanceCase) throws {
        let actual = try TwitterConformance.actual(for: testCase)
        #expect(actual == TwitterConformance.expected(for: testCase), "text: \(testCase.text.debugDescription)")
    }

    @Test(
        "tlds.yml: a URL on every TLD",
        .enabled(if: TwitterConformance.tldsURL != nil, "needs ../shared/conformance/twitter-text/tlds.yml"),
        arguments: TwitterConformance.tldCases)
    func tldCase(_ testCase: TwitterConformanceCase) throws {
        let actual = try TwitterConformance.actual(for: testCase)
        #expect(actual == TwitterConformance.expected(for: testCase), "text: \(testCase.text.debugDescription)")
    }

    @Test(
        "The suite is read whole: 13 groups, 238 extraction and 1574 TLD cases",
        .enabled(
            if: TwitterConformance.extractURL != nil && TwitterConformance.tldsURL != nil,
            "needs ../shared/conformance/twitter-text/"))
    func suiteIsComplete() {
        let groups = Set(TwitterConformance.extractCases.map(\.group))
        #expect(
            groups == [
                "mentions", "mentions_with_indices", "mentions_or_lists_with_indices", "replies", "urls",
                "urls_with_indices", "urls_with_directional_markers", "tco_urls_with_params", "hashtags",
                "hashtags_from_astral", "hashtags_with_indices", "cashtags", "cashtags_with_indices",
            ])
        #expect(TwitterConformance.extractCases.count == 238)
        #expect(TwitterConformance.tldCases.count == 1574)
    }

    @Test(
        "The generated TLD list is tld_lib.yml, in order",
        .enabled(if: TwitterConformance.tldLibraryURL != nil, "needs ../shared/conformance/twitter-text/tld_lib.yml"))
    func generatedTLDsMatchTheLibrary() throws {
        let library = try YAMLSubset.parse(String(contentsOf: TwitterConformance.tldLibraryURL!, encoding: .utf8))
        #expect(library["generic"]?.list?.compactMap(\.string) == TwitterRules.genericTopLevelDomains)
        #expect(library["country"]?.list?.compactMap(\.string) == TwitterRules.countryTopLevelDomains)
    }
}
