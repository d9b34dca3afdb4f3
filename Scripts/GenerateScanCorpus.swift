// Writes the two scan-throughput corpora, deterministically from fixed seeds, for
// Scripts/scan-vs-ripgrep.sh:
// - `prose.txt`: prose-like posts, one per line, about one entity (mention, hashtag, link,
//   cashtag) per 160 bytes, mostly ASCII with some accented words, emoji and CJK;
// - `dense.txt`: the dense edge-case posts of the test suite's PostCorpus (one token in four is
//   an entity or a broken one);
// - `prose.jsonl`, `dense.jsonl`: the same texts as `--input jsonl` posts, one JSON string per
//   line, consecutive lines joined (with their line feeds) into posts of up to 280 bytes;
// - `japanese.jsonl`: Japanese posts of 40-140 kana and kanji with now and then a link, a tag or
//   an emoji, as `--input jsonl` posts (a quarter of BYTES), for counting under CJK weights.
// Build: swiftc -O -package-name scripts -D FUZZING Sources/ComposerCore/SplitMix64.swift \
//     Tests/PatternDetectionTests/Support/HostileCorpus.swift Scripts/GenerateScanCorpus.swift
// Usage: generate-scan-corpus DIRECTORY [BYTES]   (BYTES defaults to 20 MiB per file)

import Foundation

/// Prose-like posts: sentences of common words with ordinary punctuation, entities sprinkled in.
enum ProseCorpus {
    static let words = """
        the of and to a in is it you that he was for on are with as I his they be at one have this \
        from or had by hot word but what some we can out other were all there when up use your how \
        said an each she which do their time if will way about many then them write would like so \
        these her long make thing see him two has look more day could go come did number sound no \
        most people my over know water than call first who may down side been now find any new work \
        part take get place made live where after back little only round man year came show every \
        good me give our under name very through just form sentence great think say help low line \
        differ turn cause much mean before move right boy old too same tell does set three want air \
        well also play small end put home read hand port large spell add even land here must big \
        high such follow act why ask men change went light kind off need house picture try us again \
        animal point mother world near build self earth father release composer draft thread reply \
        today tomorrow weekend launch update beta feedback coffee morning evening music photo
        """.split(separator: " ").map(String.init)
    static let accented = ["café", "naïve", "déjà", "vu", "über", "São", "Paulo", "résumé", "Zürich", "jalapeño"]
    static let foreign = ["東京", "今日は", "ありがとう", "Привет", "мир", "안녕하세요", "مرحبا", "שלום"]
    static let emoji = ["🦋", "😀", "🎉", "👍", "❤️", "🔥", "👨‍👩‍👧", "✌🏿", "🙏", "☕"]
    static let numbers = ["3", "10", "42", "2024", "9:30", "50%", "1.5", "$20", "#1", "3pm", "100k"]
    static let names = ["alice", "bob", "carol", "dan", "erin", "frank", "grace", "heidi", "ivan", "judy"]
    static let hosts = ["bsky.social", "example.com", "swift.org", "github.com", "news.ycombinator.com", "nytimes.com"]
    static let tags = ["swift", "buildinpublic", "photography", "coffee", "news", "art", "rustlang", "東京", "100DaysOfCode", "café"]
    static let tickers = ["AAPL", "TSLA", "GOOG", "BTC", "MSFT", "NVDA"]

    static func pick<T>(_ items: [T], _ random: inout SplitMix64) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    static func entity(_ random: inout SplitMix64) -> String {
        switch random.next() % 10 {
        case 0, 1: return "@\(pick(names, &random)).\(pick(hosts, &random))"
        case 2: return "@\(pick(names, &random))"
        case 3, 4: return "#\(pick(tags, &random))"
        case 5: return "https://\(pick(hosts, &random))/\(pick(words, &random))/\(random.next() % 10000)"
        case 6: return "https://www.\(pick(hosts, &random))/\(pick(words, &random))?id=\(random.next() % 1000)&ref=post"
        case 7: return "\(pick(hosts, &random))"
        case 8: return "$\(pick(tickers, &random))"
        default: return "(https://\(pick(hosts, &random))/\(pick(words, &random))-\(pick(words, &random)))"
        }
    }

