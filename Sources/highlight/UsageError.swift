/// A bad command line found after parsing (a pattern that does not compile, an unknown colour):
/// reported as `highlight: MESSAGE` with exit status 2, without the usage text, since the message
/// says exactly what to fix.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
