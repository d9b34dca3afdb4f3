import Testing

/// Shell completion (`--generate-completion-script`, from swift-argument-parser) offers what each
/// option takes: the values of the enumerated options, JSON files for the options that read one,
/// files for the inputs.
@Suite("CLI shell completion")
struct CLICompletionTests {
    /// The lines of `shell`'s script from the case for `option` on (bash: `'--emoji')`).
    static func bashCase(_ option: String, in script: String) -> String {
        guard let start = script.range(of: "'\(option)')") else { return "" }
        return String(script[start.upperBound...].prefix(120))
    }

    @Test func bashCompletesFilesAndValues() {
        let result = ChildProcess.highlight(["--generate-completion-script", "bash"], input: "")
        #expect(result.status == 0, "\(result.stderrText)")
        let script = result.stdoutText
        for option in ["--emoji", "--instance", "--handles"] {
            #expect(Self.bashCase(option, in: script).contains("-fX '!*.@(json)'"), "\(option)")
        }
        #expect(Self.bashCase("--svg", in: script).contains("-fX '!*.@(svg)'"))
        #expect(Self.bashCase("--rules", in: script).contains("'bluesky'"))
        #expect(Self.bashCase("--profile", in: script).contains("'mastodon'"))
    }

    @Test(arguments: ["zsh", "fish"])
    func otherShellsGetAScript(_ shell: String) {
        let result = ChildProcess.highlight(["--generate-completion-script", shell], input: "")
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("highlight"))
    }
}
