#!/usr/bin/env python3
"""Makes the resize and orientation fixtures. Run from anywhere; needs Pillow and djpeg.

- photo-crop.ppm: a 160 x 120 crop of /work/shared/photos/camera-1.jpg (decoded at 1/8 scale
  by djpeg), for comparing the resampler with Pillow's LANCZOS (the comparison runs Pillow at
  test time). The photo is from github.com/maxvoltar/photo-stream, MIT License, Tim Van Damme.
- pipeline-plain.jpg: 120 x 80, no metadata; pipeline-rotated.jpg: 64 x 48 as stored, red in
  its left quarter and blue elsewhere, EXIF orientation 6 and Pillow's sRGB ICC profile (also
  written alone as pipeline-rotated.icc); pipeline-alpha.png: 40 x 30 RGBA, alpha a gradient;
  pipeline-gray.jpg: 50 x 40 grey.
- orientation.json: a 4 x 3 RGB image with every pixel different, and for EXIF orientations
  1-8 what Pillow's ImageOps.exif_transpose makes of it (size and pixels, row by row).
"""
import io
import json
import os
import subprocess

from PIL import Image, ImageCms, ImageOps

here = os.path.dirname(os.path.abspath(__file__))

ppm = subprocess.run(["djpeg", "-scale", "1/8", "-pnm", "/work/shared/photos/camera-1.jpg"],
                     check=True, capture_output=True).stdout
photo = Image.open(io.BytesIO(ppm)).convert("RGB")
photo.crop((100, 200, 260, 320)).save(os.path.join(here, "photo-crop.ppm"))

width, height = 4, 3
source = Image.new("RGB", (width, height))
source.putdata([(x * 60, y * 100, 10 + x + 4 * y) for y in range(height) for x in range(width)])
cases = []
for orientation in range(1, 9):
    tagged = source.copy()
    exif = tagged.getexif()
    exif[0x0112] = orientation
    buffer = io.BytesIO()
    tagged.save(buffer, "PNG", exif=exif.tobytes())
    upright = ImageOps.exif_transpose(Image.open(buffer))
    cases.append({
        "orientation": orientation,
        "width": upright.width,
        "height": upright.height,
        "pixels": list(upright.tobytes()),
    })
with open(os.path.join(here, "orientation.json"), "w") as file:
    json.dump({"width": width, "height": height,
               "pixels": list(source.tobytes()),
               "cases": cases}, file, indent=1)
    file.write("\n")

plain = Image.new("RGB", (120, 80))
plain.putdata([(x * 2, y * 3, (x * y) % 256) for y in range(80) for x in range(120)])
plain.save(os.path.join(here, "pipeline-plain.jpg"), quality=90)

profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
# A fixed creation date (2020-01-01) and no profile ID, so the bytes are the same every run.
profile[24:36] = bytes([0x07, 0xE4, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
profile[84:100] = bytes(16)
profile = bytes(profile)
with open(os.path.join(here, "pipeline-rotated.icc"), "wb") as file:
    file.write(profile)
rotated = Image.new("RGB", (64, 48), (0, 0, 255))
rotated.paste((255, 0, 0), (0, 0, 16, 48))
exif = Image.Exif()
exif[0x0112] = 6
rotated.save(os.path.join(here, "pipeline-rotated.jpg"), quality=90, exif=exif.tobytes(), icc_profile=profile)

alpha = Image.new("RGBA", (40, 30))
alpha.putdata([(200, 100 + y, 50, x * 6) for y in range(30) for x in range(40)])
alpha.save(os.path.join(here, "pipeline-alpha.png"))

gray = Image.new("L", (50, 40))
gray.putdata([(x * 5 + y) % 256 for y in range(40) for x in range(50)])
gray.save(os.path.join(here, "pipeline-gray.jpg"), quality=90)
