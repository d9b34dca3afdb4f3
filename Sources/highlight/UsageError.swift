/// A bad command line found after parsing (a pattern that does not compile, an unknown colour):
/// reported as `highlight: MESSAGE` with exit status 2, without the usage text, since the message
/// says exactly what to fix.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }

    static let facetsUnavailable = UsageError(
        message: "--format facets is not available yet (the Bluesky facets encoder is not merged); use --format json")
}
