// notify.h's status codes and flags, as Swift imports the header's #defines (`Int32`); the
// functions return `UInt32`, and `status == NOTIFY_STATUS_OK` compares the two.

/// Success.
public let NOTIFY_STATUS_OK: Int32 = 0
/// The name is not valid (NULL or empty).
public let NOTIFY_STATUS_INVALID_NAME: Int32 = 1
/// The token is not a registration of this process (or was cancelled).
public let NOTIFY_STATUS_INVALID_TOKEN: Int32 = 2
/// The Mach port is not valid.
public let NOTIFY_STATUS_INVALID_PORT: Int32 = 3
/// The file descriptor is not valid.
public let NOTIFY_STATUS_INVALID_FILE: Int32 = 4
/// The signal is not valid.
public let NOTIFY_STATUS_INVALID_SIGNAL: Int32 = 5
/// The request is not valid.
public let NOTIFY_STATUS_INVALID_REQUEST: Int32 = 6
/// The process may not post or register for the name.
public let NOTIFY_STATUS_NOT_AUTHORIZED: Int32 = 7
/// Notifications are disabled.
public let NOTIFY_STATUS_OPT_DISABLE: Int32 = 8
/// The notification server is not there.
public let NOTIFY_STATUS_SERVER_NOT_FOUND: Int32 = 9
/// A required argument is NULL.
public let NOTIFY_STATUS_NULL_INPUT: Int32 = 10
/// Any other failure.
public let NOTIFY_STATUS_FAILED: Int32 = 1_000_000
/// `notify_register_file_descriptor`: reuse the descriptor given in `notify_fd`.
public let NOTIFY_REUSE: Int32 = 1

/// The handler of `notify_register_dispatch`: called with the registration's token.
public typealias notify_handler_t = (Int32) -> Void

/// The names of the status codes, for the report.
enum NotifyStatusName {
    static func name(_ status: Int32) -> String {
        switch status {
        case NOTIFY_STATUS_OK: "NOTIFY_STATUS_OK"
        case NOTIFY_STATUS_INVALID_NAME: "NOTIFY_STATUS_INVALID_NAME"
        case NOTIFY_STATUS_INVALID_TOKEN: "NOTIFY_STATUS_INVALID_TOKEN"
        case NOTIFY_STATUS_INVALID_FILE: "NOTIFY_STATUS_INVALID_FILE"
        case NOTIFY_STATUS_INVALID_SIGNAL: "NOTIFY_STATUS_INVALID_SIGNAL"
        case NOTIFY_STATUS_NULL_INPUT: "NOTIFY_STATUS_NULL_INPUT"
        case NOTIFY_STATUS_FAILED: "NOTIFY_STATUS_FAILED"
        default: "status \(status)"
        }
    }
}

/// The token notify never gives (an invalid token).
public let NOTIFY_TOKEN_INVALID: Int32 = -1
