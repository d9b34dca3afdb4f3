/// How the Bluesky app shows a link in a post: social-app's `toShortUrl`.
///
/// Placeholder until the WHATWG URL parser lands: returns the text unchanged.
package enum BlueskyLinkShortening {
    /// The text the Bluesky app posts for a link whose text is `linkText`.
    package static func shortText(ofLink linkText: Substring) -> String {
        String(linkText)
    }
}
