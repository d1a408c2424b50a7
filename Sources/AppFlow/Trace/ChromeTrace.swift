extension FlowTraceRecorder {
    /// The recording in the Trace Event Format (JSON), which ui.perfetto.dev and
    /// chrome://tracing open.
    ///
    /// Calls are async slices on the "calls" track, one per call number, named after the
    /// call, with their admissions as instants and their result on the slice's end; a
    /// call's child builds and preparations in a scene are slices of their own beside it
    /// (a call works in its scenes at once, and slices of one id must nest). Intents are
    /// async slices too, their delivery nested in them. Each container track (a scene) gets
    /// a thread whose slices are its transitions, and a counter of their frames. Times are
    /// microseconds on the recorder's clock. Calls and transitions still running have no
    /// end.
    public func chromeTrace() -> String {
        Self.chromeTrace([(name: "AppFlow", recorder: self)])
    }

    /// Several recordings in one trace, each as a process named `name`, with its tracks
    /// as ``chromeTrace()`` lays them out: the demo's storms side by side.
    public static func chromeTrace(_ recordings: [(name: String, recorder: FlowTraceRecorder)]) -> String {
        var events: [String] = []
        for (index, recording) in recordings.enumerated() {
            events += ChromeTraceWriter(recording.recorder.entries, pid: index + 1, process: recording.name).events
        }
        return #"{"displayTimeUnit":"ms","traceEvents":["# + events.joined(separator: ",\n") + "]}\n"
    }
}

/// Writes one recording's entries as Trace Event Format events of process `pid`.
private struct ChromeTraceWriter {
    private var body: [String] = []
    private var tracks: [String: Int] = ["calls": 1]
    private var callNames: [UInt64: String] = [:]
    private var intentNames: [UInt64: String] = [:]
    private var delivering: [UInt64: String] = [:]
    private let pid: Int

    init(_ entries: [FlowTraceRecorder.Entry], pid: Int, process: String) {
        self.pid = pid
        for entry in entries {
            add(entry)
        }
        body.insert(
            #"{"name":"process_name","ph":"M","pid":\#(pid),"tid":0,"args":{"name":\#(Self.quoted(process))}}"#,
            at: 0
        )
    }

    /// The metadata naming the tracks, then the events.
    var events: [String] {
        let names = tracks.sorted { $0.value < $1.value }.map { track, tid in
            #"{"name":"thread_name","ph":"M","pid":\#(pid),"tid":\#(tid),"args":{"name":\#(Self.quoted(track))}}"#
        }
        return [body[0]] + names + body.dropFirst()
    }

    private mutating func add(_ entry: FlowTraceRecorder.Entry) {
        let ts = Self.microseconds(entry.time)
        switch entry.event {
        case .callBegan(let number, let name):
            callNames[number] = name
            call("b", number, name, ts)
        case .admission(let number, let scene, let point, let admitted):
            call("n", number, "\(admitted ? "admitted" : "refused") at \(point) in \(scene)", ts)
        case .workBegan(let number, let scene, let work):
            call("b", number, "\(work) in \(scene)", ts, scene: scene)
        case .workEnded(let number, let scene, let work):
            call("e", number, "\(work) in \(scene)", ts, scene: scene)
        case .callEnded(let number, let result):
            call("e", number, callNames[number] ?? "call \(number)", ts, args: #"{"result":\#(Self.quoted(result))}"#)
        case .intentOpened(let number, let name):
            intentNames[number] = name
            intent("b", number, "intent \(name)", ts)
        case .intentDelivering(let number, let scene):
            delivering[number] = "delivery in \(scene)"
            intent("b", number, "delivery in \(scene)", ts)
        case .intentEnded(let number, let result):
            if let delivery = delivering.removeValue(forKey: number) {
                intent("e", number, delivery, ts)
            }
            let name = intentNames[number].map { "intent \($0)" } ?? "intent \(number)"
            intent("e", number, name, ts, args: #"{"result":\#(Self.quoted(result))}"#)
        case .transitionBegan(let track, _, let name):
            let tid = self.tid(track)
            body.append(#"{"name":\#(Self.quoted(name)),"ph":"B","pid":\#(pid),"tid":\#(tid),"ts":\#(ts)}"#)
        case .frame(let track, _, let fraction):
            let tid = self.tid(track)
            body.append(
                #"{"name":\#(Self.quoted("frames of \(track)")),"ph":"C","pid":\#(pid),"tid":\#(tid),"ts":\#(ts),"args":{"fraction":\#(fraction)}}"#
            )
        case .transitionEnded(let track, _, let interruption):
            let tid = self.tid(track)
            let args = interruption.map { #","args":{"interruption":\#(Self.quoted($0))}"# } ?? ""
            body.append(#"{"ph":"E","pid":\#(pid),"tid":\#(tid),"ts":\#(ts)\#(args)}"#)
        case .scheduleStep(let index, let label):
            let tid = self.tid("schedule")
            body.append(
                #"{"name":\#(Self.quoted(label)),"ph":"i","s":"t","pid":\#(pid),"tid":\#(tid),"ts":\#(ts),"args":{"step":\#(index)}}"#
            )
        }
    }

    /// An async event of call `number`; a scene's work gets an id of its own (the call's
    /// number and the scene's), since a call works in its scenes at once and async
    /// slices of one id must nest, so viewers show it beside the call, not inside.
    private mutating func call(
        _ phase: String,
        _ number: UInt64,
        _ name: String,
        _ ts: String,
        scene: AuthSceneID? = nil,
        args: String? = nil
    ) {
        let tail = args.map { #","args":\#($0)"# } ?? ""
        // The process in the id too: viewers may match async ids across processes.
        let id = scene.map { "\(pid).\(number).\($0.rawValue)" } ?? "\(pid).\(number)"
        body.append(
            #"{"name":\#(Self.quoted(name)),"cat":"call","ph":"\#(phase)","id":"\#(id)","pid":\#(pid),"tid":1,"ts":\#(ts)\#(tail)}"#
        )
    }

    /// An async event of intent `number`, on the calls' track.
    private mutating func intent(_ phase: String, _ number: UInt64, _ name: String, _ ts: String, args: String? = nil) {
        let tail = args.map { #","args":\#($0)"# } ?? ""
        body.append(
            #"{"name":\#(Self.quoted(name)),"cat":"intent","ph":"\#(phase)","id":"\#(pid).\#(number)","pid":\#(pid),"tid":1,"ts":\#(ts)\#(tail)}"#
        )
    }

    private mutating func tid(_ track: String) -> Int {
        if let tid = tracks[track] { return tid }
        let tid = tracks.count + 1
        tracks[track] = tid
        return tid
    }

    /// `duration` in microseconds, with three decimals (nanoseconds).
    private static func microseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let whole = nanoseconds / 1000
        let fraction = String(nanoseconds % 1000)
        return "\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
