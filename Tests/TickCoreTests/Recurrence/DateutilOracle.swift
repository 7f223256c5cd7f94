import Foundation
@testable import TickCore

/// Runs python-dateutil's `rrule` (the venv's, as ``PythonArchiveReaders/python`` finds it)
/// as the reference for the recurrence engine.
///
/// Series are floating: naive datetimes, written `YYYYMMDDTHHMMSS`. dateutil does not count
/// a DTSTART that does not match the rule as an occurrence (its documentation says so);
/// RFC 5545 does (3.8.5.3: DTSTART is the first instance; 3.3.10: it counts for COUNT), so
/// the script adds such a start in front and keeps COUNT occurrences, as RFC 5545 says.
enum DateutilOracle {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One series to expand: its first `first` occurrences, and the next one after each of `after`.
    struct Case: Codable {
        var rule: String
        var start: String
        var first: Int
        var after: [String]
    }

    /// What dateutil found; nil lists for a case it refused or took too long over.
    struct Answer: Codable {
        var first: [String]?
        var after: [String?]?
        var error: String?
    }

    static let script = #"""
    import sys, json, signal, itertools, datetime
    from dateutil.rrule import rrulestr
    FMT = '%Y%m%dT%H%M%S'
    class Slow(Exception): pass
    def alarm(*_): raise Slow()
    signal.signal(signal.SIGALRM, alarm)
    # The test process may block SIGALRM, and a child inherits the mask.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM])
    def parse(t): return datetime.datetime.strptime(t, FMT)
    def show(d): return d.strftime(FMT)
    answers = []
    for case in json.load(open(sys.argv[1])):
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        try:
            start = parse(case['start'])
            rule = rrulestr(case['rule'], dtstart=start)
            until, count = rule._until, rule._count
            first = list(itertools.islice(rule, case['first'] + 1))
            # RFC 5545: DTSTART is the first occurrence, counted for COUNT, even off the rule.
            synthetic = (not first or first[0] != start) and (until is None or start <= until)
            if synthetic:
                first = [start] + first
                if count is not None: first = first[:count]
            after = []
            for text in case['after']:
                point = parse(text)
                found = rule.after(point)
                if synthetic and start > point: found = start
                after.append(show(found) if found else None)
            answers.append({'first': [show(d) for d in first[:case['first']]], 'after': after})
        except Slow:
            answers.append({'error': 'timeout'})
        except Exception as e:
            answers.append({'error': repr(e)})
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    print(json.dumps(answers))
    """#

    static func run(_ cases: [Case]) throws -> [Answer] {
        guard let python = PythonArchiveReaders.python else {
            throw Failure(description: "no Python venv with python-dateutil: set TICK_VENV (for example /work/venv) or run Scripts/test")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tick-rrule-\(UUID().uuidString).json")
        try JSONEncoder().encode(cases).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python with dateutil failed with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode([Answer].self, from: data)
    }
}
