import Foundation
import SimdUnbox
import Testing

// The examples of Unbox's README, decoded from JSON text as SimdUnbox's entry points take it
// (`data:`, `string:` or `bytes:` instead of Unbox's `dictionary:`).

// MARK: - Basic example

private struct User: Unboxable, Equatable {
    let name: String
    let age: Int

    init(name: String, age: Int) {
        self.name = name
        self.age = age
    }

    init(unboxer: Unboxer) throws {
        self.name = try unboxer.unbox(key: "name")
        self.age = try unboxer.unbox(key: "age")
    }
}

// MARK: - Advanced example

private struct SpaceShip {
    let type: SpaceShipType
    let weight: Double
    let engine: Engine
    let passengers: [Astronaut]
    let launchLiveStreamURL: URL?
    let lastPilot: Astronaut?
    let lastLaunchDate: Date?
}

extension SpaceShip: Unboxable {
    init(unboxer: Unboxer) throws {
        self.type = try unboxer.unbox(key: "type")
        self.weight = try unboxer.unbox(key: "weight")
        self.engine = try unboxer.unbox(key: "engine")
        self.passengers = try unboxer.unbox(key: "passengers")
        self.launchLiveStreamURL = try? unboxer.unbox(key: "liveStreamURL")
        self.lastPilot = try? unboxer.unbox(key: "lastPilot")

        let dateFormatter = DateFormatter()
        dateFormatter.locale = Locale(identifier: "en_US_POSIX")
        dateFormatter.timeZone = TimeZone(identifier: "UTC")
        dateFormatter.dateFormat = "yyyy-MM-dd"
        self.lastLaunchDate = try? unboxer.unbox(key: "lastLaunchDate", formatter: dateFormatter)
    }
}

private enum SpaceShipType: Int, UnboxableEnum {
    case apollo
    case sputnik
}

private struct Engine: Equatable {
    let manufacturer: String
    let fuelConsumption: Float
}

extension Engine: Unboxable {
    init(unboxer: Unboxer) throws {
        self.manufacturer = try unboxer.unbox(key: "manufacturer")
        self.fuelConsumption = try unboxer.unbox(key: "fuelConsumption")
    }
}

private struct Astronaut: Equatable {
    let name: String
}

extension Astronaut: Unboxable {
    init(unboxer: Unboxer) throws {
        self.name = try unboxer.unbox(key: "name")
    }
}

// MARK: - Transformations

private struct UniqueIdentifier: UnboxableByTransform {
    typealias UnboxRawValueType = String

    let identifierString: String

    init?(identifierString: String) {
        if let UUID = NSUUID(uuidString: identifierString) {
            self.identifierString = UUID.uuidString
        } else {
            return nil
        }
    }

    static func transform(unboxedValue: String) -> UniqueIdentifier? {
        return UniqueIdentifier(identifierString: unboxedValue)
    }
}

private struct Record: Unboxable {
    let id: UniqueIdentifier

    init(unboxer: Unboxer) throws {
        id = try unboxer.unbox(key: "id")
    }
}

// MARK: - Formatters

private enum Currency: Equatable {
    case usd(Int)
    case sek(Int)
    case pln(Int)
}

private struct CurrencyFormatter: UnboxFormatter {
    func format(unboxedValue: String) -> Currency? {
        let components = unboxedValue.components(separatedBy: ":")

        guard components.count == 2 else {
            return nil
        }

        let identifier = components[0]

        guard let value = Int(components[1]) else {
            return nil
        }

        switch identifier {
        case "usd":
            return .usd(value)
        case "sek":
            return .sek(value)
        case "pln":
            return .pln(value)
        default:
            return nil
        }
    }
}

private struct Product: Unboxable {
    let name: String
    let price: Currency

    init(unboxer: Unboxer) throws {
        name = try unboxer.unbox(key: "name")
        price = try unboxer.unbox(key: "price", formatter: CurrencyFormatter())
    }
}

// MARK: - Enums

private enum Profession: Int, UnboxableEnum {
    case developer
    case astronaut
}

private struct Passenger: Unboxable {
    let profession: Profession

    init(unboxer: Unboxer) throws {
        self.profession = try unboxer.unbox(key: "profession")
    }
}

// MARK: - Contextual objects

private struct Team {
    let name: String
}

private struct Member: UnboxableWithContext {
    let name: String
    let teamName: String

    init(unboxer: Unboxer, context: Team) throws {
        name = try unboxer.unbox(key: "name")
        teamName = context.name
    }
}

