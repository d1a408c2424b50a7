// swift-tools-version: 6.2
// The Apple type-check's own test (.ci/apple-typecheck): a package that uses Apple APIs
// above their availability, which the check must reject with Xcode's diagnostics.
import PackageDescription

let package = Package(
    name: "Probe",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    targets: [.target(name: "Probe")]
)
