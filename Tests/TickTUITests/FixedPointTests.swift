import Foundation
import Testing
@testable import TickTUI

@Suite("Fixed-point numbers")
struct FixedPointTests {
    @Test("coordinates print with a fixed count of decimals exactly as %.Nf does")
    func matchesPrintf() {
        var state: UInt64 = 2_024
        var samples: [Double] = [0, -0.0, 0.125, -0.125, 2.675, 50.94, 6.96, -33.8688, 180, -90, 0.000_000_4, -0.000_000_4, 89.999_999_5]
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            samples.append(Double(Int64(state >> 11) % 360_000_000_000) / 1e9 - 180)
        }
        for value in samples {
            for places in [0, 2, 6] {
                #expect(fixedPoint(value, places: places) == String(format: "%.\(places)f", value), "\(value) to \(places)")
            }
        }
    }
}
