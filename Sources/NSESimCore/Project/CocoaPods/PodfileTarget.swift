/// The pods a target of a CocoaPods project links: its `target` block of the Podfile (with
/// what it inherits), each at the version `Podfile.lock` records.
package struct PodfileTarget: Sendable, Equatable {
    /// One pod.
    package struct Pod: Sendable, Equatable {
        /// As the Podfile names it: `Firebase/Messaging`.
        package let name: String
        /// The version `Podfile.lock` records; nil without a lock file (or without the pod in it).
        package let version: String?
        /// The module it gives.
        package let module: String
        /// The module nsesim stands in with; nil for a pod nsesim does not provide.
        package let standIn: String?
    }

    /// The Podfile, relative to the project's folder.
    package let podfile: String
    /// The Podfile's target block.
    package let target: String
    /// Its pods, in the Podfile's order.
    package let pods: [Pod]
}