    /// One sentence of 6–20 words; about one word in 27 is an entity.
    static func sentence(_ random: inout SplitMix64) -> String {
        let count = 6 + Int(random.next() % 15)
        var parts: [String] = []
        for index in 0..<count {
            let roll = random.next() % 1000
            var word: String
            switch roll {
            case 0..<41: word = entity(&random)
            case 41..<52: word = pick(accented, &random)
            case 52..<58: word = pick(foreign, &random)
            case 58..<70: word = pick(emoji, &random)
            case 70..<95: word = pick(numbers, &random)
            default: word = pick(words, &random)
            }
            if index == 0, roll >= 95, let first = word.first { word = first.uppercased() + word.dropFirst() }
            switch random.next() % 40 {
            case 0, 1, 2: word += ","
            case 3: word = "\"\(word)\""
            case 4: word = "(\(word))"
            case 5: word += " —"
            case 6: word += "'s"
            default: break
            }
            parts.append(word)
        }
        let ending = [".", ".", ".", "!", "?", "…", "!!", "."][Int(random.next() % 8)]
        return parts.joined(separator: " ") + ending
    }

    /// Posts of 1–4 sentences, one per line, `byteCount` bytes or a little more.
    static func posts(byteCount: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount + 1024)
        while out.count < byteCount {
            let sentences = 1 + Int(random.next() % 4)
            let post = (0..<sentences).map { _ in sentence(&random) }.joined(separator: " ")
            out.append(contentsOf: post.utf8)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }
}

/// Japanese-like posts: kana (three in five) and common kanji, with a link, a tag or an emoji now
/// and then.
enum JapaneseCorpus {
    static let kana = (0x3041...0x3096).map { Character(Unicode.Scalar($0)!) } + (0x30A1...0x30FA).map { Character(Unicode.Scalar($0)!) }
    static let kanji = (0x4E00..<0x4E00 + 2_000).map { Character(Unicode.Scalar($0)!) }

    /// One post of 40-140 characters per line, `byteCount` bytes or a little more.
    static func posts(byteCount: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount + 1024)
        var number = 0
        while out.count < byteCount {
            var post = ""
            for _ in 0..<40 + Int(random.next() % 101) {
                post.append(random.next() % 5 < 3 ? ProseCorpus.pick(kana, &random) : ProseCorpus.pick(kanji, &random))
            }
            if random.next() % 10 < 3 { post += " https://example.jp/a/\(number)" }
            if random.next() % 10 < 3 { post += " #タグ" }
            if random.next() % 10 < 2 { post += " 😀" }
            out.append(contentsOf: post.utf8)
            out.append(UInt8(ascii: "\n"))
            number += 1
        }
        return out
    }
}

@main
enum GenerateScanCorpus {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 2 || arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: generate-scan-corpus DIRECTORY [BYTES]\n".utf8))
            exit(2)
        }
        let size = arguments.count == 3 ? Int(arguments[2]) ?? 20 << 20 : 20 << 20
        let directory = URL(fileURLWithPath: arguments[1])
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let prose = ProseCorpus.posts(byteCount: size, seed: 15)
        let dense = PostCorpus.posts(byteCount: size, seed: 1)
        try Data(prose).write(to: directory.appendingPathComponent("prose.txt"))
        try Data(dense).write(to: directory.appendingPathComponent("dense.txt"))
        try Data(jsonLines(prose)).write(to: directory.appendingPathComponent("prose.jsonl"))
        try Data(jsonLines(dense)).write(to: directory.appendingPathComponent("dense.jsonl"))
        let japanese = JapaneseCorpus.posts(byteCount: size / 4, seed: 5)
        try Data(jsonLines(japanese, postBytes: 0)).write(to: directory.appendingPathComponent("japanese.jsonl"))
    }

    /// `text`'s lines joined into posts of up to `postBytes` bytes (a longer line is a post of its
    /// own), each written as a JSON string on a line of its own.
    static func jsonLines(_ text: [UInt8], postBytes: Int = 280) -> [UInt8] {
        var out: [UInt8] = []
        var post: ArraySlice<UInt8> = []
        func flush() {
            guard !post.isEmpty else { return }
            out.append(UInt8(ascii: "\""))
            for byte in post {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
                case 0x0A: out += Array("\\n".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case ..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
                default: out.append(byte)
                }
            }
            out += Array("\"\n".utf8)
            post = []
        }
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) where !line.isEmpty {
            if !post.isEmpty && post.count + 1 + line.count > postBytes { flush() }
            post = post.isEmpty ? line : ArraySlice(post + [UInt8(ascii: "\n")] + line)
        }
        flush()
        return out
    }
}
