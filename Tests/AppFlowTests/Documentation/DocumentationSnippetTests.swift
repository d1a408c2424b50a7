import Foundation
import Testing

/// Every Swift code block in `README.md`, in `Docs/` and in the documentation comments of
/// `Sources/` must appear, line for line (leading spaces, blank lines and imports aside),
/// in a test under `Tests/`, where it is compiled and run. A block is exempt only when the
/// paragraph just before it says "not compiled" (the UIKit and SwiftUI recipes, which need
/// Apple's frameworks, and package manifests).
@Suite struct DocumentationSnippetTests {
    struct Snippet: CustomStringConvertible {
        let file: String
        let line: Int
        let lines: [String]
        var description: String { "\(file):\(line)" }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(under folder: String, ending suffix: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.path.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }

    /// The lines of `text` with leading and trailing spaces removed, blank lines and
    /// `import` lines dropped (a test imports at the top of its file).
    static func normalised(_ lines: some Sequence<Substring>) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// The ```swift blocks of a markdown file that are not marked "not compiled".
    static func snippets(in url: URL) throws -> [Snippet] {
        try snippets(
            in: url,
            lines: String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        )
    }

    static func snippets(in url: URL, lines: [Substring]) throws -> [Snippet] {
        let name = url.path.replacingOccurrences(of: root.path + "/", with: "")
        var snippets: [Snippet] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
                index += 1
                continue
            }
            let start = index
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            let before = lines[..<start].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            if !before.localizedCaseInsensitiveContains("not compiled") {
                snippets.append(
                    Snippet(file: name, line: start + 1, lines: normalised(lines[(start + 1)..<min(end, lines.count)]))
                )
            }
            index = end + 1
        }
        return snippets
    }

    /// The ```swift blocks of the documentation comments in a source file, which DocC
    /// shows as well.
    static func docCommentSnippets(in url: URL) throws -> [Snippet] {
        let comments = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n",
            omittingEmptySubsequences: false
        )
        .map { line -> Substring in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix("///") ? trimmed.dropFirst(3) : ""
        }
        return try snippets(in: url, lines: comments)
    }

    static var allSnippets: [Snippet] {
        get throws {
            let documents = [root.appendingPathComponent("README.md")] + files(under: "Docs", ending: ".md")
            return try documents.flatMap(snippets(in:))
                + files(under: "Sources", ending: ".swift").flatMap(docCommentSnippets(in:))
        }
    }

    @Test func everySwiftBlockInTheDocsIsCompiledInATest() throws {
        let snippets = try Self.allSnippets
        #expect(snippets.count >= 10, "the README and the articles show at least ten compiled examples")
        let tests = try Self.files(under: "Tests", ending: ".swift").map {
            Self.normalised(try String(contentsOf: $0, encoding: .utf8).split(separator: "\n"))
        }
        for snippet in snippets {
            #expect(
                tests.contains { Self.test($0, contains: snippet.lines) },
                "\(snippet) is in no test; copy it from the test that runs it"
            )
        }
    }

    /// Whether `snippet` appears in `test` as consecutive lines (both normalised).
    static func test(_ test: [String], contains snippet: [String]) -> Bool {
        guard test.count >= snippet.count else { return false }
        return (0...(test.count - snippet.count)).contains { offset in
            Array(test[offset..<(offset + snippet.count)]) == snippet
        }
    }

    @Test func aSnippetMatchesItsIndentedCopyButNotADriftedOne() {
        let test = Self.normalised([
            "    func example() async {",
            "        let container = FlowContainer(initial: Screen.splash, animation: .immediate)",
            "",
            "        await container.cycle(to: .login)",
            "    }",
        ])
        let shown = Self.normalised([
            "let container = FlowContainer(initial: Screen.splash, animation: .immediate)",
            "await container.cycle(to: .login)",
        ])
        let drifted = Self.normalised([
            "let container = FlowContainer(initial: Screen.splash, animation: .fade())",
            "await container.cycle(to: .login)",
        ])
        #expect(Self.test(test, contains: shown))
        #expect(!Self.test(test, contains: drifted))
    }
}
