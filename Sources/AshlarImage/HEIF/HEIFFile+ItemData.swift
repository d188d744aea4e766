extension HEIFFile {
    /// Where an item's bytes lie in the file: its extents in `iloc` order, each inside the file
    /// (or inside `idat` for construction method 1), together at most `limits.itemBytes`.
    package func ranges(of itemID: UInt32) throws(HEIFError) -> [Range<Int>] {
        guard let location = locations[itemID] else { throw .noLocation(item: itemID) }
        let container: Range<Int>
        let containerName: String
        switch location.construction {
        case .file:
            container = 0..<fileLength
            containerName = "file"
        case .itemData:
            guard let itemDataRange else { throw .noItemData(item: itemID) }
            container = itemDataRange
            containerName = "idat"
        }
        let size = UInt64(container.count)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(location.extents.count)
        var total = 0
        for (number, extent) in location.extents.enumerated() {
            let (start, overflow) = location.baseOffset.addingReportingOverflow(extent.offset)
            guard !overflow, start <= size else {
                throw .extentOutside(item: itemID, extent: number + 1, container: containerName)
            }
            let length = extent.length == 0 ? size - start : extent.length
            guard length <= size - start else {
                throw .extentOutside(item: itemID, extent: number + 1, container: containerName)
            }
            let lower = container.lowerBound + Int(start)
            guard length <= UInt64(limits.itemBytes - total) else {
                let bytes = length > UInt64(Int.max - total) ? Int.max : total + Int(length)
                throw .itemTooLarge(item: itemID, bytes: bytes, limit: limits.itemBytes)
            }
            total += Int(length)
            ranges.append(lower..<(lower + Int(length)))
        }
        return ranges
    }

    /// An item's bytes: its extents joined, a slice of the file when there is one extent. Throws
    /// `.truncated` when they lie past the end of a prefix (the header reader's case).
    package func data(of itemID: UInt32) throws(HEIFError) -> ArraySlice<UInt8> {
        let ranges = try ranges(of: itemID)
        if let last = ranges.map(\.upperBound).max(), last > window.count {
            throw .truncated(box: "item \(itemID)", needs: last)
        }
        if ranges.count == 1, let range = ranges.first, let slice = window.slice(range.lowerBound, count: range.count) {
            return slice
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(ranges.reduce(0) { $0 + $1.count })
        for range in ranges { joined += window.slice(range.lowerBound, count: range.count) ?? [] }
        return joined[...]
    }

    /// An item's properties in `ipma` order, each with its essential flag; throws when `ipma`
    /// names a property `ipco` does not have.
    package func properties(of itemID: UInt32) throws(HEIFError) -> [HEIFAssociatedProperty] {
        var result: [HEIFAssociatedProperty] = []
        for (index, isEssential) in associations[itemID] ?? [] where index > 0 {
            guard index <= properties.count else {
                throw .propertyIndex(item: itemID, index: index, count: properties.count)
            }
            result.append(HEIFAssociatedProperty(properties[index - 1], isEssential: isEssential))
        }
        return result
    }

    /// Whether `ipma` describes the item at all.
    package func hasAssociations(_ itemID: UInt32) -> Bool { associations[itemID] != nil }

    /// The items `itemID` refers to by references of `kind`, in order (a grid's tiles for `dimg`).
    package func referenced(from itemID: UInt32, _ kind: HEIFReference.Kind) -> [UInt32] {
        references.filter { $0.kind == kind && $0.from == itemID }.flatMap(\.to)
    }

    /// The items that refer to `itemID` by references of `kind` (its thumbnails for `thmb`, its
    /// alpha and depth for `auxl`, its Exif and XMP for `cdsc`), in `iref` order.
    package func referring(to itemID: UInt32, _ kind: HEIFReference.Kind) -> [UInt32] {
        references.filter { $0.kind == kind && $0.to.contains(itemID) }.map(\.from)
    }
}
