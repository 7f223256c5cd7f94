extension Palette {
    /// The nearest of the eight basic colours (0–7, as curses numbers them) for a
    /// 256-colour palette index, for terminals with smaller palettes.
    static func basicColor(forPaletteIndex index: UInt8) -> Int16 {
        switch index {
        case 0..<16: return Int16(index % 8)
        case 16..<232:
            let cube = Int(index) - 16
            let red = cube / 36 >= 3 ? 1 : 0
            let green = (cube / 6) % 6 >= 3 ? 2 : 0
            let blue = cube % 6 >= 3 ? 4 : 0
            return Int16(red | green | blue)
        default: return 7
        }
    }
}
