import AppFlow
import AppFlowTesting
import AppFlowTestingTraits
import Foundation
import Testing

@testable import AppFlowDemo

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The demo's trace and timeline: `--trace` and `--timeline` write them, the trace is JSON
/// with the three storms as processes, and the SVG has a bar per call, one per transition,
/// a legend and an axis, all within the picture.
@Suite(.timeLimit(.minutes(2)), .endsWithin(.seconds(100)))
struct TimelineTests {
    /// What a parsed SVG holds: its size, its rects by class, its texts.
    final class SVGShape: NSObject, XMLParserDelegate {
        var size: (width: Double, height: Double)?
        var rects: [String: [(x: Double, y: Double, width: Double)]] = [:]
        var texts: [String] = []
        private var text: String?

        func parser(
            _ parser: XMLParser,
            didStartElement element: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch element {
            case "svg":
                size = (Double(attributes["width"] ?? "") ?? 0, Double(attributes["height"] ?? "") ?? 0)
            case "rect":
                let x = Double(attributes["x"] ?? "0") ?? -1
                let y = Double(attributes["y"] ?? "0") ?? -1
                let width = Double(attributes["width"] ?? "0") ?? -1
                rects[attributes["class"] ?? "other", default: []].append((x, y, width))
            case "text":
                text = ""
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "text", let text {
                texts.append(text)
                self.text = nil
            }
        }
    }

    static func shape(of svg: String) -> SVGShape? {
        let shape = SVGShape()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = shape
        return parser.parse() ? shape : nil
    }

    @Test func theTimelineOfAnActHasABarPerCallAndPerTransitionALegendAndAnAxisWithinThePicture() async throws {
        var options = DemoOptions()
        options.fast = true
        options.authTasks = 120
        let recorder = FlowTraceRecorder()
        let report = await AuthStormAct.run(options: options, recorder: recorder)
        #expect(report.passed)
        var began = 0
        #expect(
            await eventually {
                began =
                    recorder.entries.filter {
                        if case .transitionBegan = $0.event { return true } else { return false }
                    }.count
                let ended = recorder.entries.filter {
                    if case .transitionEnded = $0.event { return true } else { return false }
                }.count
                return began == ended
            }
        )
        let timeline = TimelineSVG(entries: recorder.entries, title: "Act 3")
        let shape = try #require(Self.shape(of: timeline.svg), "the SVG is well-formed XML")
        let size = try #require(shape.size)
        #expect(size.width == 1200 && size.height > 100)
        // Every call is drawn, or counted among those that found no lane.
        let leftOut =
            shape.texts.compactMap { text -> Int? in
                guard let range = text.range(of: ", "), text.hasSuffix(" more not drawn)") else { return nil }
                return Int(text[range.upperBound...].prefix { $0.isNumber })
            }.first ?? 0
        #expect(shape.rects["call", default: []].count + leftOut == timeline.calls.count)
        #expect(shape.rects["transition", default: []].count == began)
        for rect in ["call", "build", "transition"].flatMap({ shape.rects[$0, default: []] }) {
            #expect(rect.x >= 0 && rect.width > 0 && rect.x + rect.width <= size.width + 0.5, "\(rect)")
        }
        // Bars on one lane never overlap (a bar is at least 1 wide, so touching ends are allowed).
        for lane in Dictionary(grouping: shape.rects["call", default: []], by: \.y).values {
            let bars = lane.sorted { $0.x < $1.x }
            for (a, b) in zip(bars, bars.dropFirst()) where b.x < a.x + a.width - 1.01 {
                Issue.record("bars overlap on lane \(a.y): \(a) and \(b)")
            }
        }
        for label in ["login", "logout", "transition", "child build", "did not complete (faded)"] {
            #expect(shape.texts.contains(label), "legend: \(label)")
        }
        #expect(shape.texts.filter { $0.hasSuffix(" ms") }.count == 6, "the axis has six ticks")
        #expect(shape.texts.contains("transitions, scene 1"))
    }

    @Test func theDemoWritesTheStormsTraceAndActThreesTimelineOnRequest() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "appflow-trace-\(UInt64.random(in: 0...UInt64.max))"
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("storms.json").path
        let timeline = folder.appendingPathComponent("act3.svg").path
        let out = Captured()
        let code = await Demo.run(
            arguments: ["--fast", "--tasks", "300", "--auth-tasks", "60", "--trace", trace, "--timeline=\(timeline)"],
            console: { _ in out.console },
            errors: Captured().console
        )
        #expect(code == 0)
        #expect(out.output.contains("  trace written to \(trace)"))
        let json = try String(contentsOfFile: trace, encoding: .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let processes = events.filter { $0["name"] as? String == "process_name" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(processes == ["Act 2: login/logout storm", "Act 3: AuthFlow storm", "Act 4: app lock storm"])
        #expect(Self.shape(of: try String(contentsOfFile: timeline, encoding: .utf8)) != nil)
    }

    @Test func aFileThatCannotBeWrittenIsAnErrorAndFailsTheRun() async {
        let errors = Captured()
        let code = await Demo.run(
            arguments: ["--fast", "--tasks", "50", "--auth-tasks", "20", "--trace", "/nonexistent-folder/trace.json"],
            console: { _ in Captured().console },
            errors: errors.console
        )
        #expect(code == 1)
        #expect(errors.output.contains("cannot write the trace to /nonexistent-folder/trace.json"))
    }
}
