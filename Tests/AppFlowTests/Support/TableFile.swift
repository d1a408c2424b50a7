import Foundation
import Testing

/// A table of a machine's behaviour kept as a text file beside its tests, one line per row:
/// `state × input → action ⇒ resulting state`. The test computes every line from the
/// machine and compares the whole file, so a change of behaviour shows as a changed line,
/// a row that appears or goes as an added or removed one.
///
/// Setting `APPFLOW_WRITE_TABLES=1` rewrites the file from the machine and fails the
/// test all the same, so that the rewrite is reviewed as a diff, never passed silently.
struct TableFile {
    let url: URL

    /// The file named `name` in the folder of the test file `path`.
    init(_ name: String, besideTestFile path: String) {
        url = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The file's header: its lines that start with `#`, each with its newline.
    func recordedHeader() throws -> String {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { $0 + "\n" }.joined()
    }

    /// The rows of the file, keyed by their `state × input` text.
    func rows() throws -> [String: String] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let key = line.components(separatedBy: " → ")[0]
            rows[key] = String(line)
        }
        return rows
    }

    /// Compares `header` and `lines` (each `key → rest`) with the file, recording an issue
    /// for each difference ``problems(_:header:)`` finds, at most 20 of them.
    func check(_ lines: [String], header: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["APPFLOW_WRITE_TABLES"] == "1" {
            try Self.text(lines, header: header).write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "rewrote \(url.lastPathComponent): review its diff, then run again",
                sourceLocation: sourceLocation
            )
            return
        }
        let problems = try problems(lines, header: header)
        for problem in problems.prefix(20) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
        #expect(problems.count <= 20, "\(problems.count) problems in all", sourceLocation: sourceLocation)
    }

    /// The file as the machine writes it: `header`, then `lines`, one per line.
    static func text(_ lines: [String], header: String) -> String {
        header + lines.joined(separator: "\n") + "\n"
    }

    /// How the file differs from `header` and `lines`: a header that differs; each line
    /// that differs, is missing or is extra; two computed lines sharing a key; and, when
    /// every row matches, a file not written as the machine writes it (a `#` line below
    /// the rows, a row twice, rows out of order, a blank line). Empty when the file is
    /// exactly ``text(_:header:)``.
    func problems(_ lines: [String], header: String) throws -> [String] {
        let text = try String(contentsOf: url, encoding: .utf8)
        if text == Self.text(lines, header: header) { return [] }
        var problems: [String] = []
        let recordedHeader = try recordedHeader()
        if recordedHeader != header {
            problems.append("the file's header differs from the test's:\nfile:\n\(recordedHeader)test:\n\(header)")
        }
        let recorded = try rows()
        var computed: [String: String] = [:]
        for line in lines {
            let key = line.components(separatedBy: " → ")[0]
            if computed[key] != nil { problems.append("two rows of the machine share a key: \(key)") }
            computed[key] = line
        }
        for line in lines {
            let key = line.components(separatedBy: " → ")[0]
            switch recorded[key] {
            case nil: problems.append("missing from the file: \(line)")
            case let row? where row != line: problems.append("file: \(row)\nmachine: \(line)")
            default: break
            }
        }
        for (key, row) in recorded where computed[key] == nil {
            problems.append("not a legal row of the machine: \(row)")
        }
        if problems.isEmpty {
            problems.append(
                "\(url.lastPathComponent) has the machine's rows but is not written as the machine writes them "
                    + "(a # line below the rows, a row twice, rows out of order, a blank line): "
                    + "rewrite it with APPFLOW_WRITE_TABLES=1"
            )
        }
        return problems
    }
}

/// A value's description without module and type qualifiers: `suspend(4, superseded: [102],
/// cutShort: false)` rather than `AppFlow.FlowStateMachine<Swift.Int, Swift.String>.RequestAction.suspend(…)`;
/// generic arguments may nest one level.
func tableText(_ value: Any) -> String {
    var text = String(describing: value)
    for pattern in [
        #"AppFlow\.[A-Za-z]+(<([^<>]|<[^<>]*>)*>)?(\.[A-Za-z]+)*\."#, #"Swift\.Optional<[^>]*>\."#,
        #"Optional\(([^()]*)\)"#,
    ] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let template = pattern.hasPrefix("Optional") ? "$1" : ""
        text = expression.stringByReplacingMatches(
            in: text,
            range: NSRange(text.startIndex..., in: text),
            withTemplate: template
        )
    }
    return text
}
