// What the README's Swift snippets take as given (an app fetches the first two from its instance),
// for `make readme-check`, which type-checks those snippets as one program with this file.
import Foundation

/// The body of `GET /api/v1/custom_emojis`.
let customEmojisJSON = Data(#"[{"shortcode":"blobcat","url":"https://files.example.social/emoji/blobcat.png","static_url":"https://files.example.social/emoji/blobcat.png","visible_in_picker":true}]"#.utf8)
/// The body of `GET /api/v2/instance`.
let instanceJSON = Data(#"{"configuration":{"statuses":{"max_characters":1000,"characters_reserved_per_url":23}}}"#.utf8)
/// A post being written.
let draft = "Thanks @alice.bsky.social! Details: https://www.example.com/articles/2026/composer-patterns #swift"
