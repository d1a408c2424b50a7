/// Which logged-out state a logout leads to: a plain sign-out, a soft logout that keeps
/// the account ("sign in again"), a sign-out that clears all data, or any variant an app
/// defines as a static constant.
///
/// ``AuthFlowProvider/makeLoggedOutChild(for:)`` builds the logged-out child for a
/// variant. A logout to another variant while logged out switches; a logout to the
/// variant shown returns ``AuthResult/unchanged``.
public struct LogoutVariant: Sendable, Hashable, CustomStringConvertible {
    /// The variant's name; two variants are equal when their names are.
    public let name: String

    /// A variant called `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The plain logged-out state: where ``AuthFlow/logout(_:animation:)`` leads by
    /// default, and where `start()` leads without a session.
    public static let signedOut = LogoutVariant("signedOut")

    /// The name.
    public var description: String { name }
}
