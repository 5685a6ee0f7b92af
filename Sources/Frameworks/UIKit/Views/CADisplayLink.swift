import Foundation
import UserNotifications

/// A timer synchronised with the display, as Core Animation's `CADisplayLink`: added to a run
/// loop, it fires `preferredFramesPerSecond` times a second (60 when 0) and sends `selector` to
/// its target, which a class answers when it calls its methods by name
/// (`_NSESimSelectorPerforming`); otherwise the first frame says on stderr that Linux has no
/// Objective-C runtime to send it. `timestamp` and `duration` are the frame's, on
/// `CACurrentMediaTime()`'s clock.
open class CADisplayLink: NSObject, @unchecked Sendable {
    private weak var target: AnyObject?
    private let selector: Selector
    private var timers: [(timer: Timer, runLoop: RunLoop, mode: RunLoop.Mode)] = []
    private var warned = false

    /// The time of the last frame.
    open private(set) var timestamp: CFTimeInterval = 0
    /// The time between frames.
    open private(set) var duration: CFTimeInterval = 1.0 / 60
    /// When the next frame is due.
    open var targetTimestamp: CFTimeInterval { timestamp + duration }
    /// Whether frames are held back.
    open var isPaused = false
    /// The frames a second wanted (0: the display's, 60).
    open var preferredFramesPerSecond: Int = 0 {
        didSet { reschedule() }
    }

    /// A display link that sends `sel` to `target` each frame.
    public init(target: Any, selector sel: Selector) {
        self.target = target as AnyObject
        self.selector = sel
        super.init()
    }

    /// Starts sending frames on `runloop` in `mode`.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let timer = makeTimer()
        runloop.add(timer, forMode: mode)
        timers.append((timer, runloop, mode))
    }

    /// Stops sending frames on `runloop` in `mode`.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        timers.removeAll { entry in
            guard entry.runLoop === runloop, entry.mode == mode else { return false }
            entry.timer.invalidate()
            return true
        }
    }

    /// Stops every frame and lets the target go.
    open func invalidate() {
        for entry in timers { entry.timer.invalidate() }
        timers = []
        target = nil
    }

    private var interval: TimeInterval { 1.0 / Double(preferredFramesPerSecond > 0 ? min(preferredFramesPerSecond, 120) : 60) }

    private func makeTimer() -> Timer {
        duration = interval
        return Timer(timeInterval: interval, repeats: true) { [weak self] _ in self?.frame() }
    }

    private func reschedule() {
        let entries = timers
        timers = []
        for entry in entries {
            entry.timer.invalidate()
            add(to: entry.runLoop, forMode: entry.mode)
        }
    }

    private func frame() {
        guard !isPaused, let target else { return }
        timestamp = CACurrentMediaTime()
        if let performer = target as? any _NSESimSelectorPerforming, performer._nsesimPerform(selector, with: self) { return }
        if !warned {
            warned = true
            FileHandle.standardError.write(
                Data(
                    "nsesim: CADisplayLink cannot send \(selector) to \(type(of: target)): no Objective-C runtime calls a method by name on Linux\n"
                        .utf8))
        }
    }
}
