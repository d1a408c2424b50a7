// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AppFlow",
    products: [
        .library(name: "AppFlow", targets: ["AppFlow"]),
        .library(name: "AppFlowTesting", targets: ["AppFlowTesting"]),
        .executable(name: "appflow-demo", targets: ["appflow-demo"]),
    ],
    targets: [
        .target(name: "AppFlow"),
        .target(name: "AppFlowTesting", dependencies: ["AppFlow"]),
        .target(name: "AppFlowDemo", dependencies: ["AppFlow", "AppFlowTesting"]),
        .executableTarget(name: "appflow-demo", dependencies: ["AppFlowDemo"]),
        .testTarget(name: "AppFlowTests", dependencies: ["AppFlow", "AppFlowTesting"]),
        .testTarget(name: "AppFlowDemoTests", dependencies: ["AppFlowDemo", "AppFlow", "AppFlowTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
