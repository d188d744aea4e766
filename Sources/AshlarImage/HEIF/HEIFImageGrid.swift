/// A `grid` item's data (ISO/IEC 23008-12 §6.6.2.3.2): tiles in rows and columns, pasted into an
/// output canvas of the stated size; tiles that run past the canvas are cropped.
package struct HEIFImageGrid: Sendable, Equatable {
    package var rows: Int
    package var columns: Int
    package var outputWidth: Int
    package var outputHeight: Int

    package init(rows: Int, columns: Int, outputWidth: Int, outputHeight: Int) {
        self.rows = rows
        self.columns = columns
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
    }

    /// Reads the ImageGrid structure: version 0, flags (bit 0: 32-bit output sizes, else 16-bit),
    /// rows − 1, columns − 1, output width and height.
    package init(_ data: ArraySlice<UInt8>, item: UInt32) throws(HEIFError) {
        let window = ByteWindow(Array(data.prefix(12)))
        var fields = HEIFFields(window, name: "grid", from: 0, to: window.count)
        do throws(HEIFError) {
            let version = Int(try fields.u8())
            guard version == 0 else { throw .unsupportedVersion(box: "grid", version: version) }
            let wide = try fields.u8() & 1 != 0
            rows = Int(try fields.u8()) + 1
            columns = Int(try fields.u8()) + 1
            outputWidth = Int(try fields.number(size: wide ? 4 : 2))
            outputHeight = Int(try fields.number(size: wide ? 4 : 2))
        } catch {
            if case .shortBox = error {
                throw .badGrid(item: item, reason: "its data has \(data.count) bytes, too few for the grid description")
            }
            throw error
        }
    }

    /// Where tile `index` (row-major, as `dimg` lists them) goes on the canvas when every tile is
    /// `tileWidth`×`tileHeight`: its top-left corner.
    package func origin(ofTile index: Int, tileWidth: Int, tileHeight: Int) -> (x: Int, y: Int) {
        ((index % max(1, columns)) * tileWidth, (index / max(1, columns)) * tileHeight)
    }
}