private struct Roster: UnboxableWithContext {
    let lead: Member
    let members: [Member]

    init(unboxer: Unboxer, context: Team) throws {
        lead = try unboxer.unbox(key: "lead", context: context)
        members = try unboxer.unbox(key: "members", context: context)
    }
}

// MARK: - Key paths

private struct ActiveUser: Unboxable {
    let name: String
    let age: Int
    let runningDistance: Int
    let primaryDeviceName: String

    init(unboxer: Unboxer) throws {
        self.name = try unboxer.unbox(key: "name")
        self.age = try unboxer.unbox(key: "age")
        self.runningDistance = try unboxer.unbox(keyPath: "activities.running.distance")
        self.primaryDeviceName = try unboxer.unbox(keyPath: "devices.0")
    }
}

private struct JobOpening: Equatable {
    let title: String
    let salary: Int
}

extension JobOpening: Unboxable {
    init(unboxer: Unboxer) throws {
        self.title = try unboxer.unbox(key: "title")
        self.salary = try unboxer.unbox(key: "salary")
    }
}

private struct Company {
    let name: String
}

extension Company: Unboxable {
    init(unboxer: Unboxer) throws {
        self.name = try unboxer.unbox(key: "name")
    }
}

// MARK: - Custom unboxing

private final class DependencyManager: Sendable {
    let identifier: String

    init(identifier: String) {
        self.identifier = identifier
    }
}

private struct Model {
    let dependency: DependencyManager
    var name: String?
    var count: Int?

    init(dependency: DependencyManager) {
        self.dependency = dependency
    }
}

@Suite("Unbox README examples")
struct ReadmeExampleTests {
    static let userJSON = """
        {
            "name": "John",
            "age": 27
        }
        """

    @Test func basicExampleFromString() throws {
        let user: User = try unbox(string: Self.userJSON)
        #expect(user == User(name: "John", age: 27))
    }

    @Test func basicExampleFromData() throws {
        let user: User = try unbox(data: Data(Self.userJSON.utf8))
        #expect(user == User(name: "John", age: 27))
    }

    @Test func basicExampleFromBytes() throws {
        let user: User = try unbox(bytes: Array(Self.userJSON.utf8))
        #expect(user == User(name: "John", age: 27))
    }

    @Test func advancedExampleWithEveryOptional() throws {
        let json = """
            {
                "type": 1,
                "weight": 3000.5,
                "engine": {"manufacturer": "Space Inc", "fuelConsumption": 12.5},
                "passengers": [{"name": "Neil"}, {"name": "Buzz"}, {"name": "Michael"}],
                "liveStreamURL": "https://launches.example.com/live?id=42",
                "lastPilot": {"name": "Yuri"},
                "lastLaunchDate": "2016-07-30"
            }
            """
        let ship: SpaceShip = try unbox(string: json)
        #expect(ship.type == .sputnik)
        #expect(ship.weight == 3000.5)
        #expect(ship.engine == Engine(manufacturer: "Space Inc", fuelConsumption: 12.5))
        #expect(ship.passengers == [Astronaut(name: "Neil"), Astronaut(name: "Buzz"), Astronaut(name: "Michael")])
        #expect(ship.launchLiveStreamURL == URL(string: "https://launches.example.com/live?id=42"))
        #expect(ship.lastPilot == Astronaut(name: "Yuri"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let expected = calendar.date(from: DateComponents(year: 2016, month: 7, day: 30))
        #expect(ship.lastLaunchDate == expected)
    }

    @Test func advancedExampleWithoutOptionals() throws {
        let json = """
            {"type": 0, "weight": 12, "engine": {"manufacturer": "NASA", "fuelConsumption": 7},
             "passengers": [], "lastPilot": null, "lastLaunchDate": "not a date"}
            """
        let ship: SpaceShip = try unbox(string: json)
        #expect(ship.type == .apollo)
        #expect(ship.weight == 12)
        #expect(ship.engine == Engine(manufacturer: "NASA", fuelConsumption: 7))
        #expect(ship.passengers.isEmpty)
        #expect(ship.launchLiveStreamURL == nil)
        #expect(ship.lastPilot == nil)
        #expect(ship.lastLaunchDate == nil)
    }

    @Test func advancedExampleRequiresItsRequiredFields() throws {
        let json = """
            {"type": 0, "weight": 12, "passengers": []}
            """
        let error = try #require(unboxError(SpaceShip.self, json))
        #expect(error.reason == .missingKey)
        #expect(error.path == [.key("engine")])
    }

