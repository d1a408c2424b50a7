import Foundation
import Testing

/// The table files' own check: a file passes only when it is exactly what the machine
/// writes, so a table edited by hand cannot hide a row.
@Suite struct TableFileTests {
    static let header = "# a table\n"
    static let lines = ["s1 × a → x ⇒ s2", "s1 × b → y ⇒ s1", "s2 × a → z ⇒ s2"]

    /// A table file holding `text`, in a folder of its own.
    static func file(_ text: String) throws -> TableFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let table = TableFile("Table.txt", besideTestFile: folder.appendingPathComponent("Tests.swift").path)
        try text.write(to: table.url, atomically: true, encoding: .utf8)
        return table
    }

    static func problems(in text: String) throws -> [String] {
        try file(text).problems(lines, header: header)
    }

    @Test func aFileWrittenAsTheMachineWritesItHasNoProblem() throws {
        #expect(try Self.problems(in: TableFile.text(Self.lines, header: Self.header)).isEmpty)
    }

    @Test func aRowThatDiffersIsMissingOrIsExtraIsAProblem() throws {
        let changed = try Self.problems(in: Self.header + "s1 × a → x ⇒ s1\ns1 × b → y ⇒ s1\ns2 × a → z ⇒ s2\n")
        #expect(changed == ["file: s1 × a → x ⇒ s1\nmachine: s1 × a → x ⇒ s2"])
        let missing = try Self.problems(in: Self.header + "s1 × a → x ⇒ s2\ns2 × a → z ⇒ s2\n")
        #expect(missing == ["missing from the file: s1 × b → y ⇒ s1"])
        let extra = try Self.problems(in: TableFile.text(Self.lines + ["s3 × a → x ⇒ s3"], header: Self.header))
        #expect(extra == ["not a legal row of the machine: s3 × a → x ⇒ s3"])
    }

    @Test func aHeaderLineBelowTheRowsADuplicateRowOrAnotherOrderIsAProblem() throws {
        let text = TableFile.text(Self.lines, header: Self.header)
        // The header's line moved below the rows: the header read is the same.
        let below = Self.lines.joined(separator: "\n") + "\n" + Self.header
        let twice = text + Self.lines[0] + "\n"
        let reordered = TableFile.text(Self.lines.reversed(), header: Self.header)
        for bad in [below, twice, reordered, text + "\n"] {
            let problems = try Self.problems(in: bad)
            #expect(problems.count == 1, "\(bad)")
            #expect(problems.first?.contains("not written as the machine writes them") == true, "\(bad)")
        }
        // A `#` line added below the rows reads as a header line the test does not write.
        let noted = try Self.problems(in: text + "# a note\n")
        #expect(noted.count == 1 && noted[0].hasPrefix("the file's header differs"), "\(noted)")
    }
}
