/// A number with a fixed count of decimals, exactly as `%.Nf` prints it (the binary value
/// rounded to nearest, ties to even), for magnitudes below 10^12 and up to 9 places — what
/// coordinates need, without Foundation's `String(format:)`.
func fixedPoint(_ value: Double, places: Int) -> String {
    let places = min(max(places, 0), 9)
    let magnitude = abs(value)
    guard value.isFinite, magnitude < 1e12 else { return String(value) }
    var divisor: Int64 = 1
    for _ in 0..<places { divisor *= 10 }
    let units = scaledUnits(magnitude, by: UInt128(divisor))
    let sign = value.sign == .minus ? "-" : "" // as printf: "-0.00" for a tiny negative
    let whole = String(units / divisor)
    guard places > 0 else { return sign + whole }
    let fraction = String(units % divisor)
    return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
}

/// `magnitude × factor` rounded to the nearest integer, ties to even, computed exactly on
/// the double's binary value (significand × 2^exponent).
private func scaledUnits(_ magnitude: Double, by factor: UInt128) -> Int64 {
    guard magnitude.isNormal else { return 0 } // zero, or too small to show
    let significand = UInt128(magnitude.significandBitPattern | (1 << 52))
    let exponent = Int(magnitude.exponent) - 52
    let product = significand * factor // < 2^53 · 10^9 < 2^83
    if exponent >= 0 { return Int64(product << exponent) }
    let shift = -exponent
    guard shift < 100 else { return 0 }
    var quotient = product >> shift
    let remainder = product - (quotient << shift)
    let half = UInt128(1) << (shift - 1)
    if remainder > half || (remainder == half && quotient & 1 == 1) { quotient += 1 }
    return Int64(quotient)
}
