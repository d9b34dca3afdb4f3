import Foundation
import PatternDetection
import Testing
@testable import ComposerPosts

/// `createdAt`: RFC 3339 in UTC with milliseconds, written and read in whole milliseconds.
@Suite("Post records: createdAt date-times")
struct PostRecordDateTimeTests {
    @Test func writesUTCWithMillisecondsDroppingTheRest() {
        #expect(BlueskyDateTime.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(BlueskyDateTime.string(from: Date(timeIntervalSince1970: 1_795_348_800.999_9)) == "2026-11-22T12:00:00.999Z")
        #expect(BlueskyDateTime.string(from: Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(BlueskyDateTime.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(BlueskyDateTime.string(from: .distantFuture) == "4001-01-01T00:00:00.000Z")
        #expect(BlueskyDateTime.string(from: Date(timeIntervalSince1970: 1e12)) == "9999-12-31T23:59:59.999Z")
        #expect(BlueskyDateTime.string(from: .distantPast) == "0001-01-01T00:00:00.000Z")
    }

    /// A `Date` may hold any Double: the infinities are clamped like any instant past the years
    /// a record can write, and NaN, which names no instant, is the reference date; none traps,
    /// through the public record API either.
    @Test func infiniteAndNaNDatesAreWrittenNotTrapped() async throws {
        let cases: [(TimeInterval, String)] = [
            (.infinity, "9999-12-31T23:59:59.999Z"), (-.infinity, "0001-01-01T00:00:00.000Z"),
            (.greatestFiniteMagnitude, "9999-12-31T23:59:59.999Z"), (-.greatestFiniteMagnitude, "0001-01-01T00:00:00.000Z"),
            (.nan, "2001-01-01T00:00:00.000Z"),
        ]
        for (seconds, expected) in cases {
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(BlueskyDateTime.string(from: date) == expected, "\(seconds)")
            #expect(BlueskyPostRecord(text: "x", facets: [], createdAt: date).createdAt == expected)
            let (record, _) = await BlueskyPostRecord.make(from: "x", resolver: try HandleMap([:]), createdAt: date)
            #expect(record.createdAt == expected)
            #expect(BlueskyDateTime.date(from: expected) != nil)
        }
    }

    /// Calendar arithmetic against Foundation's formatter on whole seconds (its fraction truncates
    /// the binary Double, so `…0.053` can print as `.052`; here whole milliseconds print exactly,
    /// which the round trip checks).
    @Test func agreesWithFoundationOnRandomInstants() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<2000 {
            // Between 1900 and 2400.
            let milliseconds = Int64(random.next() % 15_778_800_000_000) - 2_208_988_800_000
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let string = BlueskyDateTime.string(from: date)
            let wholeSeconds = Date(timeIntervalSince1970: Double(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient
                - (milliseconds % 1000 < 0 ? 1 : 0)))
            #expect(String(string.prefix(19)) + "Z" == wholeSeconds.formatted(Date.ISO8601FormatStyle()))
            let fraction = (milliseconds % 1000 + 1000) % 1000
            #expect(string.dropFirst(20).prefix(3) == String(format: "%03d", fraction))
            #expect(BlueskyDateTime.date(from: string).map(BlueskyDateTime.string(from:)) == string)
        }
    }

    @Test func readsZonesAndFractions() {
        func utc(_ text: String) -> String? { BlueskyDateTime.date(from: text).map(BlueskyDateTime.string(from:)) }
        #expect(utc("2026-11-22T12:00:00Z") == "2026-11-22T12:00:00.000Z")
        #expect(utc("2026-11-22T12:00:00.5Z") == "2026-11-22T12:00:00.500Z")
        #expect(utc("2026-11-22T12:00:00.123456789Z") == "2026-11-22T12:00:00.123Z")
        #expect(utc("2026-11-22T13:30:00+01:30") == "2026-11-22T12:00:00.000Z")
        #expect(utc("2026-11-22T00:00:00-05:00") == "2026-11-22T05:00:00.000Z")
        #expect(utc("2024-02-29T23:59:59.999+00:00") == "2024-02-29T23:59:59.999Z")
    }

    @Test(arguments: [
        "", "2026-11-22", "2026-11-22T12:00Z", "2026-11-22T12:00:00", "2026-11-22 12:00:00Z",
        "2026-11-22t12:00:00Z", "2026-11-22T12:00:00z", "2026-11-22T12:00:00.Z", "2026-11-22T12:00:00-00:00",
        "2026-11-22T24:00:00Z", "2026-11-22T12:60:00Z", "2026-11-22T12:00:60Z", "2026-02-29T12:00:00Z",
        "2026-13-01T12:00:00Z", "2026-00-10T12:00:00Z", "0000-01-01T00:00:00Z", "26-11-22T12:00:00Z",
        "2026-11-22T12:00:00+0100", "2026-11-22T12:00:00Z ", "yesterday",
    ])
    func rejectsWhatIsNotALexiconDatetime(_ text: String) {
        #expect(BlueskyDateTime.date(from: text) == nil)
    }
}
