#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#endif

/// The few C calls the explorer makes: its driver's thread, a pause, a file, an
/// environment variable.
enum System {
    /// Runs `body` on a new, detached thread.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let argument = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, nil, { System.threadMain($0) }, argument)
        precondition(status == 0, "pthread_create failed: \(status)")
        #if canImport(Darwin)
        if let thread { pthread_detach(thread) }
        #else
        pthread_detach(thread)
        #endif
    }

    /// Sleeps the calling thread for about a millisecond of real time.
    static func pause() {
        usleep(1000)
    }

    /// The file at `path` as UTF-8 text; `nil` if it cannot be read.
    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path`, replacing what is there; returns whether it could.
    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let written = fputs(text, file)
        let closed = fclose(file)
        return written >= 0 && closed == 0
    }

    /// The value of environment variable `name`, if it is set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private final class ThreadBody: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// A thread's entry: takes its body back from the pointer and runs it.
    private static func threadMain(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let argument else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
        return nil
    }
}
