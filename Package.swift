// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "AppFlow",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "AppFlow", targets: ["AppFlow"]),
        .library(name: "AppFlowTesting", targets: ["AppFlowTesting"]),
        .library(name: "AppFlowUIKit", targets: ["AppFlowUIKit"]),
        .executable(name: "appflow-demo", targets: ["appflow-demo"]),
    ],
    targets: [
        .target(name: "AppFlow"),
        .target(name: "AppFlowTesting", dependencies: ["AppFlow"]),
        // UIKit on Apple platforms; on Linux a recording stand-in with the same signatures,
        // so that the glue's containment calls are built and tested here.
        .target(name: "UIKitStandIn"),
        .target(
            name: "AppFlowUIKit",
            dependencies: ["AppFlow", .target(name: "UIKitStandIn", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "AppFlowDemo", dependencies: ["AppFlow", "AppFlowTesting"]),
        .executableTarget(name: "appflow-demo", dependencies: ["AppFlowDemo"]),
        .testTarget(name: "AppFlowTests", dependencies: ["AppFlow", "AppFlowTesting"]),
        .testTarget(
            name: "AppFlowUIKitTests",
            dependencies: [
                "AppFlowUIKit", "AppFlow", "AppFlowTesting",
                .target(name: "UIKitStandIn", condition: .when(platforms: [.linux])),
            ]
        ),
        .testTarget(name: "AppFlowDemoTests", dependencies: ["AppFlowDemo", "AppFlow", "AppFlowTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
