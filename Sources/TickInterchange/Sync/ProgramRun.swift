import FoundationEssentials
import TickCore

/// Runs another program (vdirsyncer) to its end (``ChildProcess``).
public enum ProgramRun {
    /// Runs `arguments` (the program is looked up on PATH) with this process's environment
    /// and returns its exit status (128 + the signal when a signal ended it). Standard
    /// input is /dev/null; standard output and error go to `outputPath` (appended) when
    /// given, else to this process's.
    public static func run(_ arguments: [String], outputPath: String? = nil) throws(InterchangeError) -> Int32 {
        let output: ChildProcess.Output = outputPath.map { .append($0) } ?? .inherit
        do {
            return try ChildProcess.run(arguments, standardOutput: output, standardError: output)
        } catch {
            throw InterchangeError(source: error.program.isEmpty ? "vdirsyncer" : error.program, problem: error.problem)
        }
    }
}
