import Foundation

/// The rules of the Trace Event Format a trace must keep to open in ui.perfetto.dev and
/// chrome://tracing, as far as AppFlow's traces use it: every event has `ph`, `pid` and
/// `tid`, and all but metadata a `ts` and (but `E`) a `name`; duration events (`B`/`E`)
/// balance and nest per thread; async events (`b`/`e`) balance and nest per id; times
/// never go back on a thread or an async id; counters carry numbers.
enum TraceEventFormat {
    /// The rules `json` breaks; empty when it keeps them all.
    static func violations(of json: String) -> [String] {
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let events = object["traceEvents"] as? [[String: Any]]
        else { return ["not a JSON object with a traceEvents array"] }
        var violations: [String] = []
        var open: [Int: [String]] = [:]
        var openAsync: [String: [String]] = [:]
        var lastTime: [String: Double] = [:]
        for (index, event) in events.enumerated() {
            guard let phase = event["ph"] as? String, let tid = event["tid"] as? Int, let pid = event["pid"] as? Int
            else {
                violations.append("event \(index): no ph, pid or tid")
                continue
            }
            if phase == "M" { continue }
            guard let ts = event["ts"] as? Double else {
                violations.append("event \(index): no ts")
                continue
            }
            let name = event["name"] as? String
            if phase != "E" && name == nil { violations.append("event \(index): no name") }
            let clockKey: String
            switch phase {
            case "B":
                open[tid, default: []].append(name ?? "")
                clockKey = "tid \(tid)"
            case "E":
                if open[tid, default: []].popLast() == nil {
                    violations.append("event \(index): E with no B on tid \(tid)")
                }
                clockKey = "tid \(tid)"
            case "b", "e", "n":
                guard let id = event["id"].map({ "\($0)" }), let category = event["cat"] as? String else {
                    violations.append("event \(index): async event with no id or cat")
                    continue
                }
                let key = "pid \(event["pid"] ?? "") \(category)/\(id)"
                if phase == "b" { openAsync[key, default: []].append(name ?? "") }
                if phase == "e", openAsync[key, default: []].popLast() != name {
                    violations.append("event \(index): e of \(name ?? "?") does not end the innermost slice of \(key)")
                }
                clockKey = key
            case "C":
                if !((event["args"] as? [String: Any])?.values.allSatisfy { $0 is Double || $0 is Int } ?? false) {
                    violations.append("event \(index): counter without numbers")
                }
                clockKey = "pid \(pid) tid \(tid)"
            case "i":
                clockKey = "pid \(pid) tid \(tid)"
            default:
                violations.append("event \(index): unexpected phase \(phase)")
                continue
            }
            if let last = lastTime[clockKey], ts < last {
                violations.append("event \(index): time goes back on \(clockKey)")
            }
            lastTime[clockKey] = ts
        }
        return violations
    }

    /// The names of the `B` slices per thread, and whether any two overlap on one.
    static func slices(of json: String) -> [Int: (count: Int, overlap: Bool)] {
        guard
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let events = object["traceEvents"] as? [[String: Any]]
        else { return [:] }
        var result: [Int: (count: Int, overlap: Bool)] = [:]
        var depth: [Int: Int] = [:]
        for event in events {
            guard let phase = event["ph"] as? String, let tid = event["tid"] as? Int else { continue }
            var entry = result[tid] ?? (0, false)
            if phase == "B" {
                entry.count += 1
                depth[tid, default: 0] += 1
                if depth[tid, default: 0] > 1 { entry.overlap = true }
            } else if phase == "E" {
                depth[tid, default: 0] -= 1
            }
            result[tid] = entry
        }
        return result
    }
}
