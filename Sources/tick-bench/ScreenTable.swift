import Foundation

/// The full-screen table: each row's figures beside calcurse's first frame, its Space
/// against the same binary's at 100 items in the same run, and its peak memory against
/// the file's size, each with issue 29's limit and ✓ or ✗.
enum ScreenTable {
    /// First frame ≤ 0.3× calcurse's, Space → frame ≤ 1.5× the same at 100 items, peak
    /// memory ≤ 2.5× the file (issue 29, for 1,000,000 items; shown at every size).
    static let firstFrameLimit = 0.3, spaceLimit = 1.5, memoryLimit = 2.5

    static func render(_ rows: [(name: String, figures: ScreenFigures)]) -> String {
        var table = Table(header: [
            "tick", "items", "runs", "exec → first frame", "calcurse first frame", "÷ calcurse", "Space → frame", "÷ at 100 items",
            "Space on a parent → frame", "÷ at 100 items", "Space → saved", "Esc → frame", "tick peak memory", "file", "peak ÷ file",
        ])
        for (name, figures) in rows {
            let hundred = rows.first { $0.name == name && $0.figures.items == 100 }?.figures
            let atHundred = hundred?.spaceToFrame
            table.rows.append([
                name, String(figures.items), "\(figures.launches) launches, \(figures.spaces) Spaces",
                formatMilliseconds(figures.firstFrame),
                figures.calcurseFirstFrame.map(formatMilliseconds) ?? "–",
                figures.calcurseFirstFrame.map { ratio(figures.firstFrame / $0, limit: firstFrameLimit) } ?? "",
                formatMilliseconds(figures.spaceToFrame),
                atHundred.map { ratio(figures.spaceToFrame / $0, limit: spaceLimit) } ?? "",
                figures.parentSpaceToFrame.map(formatMilliseconds) ?? "–",
                hundred?.parentSpaceToFrame.flatMap { base in figures.parentSpaceToFrame.map { ratio($0 / base, limit: spaceLimit) } } ?? "",
                formatMilliseconds(figures.spaceToSaved), formatMilliseconds(figures.escape),
                String(format: "%.1f MiB", figures.peakMiB), String(format: "%.1f MiB", Double(figures.fileBytes) / 1_048_576),
                ratio(figures.peakPerFileSize, limit: memoryLimit),
            ])
        }
        return table.render()
    }

    /// "0.25× ✓ (≤ 0.3×)".
    static func ratio(_ value: Double, limit: Double) -> String {
        guard value.isFinite else { return "–" }
        return String(format: "%.2f× %@ (≤ %.1f×)", value, value <= limit ? "✓" : "✗", limit)
    }
}
