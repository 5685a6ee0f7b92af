import Foundation
import NSESimRuntime
import UIKit

/// The entry point of a notification content extension built by nsesim. Not part of Apple's
/// API: the entry point that `nsesim build` generates calls ``main(input:output:makePrincipal:)``.
public enum _NSESimContentExtensionEntry {
    /// Serves nsesim's calls with the principal view controller; never returns.
    public static func main(input: Int32, output: Int32, makePrincipal: @escaping () -> UIViewController) -> Int32 {
        NSESimExtensionProcess.main(input: input, output: output, point: ContentExtensionPoint(makePrincipal: makePrincipal))
    }
}
