import Foundation

/// The default photos of `ashlar-bench images`: 24, 33 and 45 MP JPEGs made by a Python script
/// (numpy and Pillow) with fixed seeds, so every run and every machine benchmarks the same files.
/// Each is a scene of smooth octaves of value noise, sharp-edged shapes and lines, fine texture
/// and per-pixel sensor grain, saved at quality 92, 4:2:0, as a camera would.
enum ImageBenchPhotos {
    static let sizes: [(name: String, width: Int, height: Int)] = [
        ("generated-24mp.jpg", 6000, 4000),
        ("generated-33mp.jpg", 7008, 4672),
        ("generated-45mp.jpg", 8256, 5504),
    ]

    /// Writes the photos (the first `count` of `sizes`) into `folder` and returns their paths.
    static func make(in folder: URL, count: Int = sizes.count) throws -> [String] {
        let list = sizes.prefix(count).enumerated().map {
            "(\"\($1.name)\", \($1.width), \($1.height), \($0 + 1))"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script.replacingOccurrences(of: "SIZES", with: list.joined(separator: ", ")),
            folder.path,
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ImageBenchmarkError(
                "could not generate the benchmark photos (python3 with numpy and Pillow is needed)")
        }
        return sizes.prefix(count).map { folder.appendingPathComponent($0.name).path }
    }

    static let script = #"""
        import os, sys
        import numpy as np
        from PIL import Image, ImageDraw

        folder = sys.argv[1]
        for name, width, height, seed in [SIZES]:
            rng = np.random.default_rng(seed)
            scene = Image.new("RGB", (width, height), (128, 128, 128))
            # Octaves of smooth value noise: sky, hills, light falloff, then finer structure.
            for cells, weight in [(3, 1.0), (12, 0.45), (60, 0.25), (300, 0.15), (1500, 0.10)]:
                small = rng.integers(0, 256, (max(2, cells * height // width), cells, 3), dtype=np.uint8)
                layer = Image.fromarray(small, "RGB").resize((width, height), Image.BICUBIC)
                scene = Image.blend(scene, layer, weight)
            # Sharp edges: buildings, branches, wires.
            draw = ImageDraw.Draw(scene)
            for _ in range(400):
                x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
                w, h = int(rng.integers(8, width // 8)), int(rng.integers(8, height // 8))
                colour = tuple(int(v) for v in rng.integers(0, 256, 3))
                if rng.random() < 0.5:
                    draw.rectangle([x, y, x + w, y + h], fill=colour)
                else:
                    draw.line([x, y, x + w, y - h], fill=colour, width=int(rng.integers(1, 6)))
            # Per-pixel grain, stronger in the shadows as a sensor's is.
            pixels = np.asarray(scene, dtype=np.int16)
            grain = rng.normal(0, 1, (height, width, 1)).astype(np.float32)
            pixels = pixels + (grain * (10 - pixels.mean(axis=2, keepdims=True) / 40)).astype(np.int16)
            scene = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
            scene.save(os.path.join(folder, name), quality=92, subsampling=2)
        """#
}
