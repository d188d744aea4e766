#!/bin/sh
# Writes the seeds of the `heif` fuzz target (Tests/Fuzz/Corpus/heif/): small files from heif-enc
# (plain, alpha with a thumbnail, 10-bit, plain with GPS written by exiftool) made from a generated
# 40×30 image, and a handcrafted grid
# whose ImageGrid lies in `idat` (iloc version 2, construction method 1), which heif-enc cannot write.
set -eu
root="$(cd "$(dirname "$0")/../../../.." && pwd)"
out="$root/Tests/Fuzz/Corpus/heif"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
python3 - "$work" <<'PY'
import sys
from PIL import Image
work = sys.argv[1]
image = Image.new("RGBA", (40, 30))
image.putdata([(x * 6, y * 8, (x + y) * 3, 255 if x < 20 else 128) for y in range(30) for x in range(40)])
image.save(f"{work}/alpha.png")
image.convert("RGB").save(f"{work}/rgb.png")
# A 16-bit RGB PNG, written by hand (Pillow writes no 16-bit RGB), for the 10-bit seed.
import struct, zlib
def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rows = b"".join(b"\0" + b"".join(struct.pack(">HHH", x * 1600, y * 2100, (x + y) * 900) for x in range(40)) for y in range(30))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 40, 30, 16, 2, 0, 0, 0))
open(f"{work}/rgb16.png", "wb").write(png + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY
heif-enc -q 20 -o "$out/plain.heic" "$work/rgb.png" >/dev/null
heif-enc -q 20 -t 16 -o "$out/alpha-thumbnail.heic" "$work/alpha.png" >/dev/null
heif-enc -q 20 -b 10 -o "$out/ten-bit.heic" "$work/rgb16.png" >/dev/null
# The plain seed with a location in its Exif and XMP items, for the published copy's checks.
cp "$out/plain.heic" "$work/gps.heic"
exiftool -q -overwrite_original -GPSLatitude=48.8583 -GPSLatitudeRef=N -GPSLongitude=2.2945 \
  -GPSLongitudeRef=E -Make=Ashlar -Model=Seed -XMP-dc:Title=Seed "$work/gps.heic"
cp "$work/gps.heic" "$out/gps-exif.heic"
python3 - "$out/grid-idat.heic" <<'PY'
import struct, sys
def box(kind, payload): return struct.pack(">I", len(payload) + 8) + kind + payload
def full(kind, payload, version=0, flags=0): return box(kind, struct.pack(">I", version << 24 | flags) + payload)
grid = bytes([0, 0, 1, 1]) + struct.pack(">HH", 7, 6)
tiles = b"".join(bytes([n]) * 6 for n in range(1, 5))
def meta(mdat):
    infe = b"".join(full(b"infe", struct.pack(">HH", n, 0) + b"hvc1\0", 2, 1) for n in range(1, 5))
    infe += full(b"infe", struct.pack(">HH", 10, 0) + b"grid\0", 2)
    iloc = struct.pack(">HI", 0x4444, 5)
    for n in range(1, 5):
        start = mdat + (n - 1) * 6
        iloc += struct.pack(">IHHIH", n, 0, 0, 0, 2) + struct.pack(">III", 0, start, 2) + struct.pack(">III", 0, start + 2, 4)
    iloc += struct.pack(">IHHIH", 10, 1, 0, 0, 1) + struct.pack(">III", 0, 0, len(grid))
    ipco = box(b"ipco", full(b"ispe", struct.pack(">II", 4, 4)) + box(b"hvcC", bytes([1]) + bytes(22)) + full(b"ispe", struct.pack(">II", 7, 6)) + box(b"irot", b"\1"))
    ipma = full(b"ipma", struct.pack(">I", 5) + b"".join(struct.pack(">HBBB", n, 2, 1, 0x82) for n in range(1, 5)) + struct.pack(">HBBB", 10, 2, 3, 0x84))
    return full(b"meta", full(b"hdlr", bytes(4) + b"pict" + bytes(13)) + full(b"pitm", struct.pack(">H", 10))
        + full(b"iinf", struct.pack(">H", 5) + infe) + full(b"iloc", iloc, 2)
        + full(b"iref", box(b"dimg", struct.pack(">HHHHHH", 10, 4, 1, 2, 3, 4))) + box(b"idat", grid)
        + box(b"iprp", ipco + ipma))
ftyp = box(b"ftyp", b"heic\0\0\0\0mif1heic")
start = len(ftyp) + len(meta(0)) + 8
open(sys.argv[1], "wb").write(ftyp + meta(start) + box(b"mdat", tiles))
PY
ls -l "$out"
