import BenchmarkInputs
import Foundation

/// A hand-written SVG: horizontal bars of MB/s per workload and competitor, on a log scale.
enum ThroughputChart {
    static let colors: [Competitor: String] = [
        .simdUnbox: "#e4572e",
        .simdJSONDecoder: "#f3a712",
        .serializationMapping: "#76b041",
        .serialization: "#a8c686",
        .jsonDecoder: "#2e86ab",
        .cppSimdjson: "#555555",
    ]

    static func svg(_ rows: [ReportRow], machine: Machine) -> String {
        let labelWidth = 190.0
        let plotWidth = 620.0
        let valueWidth = 90.0
        let barHeight = 13.0
        let barGap = 2.0
        let groupGap = 16.0
        let top = 86.0
        let width = labelWidth + plotWidth + valueWidth + 20
        let competitors = Competitor.allCases

        let values = rows.flatMap { row in competitors.compactMap { row.cells[$0]?.megabytesPerSecond } }
            .filter { $0 > 0 }
        // Leave at least half a decade below the slowest bar, so that every bar stays visible.
        let minimum = pow(10, floor(log10((values.min() ?? 1) / 3)))
        let maximum = pow(10, ceil(log10(values.max() ?? 10)))
        let decades = max(log10(maximum / minimum), 1)
        func x(_ value: Double) -> Double {
            labelWidth + plotWidth * log10(max(value, minimum) / minimum) / decades
        }

        let groupHeight = Double(competitors.count) * (barHeight + barGap) + groupGap
        let height = top + Double(rows.count) * groupHeight + 30

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="-apple-system, Segoe UI, Helvetica, Arial, sans-serif">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="10" y="22" font-size="16" font-weight="bold" fill="#222">Decoding throughput, MB/s (log scale, higher is better)</text>
            <text x="10" y="40" font-size="11" fill="#555">\(escape(machine.summary))</text>

            """

        // Legend.
        var legendX = 10.0
        for competitor in competitors {
            svg += """
                <rect x="\(legendX)" y="52" width="12" height="12" fill="\(colors[competitor] ?? "#999")"/>
                <text x="\(legendX + 16)" y="62" font-size="12" fill="#222">\(escape(competitor.displayName))</text>

                """
            legendX += 30 + Double(competitor.displayName.count) * 7
        }

        // Grid: one line per decade.
        var decade = minimum
        while decade <= maximum * 1.0001 {
            let position = x(decade)
            svg += """
                <line x1="\(format(position))" y1="\(top - 6)" x2="\(format(position))" y2="\(format(height - 26))" stroke="#dddddd"/>
                <text x="\(format(position))" y="\(format(height - 12))" font-size="11" fill="#555" text-anchor="middle">\(label(decade))</text>

                """
            decade *= 10
        }

        // Bars.
        for (index, row) in rows.enumerated() {
            let groupTop = top + Double(index) * groupHeight
            let middle = groupTop + Double(competitors.count) * (barHeight + barGap) / 2
            svg += """
                <text x="\(labelWidth - 8)" y="\(format(middle - 2))" font-size="12" font-weight="bold" fill="#222" text-anchor="end">\(escape(row.workload.name))</text>
                <text x="\(labelWidth - 8)" y="\(format(middle + 12))" font-size="10" fill="#666" text-anchor="end">\(TableFormatter.bytes(Double(row.inputBytes)))</text>

                """
            for (position, competitor) in competitors.enumerated() {
                let y = groupTop + Double(position) * (barHeight + barGap)
                guard let value = row.cells[competitor]?.megabytesPerSecond else { continue }
                let end = x(value)
                svg += """
                    <rect x="\(labelWidth)" y="\(format(y))" width="\(format(max(end - labelWidth, 1)))" height="\(barHeight)" fill="\(colors[competitor] ?? "#999")"><title>\(escape(competitor.displayName)): \(TableFormatter.throughput(value)) MB/s</title></rect>
                    <text x="\(format(end + 4))" y="\(format(y + barHeight - 3))" font-size="10" fill="#333">\(TableFormatter.throughput(value))</text>

                    """
            }
        }
        svg += "</svg>\n"
        return svg
    }

    static func label(_ value: Double) -> String {
        value >= 1_000 ? String(format: "%.0fk", value / 1_000) : String(format: value < 1 ? "%.1f" : "%.0f", value)
    }

    static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
