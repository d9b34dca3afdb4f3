import ArgumentParser
import ComposerPosts
import KeystrokeReplay
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PatternDetection

/// `--emoji FILE` and `--instance FILE`: an instance's custom emoji list and instance document,
/// read before anything is written. A file that cannot be read ends the run with status 1; one
/// that is not such a document, with 65 and the reason.
enum MastodonFiles {
    static func emojiCatalog(at path: String) throws -> EmojiCatalog {
        do {
            return try EmojiCatalog(json: try read(path))
        } catch let error as EmojiCatalog.DecodingError {
            printError("highlight: \(path): \(error)")
            throw ExitCode(65)
        }
    }

    static func instance(at path: String) throws -> MastodonInstance {
        do {
            return try MastodonInstance(json: try read(path))
        } catch let error as MastodonInstance.DecodingError {
            printError("highlight: \(path): \(error)")
            throw ExitCode(65)
        }
    }

    private static func read(_ path: String) throws -> [UInt8] {
        do {
            return try fileContents(atPath: path)
        } catch {
            printError("highlight: cannot read \(path): \(fileFailureReason(error))")
            throw ExitCode(1)
        }
    }
}
