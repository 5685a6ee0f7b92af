import Combine
import CoreData
import Foundation
import Testing

/// ntfy's store as shipped: the class Xcode's codegen writes for its Subscription entity,
/// `let request = Subscription.fetchRequest()` without a type, and the app observing the
/// extension's changes with `NotificationCenter.default.publisher(for: .NSPersistentStoreRemoteChange)`.
final class NtfySubscription: NSManagedObject {}

extension NtfySubscription {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<NtfySubscription> {
        NSFetchRequest<NtfySubscription>(entityName: "Subscription")
    }
}

@Suite struct CoreDataCodegenBehaviourTests {
    @Test("Entity.fetchRequest() without a type is the generated class's typed request (NSManagedObject's is disfavoured, as on iOS)")
    func untypedFetchRequest() {
        let request = NtfySubscription.fetchRequest()
        let typed: NSFetchRequest<NtfySubscription> = request
        #expect(typed.entityName == "Subscription")
    }

    @Test("NotificationCenter.publisher(for: .NSPersistentStoreRemoteChange) delivers while subscribed, not after cancel")
    func remoteChangePublisher() {
        var cancellables = Set<AnyCancellable>()
        var seen = 0
        NotificationCenter.default.publisher(for: .NSPersistentStoreRemoteChange)
            .sink { _ in seen += 1 }
            .store(in: &cancellables)
        NotificationCenter.default.post(name: .NSPersistentStoreRemoteChange, object: nil)
        #expect(seen == 1)
        cancellables.removeAll()
        NotificationCenter.default.post(name: .NSPersistentStoreRemoteChange, object: nil)
        #expect(seen == 1)
    }
}
