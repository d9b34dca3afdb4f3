import Testing
@testable import PatternDetection

/// ``DecimalCounter`` against Swift's own decimal formatting: small steps (added digit by digit),
/// jumps, carries through every digit, and the values it refuses.
@Suite("Decimal counter")
struct DecimalCounterTests {
    /// What ``RawJSONWriter`` writes for `counter`'s digits.
    private static func written(_ counter: DecimalCounter) -> String {
        let bytes = JSONWriterTests.raw(RawJSONWriter.maximumIntegerLength) {
            $0.appendDigits(mostSignificantFirst: counter.digitsMostSignificantFirst)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func stepsAndJumpsKeepTheDigits() {
        var random = SplitMix64(seed: 71)
        var counter = DecimalCounter()
        #expect(Self.written(counter) == "0")
        for _ in 0..<200_000 {
            let old = counter.value
            let target: Int
            switch random.next() % 10 {
            case 0: target = Int(random.next() % UInt64(DecimalCounter.limit))
            case 1: target = old - Int(random.next() % 50)
            default: target = old + Int(random.next() % 100)
            }
            let moved = counter.move(to: target)
            #expect(moved == (0..<DecimalCounter.limit).contains(target))
            #expect(counter.value == (moved ? target : old))
            #expect(Self.written(counter) == String(counter.value), "\(old) -> \(target)")
        }
    }

    /// Steps whose carry runs through several digits, up to the last value the counter holds.
    @Test func carriesThroughEveryDigit() {
        for digits in 1...8 {
            let nines = Int(String(repeating: "9", count: digits))!
            for start in [nines - 99, nines - 1, nines - 50] where start >= 0 {
                var counter = DecimalCounter()
                let started = counter.move(to: start)
                #expect(started)
                for step in [0, 1, 37, 99] where start + step < DecimalCounter.limit {
                    var copy = counter
                    let moved = copy.move(to: start + step)
                    #expect(moved)
                    #expect(Self.written(copy) == String(start + step))
                }
            }
        }
        var counter = DecimalCounter()
        let toLast = counter.move(to: DecimalCounter.limit - 1)
        #expect(toLast)
        #expect(Self.written(counter) == "99999999")
        let toLimit = counter.move(to: DecimalCounter.limit)
        let toNegative = counter.move(to: -1)
        #expect(!toLimit && !toNegative)
        #expect(Self.written(counter) == "99999999")
    }

    /// ``RawJSONWriter/append(_:counting:)`` writes what ``RawJSONWriter/append(_:)`` writes, for
    /// numbers the counter holds and for those it does not (negative, from 10^8).
    @Test func countedNumbersAreWrittenAsAnyNumber() {
        var random = SplitMix64(seed: 72)
        var counter = DecimalCounter()
        var values = [0, 1, 99, 100, 12_345_678, 99_999_999, 100_000_000, 100_000_099, -1, -100, Int.max, Int.min]
        values += (0..<5_000).map { _ in Int(random.next() % 200) + (random.next() % 3 == 0 ? 99_999_900 : 0) }
        for value in values {
            let counted = JSONWriterTests.raw(RawJSONWriter.maximumIntegerLength) { $0.append(value, counting: &counter) }
            let plain = JSONWriterTests.raw(RawJSONWriter.maximumIntegerLength) { $0.append(value) }
            #expect(counted == plain, "\(value)")
        }
    }
}
