import Foundation
import SimdUnbox
import Testing

struct User: Unboxable {
    let name: String
    let age: Int
    let distance: Int
    let device: String
    let tags: [String]
    let coords: [[Double]]
    let url: URL?
    init(unboxer: Unboxer) throws {
        name = try unboxer.unbox(key: "name")
        age = try unboxer.unbox(key: "age")
        distance = try unboxer.unbox(keyPath: "activities.running.distance")
        device = try unboxer.unbox(keyPath: "devices.1")
        tags = try unboxer.unbox(key: "tags")
        coords = try unboxer.unbox(key: "coords")
        url = try? unboxer.unbox(key: "url")
    }
}

@Test func smoke() throws {
    let json = #"{"name":"John","age":"27","activities":{"running":{"distance":300}},"devices":["a","b"],"tags":["x"],"coords":[[1,2.5],[3,4]]}"#
    let user: User = try unbox(string: json)
    print(user)
    do {
        let _: User = try unbox(string: #"{"name":"John","age":1.5}"#)
    } catch { print(error) }
    do {
        let _: [User] = try unbox(string: #"[{"name":"John","age":2, "activities": {"running": {"distance": "x"}}}]"#)
    } catch { print(error) }
    do {
        let _: [Int] = try unbox(string: #"[1,2,tru]"#)
    } catch { print(error) }
    do {
        let _: [Int] = try unbox(string: #"[1,2] x"#)
    } catch { print(error) }
    do {
        let x: Int = try unbox(string: #" 12 "#)
        print(x)
        let _: Int = try unbox(string: #" 12 x"#)
    } catch { print(error) }
}
