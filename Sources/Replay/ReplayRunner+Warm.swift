import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload

extension ReplayRunner {
    /// The payload options of a case: its headers, strings file and mutable-content rule.
    func payloadOptions(_ item: ReplayCase) -> PayloadOptions {
        let options = item.options
        return PayloadOptions(
            headers: PushHeaders(pushType: options.pushType, collapseID: options.collapseID, apnsID: options.apnsID),
            stringsFile: options.strings.map { URL(fileURLWithPath: $0) },
            lenientMutableContent: options.lenientMutableContent)
    }

    /// Starts, in ``warm``, the extension process of case `index` (a case with one payload,
    /// no steps and no show), with the launch configuration its own pipeline will ask for:
    /// its extension build, its folder's app data, its limits and lock state. Its process is
    /// then loaded by the time the case runs; a case whose configuration is not known yet
    /// (a payload that does not parse) simply starts cold.
    func prestartCase(_ index: Int, builds: [String: Result<BuiltExtension, ExtensionError>]) async {
        guard warm != nil, index < cases.count else { return }
        let item = cases[index]
        guard item.steps.isEmpty, item.show == nil, item.expectation.rejected == nil else { return }
        guard item.input != nil || defaultExtension != nil else { return }
        var server: URL?
        if ServerPlaceholder.isUsed(in: item.payloadText) {
            guard let url = try? await servers.baseURL(media: item.media, network: item.options.network) else { return }
            server = url
        }
        guard
            let payload = try? PayloadParser.parse(
                text: item.payloadText, path: item.payloadName, server: server,
                options: payloadOptions(item)),
            case .success(let pipeline) = await casePipeline(item, index: index, builds: builds, intoCenter: false)
        else { return }
        await pipeline.prestart(for: [payload])
    }
}
