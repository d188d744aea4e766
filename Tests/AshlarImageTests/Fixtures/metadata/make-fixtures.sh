#!/usr/bin/env bash
# Makes the JPEG metadata fixtures in this folder with cjpeg (libjpeg-turbo) and exiftool.
# Rerun after changing it; the files are committed. Needs python3 for the pixels and the profile.
set -euo pipefail
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A 32×24 picture: gradients and a disc, so the scan is not trivial.
python3 - "$work/base.ppm" <<'PY'
import sys
w, h = 32, 24
rows = bytearray()
for y in range(h):
    for x in range(w):
        inside = (x - 16) ** 2 + (y - 12) ** 2 < 64
        rows += bytes([x * 8, y * 10, 200 if inside else 40])
open(sys.argv[1], "wb").write(b"P6 %d %d 255\n" % (w, h) + rows)
PY

# An ICC v2 RGB matrix/TRC profile (sRGB-like primaries) grown past one APP2 segment by a private
# 'ashl' tag of 70,000 deterministic bytes, so it is split over two chunks.
python3 - "$work/big.icc" <<'PY'
import struct, sys
def xyz(x, y, z):
    f = lambda v: struct.pack(">i", round(v * 65536))
    return b"XYZ \0\0\0\0" + f(x) + f(y) + f(z)
def text(s):
    return b"text\0\0\0\0" + s.encode() + b"\0"
def desc(s):
    raw = s.encode() + b"\0"
    return b"desc\0\0\0\0" + struct.pack(">I", len(raw)) + raw + b"\0" * 12 + b"\0" * 67
curve = b"curv\0\0\0\0" + struct.pack(">I", 1) + struct.pack(">H", 0x0233) + b"\0\0"
padding = bytes((i * 7919 + 13) % 251 for i in range(70_000))
tags = [
    (b"desc", desc("Ashlar test profile")), (b"cprt", text("No copyright, test data")),
    (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
    (b"rXYZ", xyz(0.4361, 0.2225, 0.0139)), (b"gXYZ", xyz(0.3851, 0.7169, 0.0971)),
    (b"bXYZ", xyz(0.1431, 0.0606, 0.7141)),
    (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve),
    (b"ashl", b"ashl\0\0\0\0" + padding),
]
offset = 128 + 4 + 12 * len(tags)
table, data = b"", b""
for signature, body in tags:
    body += b"\0" * (-len(body) % 4)
    table += signature + struct.pack(">II", offset + len(data), len(body))
    data += body
size = offset + len(data)
header = struct.pack(">I", size) + b"none" + bytes([2, 0x10, 0, 0]) + b"mntrRGB XYZ "
header += struct.pack(">6H", 2024, 1, 1, 0, 0, 0) + b"acsp" + b"APPL" + b"\0" * 4 + b"\0" * 4 + b"\0" * 4
header += b"\0" * 8 + b"\0" * 4 + struct.pack(">I", 0) + xyz(0.9642, 1.0, 0.8249)[8:] + b"none"
header += b"\0" * (128 - len(header))
open(sys.argv[1], "wb").write(header + struct.pack(">I", len(tags)) + table + data)
PY

cjpeg -quality 75 -optimize "$work/base.ppm" >"$work/base.jpg"
et() { exiftool -q -overwrite_original "$@"; }
common=(-Make=Ashlar -Model=Fixture -Artist="Test Author" -DateTimeOriginal="2024:05:06 07:08:09")
gps=(-GPSLatitude=48.8584 -GPSLatitudeRef=N -GPSLongitude=2.2945 -GPSLongitudeRef=E -GPSAltitude=35
    -GPSAltitudeRef=0 -GPSMapDatum=WGS-84)

cp "$work/base.jpg" gps-exif-big-endian.jpg
et -ExifByteOrder=MM "${common[@]}" "${gps[@]}" -Orientation#=6 gps-exif-big-endian.jpg
cp "$work/base.jpg" gps-exif-little-endian.jpg
et -ExifByteOrder=II "${common[@]}" "${gps[@]}" -Orientation#=3 gps-exif-little-endian.jpg

# XMP only (no EXIF): exiftool writes elements by default, attributes with compact shorthand.
cp "$work/base.jpg" gps-xmp-element.jpg
et -XMP-exif:GPSLatitude=48.8584 -XMP-exif:GPSLongitude=2.2945 -XMP-exif:GPSAltitude=35 \
    -XMP-exif:GPSMapDatum=WGS-84 -XMP-exif:DateTimeOriginal="2024:05:06 07:08:09" \
    -XMP-dc:Title="Element form" gps-xmp-element.jpg
cp "$work/base.jpg" gps-xmp-attribute.jpg
et -api Compact=Shorthand -XMP-exif:GPSLatitude=48.8584 -XMP-exif:GPSLongitude=2.2945 \
    -XMP-exif:GPSAltitude=35 -XMP-exif:DateTimeOriginal="2024:05:06 07:08:09" \
    -XMP-dc:Title="Attribute form" gps-xmp-attribute.jpg

cjpeg -quality 75 -optimize -icc "$work/big.icc" "$work/base.ppm" >icc-two-chunks.jpg
et "${common[@]}" "${gps[@]}" icc-two-chunks.jpg

for orientation in 1 2 3 4 5 6 7 8; do
    cp "$work/base.jpg" "orientation-$orientation.jpg"
    et -Orientation#="$orientation" "orientation-$orientation.jpg"
done

cp "$work/base.jpg" iptc-comment.jpg
et -IPTC:Keywords=harbour -IPTC:Keywords=boats -IPTC:Caption-Abstract="A test caption" \
    -IPTC:City=Paris -Comment="A JPEG comment" -Artist="Test Author" iptc-comment.jpg

# EXIF whose IFD0 offset points far past the end of its segment.
cp "$work/base.jpg" broken-exif-offset.jpg
et -ExifByteOrder=MM "${common[@]}" "${gps[@]}" -Orientation#=6 broken-exif-offset.jpg
python3 - broken-exif-offset.jpg <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
tiff = data.index(b"Exif\0\0") + 6
assert data[tiff:tiff + 4] == b"MM\0*"
data[tiff + 4:tiff + 8] = (0x7FFF0000).to_bytes(4, "big")
open(path, "wb").write(data)
PY
ls -l ./*.jpg | awk '{ total += $5 } END { print total " bytes in fixtures" }'
