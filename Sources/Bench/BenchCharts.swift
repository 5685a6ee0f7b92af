import Foundation
import NSESimCore
import NSESimHost

/// The inline SVG charts of the HTML report: drawn from the figures alone, no script.
enum BenchCharts {
    static let width = 760.0

    static func color(for outcome: Outcome) -> String {
        switch outcome {
        case .modified: "#2e8b57"
        case .bestAttempt: "#e0a100"
        case .originalTimeout: "#c0392b"
        case .originalCrash: "#8e44ad"
        case .killedMemory: "#d35400"
        case .notInvoked: "#7f8c8d"
        case .filtered: "#34495e"
        }
    }

    // MARK: - Histogram

    /// Time to the content handler, in bins from 0 to past the end of the grace, the
    /// deadline and the kill drawn across it, and a bar of its own for "never". Zoomed, the
    /// bins span only the times measured (for runs far from the deadline).
    static func histogram(_ group: BenchGroup, zoomed: Bool = false) -> String {
        let height = 230.0
        let left = 44.0
        let right = 84.0
        let top = 26.0
        let bottom = 38.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let times = group.samples.compactMap(\.contentHandlerMs)
        let never = group.samples.count - times.count
        let xMax =
            zoomed
            ? niceCeiling(max(1, (times.max() ?? 0) * 1.05))
            : niceCeiling(max(group.deadlineMs + group.graceMs, (times.max() ?? 0) * 1.02))
        let binCount = 40
        var bins = [Int](repeating: 0, count: binCount)
        for time in times { bins[min(binCount - 1, max(0, Int(time / xMax * Double(binCount))))] += 1 }
        let yMax = Double(max(bins.max() ?? 0, never, 1))
        func x(_ ms: Double) -> Double { left + ms / xMax * plotWidth }
        func y(_ count: Double) -> Double { top + plotHeight - count / yMax * plotHeight }

        var svg = open(
            height: height,
            label: "Histogram of the time from didReceive to the content handler for \(group.payload) under \(group.networkName)")
        svg += ##"<rect x="\##(left)" y="\##(top)" width="\##(plotWidth)" height="\##(plotHeight)" fill="#f7f9fc" stroke="#d5dbe5"/>"##
        if !zoomed {
            // The grace, shaded, between the deadline and the kill.
            svg +=
                ##"<rect x="\##(f(x(group.deadlineMs)))" y="\##(top)" width="\##(f(x(group.deadlineMs + group.graceMs) - x(group.deadlineMs)))" height="\##(plotHeight)" fill="#fdecea"/>"##
        }
        let binWidth = plotWidth / Double(binCount)
        for (index, count) in bins.enumerated() where count > 0 {
            let barX = left + Double(index) * binWidth
            svg +=
                ##"<rect class="bar" x="\##(f(barX + 0.5))" y="\##(f(y(Double(count))))" width="\##(f(max(1, binWidth - 1)))" height="\##(f(top + plotHeight - y(Double(count))))" fill="#3d6fc4"><title>\##(count) run(s) between \##(escape(BenchFormat.duration(Double(index) * xMax / Double(binCount)))) and \##(escape(BenchFormat.duration(Double(index + 1) * xMax / Double(binCount))))</title></rect>"##
        }
        // The "never" bar, right of the plot.
        let neverX = left + plotWidth + 40
        svg += ##"<line x1="\##(neverX - 14)" y1="\##(top)" x2="\##(neverX - 14)" y2="\##(top + plotHeight)" stroke="#d5dbe5"/>"##
        if never > 0 {
            svg +=
                ##"<rect x="\##(f(neverX))" y="\##(f(y(Double(never))))" width="30" height="\##(f(top + plotHeight - y(Double(never))))" fill="#c0392b"><title>\##(never) run(s) never called the content handler in time</title></rect>"##
        }
        svg += text(neverX + 15, top + plotHeight + 16, "never", anchor: "middle")
        svg += text(neverX + 15, top + plotHeight + 30, "(\(never))", anchor: "middle", className: "small")
        // Deadline and kill.
        if zoomed {
            svg += text(
                left + plotWidth, top - 10, "zoomed: the deadline (\(BenchFormat.duration(group.deadlineMs))) is off the scale →",
                anchor: "end", className: "deadline")
        } else {
            svg +=
                ##"<line x1="\##(f(x(group.deadlineMs)))" y1="\##(top - 6)" x2="\##(f(x(group.deadlineMs)))" y2="\##(top + plotHeight)" stroke="#c0392b" stroke-width="2" stroke-dasharray="6 3"/>"##
            svg += text(
                x(group.deadlineMs) - 4, top - 10, "deadline \(BenchFormat.duration(group.deadlineMs))", anchor: "end",
                className: "deadline")
            svg +=
                ##"<line x1="\##(f(x(group.deadlineMs + group.graceMs)))" y1="\##(top)" x2="\##(f(x(group.deadlineMs + group.graceMs)))" y2="\##(top + plotHeight)" stroke="#7b241c" stroke-width="1.5" stroke-dasharray="2 2"/>"##
            svg += text(x(group.deadlineMs + group.graceMs) + 4, top - 10, "kill", className: "deadline")
        }
        // Axes.
        for tick in ticks(upTo: xMax) {
            svg +=
                ##"<line x1="\##(f(x(tick)))" y1="\##(top + plotHeight)" x2="\##(f(x(tick)))" y2="\##(top + plotHeight + 4)" stroke="#555"/>"##
            svg += text(x(tick), top + plotHeight + 16, BenchFormat.duration(tick), anchor: "middle", className: "small")
        }
        svg += text(left + plotWidth / 2, height - 4, "time from didReceive to contentHandler", anchor: "middle", className: "axis")
        svg += text(left - 6, top + 8, String(Int(yMax)), anchor: "end", className: "small")
        svg += text(left - 6, top + plotHeight, "0", anchor: "end", className: "small")
        svg += text(12, top + plotHeight / 2, "runs", anchor: "middle", className: "axis", rotate: true)
        return svg + "</svg>"
    }

