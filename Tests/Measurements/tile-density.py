#!/usr/bin/env python3
"""What a DPR-3 phone's album tiles lose when `sizes` caps them at 2x: the measurement behind
`PageGeometry.highDensityTileScale` (Sources/AshlarCore/Render/PageGeometry.swift).

    ashlar build FOLDER --output SITE        # FOLDER: the twelve photos of ../shared in one album
    python3 Tests/Measurements/tile-density.py SITE/ALBUM [TILE_CSS_PX]

For each photo's renditions in the album's output folder: the tile is TILE_CSS_PX wide (174.515625,
a two-column tile on a 390 px wide phone, as Chromium lays it out), so a 3x screen shows it
round(3 * TILE) px wide. The reference is what a 3x phone loaded before the cap: the 634 px rendition
(the narrowest at least 3 * TILE wide), resized down to that width with Pillow's LANCZOS. Each
narrower rendition is resized up to the same size with Pillow's BICUBIC (Catmull-Rom, as a browser
upscales) and scored against it with SSIMULACRA2 (PyPI `ssimulacra2`: 100 identical, 90 visually
lossless at 1:1, 70 high quality, 50 medium). Bytes are the rendition files'. Needs Pillow, numpy
and ssimulacra2; nothing in the build or the tests runs it.
"""
import glob, os, re, statistics, sys, tempfile
from PIL import Image
import ssimulacra2.ssimulacra2 as metric

album = sys.argv[1]
tile = float(sys.argv[2]) if len(sys.argv) > 2 else 174.515625
shown = round(3 * tile)
renditions = {}
for path in glob.glob(os.path.join(album, "*@*w.*.jpg")):
    match = re.match(r"(.+)@(\d+)w\.[0-9a-f]+\.jpg$", os.path.basename(path))
    renditions.setdefault(match.group(1), {})[int(match.group(2))] = path
rows = []
with tempfile.TemporaryDirectory() as work:
    for name in sorted(renditions):
        widths = renditions[name]
        full = min(w for w in widths if w >= shown)
        reference = Image.open(widths[full]).convert("RGB")
        height = round(reference.height * shown / reference.width)
        reference = reference.resize((shown, height), Image.LANCZOS)
        reference_path = os.path.join(work, "reference.png")
        reference.save(reference_path)
        row = {"photo": name, "full": full, "full_bytes": os.path.getsize(widths[full])}
        for width in sorted(w for w in widths if w < full):
            candidate = Image.open(widths[width]).convert("RGB").resize((shown, height), Image.BICUBIC)
            candidate_path = os.path.join(work, "candidate.png")
            candidate.save(candidate_path)
            row[width] = (metric.compute_ssimulacra2(reference_path, candidate_path), os.path.getsize(widths[width]))
        rows.append(row)

narrower = sorted({w for row in rows for w in row if isinstance(w, int)})
print(f"tile {tile} CSS px, shown {shown} px wide at 3x; reference: the {rows[0]['full']} px rendition")
print(f"{'photo':28} {'ref bytes':>9} " + " ".join(f"{str(w) + ' px score':>13} {'bytes':>7}" for w in narrower))
for row in rows:
    cells = " ".join(f"{row[w][0]:13.1f} {row[w][1]:7d}" if w in row else f"{'':13} {'':7}" for w in narrower)
    print(f"{row['photo']:28} {row['full_bytes']:9d} {cells}")
total = sum(row["full_bytes"] for row in rows)
for width in narrower:
    scores = [row[width][0] for row in rows if width in row]
    size = sum(row[width][1] for row in rows if width in row)
    print(f"{width} px: SSIMULACRA2 median {statistics.median(scores):.1f}, worst {min(scores):.1f}, mean "
          f"{statistics.mean(scores):.1f}; {size} bytes against {total}, {100 * (1 - size / total):.0f} % fewer")
