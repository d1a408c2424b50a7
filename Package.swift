// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "AppFlow",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "AppFlow", targets: ["AppFlow"]),
        .library(name: "AppFlowTesting", targets: ["AppFlowTesting"]),
        .library(name: "AppFlowTestingTraits", targets: ["AppFlowTestingTraits"]),
        .library(name: "AppFlowUIKit", targets: ["AppFlowUIKit"]),
        .library(name: "AppFlowSwiftUI", targets: ["AppFlowSwiftUI"]),
        .executable(name: "appflow-demo", targets: ["appflow-demo"]),
    ],
    targets: [
        .target(name: "AppFlow"),
        .target(name: "AppFlowTesting", dependencies: ["AppFlow"]),
        // Traits for Swift Testing suites; apart from AppFlowTesting, so that code that
        // uses the test kit outside tests (the demo) does not link Swift Testing.
        .target(name: "AppFlowTestingTraits"),
        // UIKit on Apple platforms; on Linux a recording stand-in with the same signatures,
        // so that the glue's containment calls are built and tested here.
        .target(name: "UIKitStandIn"),
        .target(
            name: "AppFlowUIKit",
            dependencies: ["AppFlow", .target(name: "UIKitStandIn", condition: .when(platforms: [.linux]))]
        ),
        // SwiftUI's root view, apart from AppFlow so that UIKit-only apps link no SwiftUI;
        // empty where there is no SwiftUI (Linux).
        .target(name: "AppFlowSwiftUI", dependencies: ["AppFlow"]),
        .target(name: "AppFlowDemo", dependencies: ["AppFlow", "AppFlowTesting"]),
        .executableTarget(name: "appflow-demo", dependencies: ["AppFlowDemo"]),
        .testTarget(
            name: "AppFlowTests",
            dependencies: ["AppFlow", "AppFlowTesting", "AppFlowTestingTraits"],
            // Read by the machines' table tests from the source tree, never bundled.
            exclude: [
                "Container/FlowStateMachineTable.txt", "Auth/AuthStateMachineTable.txt", "Auth/AuthCallOrderTable.txt",
                "Auth/AuthPlaceMachineTable.txt", "Auth/AuthSceneListTable.txt", "Auth/AuthStartGuardsTable.txt",
                "Auth/AuthSceneRunMachineTable.txt", "Auth/SessionServicesStateMachineTable.txt",
                "Auth/AuthEventMergeFeedTable.txt",
                "Lock/CoveredChildMachineTable.txt", "Lock/AuthLockMachineTable.txt", "Lock/CoverMarkMachineTable.txt",
                "Intents/IntentStateMachineTable.txt", "Presentation/FlowViewStateMachineTable.txt",
            ]
        ),
        // UIKit itself: run in the simulators, in the host app of .ci/host-app, by the
        // Apple workflow; type-checked here against .ci/apple-stand-ins. Empty where there
        // is no UIKit (Linux, macOS, watchOS).
        .testTarget(
            name: "AppFlowUIKitHostedTests",
            dependencies: ["AppFlowUIKit", "AppFlow", "AppFlowTesting"]
        ),
        .testTarget(
            name: "AppFlowUIKitTests",
            dependencies: [
                "AppFlowUIKit", "AppFlow", "AppFlowTesting", "AppFlowTestingTraits",
                .target(name: "UIKitStandIn", condition: .when(platforms: [.linux])),
            ]
        ),
        // Built as Xcode 26 builds a new app target: main-actor isolation by default and
        // "approachable concurrency", so that the guides' provider is compiled as apps
        // compile it.
        .testTarget(
            name: "AppFlowAppTargetTests",
            dependencies: ["AppFlow"],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("InferIsolatedConformances"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),
        .testTarget(
            name: "AppFlowDemoTests",
            dependencies: ["AppFlowDemo", "AppFlow", "AppFlowTesting", "AppFlowTestingTraits"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