    // MARK: - Timeline

    /// A lane per sample run (the fastest, the median, the p90 and the slowest): the
    /// downloads as bars, the moments of its life as marks.
    static func timeline(_ group: BenchGroup) -> String {
        let samples = sampleRuns(of: group)
        let laneHeight = 30.0
        let left = 170.0
        let right = 24.0
        let top = 24.0
        let bottom = 62.0
        let height = top + Double(samples.count) * laneHeight + bottom
        let plotWidth = width - left - right
        let end = samples.map(\.endMs).max() ?? 1
        let showsDeadline = end >= group.deadlineMs * 0.5
        let xMax = niceCeiling(max(showsDeadline ? group.deadlineMs + group.graceMs : 0, end * 1.05, 1))
        func x(_ ms: Double) -> Double { left + min(ms, xMax) / xMax * plotWidth }

        var svg = open(height: height, label: "Timeline of sample runs of \(group.payload) under \(group.networkName)")
        if xMax >= group.deadlineMs {
            svg +=
                ##"<line x1="\##(f(x(group.deadlineMs)))" y1="\##(top - 6)" x2="\##(f(x(group.deadlineMs)))" y2="\##(f(top + Double(samples.count) * laneHeight))" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="6 3"/>"##
            svg += text(x(group.deadlineMs) - 4, top - 10, "deadline", anchor: "end", className: "deadline")
        } else {
            svg += text(
                width - right, top - 10, "deadline at \(BenchFormat.duration(group.deadlineMs)), off the scale →", anchor: "end",
                className: "deadline")
        }
        for (lane, sample) in samples.enumerated() {
            let mid = top + Double(lane) * laneHeight + laneHeight / 2
            svg += text(left - 8, mid + 4, "run \(sample.index + 1) · \(sample.outcome.rawValue)", anchor: "end")
            svg +=
                ##"<line x1="\##(f(x(0)))" y1="\##(f(mid))" x2="\##(f(x(sample.endMs)))" y2="\##(f(mid))" stroke="#9aa5b5" stroke-width="2"/>"##
            for download in sample.downloads {
                let start = x(download.startMs)
                let stop = x(download.endMs ?? sample.endMs)
                svg +=
                    ##"<rect x="\##(f(start))" y="\##(f(mid - 6))" width="\##(f(max(2, stop - start)))" height="12" rx="2" fill="#3d6fc4" fill-opacity="0.75"><title>download \##(escape(download.target)): \##(escape(BenchFormat.bytes(Int64(download.bytes)))) from \##(escape(BenchFormat.duration(download.startMs))) to \##(escape(BenchFormat.duration(download.endMs))))</title></rect>"##
            }
            for event in sample.timeline {
                svg += mark(event, x: x(event.tMs), y: mid)
            }
        }
        let axisY = top + Double(samples.count) * laneHeight + 4
        svg += ##"<line x1="\##(left)" y1="\##(f(axisY))" x2="\##(left + plotWidth)" y2="\##(f(axisY))" stroke="#555"/>"##
        for tick in ticks(upTo: xMax) {
            svg += ##"<line x1="\##(f(x(tick)))" y1="\##(f(axisY))" x2="\##(f(x(tick)))" y2="\##(f(axisY + 4))" stroke="#555"/>"##
            svg += text(x(tick), axisY + 16, BenchFormat.duration(tick), anchor: "middle", className: "small")
        }
        // Legend.
        var legendX = 8.0
        let legendY = axisY + 40
        svg += ##"<rect x="\##(f(legendX))" y="\##(f(legendY - 9))" width="22" height="10" fill="#3d6fc4" fill-opacity="0.75"/>"##
        svg += text(legendX + 28, legendY, "download", className: "small")
        legendX += 96
        for kind in TimelineEvent.Kind.allCases {
            svg += mark(TimelineEvent(tMs: 0, event: kind), x: legendX + 6, y: legendY - 4, withTitle: false)
            svg += text(legendX + 16, legendY, kind.rawValue, className: "small")
            legendX += Double(kind.rawValue.count) * 6.2 + 34
        }
        return svg + "</svg>"
    }

