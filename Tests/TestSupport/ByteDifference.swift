/// Where two byte strings first differ, for a test's failure message.
///
/// Tests compare large outputs as `#expect(firstByteDifference(actual, expected) == nil, …)`
/// rather than `#expect(actual == expected)`: a failing `==` on two arrays is described element by
/// element through their difference, which takes minutes for outputs of many kilobytes.
/// - Returns: `nil` when the two are equal; else the first differing offset and the bytes around
///   it in both, decoded as text.
package func firstByteDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
    guard actual != expected else { return nil }
    let common = min(actual.count, expected.count)
    let index = (0..<common).first { actual[$0] != expected[$0] } ?? common
    func around(_ bytes: [UInt8]) -> String {
        String(decoding: bytes[max(0, index - 40)..<min(bytes.count, index + 40)], as: UTF8.self).debugDescription
    }
    return "first difference at byte \(index) (\(actual.count) bytes against \(expected.count)): \(around(actual)) against \(around(expected))"
}
