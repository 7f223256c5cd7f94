import Foundation

/// The C reference reader of Scripts/reference-reader (a lean reader of tick's list file
/// with tick's checks; docs/performance.md, "What the machine allows"), compiled by
/// tick-bench into a scratch directory, and its two load figures.
struct ReferenceReader {
    /// The compiled reader.
    let path: String

    /// Where the reader's C sources are: Scripts/reference-reader of the package this
    /// tick-bench was built from.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/reference-reader")

    /// The first `cc` or `clang` on PATH, nil when there is none.
    static func compiler() -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["cc", "clang"] {
            for directory in directories where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }

    /// Compiles the reader (-O2) into `directory`; nil when there is no C compiler or no
    /// sources beside this package, `why` saying which.
    static func build(in directory: URL, why: inout String) throws -> ReferenceReader? {
        guard let compiler = compiler() else {
            why = "no C compiler (cc or clang) on PATH"
            return nil
        }
        let files = ["main.c", "plist.c", "archive.c"].map { sources.appendingPathComponent($0).path }
        guard files.allSatisfy(FileManager.default.fileExists) else {
            why = "no reference reader sources at \(sources.path)"
            return nil
        }
        let path = directory.appendingPathComponent("reader").path
        _ = try Measure.spawn([compiler, "-O2", "-o", path] + files + ["-lm"])
        return ReferenceReader(path: path)
    }

    /// One load in a fresh process (`reader load`): its own timing, from before open() to
    /// the last check, in milliseconds.
    func freshLoad(_ list: String, scratch: URL) throws -> Double {
        try Self.total(Measure.output(of: [path, "load", list], in: scratch))
    }

    /// The median of `runs` loads in one process (`reader warm`), in milliseconds.
    func warmLoad(_ list: String, runs: Int, scratch: URL) throws -> Double {
        try Self.total(Measure.output(of: [path, "warm", list, String(runs)], in: scratch))
    }

    /// The number after "total " in the reader's report.
    private static func total(_ report: String) throws -> Double {
        guard let range = report.range(of: "total "),
              let value = Double(report[range.upperBound...].prefix { $0.isNumber || $0 == "." }) else {
            throw BenchmarkError("the reference reader reported no total: \(report.prefix(200))")
        }
        return value
    }
}
