// `highlight-resolver SERVICE_URL TIMEOUT_MS CONCURRENCY`: the networking half of
// `highlight post --resolver`, in its own process so that `highlight` never loads libcurl.
// Reads handles, one per line, from standard input; resolves them with `HTTPHandleResolver`; writes
// one `HandleResolutionLine` per distinct handle to standard output. Exit status 2 for bad arguments.
import ComposerPosts
import ComposerPostsHTTP
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let serviceURL = URL(string: arguments[1]), let milliseconds = Int(arguments[2]),
    milliseconds > 0, let concurrency = Int(arguments[3]), concurrency > 0
else {
    FileHandle.standardError.write(Data("usage: highlight-resolver SERVICE_URL TIMEOUT_MS CONCURRENCY\n".utf8))
    exit(2)
}
var handles: [String] = []
while let line = readLine(), !line.isEmpty { handles.append(line) }
let resolver = HTTPHandleResolver(
    serviceURL: serviceURL, timeout: .milliseconds(milliseconds), maximumConcurrentRequests: concurrency)
let outcomes = await resolver.resolve(handles)
var output = ""
for (handle, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
    output += HandleResolutionLine.encode(handle: handle, outcome: outcome) + "\n"
}
FileHandle.standardOutput.write(Data(output.utf8))
