import Foundation

extension BenchReport {
    /// One self-contained HTML page (inline CSS and SVG; no script, no font or file from
    /// the network): a summary table, then per network profile and payload the histogram
    /// of the time to the content handler with the deadline drawn, a timeline of sample
    /// runs and the outcome counts.
    package func html(generatedAt date: Date = Date()) -> String {
        let escape = BenchCharts.escape
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>nsesim bench: \(escape(extensionPath))</title>
            <style>
            \(Self.css)
            </style>
            </head>
            <body>
            <header>
            <h1>nsesim bench</h1>
            <p class="meta"><strong>\(escape(extensionPath))</strong> · \(runs) run(s) per payload and network ·
            deadline \(escape(BenchFormat.duration(deadlineMs))) · grace \(escape(BenchFormat.duration(graceMs)))\(memoryLimitBytes.map { " · memory limit " + escape(BenchFormat.bytes($0)) + " above the empty extension" } ?? "") ·
            \(escape(ISO8601DateFormatter().string(from: date)))</p>
            \(verdict)
            </header>
            <section>
            <h2>Summary</h2>
            \(summaryTable)
            <p class="note">Time: from <code>didReceive</code> to the content handler call that counted; “never” when the original content was delivered.
            Headroom: the deadline minus p99.</p>
            </section>

            """
        for network in networks {
            page += "<section class=\"profile\">\n<h2>Network: \(escape(network))</h2>\n"
            for group in groups where group.networkName == network {
                page += article(for: group)
            }
            page += "</section>\n"
        }
        page += "<footer>Made by <code>nsesim bench --report</code>.</footer>\n</body>\n</html>\n"
        return page
    }

    private var verdict: String {
        guard !thresholds.isEmpty else { return "" }
        let crossings = crossings
        if crossings.isEmpty {
            return "<p class=\"verdict pass\">Thresholds: none crossed ("
                + thresholds.map { BenchCharts.escape($0.expression) }.joined(separator: ", ") + ")</p>"
        }
        return "<div class=\"verdict fail\"><strong>Thresholds crossed:</strong><ul>"
            + crossings.map { "<li>" + BenchCharts.escape($0.description) + "</li>" }.joined()
            + "</ul></div>"
    }

    private var summaryTable: String {
        let escape = BenchCharts.escape
        var rows =
            "<div class=\"scroll\"><table>\n<thead><tr><th>payload</th><th>network</th><th>p50</th><th>p90</th><th>p99</th><th>max</th>"
            + "<th>willExpire</th><th>original</th><th>attach.</th><th>downloaded</th><th>peak memory</th><th>headroom at p99</th></tr></thead>\n<tbody>\n"
        for group in groups {
            let times = group.contentHandler
            let late = group.exceedsDeadline ? " class=\"late\"" : ""
            rows +=
                "<tr\(late)><td title=\"\(escape(group.payload))\">\(escape(group.shortPayload))</td><td>\(escape(group.networkName))</td>"
                + "<td>\(escape(BenchFormat.duration(times.p50)))</td><td>\(escape(BenchFormat.duration(times.p90)))</td>"
                + "<td>\(escape(BenchFormat.duration(times.p99)))</td><td>\(escape(BenchFormat.duration(times.max)))</td>"
                + "<td>\(group.timeWillExpireCount)/\(group.samples.count)</td><td>\(group.originalDeliveredCount)/\(group.samples.count)</td>"
                + "<td>\(group.attachmentsDelivered)\(group.attachmentsDropped > 0 ? " (\(group.attachmentsDropped) dropped)" : "")</td>"
                + "<td>\(escape(BenchFormat.bytes(Int64(group.bytesDownloaded))))</td>"
                + "<td>\(escape(BenchFormat.bytes(group.peakMemoryBytes)))</td>"
                + "<td>\(escape(group.headroomText))</td></tr>\n"
        }
        return rows + "</tbody>\n</table></div>"
    }

    private func article(for group: BenchGroup) -> String {
        let escape = BenchCharts.escape
        let times = group.contentHandler
        let figures: [(String, String)] = [
            ("p50", BenchFormat.duration(times.p50)), ("p99", BenchFormat.duration(times.p99)),
            ("headroom at p99", group.headroomText),
            ("timeWillExpire", "\(group.timeWillExpireCount) of \(group.samples.count)"),
            ("original delivered", "\(group.originalDeliveredCount) of \(group.samples.count)"),
            ("attachments", "\(group.attachmentsDelivered)"),
            ("downloaded", BenchFormat.bytes(Int64(group.bytesDownloaded))),
            (
                "peak memory",
                BenchFormat.bytes(group.peakMemoryBytes)
                    + (group.memoryLimitBytes.map { " (+\(BenchFormat.bytes(group.addedMemoryBytes)) of \(BenchFormat.bytes($0)))" } ?? "")
            ),
        ]
        return """
            <article class="group\(group.exceedsDeadline ? " late" : "")">
            <h3 title="\(escape(group.payload))">\(escape(group.shortPayload)) <span class="badge">\(group.exceedsDeadline ? "misses the deadline at p99" : "makes the deadline at p99")</span></h3>
            <dl class="figures">\(figures.map { "<div><dt>\(escape($0.0))</dt><dd>\(escape($0.1))</dd></div>" }.joined())</dl>
            <figure>
            \(BenchCharts.histogram(group))
            <figcaption>Time to the content handler over \(group.samples.count) run(s). Dashed red line: the deadline (timeWillExpire); shaded: the grace; dotted: the kill.</figcaption>
            </figure>
            \(zoomedHistogram(for: group))
            <figure>
            \(BenchCharts.timeline(group))
            <figcaption>Sample runs (fastest, median, p90, slowest): downloads served by the fixture server, and the moments of each notification's life.</figcaption>
            </figure>
            <figure>
            \(BenchCharts.outcomes(group))
            <figcaption>Outcomes.</figcaption>
            </figure>
            </article>

            """
    }

    /// The same histogram over the measured times only, when they all lie far before the
    /// deadline (where the full scale shows one bar).
    private func zoomedHistogram(for group: BenchGroup) -> String {
        guard let slowest = group.samples.compactMap(\.contentHandlerMs).max(), slowest < group.deadlineMs / 4 else { return "" }
        return """
            <figure>
            \(BenchCharts.histogram(group, zoomed: true))
            <figcaption>The same runs on a scale of their own.</figcaption>
            </figure>
            """
    }

    static let css = """
        :root { color-scheme: light; }
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 24px auto; max-width: 1000px; color: #1f2d3d; background: #ffffff; padding: 0 16px; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 20px; border-bottom: 2px solid #e3e8ef; padding-bottom: 4px; margin-top: 32px; }
        h3 { font-size: 16px; margin: 20px 0 8px; }
        .meta, .note, figcaption, footer { color: #55606e; font-size: 13px; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; font-size: 11.5px; width: 100%; }
        th, td { border-bottom: 1px solid #e3e8ef; padding: 4px 6px; text-align: right; white-space: nowrap; }
        th:first-child, td:first-child, th:nth-child(2), td:nth-child(2) { text-align: left; }
        thead th { background: #f3f6fa; }
        tr.late td { background: #fdecea; }
        .badge { font-size: 12px; font-weight: normal; padding: 2px 8px; border-radius: 10px; background: #e3f4ea; color: #1e6b40; margin-left: 8px; }
        article.late .badge { background: #fdecea; color: #922b21; }
        dl.figures { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 8px; }
        dl.figures div { background: #f3f6fa; border-radius: 6px; padding: 6px 10px; }
        dt { font-size: 11px; color: #55606e; }
        dd { margin: 0; font-size: 14px; font-weight: 600; }
        figure { margin: 8px 0 16px; }
        svg { display: block; max-width: 100%; height: auto; font-size: 12px; }
        svg text { fill: #1f2d3d; }
        svg text.small { font-size: 11px; fill: #55606e; }
        svg text.axis { font-size: 12px; fill: #55606e; }
        svg text.deadline { font-size: 11px; fill: #c0392b; font-weight: 600; }
        .verdict { padding: 8px 12px; border-radius: 6px; font-size: 14px; }
        .verdict.pass { background: #e3f4ea; color: #1e6b40; }
        .verdict.fail { background: #fdecea; color: #922b21; }
        .verdict ul { margin: 4px 0 0; }
        code { font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
        """
}

extension BenchGroup {
    /// The payload's file name, for headings and narrow tables (the full path is in a tooltip).
    var shortPayload: String { (payload as NSString).lastPathComponent }
}
