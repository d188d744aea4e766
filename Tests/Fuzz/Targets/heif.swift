import AshlarImage

/// The HEIF container reader (`HEIFFile`) on a whole file: a file is read or refused with a
/// named error; every item's ranges lie inside the file, its data is as long as its `iloc`
/// extents say and within the limit; the primary image's sizes are in range, its crops lie inside
/// the image as it is when they apply, and a grid lists rows × columns tiles. A file the published
/// copy (`PublishedCopy.make` for HEIC) accepts gives a copy that reads again, holds only the
/// allowlisted item types, records no location, and is left as it is by a second copy.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    let file: HEIFFile
    do {
        file = try HEIFFile(bytes)
    } catch {
        require(!error.description.isEmpty, "an error without a message")
        return 0
    }
    for item in file.items {
        guard let location = file.locations[item.id], let ranges = try? file.ranges(of: item.id) else { continue }
        let container = location.construction == .file ? 0..<bytes.count : file.itemDataRange
        for range in ranges {
            require(range.lowerBound >= 0 && range.upperBound <= bytes.count, "item \(item.id) range \(range) outside")
            require(
                container.map { $0.contains(range.lowerBound) || range.isEmpty && range.lowerBound <= $0.upperBound }
                    ?? false, "item \(item.id) range \(range) outside its container")
        }
        let stated = location.extents.reduce(0) { $0 + ($1.length == 0 ? -1 : Int($1.length)) }
        guard let itemData = try? file.data(of: item.id) else {
            require(false, "item \(item.id): ranges read but data refused")
            return 0
        }
        let total = ranges.reduce(0) { $0 + $1.count }
        require(itemData.count == total, "item \(item.id): data \(itemData.count) bytes, ranges \(total)")
        require(total <= file.limits.itemBytes, "item \(item.id): \(total) bytes over the limit")
        if !location.extents.contains(where: { $0.length == 0 }) {
            require(itemData.count == stated, "item \(item.id): data \(itemData.count) bytes, iloc says \(stated)")
        }
    }
    checkPublishedCopy(bytes)
    guard let primary = try? file.primaryImage() else { return 0 }
    let limit = file.limits.dimension
    for (width, height) in [(primary.codedWidth, primary.codedHeight), (primary.outputWidth, primary.outputHeight)] {
        require((1...limit).contains(width) && (1...limit).contains(height), "size \(width)×\(height)")
    }
    var (width, height) = (primary.codedWidth, primary.codedHeight)
    for transform in primary.transforms {
        switch transform {
        case .crop(let r):
            require(
                r.x >= 0 && r.y >= 0 && r.width > 0 && r.height > 0 && r.x + r.width <= width
                    && r.y + r.height <= height, "crop \(r) outside \(width)×\(height)")
            (width, height) = (r.width, r.height)
        case .rotate(let turns):
            require((0...3).contains(turns), "rotation \(turns)")
            if turns % 2 == 1 { (width, height) = (height, width) }
        case .mirror: break
        }
    }
    require((width, height) == (primary.outputWidth, primary.outputHeight), "output size after the transforms")
    if case .grid(let grid, let tiles, let tileWidth, let tileHeight, _) = primary.coding {
        require(tiles.count == grid.rows * grid.columns, "grid tiles \(tiles.count)")
        require(
            grid.columns * tileWidth >= grid.outputWidth && grid.rows * tileHeight >= grid.outputHeight, "grid cover")
    }
    return 0
}

func checkPublishedCopy(_ bytes: [UInt8]) {
    guard let copy = try? PublishedCopy.make(bytes, format: .heic) else { return }
    guard let file = try? HEIFFile(copy), (try? file.primaryImage()) != nil else {
        require(false, "the published copy does not read again")
        return
    }
    require(
        file.items.allSatisfy { ["hvc1", "hev1", "grid", "Exif"].contains($0.type) }, "the copy keeps an item type")
    require(LocationRecord.find(in: copy).isEmpty, "the copy records a location")
    require((try? PublishedCopy.make(copy, format: .heic)) == copy, "the HEIC copy is not idempotent")
}
