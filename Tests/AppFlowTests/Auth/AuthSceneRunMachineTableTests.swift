import Foundation
import Testing

@testable import AppFlow

/// `AuthSceneRunMachine` as a complete table: every state × every input, kept in
/// `AuthSceneRunMachineTable.txt` with its answer and resulting state, the invariant checked
/// before and after every row.
@Suite struct AuthSceneRunMachineTableTests: InvariantMachineTable {
    typealias Request = AuthSceneRunMachine<String>

    enum State: String, CaseIterable, Sendable {
        case waiting
        /// Begun with plan "p".
        case planned
        case building
        /// Building, holding the services of epoch 7.
        case buildingWithServices
        case overtaken
        /// Overtaken, holding the services of epoch 7.
        case overtakenWithServices
        case returned
        /// A scene's placement, as made.
        case placing

        func make() -> Request {
            var request = Request()
            switch self {
            case .waiting: break
            case .planned: _ = request.begin("p")
            case .building:
                _ = request.begin("p")
                request.build()
            case .buildingWithServices:
                request = State.building.make()
                _ = request.servicesAnswered("s7", of: 7)
            case .overtaken:
                _ = request.begin("p")
                request.build()
                _ = request.answered(false, at: .overtaken)
            case .overtakenWithServices:
                request = State.overtaken.make()
                _ = request.servicesAnswered("s7", of: 7)
            case .returned: _ = request.returned()
            case .placing: request = .placing()
            }
            return request
        }
    }

    enum Input: CaseIterable, Sendable, CustomStringConvertible {
        case begin, plan, build, isBuilding
        /// The services of epoch 8 answered: granted ("s8"), or refused.
        case servicesAnswered(granted: Bool)
        /// The container's admission answered `admitted` at `point`.
        case answered(Bool, FlowAdmissionPoint)
        case returned

        static let allCases: [Input] =
            [.begin, .plan, .build, .isBuilding, .servicesAnswered(granted: true), .servicesAnswered(granted: false)]
            + [FlowAdmissionPoint.arrival, .start, .childMade, .overtaken].flatMap { point in
                [Input.answered(true, point), .answered(false, point)]
            } + [.returned]

