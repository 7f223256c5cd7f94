import Foundation
import FoundationBaseline
@_spi(Benchmark) import TickCore

/// One size's figures for tick's own codec and store, measured in a child process so that
/// its peak memory is its own.
struct ArchiveFigures: Codable {
    var items: Int
    var bytes: Int
    var encode: Double
    var decode: Double
    /// A save: encode, temporary file, write, fsync, rename, directory fsync.
    var save: Double
    /// Writing the same bytes as a save does (temporary file, fsync, rename, directory
    /// fsync) without encoding: the part of a save that is the disk's.
    var writeAndSync: Double
    /// A load: read the file and decode it.
    var load: Double
    var peakMiB: Double
}

/// The same size through Foundation's NSKeyedArchiver and NSKeyedUnarchiver.
struct FoundationFigures: Codable {
    var items: Int
    var bytes: Int
    var encode: Double
    var decode: Double
    var peakMiB: Double
}

enum ArchiveBenchmark {
    static func runs(for count: Int) -> Int {
        switch count {
        case ..<5_000: 21
        case ..<50_000: 11
        case ..<500_000: 7
        default: 3
        }
    }

    /// Encode, decode, save (with fsync) and load of `count` generated items.
    static func measureTick(count: Int) throws -> ArchiveFigures {
        var generator = ItemGenerator(seed: 42)
        let list = generator.list(count: count)
        let runs = runs(for: count)
        let (encode, encoded) = Measure.median(runs: runs) { KeyedArchive.encode(list) }
        let bytes = encoded ?? []
        let (decode, decoded) = try Measure.median(runs: runs) { try KeyedArchive.decode(bytes) }
        guard decoded == list else { throw BenchmarkError("decoded list differs from the original at \(count) items") }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ToDoStore(fileURL: directory.appendingPathComponent("ToDoItems.plist"))
        let save = try Measure.median(runs: runs) { try store.save(list) }
        let writeAndSync = try Measure.median(runs: runs) { try writeDurably(bytes, in: directory) }
        let (load, loaded) = try Measure.median(runs: runs) { try store.load() }
        guard loaded == list else { throw BenchmarkError("loaded list differs from the original at \(count) items") }
        return ArchiveFigures(
            items: count, bytes: bytes.count, encode: encode, decode: decode,
            save: save, writeAndSync: writeAndSync, load: load, peakMiB: Measure.peakMemoryMiB()
        )
    }

    /// The Foundation baseline for `count` generated items (the same items as tick's).
    static func measureFoundation(count: Int) throws -> FoundationFigures {
        var generator = ItemGenerator(seed: 42)
        let list = generator.list(count: count)
        let objects = FoundationToDoList(list)
        let runs = min(runs(for: count), count >= 50_000 ? 3 : 7)
        let (encode, archived) = Measure.median(runs: runs) { FoundationToDoList.plainArchive(objects) }
        let data = archived ?? Data()
        let (decode, decoded) = try Measure.median(runs: runs) { try FoundationToDoList.plainUnarchive(data) }
        guard decoded??.toDoItems.count == list.toDoItems.count else {
            throw BenchmarkError("Foundation decoded a different list at \(count) items")
        }
        return FoundationFigures(items: count, bytes: data.count, encode: encode, decode: decode, peakMiB: Measure.peakMemoryMiB())
    }
}

/// Writes bytes the way the store saves, through the one durable-file primitive
/// (``DurableFile``): a temporary file, fsync, rename over the target, fsync of the directory.
func writeDurably(_ bytes: [UInt8], in directory: URL) throws {
    try DurableFile.write(bytes, to: directory.appendingPathComponent("floor.plist").path)
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
