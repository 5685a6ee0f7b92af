import Foundation

/// A request a context runs for a persistent store: a fetch run asynchronously
/// (`NSAsynchronousFetchRequest`) here.
open class NSPersistentStoreRequest: NSObject {
    /// The stores it is for (nil: all of the context's).
    open var affectedStores: [NSPersistentStore]?

    /// Runs the request in `context`: each kind of request says how.
    func run(in context: NSManagedObjectContext) throws -> NSPersistentStoreResult {
        throw CoreDataError.make(
            NSCoreDataError, "\(type(of: self)) is not a request nsesim's Core Data runs (it runs NSAsynchronousFetchRequest)")
    }
}

/// What running a store request gives.
open class NSPersistentStoreResult: NSObject {}

/// The result of a request that finishes later: its context, and its error once it failed.
open class NSPersistentStoreAsynchronousResult: NSPersistentStoreResult {
    /// The context that ran it.
    public let managedObjectContext: NSManagedObjectContext
    /// Why it failed, once it did.
    open internal(set) var operationError: (any Error)?
    /// Its progress (none is reported).
    open var progress: Progress? { nil }

    init(context: NSManagedObjectContext) {
        managedObjectContext = context
        super.init()
    }

    /// Nothing to cancel: the fetch runs on the context's queue as one step.
    open func cancel() {}
}

/// A fetch run on the context's queue after `execute(_:)` returns; the completion block is
/// given the results there.
open class NSAsynchronousFetchRequest<ResultType>: NSPersistentStoreRequest {
    /// The fetch.
    public let fetchRequest: NSFetchRequest<ResultType>
    /// Given the result once the fetch ran.
    public let completionBlock: ((NSAsynchronousFetchResult<ResultType>) -> Void)?
    /// A guess of the result's size (unused).
    open var estimatedResultCount: Int = 0

    /// A request running `request`, then `blk` with the result.
    public init(fetchRequest request: NSFetchRequest<ResultType>, completionBlock blk: ((NSAsynchronousFetchResult<ResultType>) -> Void)?) {
        fetchRequest = request
        completionBlock = blk
        super.init()
    }

    override func run(in context: NSManagedObjectContext) throws -> NSPersistentStoreResult {
        let result = NSAsynchronousFetchResult(request: self, context: context)
        nonisolated(unsafe) let request = self
        context.perform {
            do {
                result.finalResult = try context.fetch(request.fetchRequest)
            } catch {
                result.operationError = error
            }
            request.completionBlock?(result)
        }
        return result
    }
}

/// An asynchronous fetch's result: `finalResult` once it ran.
open class NSAsynchronousFetchResult<ResultType>: NSPersistentStoreAsynchronousResult {
    /// The request.
    public let fetchRequest: NSAsynchronousFetchRequest<ResultType>
    /// The objects fetched; nil until the fetch ran (or when it failed).
    open internal(set) var finalResult: [ResultType]?

    init(request: NSAsynchronousFetchRequest<ResultType>, context: NSManagedObjectContext) {
        fetchRequest = request
        super.init(context: context)
    }
}

extension NSManagedObjectContext {
    /// Runs `request` (an `NSAsynchronousFetchRequest`: its fetch runs on this context's queue,
    /// then its completion block).
    public func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult {
        try request.run(in: self)
    }
}
