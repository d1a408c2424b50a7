/// The screens of the demo app: the four flows every app has.
public enum AppScreen: Sendable, Hashable, CustomStringConvertible {
    /// Shown while cached state loads.
    case splash
    /// Shown on the first run.
    case onboarding
    /// The logged-out flow.
    case login
    /// The logged-in flow, for `user`.
    case main(user: String)

    /// The screen's short name, as in `main(ada)`.
    public var description: String {
        switch self {
        case .splash: return "splash"
        case .onboarding: return "onboarding"
        case .login: return "login"
        case .main(let user): return "main(\(user))"
        }
    }

    /// What the panel of this screen says.
    var caption: String {
        switch self {
        case .splash: return "loading cached state..."
        case .onboarding: return "first run: three quick tips"
        case .login: return "please sign in"
        case .main(let user): return "welcome back, \(user)"
        }
    }

    /// Whether this is the logged-in flow.
    var isLoggedIn: Bool {
        if case .main = self { return true }
        return false
    }
}