    @Test func advancedExampleRejectsUnknownEnumValue() throws {
        let json = """
            {"type": 7, "weight": 12, "engine": {"manufacturer": "NASA", "fuelConsumption": 7}, "passengers": []}
            """
        let error = try #require(unboxError(SpaceShip.self, json))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path == [.key("type")])
        #expect(error.byteOffset == TestSupport.offset(of: "7", in: json))
    }

    @Test func transformation() throws {
        let record: Record = try unbox(string: #"{"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#)
        #expect(record.id.identifierString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")

        let json = #"{"id": "not-a-uuid"}"#
        let error = try #require(unboxError(Record.self, json))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path == [.key("id")])
        #expect(error.byteOffset == TestSupport.offset(of: "\"not-a-uuid\"", in: json))
    }

    @Test(arguments: [
        ("usd:100", Currency.usd(100)),
        ("sek:25", Currency.sek(25)),
        ("pln:-3", Currency.pln(-3)),
    ])
    fileprivate func formatter(price: String, expected: Currency) throws {
        let product: Product = try unbox(string: #"{"name": "Coffee", "price": "\#(price)"}"#)
        #expect(product.name == "Coffee")
        #expect(product.price == expected)
    }

    @Test(arguments: ["eur:5", "usd", "usd:five", "usd:1:2"])
    func formatterReturningNilIsAnInvalidValue(price: String) throws {
        let json = #"{"name": "Coffee", "price": "\#(price)"}"#
        let error = try #require(unboxError(Product.self, json))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path == [.key("price")])
        #expect(error.byteOffset == TestSupport.offset(of: "\"\(price)\"", in: json))
    }

    @Test func rootArray() throws {
        let users: [User] = try unbox(string: #"[{"name": "John", "age": 27}, {"name": "Jane", "age": 31}]"#)
        #expect(users == [User(name: "John", age: 27), User(name: "Jane", age: 31)])
    }

    @Test func rootDictionary() throws {
        let users: [String: User] = try unbox(
            data: Data(#"{"a": {"name": "John", "age": 27}, "b": {"name": "Jane", "age": 31}}"#.utf8))
        #expect(users == ["a": User(name: "John", age: 27), "b": User(name: "Jane", age: 31)])
    }

    @Test(arguments: [(0, Profession.developer), (1, Profession.astronaut)])
    fileprivate func builtInEnumSupport(raw: Int, expected: Profession) throws {
        let passenger: Passenger = try unbox(string: #"{"profession": \#(raw)}"#)
        #expect(passenger.profession == expected)
    }

    @Test func unknownEnumRawValue() throws {
        let error = try #require(unboxError(Passenger.self, #"{"profession": 2}"#))
        #expect(error.reason.kind == "invalidValue")
        #expect(error.path == [.key("profession")])
    }

    @Test func contextualObjects() throws {
        let team = Team(name: "Blue")
        let member: Member = try unbox(string: #"{"name": "Ann"}"#, context: team)
        #expect(member.name == "Ann")
        #expect(member.teamName == "Blue")

        let members: [Member] = try unbox(data: Data(#"[{"name": "Ann"}, {"name": "Bob"}]"#.utf8), context: team)
        #expect(members.map(\.name) == ["Ann", "Bob"])
        #expect(members.allSatisfy { $0.teamName == "Blue" })

        let roster: Roster = try unbox(
            string: #"{"lead": {"name": "Cy"}, "members": [{"name": "Di"}, {"name": "Ed"}]}"#, context: team)
        #expect(roster.lead.name == "Cy")
        #expect(roster.members.map(\.name) == ["Di", "Ed"])
        #expect(roster.members.allSatisfy { $0.teamName == "Blue" })

        let nested: Member = try unbox(
            string: #"{"team": {"lead": {"name": "Fay"}}}"#, atKeyPath: "team.lead", context: team)
        #expect(nested.name == "Fay")
    }

    @Test func keyPaths() throws {
        let json = """
            {
                "name": "John",
                "age": 27,
                "activities": {
                    "running": {
                        "distance": 300
                    }
                },
                "devices": [
                    "Macbook Pro",
                    "iPhone",
                    "iPad"
                ]
            }
            """
        let user: ActiveUser = try unbox(string: json)
        #expect(user.name == "John")
        #expect(user.age == 27)
        #expect(user.runningDistance == 300)
        #expect(user.primaryDeviceName == "Macbook Pro")
    }

    static let companyJSON = """
        {
            "company": {
                "name": "Spotify"
            },
            "jobOpenings": [
                {
                    "title": "Swift Developer",
                    "salary": 120000
                },
                {
                    "title": "UI Designer",
                    "salary": 100000
                }
            ]
        }
        """

    @Test func unboxNestedStructuresAtKeyAndKeyPath() throws {
        let json = Data(Self.companyJSON.utf8)
        let company: Company = try unbox(data: json, atKey: "company")
        let jobOpenings: [JobOpening] = try unbox(data: json, atKey: "jobOpenings")
        let featuredOpening: JobOpening = try unbox(data: json, atKeyPath: "jobOpenings.0")
        #expect(company.name == "Spotify")
        #expect(
            jobOpenings == [
                JobOpening(title: "Swift Developer", salary: 120000), JobOpening(title: "UI Designer", salary: 100000),
            ])
        #expect(featuredOpening == JobOpening(title: "Swift Developer", salary: 120000))

        let second: JobOpening = try unbox(string: Self.companyJSON, atKeyPath: "jobOpenings.1")
        #expect(second == JobOpening(title: "UI Designer", salary: 100000))
        let pointer: JobOpening = try unbox(string: Self.companyJSON, atKeyPath: "/jobOpenings/1")
        #expect(pointer == second)
        let name: String = try unbox(bytes: Array(Self.companyJSON.utf8), atKeyPath: "company.name")
        #expect(name == "Spotify")
    }

    @Test func unboxAtMissingKeyPath() throws {
        do {
            let _: JobOpening = try unbox(string: Self.companyJSON, atKeyPath: "jobOpenings.2")
            Issue.record("decoded an opening that does not exist")
        } catch let error as UnboxError {
            #expect(error.reason == .missingKey)
            #expect(error.path == [.key("jobOpenings"), .index(2)])
        }
        do {
            let _: Company = try unbox(string: Self.companyJSON, atKey: "owner")
            Issue.record("decoded a company that does not exist")
        } catch let error as UnboxError {
            #expect(error.reason == .missingKey)
            #expect(error.path == [.key("owner")])
        }
    }

    @Test func customUnboxingFromData() throws {
        let dependency = DependencyManager(identifier: "main")
        let model: Model = try Unboxer.performCustomUnboxing(
            data: Data(#"{"name": "Widget", "count": 3}"#.utf8),
            closure: { unboxer in
                var model = Model(dependency: dependency)
                model.name = try? unboxer.unbox(key: "name")
                model.count = try? unboxer.unbox(key: "count")

                return model
            })
        #expect(model.dependency === dependency)
        #expect(model.name == "Widget")
        #expect(model.count == 3)
    }

    @Test func customUnboxingFromString() throws {
        let dependency = DependencyManager(identifier: "main")
        let model: Model = try Unboxer.performCustomUnboxing(
            string: #"{"count": "12"}"#,
            closure: { unboxer in
                var model = Model(dependency: dependency)
                model.name = try? unboxer.unbox(key: "name")
                model.count = try? unboxer.unbox(key: "count")
                return model
            })
        #expect(model.name == nil)
        #expect(model.count == 12)
    }

    @Test func customUnboxingFromBytes() throws {
        let total: Int = try Unboxer.performCustomUnboxing(bytes: Array(#"{"a": 1, "b": 2}"#.utf8)) { unboxer in
            let a: Int = try unboxer.unbox(key: "a")
            let b: Int = try unboxer.unbox(key: "b")
            return a + b
        }
        #expect(total == 3)
    }

    @Test func customUnboxingReturningNilThrows() throws {
        do {
            let _: Int = try Unboxer.performCustomUnboxing(string: "{}") { _ in nil }
            Issue.record("a closure returning nil decoded a value")
        } catch let error as UnboxError {
            #expect(error.reason.kind == "custom")
        }
    }

    @Test func customUnboxingRethrowsTheClosuresError() throws {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            let _: Int = try Unboxer.performCustomUnboxing(string: "{}") { _ in throw Refused() }
        }
    }

    @Test func customUnboxingOfANonObjectIsATypeMismatch() throws {
        do {
            let _: Int = try Unboxer.performCustomUnboxing(string: "[1]") { _ in 1 }
            Issue.record("a root array was unboxed as an object")
        } catch let error as UnboxError {
            #expect(error.reason == .typeMismatch(expected: "an object", found: .array))
            #expect(error.byteOffset == 0)
        }
    }
}
