import Foundation
import Testing
import UserNotifications

@testable import CoreData

@Suite("CoreData: NSPredicate(format:) as apps write it, parsed and evaluated")
struct PredicateFormatTests {
    private let message: [String: Any] = [
        "id": "m-42", "sender": "Alice Émile", "count": NSNumber(value: 7), "unread": NSNumber(value: true),
        "date": Date(timeIntervalSinceReferenceDate: 1000), "tags": ["work", "urgent"], "rating": NSNumber(value: 4.5),
    ]

    private func matches(_ format: String, _ args: any CVarArg...) -> Bool {
        NSPredicate(format: format, argumentArray: args).evaluate(with: message)
    }

    @Test("Comparisons with %@, %d, %f, %K and literals")
    func comparisons() {
        #expect(matches("id == %@", "m-42"))
        #expect(!matches("id == %@", "m-43"))
        #expect(matches("id = 'm-42'") && matches("id != \"x\"") && matches("id <> 'x'"))
        #expect(
            matches("count == %d", 7) && matches("count > %d", 6) && matches("count >= 7") && matches("count < 8")
                && matches("count <= %d", Int32(7)) && matches("count =< 7") && matches("count => 7"))
        #expect(matches("rating > %f", 4.25) && !matches("rating > 4.5"))
        #expect(matches("%K == %@", "id", "m-42"))
        #expect(
            matches("unread == YES") && matches("unread == TRUE") && !matches("unread == NO")
                && matches("unread == %@", NSNumber(value: true)))
        #expect(matches("date < %@", Date(timeIntervalSinceReferenceDate: 2000) as NSDate))
        #expect(matches("date > %@", Date(timeIntervalSinceReferenceDate: 10)))
        #expect(matches("missing == nil") && matches("missing == NULL") && !matches("id == nil") && matches("id != nil"))
    }

    @Test("String operators with [c] and [d]")
    func strings() {
        #expect(matches("sender CONTAINS %@", "Alice") && !matches("sender CONTAINS 'alice'"))
        #expect(matches("sender CONTAINS[c] %@", "alice") && matches("sender contains[c] 'ÉMILE'"))
        #expect(matches("sender CONTAINS[cd] 'emile'") && !matches("sender CONTAINS[c] 'emile'"))
        #expect(matches("sender BEGINSWITH 'Ali'") && matches("sender BEGINSWITH[c] 'ali'") && matches("sender ENDSWITH 'mile'"))
        #expect(matches("sender LIKE 'Al*'") && matches("sender LIKE[c] 'al?ce*'") && !matches("sender LIKE 'Bob*'"))
        #expect(matches("id MATCHES 'm-[0-9]+'") && !matches("id MATCHES '[0-9]+'"))
    }

    @Test("IN, BETWEEN, aggregates and collections")
    func collections() {
        #expect(matches("id IN %@", ["m-1", "m-42"]) && !matches("id IN %@", ["m-1"]))
        #expect(matches("id IN %@", ["m-42"] as NSArray) && matches("id IN {'a', 'm-42'}"))
        #expect(matches("count IN {1, 7}") && matches("count BETWEEN {5, 10}") && !matches("count BETWEEN {8, 10}"))
        #expect(matches("tags CONTAINS 'urgent'") && matches("'work' IN tags"))
        #expect(matches("tags.@count == 2"))
    }

    @Test("AND, OR, NOT, &&, ||, !, parentheses, TRUEPREDICATE")
    func logic() {
        #expect(matches("id == 'm-42' AND count == 7") && !matches("id == 'm-42' AND count == 8"))
        #expect(matches("id == 'x' OR count == 7") && matches("id == 'x' || count == 7") && matches("id == 'm-42' && unread == YES"))
        #expect(matches("NOT id == 'x'") && matches("!(id == 'x')") && !matches("NOT (id == 'm-42')"))
        #expect(matches("(id == 'x' OR id == 'm-42') AND (count > 1 AND NOT unread == NO)"))
        #expect(matches("TRUEPREDICATE") && !matches("FALSEPREDICATE"))
        #expect(matches("id == 'x' OR id == 'y' OR id == 'm-42'"))
        // AND binds tighter than OR.
        #expect(matches("id == 'm-42' OR id == 'x' AND count == 0"))
    }

    @Test("Compound predicates of format predicates; the report's text of each")
    func compoundAndDescription() {
        let both = NSCompoundPredicate(andPredicateWithSubpredicates: [
            NSPredicate(format: "id == %@", "m-42"),
            NSPredicate(format: "count > %d", 3),
        ])
        #expect(both.evaluate(with: message))
        #expect(PredicateDescription.of(NSPredicate(format: "id == %@", "m-42")) == "id == \"m-42\"")
        #expect(PredicateDescription.of(both) == "(id == \"m-42\") AND (count > 3)")
        #expect(
            PredicateDescription.of(NSPredicate(format: "%K IN %@ AND name == 'a%b'", "id", ["x", "y"]))
                == "id IN {\"x\", \"y\"} AND name == 'a%b'")
    }

    @Test("Format errors say what was found where")
    func errors() {
        func reason(_ format: String, _ args: [Any?] = []) -> String? {
            do {
                _ = try PredicateParser.parse(format, arguments: args)
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(reason("id ==") == "expected a value at the end")
        #expect(reason("id == %@") == "more placeholders than arguments")
        #expect(reason("id == 'x") == "unterminated string")
        #expect(reason("id ~ 'x'") == "unexpected character '~'")
        #expect(reason("ANY tags == 'x'")?.contains("not supported") == true)
        #expect(reason("(id == 'x'") == "expected )")
        #expect(reason("id == 'x' id") == "unexpected 'id'")
    }

    @Test("NSSortDescriptor(key:ascending:) sorts dictionaries and objects by a key; nil first")
    func sortDescriptors() {
        let rows: [[String: Any]] = [["n": NSNumber(value: 2), "s": "b"], ["n": NSNumber(value: 10), "s": "A"], ["s": "c"]]
        let ascending = NSSortDescriptor(key: "n", ascending: true)
        let sorted = rows.sorted { ascending.compare($0, to: $1) == .orderedAscending }
        #expect(sorted.map { $0["s"] as? String } == ["c", "b", "A"])
        let descending = NSSortDescriptor(key: "n", ascending: false)
        #expect(rows.sorted { descending.compare($0, to: $1) == .orderedAscending }.map { $0["s"] as? String } == ["A", "b", "c"])
        let caseless = NSSortDescriptor(key: "s", ascending: true, selector: Selector("localizedCaseInsensitiveCompare:"))
        #expect(rows.sorted { caseless.compare($0, to: $1) == .orderedAscending }.map { $0["s"] as? String } == ["A", "b", "c"])
        #expect(SortKey.describe(descending) == "n descending")
        final class Row: NSObject {
            var n: Int = 0
            var date: Date?
        }
        #expect(SortKey.describe(NSSortDescriptor(keyPath: \Row.n, ascending: true)).hasSuffix(" ascending"))
        #expect(SortKey.describe(NSSortDescriptor(keyPath: \Row.date, ascending: false)).hasSuffix(" descending"))
    }

    @Test("The CVarArg conformances CoreData adds print descriptions in String(format:) with %@, never crash")
    func formatsWithObjects() {
        let text = String(
            format: "%@ | %@ | %@ | %d", NSNumber(value: 3), ["a", "b"] as NSArray,
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, 7)
        #expect(text.hasPrefix("3 | (") && text.contains("E621E1F8-C36C-495A-93FC-0C247A3E6E5F | 7"))
    }
}