        var description: String {
            switch self {
            case .begin: "begin(\"q\")"
            case .plan: "plan"
            case .build: "build"
            case .isBuilding: "isBuilding"
            case .servicesAnswered(let granted): "servicesAnswered(\(granted ? "\"s8\"" : "nil"), of: 8)"
            case .answered(let admitted, let point): "answered(\(admitted), at: \(point))"
            case .returned: "returned"
            }
        }
    }

    static func apply(_ input: Input, to request: inout Request) -> String {
        switch input {
        case .begin: return "\(request.begin("q"))"
        case .plan: return request.plan ?? "nil"
        case .build:
            request.build()
            return "-"
        case .isBuilding: return "\(request.isBuilding)"
        case .servicesAnswered(let granted):
            switch request.servicesAnswered(granted ? "s8" : nil, of: 8) {
            case .sessionChild(let services): return "sessionChild(\(services))"
            case .switchingPlaceholder: return "switchingPlaceholder"
            }
        case .answered(let admitted, let point): return "\(request.answered(admitted, at: point))"
        case .returned:
            let held = request.returned()
            return "endsOvertaken: \(held.endsOvertaken), services: \(held.services.map { "\($0)" } ?? "nil")"
        }
    }

    static func render(_ request: Request) -> String {
        switch request.state {
        case .waiting: return "waiting"
        case .planned(let plan): return "planned(\(plan))"
        case .building(services: nil): return "building"
        case .building(let services?): return "building(services: \(services))"
        case .overtaken(services: nil): return "overtaken"
        case .overtaken(let services?): return "overtaken(services: \(services))"
        case .returned: return "returned"
        }
    }

    static func make(_ state: State) -> Request { state.make() }
    static func inputs(in state: State) -> [Input] { Input.allCases }

    /// The plan is readable exactly while the request is planned, and only a building
    /// request counts as building.
    static func invariantViolations(of request: Request) -> [String] {
        var violations: [String] = []
        if case .planned = request.state, request.plan == nil {
            violations.append("a planned request without its plan")
        }
        if case .planned = request.state {} else if request.plan != nil { violations.append("a plan outside planned") }
        if case .building = request.state {
            if !request.isBuilding { violations.append("building, not counted") }
        } else if request.isBuilding {
            violations.append("counted as building in \(render(request))")
        }
        return violations
    }

    static let table = TableFile("AuthSceneRunMachineTable.txt", besideTestFile: #filePath)

    @Test func theTableFileListsEveryInputInEveryStateWithItsAnswerAndResultingState() throws {
        let header = """
            # AuthSceneRunMachine: every state (AuthSceneRunMachineTableTests.State) × every input.
            # Each line: state × input → answer ⇒ resulting state. Checked line for line by
            # AuthSceneRunMachineTableTests. A planned request's plan is "p".

            """
        try Self.table.check(Self.lines(), header: header)
    }

    @Test(arguments: rows)
    func everyRowKeepsTheInvariant(_ row: Row) {
        Self.expectInvariant(row)
    }

    @Test func finishWaitsExactlyForAFactoryThatWasOvertakenWhileItBuilt() {
        // Refused at `overtaken` while it prepared: the factory never ran for a shown child;
        // no wait.
        var preparing = State.planned.make()
        let overtakenWhilePreparing = preparing.answered(false, at: .overtaken)
        let returnedAfterPreparing = preparing.returned().endsOvertaken
        #expect(!overtakenWhilePreparing && !returnedAfterPreparing)
        // Admitted at `overtaken` while it built (the newer request is of its own call): not
        // overtaken. Refused at any other point: not overtaken either.
        var admittedWhileBuilding = State.building.make()
        let admittedAnswers = [
            admittedWhileBuilding.answered(true, at: .overtaken),
            admittedWhileBuilding.answered(false, at: .childMade),
            admittedWhileBuilding.returned().endsOvertaken,
        ]
        #expect(admittedAnswers == [false, false, false])
        // Refused at `overtaken` while it built: finish waits until it returns, once.
        var building = State.building.make()
        let answers = [
            building.answered(false, at: .overtaken), building.answered(false, at: .overtaken),
            building.returned().endsOvertaken, building.returned().endsOvertaken,
        ]
        #expect(answers == [true, false, true, false])
    }

    /// Services refused (the flow left their session after the call began) make the
    /// factory build the switching placeholder, holding no services, whether the request
    /// still builds or was overtaken; services granted make it build the session's child.
    @Test func aFactoryWhoseServicesAreRefusedBuildsTheSwitchingPlaceholderAndHoldsNone() {
        for state in [State.building, .overtaken, .placing] {
            var refused = state.make()
            guard case .switchingPlaceholder = refused.servicesAnswered(String?.none, of: 3) else {
                Issue.record("\(state): refused services built the session's child")
                continue
            }
            #expect(refused.returned().services == nil, "\(state)")
            var granted = state.make()
            guard case .sessionChild("s3") = granted.servicesAnswered("s3", of: 3) else {
                Issue.record("\(state): granted services did not build the session's child")
                continue
            }
            #expect(granted.returned().services == 3, "\(state)")
        }
    }

    @Test func theServicesAFactoryTookAreHandedBackOnceWhenItReturnsOvertakenOrNot() {
        // Taken while it built, then overtaken: the epoch survives the overtaking.
        var overtaken = State.building.make()
        _ = overtaken.servicesAnswered("s3", of: 3)
        _ = overtaken.answered(false, at: .overtaken)
        #expect(overtaken.returned() == .init(endsOvertaken: true, services: 3))
        #expect(overtaken.returned() == .init(endsOvertaken: false, services: nil))
        // Taken by a placement, whose factory is all build; a second take is ignored.
        var placing = Request.placing()
        _ = placing.servicesAnswered("s4", of: 4)
        _ = placing.servicesAnswered("s5", of: 5)
        #expect(placing.returned() == .init(endsOvertaken: false, services: 4))
        // A request that never built takes none.
        var planned = State.planned.make()
        _ = planned.servicesAnswered("s6", of: 6)
        #expect(planned.returned() == .init(endsOvertaken: false, services: nil))
    }
}
