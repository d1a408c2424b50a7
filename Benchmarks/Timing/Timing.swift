// Timing helpers the side-by-side benchmarks share.

/// The wall-clock time `body` takes, in nanoseconds.
public func elapsedNanoseconds(_ body: () async -> Void) async -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    await body()
    let (seconds, attoseconds) = start.duration(to: clock.now).components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// `duration` in seconds.
public func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
}

/// The median of `values` (the mean of the middle two for an even count).
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `value` as a ratio with two decimals: "1.17×".
public func ratio(_ value: Double) -> String {
    String(Double(Int((value * 100).rounded())) / 100) + "×"
}

/// A time in nanoseconds, as "850 ns" below 10 µs and "12.3 µs" from there.
public func formatNanoseconds(_ nanoseconds: Double) -> String {
    nanoseconds >= 10_000
        ? "\(Double(Int((nanoseconds / 100).rounded())) / 10) µs" : "\(Int(nanoseconds.rounded())) ns"
}

/// A time in seconds, as "850 µs" below 1 ms and "12 ms" from there.
public func formatSeconds(_ seconds: Double) -> String {
    seconds < 1e-3 ? "\(Int(seconds * 1e6 + 0.5)) µs" : "\(Int(seconds * 1e3 + 0.5)) ms"
}
