/// Decides whether iOS invokes the service extension (docs/behaviour.md#the-invocation-gate): the push must be
/// an alert push, `aps.mutable-content` must be the number 1 (the string "1" and `true`
/// only with `lenientMutableContent`), and the notification must show an alert with a
/// title, subtitle or body.
package enum InvocationGate {
    package static func decide(
        pushType: PushType,
        mutableContent: MutableContentFlag,
        showsAlert: Bool,
        lenientMutableContent: Bool
    ) -> GateDecision {
        guard pushType == .alert else {
            return .skip(
                "the push type is \(pushType.rawValue); only alert pushes show a notification, "
                    + "so iOS runs service extensions only for them")
        }
        switch mutableContent {
        case .absent:
            return .skip("aps.mutable-content is missing; iOS runs the extension only when it is the number 1")
        case _ where mutableContent.isDocumentedOn:
            break
        case _ where mutableContent.isLenientOn && lenientMutableContent:
            break
        case _ where mutableContent.isLenientOn:
            return .skip(
                "aps.mutable-content is \(mutableContent.spelled), not the number 1 that Apple documents "
                    + "(--lenient-mutable-content accepts it)")
        default:
            return .skip("aps.mutable-content is \(mutableContent.spelled); iOS runs the extension only when it is the number 1")
        }
        guard showsAlert else {
            return .skip(
                "the notification shows no alert (no title, subtitle or body): "
                    + "iOS does not run the extension for silent, badge-only or sound-only notifications")
        }
        return .invoke
    }
}
