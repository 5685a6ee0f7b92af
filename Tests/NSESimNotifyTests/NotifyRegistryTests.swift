import Foundation
import Testing

@testable import NSESimNotify

/// The registrations of a process as a pure value, and where names live.
@Suite("notify's registrations")
struct NotifyRegistryTests {
    @Test("A post reaches the live, unsuspended registrations of its name; check tokens only through notify_check")
    func posts() {
        var registry = NotifyRegistry()
        let a = registry.register("com.example.a", .dispatch, generation: 0)
        let b = registry.register("com.example.a", .check, generation: 0)
        let c = registry.register("com.example.b", .signal(30), generation: 5)
        #expect([a, b, c] == [1, 2, 3])
        let r1 = registry.posted("com.example.a")
        #expect(r1 == [a])
        let r2 = registry.posted("com.example.b")
        #expect(r2 == [c])
        let r3 = registry.posted("com.example.none")
        #expect(r3.isEmpty)
        let r4 = registry.cancel(a)
        #expect(r4)
        let r5 = registry.cancel(a)
        #expect(!r5)
        #expect(!registry.isValid(a) && registry.isValid(b))
        let r6 = registry.posted("com.example.a")
        #expect(r6.isEmpty)
        #expect(!registry.watches("com.example.none") && registry.watches("com.example.a"))
    }

    @Test("notify_check: true at the first check, then only after the generation moved")
    func check() {
        var registry = NotifyRegistry()
        let token = registry.register("n", .check, generation: 3)
        let r7 = registry.check(token, generation: 3)
        #expect(r7 == true)
        let r8 = registry.check(token, generation: 3)
        #expect(r8 == false)
        let r9 = registry.check(token, generation: 4)
        #expect(r9 == true)
        let r10 = registry.check(99, generation: 4)
        #expect(r10 == nil)
    }

    @Test("Suspended: a post is kept and delivered once at resume")
    func suspension() {
        var registry = NotifyRegistry()
        let token = registry.register("n", .dispatch, generation: 0)
        let r11 = registry.suspend(token)
        #expect(r11)
        let r12 = registry.posted("n")
        #expect(r12.isEmpty)
        let r13 = registry.posted("n")
        #expect(r13.isEmpty)
        let r14 = registry.resume(token)
        #expect(r14 == true)
        let r15 = registry.resume(token)
        #expect(r15 == false)
        let r16 = registry.posted("n")
        #expect(r16 == [token])
        let r17 = registry.resume(42)
        #expect(r17 == nil)
    }

    @Test("Names: plain reverse-DNS names are their folder; others are hex with a hash, inside the notify folder")
    func folders() {
        let folder = NotifyFolder(environment: ["NSESIM_DATA_DIR": "/data"])
        #expect(folder.root.path == "/data/notify")
        #expect(folder.posts(of: "com.example.app.newData").path == "/data/notify/com.example.app.newData/posts")
        let odd = folder.folder(of: "../../etc/passwd")
        #expect(odd.deletingLastPathComponent().path == "/data/notify")
        #expect(odd.lastPathComponent.hasPrefix("x-2e2e2f"))
        #expect(NotifyFolder(environment: ["NSESIM_CENTER": "/d/apps/com.example.app/app.sqlite"]).root.path == "/d/notify")
        #expect(NotifyFolder(environment: ["XDG_DATA_HOME": "/x"]).root.path == "/x/nsesim/notify")
    }
}
