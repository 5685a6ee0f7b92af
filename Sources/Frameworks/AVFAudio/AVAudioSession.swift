import Foundation
import NSESimRuntime

/// The app's audio session, as far as an extension touches it: categories, modes and
/// activation are recorded in the report and change nothing (a service extension plays no
/// audio; its sound is the notification's `UNNotificationSound`).
open class AVAudioSession: NSObject, @unchecked Sendable {
    private static let shared = AVAudioSession()
    private let lock = NSLock()
    private var currentCategory: Category = .soloAmbient
    private var currentMode: Mode = .default
    private var currentOptions: CategoryOptions = []

    /// The process's one session.
    open class func sharedInstance() -> AVAudioSession { shared }

    /// An audio session category.
    public struct Category: RawRepresentable, Hashable, Sendable {
        /// The category's name, Apple's string.
        public let rawValue: String
        /// A category named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Sounds that mix with others and are silenced by the ring switch.
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
        /// The default: silenced by the ring switch, interrupts other audio.
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
        /// Playback that continues with the ring switch on silent.
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
        /// Recording.
        public static let record = Category(rawValue: "AVAudioSessionCategoryRecord")
        /// Playback and recording (calls).
        public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
        /// Several routes at once.
        public static let multiRoute = Category(rawValue: "AVAudioSessionCategoryMultiRoute")
    }

    /// An audio session mode.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        /// The mode's name, Apple's string.
        public let rawValue: String
        /// A mode named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The default mode.
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
        /// Voice over IP.
        public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
        /// Video calls.
        public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
        /// Spoken audio (podcasts, books).
        public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
        /// Movie playback.
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
        /// Measurement (least processing).
        public static let measurement = Mode(rawValue: "AVAudioSessionModeMeasurement")
        /// Voice prompts (navigation).
        public static let voicePrompt = Mode(rawValue: "AVAudioSessionModeVoicePrompt")
    }

    /// Options of a category, Apple's bits.
    public struct CategoryOptions: OptionSet, Sendable {
        /// The bits.
        public let rawValue: UInt
        /// Options of `rawValue`'s bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Mix with other apps' audio.
        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        /// Lower other apps' audio while this plays.
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        /// Bluetooth hands-free input.
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        /// The speaker rather than the receiver.
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        /// Interrupt spoken audio of other apps and mix with the rest.
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
        /// Bluetooth A2DP output.
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
        /// AirPlay output.
        public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
    }

    /// Options of `setActive(_:options:)`.
    public struct SetActiveOptions: OptionSet, Sendable {
        /// The bits.
        public let rawValue: UInt
        /// Options of `rawValue`'s bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Let other apps resume when this session ends.
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    /// The category set last.
    open var category: Category { lock.withLock { currentCategory } }
    /// The mode set last.
    open var mode: Mode { lock.withLock { currentMode } }
    /// The category's options set last.
    open var categoryOptions: CategoryOptions { lock.withLock { currentOptions } }
    /// The hardware's sample rate (an iPhone's 48 kHz).
    open var sampleRate: Double { 48_000 }
    /// The output volume, 0 to 1 (nsesim's phone: half).
    open var outputVolume: Float { 0.5 }

    /// Sets the category (recorded; nothing changes on Linux).
    open func setCategory(_ category: Category) throws {
        try setCategory(category, mode: .default, options: [])
    }

    /// Sets the category and its options (recorded).
    open func setCategory(_ category: Category, options: CategoryOptions) throws {
        try setCategory(category, mode: .default, options: options)
    }

    /// Sets the category, mode and options (recorded).
    open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        lock.withLock {
            currentCategory = category
            currentMode = mode
            currentOptions = options
        }
        AudioReport.session(
            "AVAudioSession.setCategory",
            ["category": .string(category.rawValue), "mode": .string(mode.rawValue), "options": .integer(Int64(options.rawValue))])
    }

    /// Sets the mode (recorded).
    open func setMode(_ mode: Mode) throws {
        lock.withLock { currentMode = mode }
        AudioReport.session("AVAudioSession.setMode", ["mode": .string(mode.rawValue)])
    }

    /// Activates or deactivates the session (recorded; an extension's session plays nothing).
    open func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
        AudioReport.session("AVAudioSession.setActive", ["active": .bool(active), "options": .integer(Int64(options.rawValue))])
    }
}
