#!/usr/bin/env python3
"""Makes the renditions fixture site: camera-like JPEGs and PNGs with no sidecars, in the cases
the rendition stage must get right. Run from anywhere; rewrites site/. Needs Pillow and exiftool.

Each image shows the same picture upright: a red square in its top-left corner, a green one in
its top-right, on a blue-grey gradient. Stored rotated, a file's EXIF orientation says how to
turn it back, so a rendition with the orientation baked in has red at its top left.

- orientation-3.jpg, orientation-6.jpg, orientation-8.jpg: 800 x 600 upright, stored turned,
  with the EXIF orientation that undoes it.
- cmyk.jpg: 700 x 500, CMYK (Adobe), as print workflows export.
- progressive.jpg: 900 x 600, progressive.
- truncated.jpg: a 900 x 600 baseline JPEG cut off after 60 % of its bytes.
- gps-p3.jpg: 1000 x 700 with GPS (EXIF and XMP) and a Display P3 ICC profile (made here: the
  P3 primaries adapted to D50, the sRGB-like 2.2 curve).
- transparent.png: 640 x 400 RGBA, half transparent; opaque.png: 640 x 400 RGB.
- small.jpg: 200 x 150, narrower than every rendition: published as it is.
"""
import os
import shutil
import struct
import subprocess

from PIL import Image, ImageDraw

here = os.path.dirname(os.path.abspath(__file__))
site = os.path.join(here, "site")
shutil.rmtree(site, ignore_errors=True)
os.makedirs(site)


def picture(width, height, mode="RGB"):
    image = Image.new("RGB", (width, height))
    image.putdata([(40 + x * 120 // width, 60 + y * 100 // height, 140) for y in range(height) for x in range(width)])
    draw = ImageDraw.Draw(image)
    side = min(width, height) // 5
    draw.rectangle([0, 0, side, side], fill=(230, 20, 20))
    draw.rectangle([width - side - 1, 0, width - 1, side], fill=(20, 200, 40))
    return image.convert(mode) if mode != "RGB" else image


# Stored = upright turned by the inverse of what the orientation asks for.
stored_for = {3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270}
for orientation, transpose in stored_for.items():
    upright = picture(800, 600)
    stored = upright.transpose(transpose)
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored.save(os.path.join(site, f"orientation-{orientation}.jpg"), quality=82, exif=exif.tobytes())

picture(700, 500).convert("CMYK").save(os.path.join(site, "cmyk.jpg"), quality=85)
picture(900, 600).save(os.path.join(site, "progressive.jpg"), quality=85, progressive=True)

whole = os.path.join(site, "truncated-whole.jpg")
picture(900, 600).save(whole, quality=85)
with open(whole, "rb") as file:
    data = file.read()
os.remove(whole)
with open(os.path.join(site, "truncated.jpg"), "wb") as file:
    file.write(data[: len(data) * 6 // 10])


def s15(value):
    return struct.pack(">i", round(value * 65536))


def xyz(x, y, z):
    return b"XYZ " + bytes(4) + s15(x) + s15(y) + s15(z)


def display_p3():
    """An ICC v2 matrix/TRC display profile with the Display P3 primaries (D50-adapted)."""
    text = b"Display P3 (Ashlar test)"
    tags = [
        (b"desc", b"desc" + bytes(4) + struct.pack(">I", len(text) + 1) + text + b"\0" + bytes(12) + bytes(67)),
        (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", xyz(0.5151, 0.2412, -0.0011)),
        (b"gXYZ", xyz(0.2920, 0.6922, 0.0419)),
        (b"bXYZ", xyz(0.1571, 0.0666, 0.7841)),
        (b"rTRC", b"curv" + bytes(4) + struct.pack(">IH", 1, 0x0233) + bytes(2)),
        (b"gTRC", b"curv" + bytes(4) + struct.pack(">IH", 1, 0x0233) + bytes(2)),
        (b"bTRC", b"curv" + bytes(4) + struct.pack(">IH", 1, 0x0233) + bytes(2)),
        (b"cprt", b"text" + bytes(4) + b"No copyright, test data\0"),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, body = b"", b""
    for signature, data in tags:
        while len(data) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = (struct.pack(">I", size) + b"lcms" + bytes([2, 0x10, 0, 0]) + b"mntrRGB XYZ "
              + struct.pack(">6H", 2024, 1, 1, 0, 0, 0) + b"acsp" + b"APPL" + bytes(4) + bytes(8) + bytes(8)
              + bytes(4) + s15(0.9642) + s15(1.0) + s15(0.8249) + bytes(4) + bytes(16) + bytes(28))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + body


profile = display_p3()
with open(os.path.join(here, "display-p3.icc"), "wb") as file:
    file.write(profile)
picture(1000, 700).save(os.path.join(site, "gps-p3.jpg"), quality=85, icc_profile=profile)
subprocess.run(["exiftool", "-q", "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N",
                "-GPSLongitude=2.2945", "-GPSLongitudeRef=E", "-XMP-exif:GPSLatitude=48.8584 N",
                "-XMP-exif:GPSLongitude=2.2945 E", "-Make=Ashlar", "-Model=Test Camera",
                os.path.join(site, "gps-p3.jpg")], check=True)

transparent = picture(640, 400, "RGBA")
transparent.putalpha(Image.linear_gradient("L").resize((640, 400)))
transparent.save(os.path.join(site, "transparent.png"))
picture(640, 400).save(os.path.join(site, "opaque.png"))
picture(200, 150).save(os.path.join(site, "small.jpg"), quality=85)
