import Foundation
import NSESimCenter
import NSESimRuntime
import Testing

/// The center as a value: Apple's rules, each change saying what it did.
@Suite("Center state")
struct CenterStateTests {
    func content(_ title: String, badge: Int64? = nil, category: String = "") -> JSONValue {
        .object(["title": .string(title), "badge": badge.map(JSONValue.integer) ?? .null, "categoryIdentifier": .string(category)])
    }

    @Test("Delivered: newest first; the same identifier replaces; the content's badge is the app's")
    func delivered() {
        var state = CenterState()
        state.deliver(.init(identifier: "a", content: content("A"), date: 1))
        state.deliver(.init(identifier: "b", content: content("B", badge: 4), date: 2))
        let change = state.deliver(.init(identifier: "a", content: content("A2"), date: 3))
        #expect(state.delivered.map(\.identifier) == ["a", "b"])
        #expect(state.delivered[0].content["title"]?.stringValue == "A2")
        #expect(change.details["replaced"] == .bool(true))
        #expect(state.badge == 4)
    }

    @Test("Removing delivered notifications reports the ones that were there")
    func removeDelivered() {
        var state = CenterState()
        state.deliver(.init(identifier: "a", content: content("A"), date: 1))
        state.deliver(.init(identifier: "b", content: content("B"), date: 2))
        #expect(state.removeDelivered(["a", "zzz"]).details["identifiers"] == .array([.string("a")]))
        #expect(state.delivered.map(\.identifier) == ["b"])
        #expect(state.removeAllDelivered().details["identifiers"] == .array([.string("b")]))
        #expect(state.delivered.isEmpty)
    }

    @Test("setNotificationCategories replaces every category")
    func categories() {
        var state = CenterState()
        _ = state.setCategories([.object(["identifier": .string("chat")]), .object(["identifier": .string("call")])])
        #expect(state.hasCategory("chat") && state.hasCategory("call"))
        let change = state.setCategories([.object(["identifier": .string("invite")])])
        #expect(!state.hasCategory("chat") && state.hasCategory("invite"))
        #expect(change.kind == .categoriesSet)
    }

    @Test("At most 64 pending requests, the soonest kept: the 65th is dropped; the same identifier replaces")
    func pendingLimit() {
        var state = CenterState()
        for index in 0..<64 {
            let trigger = CenterTrigger.timeInterval(Double(100 + index), repeats: false).jsonValue
            _ = state.addPending(.init(identifier: "r\(index)", content: content("\(index)"), trigger: trigger, added: 0))
        }
        // The 65th fires sooner than r63: r63 (the latest) is the one dropped.
        let soon = state.addPending(
            .init(
                identifier: "soon", content: content("soon"),
                trigger: CenterTrigger.timeInterval(50, repeats: false).jsonValue, added: 0))
        #expect(soon.details["dropped"] == .array([.string("r63")]))
        // One later than all 64 is itself dropped.
        let late = state.addPending(
            .init(
                identifier: "late", content: content("late"),
                trigger: CenterTrigger.timeInterval(9999, repeats: false).jsonValue, added: 0))
        #expect(late.details["dropped"] == .array([.string("late")]))
        #expect(state.pending.count == 64)
        #expect(state.pending.first?.identifier == "r0")
        let change = state.addPending(.init(identifier: "r5", content: content("again"), trigger: .null, added: 99))
        #expect(change.details["replaced"] == .bool(true))
        #expect(state.pending.count == 64)
        #expect(state.removePending(["r5"]).details["identifiers"] == .array([.string("r5")]))
    }

    @Test("The stored form reads back the same; a change's JSON reads back the same")
    func roundTrip() {
        var state = CenterState()
        _ = state.setCategories([.object(["identifier": .string("chat"), "actions": .array([])])])
        state.deliver(.init(identifier: "b", content: content("B"), date: 2))
        state.deliver(.init(identifier: "a", content: content("A"), date: 3))
        _ = state.addPending(.init(identifier: "p", content: content("P"), trigger: .object(["type": .string("x")]), added: 4))
        _ = state.setBadge(7)
        #expect(CenterState(jsonValue: state.jsonValue) == state)
        let change = state.setBadge(0)
        #expect(CenterChange(jsonValue: change.jsonValue) == change)
    }
}
