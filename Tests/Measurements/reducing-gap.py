#!/usr/bin/env python3
"""How sharp Ashlar's large renditions are at each reducing gap: the measurement behind
`Renditions.reducingGap` (Sources/AshlarImage/Pipeline/Renditions.swift).

    swift run -c release ashlar-bench images gap --out OUT PHOTO...   # PPMs, CPU time per gap
    python3 Tests/Measurements/reducing-gap.py OUT PHOTO...           # SSIM against a reference

The reference is each photo decoded at full size by Pillow, turned upright and resized with
Image.LANCZOS to the same size. SSIM is Wang et al.'s (Gaussian window, sigma 1.5, K1 0.01,
K2 0.03) on luma (BT.601), the mean over the image. Needs Pillow, numpy and scipy; nothing in
the build or the tests runs it.
"""
import glob, os, re, sys
import numpy as np
from PIL import Image, ImageOps
from scipy.ndimage import gaussian_filter

def luma(image):
    a = np.asarray(image.convert("RGB"), dtype=np.float64)
    return 0.299 * a[..., 0] + 0.587 * a[..., 1] + 0.114 * a[..., 2]

def ssim(x, y):
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    f = lambda a: gaussian_filter(a, 1.5, truncate=3.5)
    mx, my = f(x), f(y)
    sxx, syy, sxy = f(x * x) - mx * mx, f(y * y) - my * my, f(x * y) - mx * my
    m = ((2 * mx * my + c1) * (2 * sxy + c2)) / ((mx * mx + my * my + c1) * (sxx + syy + c2))
    return float(m[5:-5, 5:-5].mean())

def detail(x):
    """Fine detail: the mean absolute response of a 3x3 Laplacian."""
    lap = -4 * x[1:-1, 1:-1] + x[:-2, 1:-1] + x[2:, 1:-1] + x[1:-1, :-2] + x[1:-1, 2:]
    return float(np.abs(lap).mean())

out, photos = sys.argv[1], sys.argv[2:]
rows = {}
for photo in photos:
    name = os.path.splitext(os.path.basename(photo))[0]
    full = ImageOps.exif_transpose(Image.open(photo)).convert("RGB")
    references = {}
    for ppm in sorted(glob.glob(os.path.join(glob.escape(out), glob.escape(name) + "-g*-*.ppm"))):
        gap, width = re.match(r".*-g([0-9.]+)-(\d+)\.ppm$", ppm).groups()
        ours = Image.open(ppm)
        if ours.size not in references:
            reference = luma(full.resize(ours.size, Image.LANCZOS))
            references[ours.size] = (reference, detail(reference))
        reference, reference_detail = references[ours.size]
        y = luma(ours)
        rows.setdefault((int(width) == 1280, gap), []).append((name, ssim(reference, y), detail(y) / reference_detail))
        print(f"{name:28} {ours.size[0]:>5}x{ours.size[1]:<5} gap {gap}: SSIM {ssim(reference, y):.4f}  "
              f"detail {100 * detail(y) / reference_detail:5.1f} % of the reference")
print()
for (is1280, gap), values in sorted(rows.items()):
    ssims = [v[1] for v in values]; details = [v[2] for v in values]
    print(f"{'1280 px' if is1280 else 'widest '} gap {gap}: mean SSIM {np.mean(ssims):.4f} (min {min(ssims):.4f}), "
          f"detail {100 * np.mean(details):.1f} % of the reference, {len(values)} photos")
