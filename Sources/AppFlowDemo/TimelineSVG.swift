import AppFlow

/// A timeline picture of a recorded act, as SVG with no dependencies: each call a bar on
/// a lane (lanes packed so that bars never overlap), coloured by kind and faded when the
/// call did not complete, its child builds as a darker stripe, and below them each
/// scene's transitions on a track of its own, over a time axis, with a legend.
struct TimelineSVG {
    /// One call, as recorded.
    struct Call {
        let number: UInt64
        let name: String
        let begin: Duration
        var end: Duration?
        var result: String?
        var builds: [(begin: Duration, end: Duration?)] = []

        /// The call's kind: its name up to the argument.
        var kind: String { String(name.prefix { $0 != "(" }) }
    }

    /// The most lanes drawn; calls that need more are counted, not drawn.
    static let maxLanes = 60
    static let width = 1200.0
    static let left = 150.0
    static let right = 45.0
    static let laneHeight = 7.0
    static let laneGap = 2.0
    static let colors: [String: String] = [
        "start": "#718096", "login": "#2b6cb0", "logout": "#c53030", "refresh": "#b7791f",
        "lock": "#6b46c1", "unlock": "#2c7a7b", "cover": "#975a16", "uncover": "#2f855a",
    ]

    let title: String
    private(set) var calls: [Call] = []
    private(set) var transitions: [String: [(name: String, begin: Duration, end: Duration?)]] = [:]

    init(entries: [FlowTraceRecorder.Entry], title: String) {
        self.title = title
        var index: [UInt64: Int] = [:]
        for entry in entries {
            switch entry.event {
            case .callBegan(let number, let name):
                index[number] = calls.count
                calls.append(Call(number: number, name: name, begin: entry.time))
            case .callEnded(let number, let result):
                guard let at = index[number] else { continue }
                calls[at].end = entry.time
                calls[at].result = result
            case .workBegan(let number, _, .child):
                guard let at = index[number] else { continue }
                calls[at].builds.append((entry.time, nil))
            case .workEnded(let number, _, .child):
                guard let at = index[number], let open = calls[at].builds.lastIndex(where: { $0.end == nil }) else {
                    continue
                }
                calls[at].builds[open].end = entry.time
            case .transitionBegan(let track, _, let name):
                transitions[track, default: []].append((name, entry.time, nil))
            case .transitionEnded(let track, _, _):
                guard let open = transitions[track]?.lastIndex(where: { $0.end == nil }) else { continue }
                transitions[track]?[open].end = entry.time
            case .admission, .workBegan, .workEnded, .frame, .intentOpened, .intentDelivering, .intentEnded,
                .scheduleStep:
                continue
            @unknown default:
                continue
            }
        }
    }

    /// The lane of each call, packed greedily by begin time, and how many were left out.
    private func lanes(until end: Duration) -> (lanes: [(Call, Int)], leftOut: Int) {
        var laneEnds: [Duration] = []
        var placed: [(Call, Int)] = []
        var leftOut = 0
        for call in calls.sorted(by: { $0.begin < $1.begin }) {
            let callEnd = call.end ?? end
            if let lane = laneEnds.firstIndex(where: { $0 <= call.begin }) {
                laneEnds[lane] = callEnd
                placed.append((call, lane))
            } else if laneEnds.count < Self.maxLanes {
                laneEnds.append(callEnd)
                placed.append((call, laneEnds.count - 1))
            } else {
                leftOut += 1
            }
        }
        return (placed, leftOut)
    }