    /// The fastest, median, p90 and slowest runs (by time to the handler, never last), in run order.
    static func sampleRuns(of group: BenchGroup) -> [BenchSample] {
        let ranked = group.samples.sorted { ($0.contentHandlerMs ?? .infinity, $0.endMs) < ($1.contentHandlerMs ?? .infinity, $1.endMs) }
        guard !ranked.isEmpty else { return [] }
        let picks = [0, ranked.count / 2, Int(Double(ranked.count) * 0.9), ranked.count - 1].map { min($0, ranked.count - 1) }
        var seen = Set<Int>()
        return picks.compactMap { seen.insert($0).inserted ? ranked[$0] : nil }.sorted { $0.index < $1.index }
    }

    private static func mark(_ event: TimelineEvent, x: Double, y: Double, withTitle: Bool = true) -> String {
        let title =
            withTitle
            ? "<title>\(escape(event.event.rawValue)) at \(escape(BenchFormat.duration(event.tMs)))\(event.detail.map { ": " + escape($0) } ?? "")</title>"
            : ""
        switch event.event {
        case .didReceive:
            return ##"<circle cx="\##(f(x))" cy="\##(f(y))" r="5" fill="#1f2d3d">\##(title)</circle>"##
        case .contentHandler:
            return
                ##"<path d="M\##(f(x)) \##(f(y - 8)) L\##(f(x + 7)) \##(f(y)) L\##(f(x)) \##(f(y + 8)) L\##(f(x - 7)) \##(f(y)) Z" fill="#2e8b57" stroke="#fff">\##(title)</path>"##
        case .timeWillExpire:
            return
                ##"<path d="M\##(f(x)) \##(f(y - 8)) L\##(f(x + 7)) \##(f(y + 6)) L\##(f(x - 7)) \##(f(y + 6)) Z" fill="#e0a100" stroke="#fff">\##(title)</path>"##
        case .killed:
            return
                ##"<path d="M\##(f(x - 6)) \##(f(y - 6)) L\##(f(x + 6)) \##(f(y + 6)) M\##(f(x + 6)) \##(f(y - 6)) L\##(f(x - 6)) \##(f(y + 6))" stroke="#c0392b" stroke-width="3">\##(title)</path>"##
        case .crashed:
            return ##"<rect x="\##(f(x - 5))" y="\##(f(y - 5))" width="10" height="10" fill="#8e44ad">\##(title)</rect>"##
        case .delivered:
            return ##"<rect x="\##(f(x - 1.5))" y="\##(f(y - 9))" width="3" height="18" fill="#1f2d3d">\##(title)</rect>"##
        case .filtered:
            return ##"<rect x="\##(f(x - 1.5))" y="\##(f(y - 9))" width="3" height="18" fill="none" stroke="#34495e">\##(title)</rect>"##
        }
    }

    // MARK: - Outcomes

    /// A bar split by outcome, with the counts.
    static func outcomes(_ group: BenchGroup) -> String {
        let height = 56.0
        let barHeight = 22.0
        let total = Double(max(group.samples.count, 1))
        var svg = open(height: height, label: "Outcome counts of \(group.payload) under \(group.networkName)")
        var x = 0.0
        var legendX = 0.0
        for (outcome, count) in group.outcomeCounts {
            let segment = Double(count) / total * width
            svg +=
                ##"<rect x="\##(f(x))" y="0" width="\##(f(segment))" height="\##(barHeight)" fill="\##(color(for: outcome))"><title>\##(outcome.rawValue): \##(count)</title></rect>"##
            x += segment
            svg += ##"<rect x="\##(f(legendX))" y="\##(barHeight + 14)" width="12" height="12" fill="\##(color(for: outcome))"/>"##
            let label = "\(outcome.rawValue): \(count)"
            svg += text(legendX + 17, barHeight + 25, label)
            legendX += Double(label.count) * 7 + 34
        }
        return svg + "</svg>"
    }

    // MARK: - Helpers

    private static func open(height: Double, label: String) -> String {
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(width) \##(f(height))" width="\##(width)" height="\##(f(height))" role="img" aria-label="\##(escape(label))">"##
    }

    private static func text(
        _ x: Double, _ y: Double, _ content: String, anchor: String = "start", className: String? = nil,
        rotate: Bool = false
    ) -> String {
        let classAttribute = className.map { ##" class="\##($0)""## } ?? ""
        let transform = rotate ? ##" transform="rotate(-90 \##(f(x)) \##(f(y)))""## : ""
        return
            ##"<text x="\##(f(x))" y="\##(f(y))" text-anchor="\##(anchor)"\##(classAttribute)\##(transform)>\##(escape(content))</text>"##
    }

    /// A round number at or above `value`: 1, 2 or 5 times a power of ten.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2, 2.5, 5, 10] where step * power >= value { return step * power }
        return 10 * power
    }

    /// Five or so round ticks from 0 to `maximum`.
    static func ticks(upTo maximum: Double) -> [Double] {
        let step = niceCeiling(maximum / 6)
        return stride(from: 0, through: maximum + step / 1000, by: step).map { $0 }
    }

    static func f(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
