import NSESimPayload
import NSESimRuntime
@_spi(NSESim) import UserNotifications

extension NotificationReport.Request {
    /// The request iOS builds from `payload`.
    package init(_ payload: ParsedPayload) {
        self.init(
            identifier: payload.request.identifier, pushType: payload.headers.pushType,
            collapseID: payload.headers.collapseID, apnsID: payload.headers.apnsID,
            trigger: NotificationReport.Trigger(), content: payload.request.content.jsonValue)
    }
}
