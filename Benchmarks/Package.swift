// swift-tools-version: 6.1
// The benchmarks are a package of their own, so that the library keeps zero
// dependencies. Run from this folder: `swift package benchmark`.
import PackageDescription

let package = Package(
    name: "AppFlowBenchmarks",
    // macOS 15 for `Synchronization.Mutex`, which the specialised bounds use.
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "AppFlow", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    ],
    targets: [
        .executableTarget(
            name: "AppFlowBenchmarks",
            dependencies: [
                .product(name: "AppFlow", package: "AppFlow"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                "References",
            ],
            path: "Benchmarks/AppFlowBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Counted under callgrind by instructions.sh: instruction counts, unlike times,
        // repeat on a shared machine.
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [.product(name: "AppFlow", package: "AppFlow"), "References"],
            path: "InstructionCounts"
        ),
        // Each row of Performance.md's table, AppFlow and its reference alternating in one
        // process: `swift run -c release SideBySide`.
        .executableTarget(
            name: "SideBySide",
            dependencies: [.product(name: "AppFlow", package: "AppFlow"), "HeapStats", "References", "Timing"],
            path: "SideBySide"
        ),
        // The time from an AuthFlow logout's call to its return, with logins on their way
        // behind a login whose child is being made: `swift run -c release LogoutLatency`.
        .executableTarget(
            name: "LogoutLatency",
            dependencies: [.product(name: "AppFlow", package: "AppFlow"), "Timing"],
            path: "LogoutLatency"
        ),
        // What a raised priority buys behind a long queue: a high-priority task's wait to start
        // behind queued medium-priority jobs, and a high-priority actor call's behind queued
        // calls, no AppFlow involved: `swift run -c release PriorityPickup`.
        .executableTarget(
            name: "PriorityPickup",
            dependencies: ["Timing"],
            path: "PriorityPickup",
            // Timing rounds with the C library's `round`, which nothing else links here.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The cost of recording a trace (issue 28): a login/logout cycle with and without a
        // FlowTraceRecorder: `swift run -c release TraceCost`.
        .executableTarget(
            name: "TraceCost",
            dependencies: [.product(name: "AppFlow", package: "AppFlow"), "References", "Timing"],
            path: "TraceCost"
        ),
        // A login/logout cycle of an AuthFlow with 1, 2 and 3 scenes against as many bare
        // actors switched in a loop: `swift run -c release SceneCycles`.
        .executableTarget(
            name: "SceneCycles",
            dependencies: [.product(name: "AppFlow", package: "AppFlow"), "References", "Timing"],
            path: "SceneCycles"
        ),
        // An intent opened on a logged-in AuthFlow and delivered, against an actor handing the
        // value to a stored handler: `swift run -c release IntentDelivery`.
        .executableTarget(
            name: "IntentDelivery",
            dependencies: [.product(name: "AppFlow", package: "AppFlow"), "Timing"],
            path: "IntentDelivery"
        ),
        // The time from an AuthFlow's cover() to its return, idle and during a fade:
        // `swift run -c release CoverLatency`.
        .executableTarget(
            name: "CoverLatency",
            dependencies: [.product(name: "AppFlow", package: "AppFlow"), "Timing"],
            path: "CoverLatency"
        ),
        // Schedules per second of the test kit's schedule explorer on a 20-call AuthFlow
        // scenario: `swift run -c release ExplorationThroughput`.
        .executableTarget(
            name: "ExplorationThroughput",
            dependencies: [
                .product(name: "AppFlow", package: "AppFlow"),
                .product(name: "AppFlowTesting", package: "AppFlow"),
                "Timing",
            ],
            path: "ExplorationThroughput",
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // The hand-written references, shared by the benchmarks and SideBySide.
        .target(
            name: "References",
            dependencies: [.product(name: "AppFlow", package: "AppFlow")],
            path: "References"
        ),
        // Timing helpers shared by the side-by-side benchmarks.
        .target(name: "Timing", path: "Timing"),
        // The C library's count of heap bytes in use, for SideBySide's memory row.
        .target(name: "HeapStats", path: "HeapStats"),
    ],
    swiftLanguageModes: [.v6]
)