    /// The picture.
    var svg: String {
        let allTimes =
            calls.flatMap { [$0.begin, $0.end].compactMap { $0 } }
            + transitions.values.flatMap { $0.flatMap { [$0.begin, $0.end].compactMap { $0 } } }
        // The axis starts at the act's first event.
        let start = allTimes.min() ?? .zero
        let end = max(allTimes.max() ?? .zero, start + .nanoseconds(1))
        let (placed, leftOut) = lanes(until: end)
        let laneCount = (placed.map(\.1).max() ?? -1) + 1
        let plot = Self.width - Self.left - Self.right
        func x(_ time: Duration) -> Double {
            Self.left + plot * Self.seconds(time - start) / Self.seconds(end - start)
        }
        func w(_ begin: Duration, _ until: Duration?) -> Double { max(x(until ?? end) - x(begin), 1) }

        let top = 70.0
        let callsHeight = Double(laneCount) * (Self.laneHeight + Self.laneGap)
        let tracks = transitions.keys.sorted()
        let tracksTop = top + callsHeight + 16
        let axisY = tracksTop + Double(tracks.count) * 22 + 8
        let height = axisY + 40

        var out: [String] = []
        out.append(
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(Self.width))" height="\##(Int(height))" "##
                + ##"viewBox="0 0 \##(Int(Self.width)) \##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"##
        )
        out.append(##"<rect width="100%" height="100%" fill="#ffffff"/>"##)
        out.append(##"<text x="10" y="20" font-size="15" font-weight="bold">\##(Self.escaped(title))</text>"##)
        out.append(legend(kinds: Set(calls.map(\.kind))))
        let leftOutText = leftOut > 0 ? ", \(leftOut) more not drawn" : ""
        out.append(##"<text x="10" y="\##(top + 10)">calls (\##(calls.count) run\##(leftOutText))</text>"##)
        out.append(##"<g id="calls">"##)
        for (call, lane) in placed {
            let y = top + Double(lane) * (Self.laneHeight + Self.laneGap)
            let opacity = call.result == "completed" ? "1" : "0.3"
            let color = Self.colors[call.kind] ?? "#4a5568"
            let label = "\(call.number) \(call.name) → \(call.result ?? "running")"
            out.append(
                ##"<rect class="call" x="\##(Self.format(x(call.begin)))" y="\##(Self.format(y))" "##
                    + ##"width="\##(Self.format(w(call.begin, call.end)))" height="\##(Self.laneHeight)" "##
                    + ##"fill="\##(color)" fill-opacity="\##(opacity)"><title>\##(Self.escaped(label))</title></rect>"##
            )
            for build in call.builds {
                out.append(
                    ##"<rect class="build" x="\##(Self.format(x(build.begin)))" y="\##(Self.format(y + Self.laneHeight - 2))" "##
                        + ##"width="\##(Self.format(w(build.begin, build.end)))" height="2" fill="#1a202c"/>"##
                )
            }
        }
        out.append("</g>")
        out.append(##"<g id="transitions">"##)
        for (row, track) in tracks.enumerated() {
            let y = tracksTop + Double(row) * 22
            out.append(##"<text x="10" y="\##(Self.format(y + 12))">transitions, \##(Self.escaped(track))</text>"##)
            for transition in transitions[track] ?? [] {
                out.append(
                    ##"<rect class="transition" x="\##(Self.format(x(transition.begin)))" y="\##(Self.format(y))" "##
                        + ##"width="\##(Self.format(w(transition.begin, transition.end)))" height="16" fill="#38a169" "##
                        + ##"stroke="#22543d" stroke-width="0.5"><title>\##(Self.escaped(transition.name))</title></rect>"##
                )
            }
        }
        out.append("</g>")
        out.append(axis(y: axisY, start: start, end: end, x: x))
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    private func legend(kinds: Set<String>) -> String {
        var items: [(String, String, String)] = Self.colors.keys.sorted().filter(kinds.contains).map {
            ($0, Self.colors[$0]!, "1")
        }
        items.append(("did not complete (faded)", "#4a5568", "0.3"))
        items.append(("transition", "#38a169", "1"))
        var out = [##"<g id="legend">"##]
        var x = 10.0
        for (name, color, opacity) in items {
            out.append(
                ##"<rect x="\##(Self.format(x))" y="34" width="12" height="12" fill="\##(color)" fill-opacity="\##(opacity)"/>"##
            )
            out.append(##"<text x="\##(Self.format(x + 16))" y="44">\##(Self.escaped(name))</text>"##)
            x += 28 + Double(name.count) * 6.5
        }
        out.append(##"<rect x="\##(Self.format(x))" y="43" width="12" height="2" fill="#1a202c"/>"##)
        out.append(##"<text x="\##(Self.format(x + 16))" y="44">child build</text>"##)
        out.append("</g>")
        return out.joined(separator: "\n")
    }

    private func axis(y: Double, start: Duration, end: Duration, x: (Duration) -> Double) -> String {
        var out = [##"<g id="axis">"##]
        out.append(
            ##"<line x1="\##(Self.left)" y1="\##(y)" x2="\##(Self.width - Self.right)" y2="\##(y)" stroke="#2d3748"/>"##
        )
        for step in 0...5 {
            let time = (end - start) * step / 5
            let tx = x(start + time)
            out.append(
                ##"<line x1="\##(Self.format(tx))" y1="\##(y)" x2="\##(Self.format(tx))" y2="\##(y + 5)" stroke="#2d3748"/>"##
            )
            out.append(
                ##"<text x="\##(Self.format(tx))" y="\##(y + 18)" text-anchor="middle">\##(Self.milliseconds(time)) ms</text>"##
            )
        }
        out.append("</g>")
        return out.joined(separator: "\n")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func milliseconds(_ duration: Duration) -> String {
        let tenths = Int((seconds(duration) * 10_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
