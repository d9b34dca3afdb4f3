import Testing

/// A link typed without a scheme (`example.com/x`) has its URI for value, `https://` + its text,
/// under every rule set that links such text (`bluesky`, `twitter`): JSON's `value`, the facet's
/// `uri` and the HTML link's `href` (docs/cli.md, RULES.md). A link typed with a scheme keeps it,
/// in any case (twitter-text matches `HTTP://`). (`mastodon` links only text with a scheme.)
///
/// Invariant: the three formats agree on the URI, for a document and for a jsonl post.
@Suite("CLI links typed without a scheme")
struct CLISchemelessLinkTests {
    @Test("The value, facet URI and href are https:// + the text", arguments: ["bluesky", "twitter"])
    func schemelessLinkGetsHTTPS(_ rules: String) {
        let input = "see example.com/x"
        let json = ChildProcess.highlight(["--rules", rules, "--format", "json"], input: input)
        #expect(json.status == 0)
        #expect(json.stdoutText == """
            {"spans":[{"kind":"url","text":"example.com/x","value":"https://example.com/x","utf8":[4,17],"utf16":[4,17],"scalars":[4,17]}]}

            """)
        let facets = ChildProcess.highlight(["--rules", rules, "--format", "facets"], input: input)
        #expect(facets.stdoutText == """
            [{"index":{"byteStart":4,"byteEnd":17},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://example.com/x"}]}]

            """)
        let html = ChildProcess.highlight(["--rules", rules, "--format", "html"], input: input)
        #expect(html.stdoutText == "see <a class=\"url\" href=\"https://example.com/x\">example.com/x</a>\n")
        let post = ChildProcess.highlight(["--rules", rules, "--format", "json", "--input", "jsonl"], input: "\"\(input)\"\n")
        #expect(post.stdoutText == json.stdoutText)
    }

    @Test func twitterKeepsATypedSchemeInAnyCase() {
        let result = ChildProcess.highlight(
            ["--rules", "twitter", "--format", "facets"], input: "HTTP://A.com/y https://b.com a.co")
        #expect(result.stdoutText == """
            [{"index":{"byteStart":0,"byteEnd":14},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"HTTP://A.com/y"}]},\
            {"index":{"byteStart":15,"byteEnd":28},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://b.com"}]},\
            {"index":{"byteStart":29,"byteEnd":33},"features":[{"$type":"app.bsky.richtext.facet#link","uri":"https://a.co"}]}]

            """)
    }
}
