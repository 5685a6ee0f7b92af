import UserNotifications

/// Braze's default push categories, as Braze's documentation lists them: each category's
/// buttons, the first opening the app (it may carry a URI or deep link), the second closing.
enum AppboyCategories {
    static let table: [(category: String, buttons: [(identifier: String, title: String, opens: Bool)])] = [
        ("ab_cat_accept_decline", [("ab_pb_accept", "Accept", true), ("ab_pb_decline", "Decline", false)]),
        ("ab_cat_yes_no", [("ab_pb_yes", "Yes", true), ("ab_pb_no", "No", false)]),
        ("ab_cat_confirm_cancel", [("ab_pb_confirm", "Confirm", true), ("ab_pb_cancel", "Cancel", false)]),
        ("ab_cat_more", [("ab_pb_more", "More", true)]),
    ]

    static var all: Set<UNNotificationCategory> {
        Set(
            table.map { row in
                UNNotificationCategory(
                    identifier: row.category,
                    actions: row.buttons.map {
                        UNNotificationAction(
                            identifier: $0.identifier, title: $0.title,
                            options: $0.opens ? [.foreground] : [])
                    },
                    intentIdentifiers: [], options: [])
            })
    }
}
