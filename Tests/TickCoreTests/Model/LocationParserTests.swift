import Testing
import TickCore

@Suite("LocationParser")
struct LocationParserTests {
    @Test("a name, a name with a coordinate, a coordinate alone keeping the name")
    func forms() throws {
        #expect(try LocationParser.parse("Dom", currentName: nil) == Location(name: "Dom"))
        let dom = try #require(try LocationParser.parse("Dom @ 50.94, 6.96", currentName: nil))
        #expect(dom.name == "Dom")
        #expect(dom.coordinate == (try Location.Coordinate(latitude: 50.94, longitude: 6.96)))
        let kept = try #require(try LocationParser.parse("50.94° N, 6.96° E", currentName: "Office"))
        #expect(kept.name == "Office")
        #expect(kept.coordinate?.latitude == 50.94)
        #expect(try LocationParser.parse("  ", currentName: "Office") == nil)
        #expect(try LocationParser.parse("New York", currentName: nil)?.name == "New York")
    }

    @Test("coordinates: comma or space, signs or hemispheres")
    func coordinates() throws {
        #expect(try LocationParser.coordinate("-33.87,151.21") == Location.Coordinate(latitude: -33.87, longitude: 151.21))
        #expect(try LocationParser.coordinate("33.87° S, 151.21° E") == Location.Coordinate(latitude: -33.87, longitude: 151.21))
        #expect(try LocationParser.coordinate("50.94 6.96") == Location.Coordinate(latitude: 50.94, longitude: 6.96))
        #expect(try LocationParser.coordinate("40.7 N, 74.0 W") == Location.Coordinate(latitude: 40.7, longitude: -74.0))
    }

    @Test("problems name what is wrong", arguments: [
        ("nan,inf", "not a number"), ("50, inf", "longitude \"inf\" is not a number"), ("95, 6.96", "latitude"),
        ("north", "cannot read \"north\" as a coordinate"), ("1,2,3", "cannot read"),
    ])
    func problems(text: String, message: String) {
        do {
            _ = try LocationParser.coordinate(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("a coordinate alone without a current name asks for one")
    func needsName() {
        #expect(throws: LocationParser.Problem.self) { try LocationParser.parse("50.94, 6.96", currentName: nil) }
    }

    @Test("an @ followed by words is part of the name; one followed by a bad coordinate is still an error", arguments: [
        "Lunch @ Joe's Diner", "@home", "Meet @ 5th Ave", "a@b.example", "Lunch @ news",
    ])
    func atInName(text: String) throws {
        let location = try #require(try LocationParser.parse(text, currentName: nil))
        #expect(location.name == text)
        #expect(location.coordinate == nil)
    }

    @Test("an @ followed by coordinate characters is read as a coordinate, and refused when it is none", arguments: [
        "Dom @ 95, 6.96", "Dom @ 50.94", "Dom @ 1,2,3",
    ])
    func badCoordinateAfterAt(text: String) {
        #expect(throws: LocationParser.Problem.self) { try LocationParser.parse(text, currentName: nil) }
    }
}
