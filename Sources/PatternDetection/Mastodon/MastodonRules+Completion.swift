/// How mentions, hashtags and custom emoji are typed under the `mastodon` rules, for completion.
///
/// The start rules are detection's; the bodies are what a token being typed may hold:
/// - mention: `@` not after `=`, `/` or a word character; body the username characters
///   (`[A-Za-z0-9_.-]`), an `@` and the domain's word characters, so a remote mention's query
///   holds its domain part (`@alice@mast` → `alice@mast`).
/// - hashtag: `#`/`＃` at the text start or after White_Space; body word characters and the tag
///   separators (`·`, `・`, ZWNJ), starting with a word character.
/// - emoji: `:` not after a letter, a digit or a colon; body `[A-Za-z0-9_]` (`:blo` → `blo`).
extension MastodonRules {
    public var tokenGrammars: [TokenGrammar] { Self.completionGrammars }

    static let completionGrammars: [TokenGrammar] = [
        TokenGrammar(
            kind: .mention, triggers: ["@"],
            mayFollow: { previous in
                guard let previous else { return true }
                return previous != "=" && previous != "/" && !MastodonCharacters.isWord(previous.value)
            },
            bodyStart: { MastodonCharacters.isUsernameCharacter($0.value) },
            body: { $0 == "@" || $0 == "." || $0 == "-" || MastodonCharacters.isWord($0.value) }),
        TokenGrammar(
            kind: .hashtag, triggers: ["#", "\u{FF03}"],
            mayFollow: { previous in previous.map { MastodonCharacters.isSpace($0.value) } ?? true },
            bodyStart: { MastodonCharacters.isWord($0.value) },
            body: { MastodonCharacters.isWord($0.value) || [0xB7, 0x30FB, 0x200C].contains($0.value) }),
        TokenGrammar(
            kind: .emoji, triggers: [":"],
            mayFollow: { previous in
                guard let previous else { return true }
                return previous != ":" && !MastodonCharacters.isAlnum(previous.value)
            },
            body: { $0.isASCII && MastodonCharacters.isASCIIWordByte(UInt8($0.value)) }),
    ]
}
