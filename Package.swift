// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AppFlow",
    products: [
        .library(name: "AppFlow", targets: ["AppFlow"]),
        .library(name: "AppFlowTesting", targets: ["AppFlowTesting"]),
    ],
    targets: [
        .target(name: "AppFlow"),
        .target(name: "AppFlowTesting", dependencies: ["AppFlow"]),
        .testTarget(name: "AppFlowTests", dependencies: ["AppFlow", "AppFlowTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
