/// OneSignal's log levels, as Swift imports the SDK's `ONE_S_LOG_LEVEL` (`.LL_VERBOSE`).
public enum ONE_S_LOG_LEVEL: UInt, Sendable {
    case LL_NONE, LL_FATAL, LL_ERROR, LL_WARN, LL_INFO, LL_DEBUG, LL_VERBOSE
}
