import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The coded planes of every decodable HEIC in ../shared/heic (grid tiles pasted, cropped to
/// `ispe`, no transforms), decoded by our HEVC decoder, must hash to what libde265 1.1.3 gave
/// (refs.json `native`: per-plane SHA-256, samples little-endian when wider than 8 bits).
@Suite(.enabled(if: SharedMaterial.isAvailable("heic"), "the HEICs are not at ../shared/heic"))
struct HEVCSharedHEICTests {
    static let folder = SharedMaterial.folder("heic")

    struct Reference: Sendable, CustomTestStringConvertible {
        var file: String
        /// Plane name ("Y", "Cb", "Cr", "A(…)") and SHA-256.
        var planes: [(name: String, sha256: String)]
        var testDescription: String { file }
    }

    static let references: [Reference] = {
        let url = folder.appendingPathComponent("refs.json")
        guard let data = try? Data(contentsOf: url),
            let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard let file = entry["file"] as? String,
                let native = (entry["native"] as? [String: Any])?["libde265 1.1.3"] as? [String: Any],
                let planes = native["planes"] as? [[String: Any]]
            else { return nil }
            return Reference(
                file: file,
                planes: planes.compactMap { plane in
                    guard let name = plane["plane"] as? String, let hash = plane["sha256"] as? String else {
                        return nil
                    }
                    return (name, hash)
                })
        }
    }()

    @Test func everyDecodableFileIsListed() {
        #expect(Self.references.count >= 18)
    }

    @Test(arguments: references)
    func planesHashToLibde265s(_ reference: Reference) throws {
        let bytes = try Array(Data(contentsOf: Self.folder.appendingPathComponent(reference.file)))
        let file = try HEIFFile(bytes)
        if reference.file == "nokia_C014.heic" {
            // Its primary item is an 'iden' derived image, which HEIFFile refuses by name.
            #expect(throws: HEIFError.self) { try file.primaryImage() }
            return
        }
        let primary = try file.primaryImage()
        var planes = try Self.codedPlanes(primary, in: file)
        if let alphaID = primary.alphaItemID {
            planes.append(try Self.codedPlanes(file.describe(alphaID), in: file)[0])
        }
        #expect(planes.count == reference.planes.count)
        for (plane, expected) in zip(planes, reference.planes) {
            #expect(Self.sha256(plane) == expected.sha256, "\(reference.file) plane \(expected.name)")
        }
    }

    /// The item's coded planes: one picture, or a grid's tiles pasted and cropped.
    static func codedPlanes(_ description: HEIFImageDescription, in file: HEIFFile) throws -> [YCbCrPlanes.Plane] {
        let codec = HEVCStillImageCodec()
        func planes(_ picture: HEIFCodedPicture) -> [YCbCrPlanes.Plane] {
            [picture.planes.luma] + (picture.planes.chroma.map { [$0.cb, $0.cr] } ?? [])
        }
        switch description.coding {
        case .single(let item, let heifCodec):
            let picture = try codec.decode(
                heifCodec, data: file.data(of: item), size: (description.codedWidth, description.codedHeight))
            return planes(picture).enumerated().map { index, plane in
                let (sx, sy) =
                    index == 0 ? (0, 0) : (picture.planes.chroma?.shiftX ?? 0, picture.planes.chroma?.shiftY ?? 0)
                return crop(
                    plane, width: (description.codedWidth + (1 << sx) - 1) >> sx,
                    height: (description.codedHeight + (1 << sy) - 1) >> sy)
            }
        case .grid(let grid, let tiles, let tileWidth, let tileHeight, let heifCodec):
            var canvas: [YCbCrPlanes.Plane] = []
            for (number, tile) in tiles.enumerated() {
                let picture = try codec.decode(heifCodec, data: file.data(of: tile), size: (tileWidth, tileHeight))
                for (index, plane) in planes(picture).enumerated() {
                    let (sx, sy) =
                        index == 0 ? (0, 0) : (picture.planes.chroma?.shiftX ?? 0, picture.planes.chroma?.shiftY ?? 0)
                    let width = (description.codedWidth + (1 << sx) - 1) >> sx
                    let height = (description.codedHeight + (1 << sy) - 1) >> sy
                    if canvas.count == index {
                        canvas.append(
                            YCbCrPlanes.Plane(
                                samples: Array(repeating: 0, count: width * height), width: width, height: height,
                                stride: width, bitDepth: plane.bitDepth))
                    }
                    let left = (number % grid.columns) * (tileWidth >> sx)
                    let top = (number / grid.columns) * (tileHeight >> sy)
                    for y in 0..<min(plane.height, height - top) where top + y < height {
                        for x in 0..<min(plane.width, width - left) where left + x < width {
                            canvas[index].samples[(top + y) * width + left + x] = plane.samples[y * plane.stride + x]
                        }
                    }
                }
            }
            return canvas
        }
    }

    static func crop(_ plane: YCbCrPlanes.Plane, width: Int, height: Int) -> YCbCrPlanes.Plane {
        var samples: [UInt16] = []
        for y in 0..<min(height, plane.height) {
            samples += plane.samples[(y * plane.stride)..<(y * plane.stride + min(width, plane.width))]
        }
        return YCbCrPlanes.Plane(
            samples: samples, width: min(width, plane.width), height: min(height, plane.height),
            stride: min(width, plane.width), bitDepth: plane.bitDepth)
    }

    static func sha256(_ plane: YCbCrPlanes.Plane) -> String {
        var hash = SHA256()
        var bytes: [UInt8] = []
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                let sample = plane.samples[y * plane.stride + x]
                if plane.bitDepth > 8 {
                    bytes += [UInt8(sample & 0xFF), UInt8(sample >> 8)]
                } else {
                    bytes.append(UInt8(truncatingIfNeeded: sample))
                }
            }
        }
        hash.update(bytes)
        return hash.finish().map { String(format: "%02x", $0) }.joined()
    }
}
