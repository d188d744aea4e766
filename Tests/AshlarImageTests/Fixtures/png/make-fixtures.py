#!/usr/bin/env python3
"""Makes the PNG and zlib fixtures for AshlarImageTests (PNGDecoderTests, InflateTests).

Run from anywhere: python3 make-fixtures.py. Needs Python 3 with numpy and Pillow.

The PNG files are written by a small writer here (zlib from Python) so that every colour type,
bit depth, filter type and Adam7 interlacing can be produced; the filter of each row cycles
through all five. Beside each NAME.png is NAME.pixels: the pixels AshlarImage must return
(8 bits per sample, interleaved, the format named in manifest.txt). They are computed with
numpy from the samples written, and checked here against Pillow's decoding of the same file,
so the tests compare against an independent decoder:
  - 16-bit samples become their high byte (Pillow's RGB;16B unpacking; I;16 >> 8);
  - 1/2/4-bit gray is scaled by 255/85/17 (Pillow's L;1/L;2/L;4);
  - tRNS becomes alpha (Pillow's convert to LA/RGBA), compared at the file's full precision.
Pillow compares a tRNS key with the 8-bit pixels it made, so it never matches a 16-bit key or a
1/2/4-bit gray one (PNG compares the file's samples); those three fixtures are checked against
numpy alone.

manifest.txt lines: NAME WIDTH HEIGHT FORMAT  (FORMAT: gray, grayAlpha, rgb, rgba).
"""
import os
import struct
import zlib

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
rng = np.random.default_rng(1951)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def pack_row(samples, depth):
    """One row of samples (1-D, values < 2**depth) as PNG bytes."""
    if depth == 16:
        return samples.astype(">u2").tobytes()
    if depth == 8:
        return samples.astype(np.uint8).tobytes()
    per_byte = 8 // depth
    padded = np.zeros(-(-len(samples) // per_byte) * per_byte, np.uint8)
    padded[: len(samples)] = samples
    out = np.zeros(len(padded) // per_byte, np.uint8)
    for k in range(per_byte):
        out |= padded[k::per_byte] << (8 - depth * (k + 1))
    return out.tobytes()


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def filter_row(kind, row, prev, bpp):
    out = bytearray(len(row))
    for i in range(len(row)):
        a = row[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out[i] = (row[i] - predictor) & 0xFF
    return bytes([kind]) + bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def scanlines(image, depth, interlace, first_filter=0):
    """The filtered scanlines of image (h, w, samples), filters cycling 0..4 row by row."""
    h, w, n = image.shape
    bpp = max(1, n * depth // 8)
    passes = [image] if not interlace else [image[y::ys, x::xs] for x, y, xs, ys in ADAM7]
    raw = b""
    row_number = first_filter
    for sub in passes:
        if sub.shape[0] == 0 or sub.shape[1] == 0:
            continue
        prev = bytes(len(pack_row(sub[0].reshape(-1), depth)))
        for row in sub:
            packed = pack_row(row.reshape(-1), depth)
            raw += filter_row(row_number % 5, packed, prev, bpp)
            prev = packed
            row_number += 1
    return raw


def png(image, colour, depth, interlace=False, before=b"", after=b"", idat_split=1, level=9):
    h, w, _ = image.shape
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, int(interlace)))
    data = zlib.compress(scanlines(image, depth, interlace), level)
    size = -(-len(data) // idat_split)
    idats = b"".join(chunk(b"IDAT", data[i:i + size]) for i in range(0, len(data), size))
    return b"\x89PNG\r\n\x1a\n" + header + before + idats + after + chunk(b"IEND", b"")


def samples(h, w, colour, depth):
    return rng.integers(0, 1 << depth, size=(h, w, SAMPLES[colour]), dtype=np.uint32)


def expected(image, colour, depth, palette=None, trns=None):
    """What AshlarImage returns, computed from the samples, with its format name."""
    top = image >> 8 if depth == 16 else image
    if colour == 3:
        rgba = np.zeros((256, 4), np.uint32)
        rgba[:, 3] = 255
        rgba[: len(palette)] = np.concatenate([palette, np.full((len(palette), 1), 255)], axis=1)
        if trns is not None:
            rgba[: len(trns), 3] = trns
        pixels = rgba[image[..., 0]]
        return (pixels, "rgba") if trns is not None and min(trns) < 255 else (pixels[..., :3], "rgb")
    if colour == 0:
        gray = top * (255 // ((1 << depth) - 1)) if depth < 8 else top
        if trns is None:
            return gray, "gray"
        alpha = np.where(image[..., 0] == trns, 0, 255)[..., None]
        return np.concatenate([gray, alpha], axis=2), "grayAlpha"
    if colour == 2 and trns is not None:
        alpha = np.where((image == np.array(trns)).all(axis=2), 0, 255)[..., None]
        return np.concatenate([top, alpha], axis=2), "rgba"
    return top, {2: "rgb", 4: "grayAlpha", 6: "rgba"}[colour]


PILLOW_MODE = {"gray": "L", "grayAlpha": "LA", "rgb": "RGB", "rgba": "RGBA"}


def pillow_pixels(path, fmt):
    im = Image.open(path)
    im.load()
    if im.mode.startswith("I;16"):
        return (np.array(im).astype(np.uint32) >> 8).astype(np.uint8)
    return np.array(im.convert(PILLOW_MODE[fmt]))


manifest = []


def write(name, data, pixels=None, fmt=None, pillow=True):
    with open(os.path.join(HERE, name + ".png"), "wb") as f:
        f.write(data)
    if pixels is None:
        return
    pixels = pixels.astype(np.uint8)
    if pillow:
        theirs = pillow_pixels(os.path.join(HERE, name + ".png"), fmt).reshape(pixels.shape)
        assert (theirs == pixels).all(), f"{name}: Pillow disagrees"
    with open(os.path.join(HERE, name + ".pixels"), "wb") as f:
        f.write(pixels.tobytes())
    manifest.append(f"{name} {pixels.shape[1]} {pixels.shape[0]} {fmt}")


def palette_of(count):
    return rng.integers(0, 256, size=(count, 3), dtype=np.uint32)


def plte(palette):
    return chunk(b"PLTE", palette.astype(np.uint8).tobytes())


# Every colour type and bit depth, plain and interlaced; 13 x 11 leaves Adam7's passes uneven.
NAMES = {0: "gray", 2: "rgb", 3: "palette", 4: "grayalpha", 6: "rgba"}
for colour, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
    for depth in depths:
        for interlace in (False, True):
            name = f"{NAMES[colour]}{depth}" + ("-interlaced" if interlace else "")
            image = samples(11, 13, colour, depth)
            palette = None
            before = b""
            if colour == 3:
                palette = palette_of(1 << depth)
                before = plte(palette)
            pixels, fmt = expected(image, colour, depth, palette)
            write(name, png(image, colour, depth, interlace, before=before), pixels, fmt)

# Transparency: a palette with tRNS shorter than the palette, gray and RGB keys.
image = samples(11, 13, 3, 8) % 20
palette = palette_of(20)
trns = [0, 128, 255, 7]
pixels, fmt = expected(image, 3, 8, palette, trns)
write("palette8-trns", png(image, 3, 8, before=plte(palette) + chunk(b"tRNS", bytes(trns))), pixels, fmt)
image = samples(9, 7, 3, 2)
palette = palette_of(4)
pixels, fmt = expected(image, 3, 2, palette, [255, 0])
write("palette2-trns-interlaced", png(image, 3, 2, True, before=plte(palette) + chunk(b"tRNS", bytes([255, 0]))),
      pixels, fmt)
for depth, key in [(8, 77), (4, 9), (16, 0x1234)]:
    image = samples(11, 13, 0, depth)
    image[::3, ::2, 0] = key
    pixels, fmt = expected(image, 0, depth, trns=key)
    write(f"gray{depth}-trns", png(image, 0, depth, before=chunk(b"tRNS", struct.pack(">H", key))), pixels, fmt,
          pillow=depth == 8)
for depth, key in [(8, (10, 20, 30)), (16, (0x0102, 0x0304, 0x0506))]:
    image = samples(11, 13, 2, depth)
    image[1::2, ::3] = key
    image[0, 0] = (key[0], key[1], key[2] ^ 1)  # differs in the last sample only: opaque
    pixels, fmt = expected(image, 2, depth, trns=key)
    write(f"rgb{depth}-trns", png(image, 2, depth, before=chunk(b"tRNS", struct.pack(">HHH", *key))), pixels, fmt,
          pillow=depth != 16)

# Colour information: iCCP (name "ICC profile"), sRGB and gAMA; the profile bytes are committed.
profile = bytes(range(256)) * 3 + b"acsp fake profile for tests"
with open(os.path.join(HERE, "colour-info.icc"), "wb") as f:
    f.write(profile)
image = samples(5, 6, 2, 8)
colour_chunks = (chunk(b"iCCP", b"ICC profile\x00\x00" + zlib.compress(profile))
                 + chunk(b"sRGB", b"\x01") + chunk(b"gAMA", struct.pack(">I", 45455)))
pixels, fmt = expected(image, 2, 8)
write("colour-info", png(image, 2, 8, before=colour_chunks), pixels, fmt)

# An APNG: the default image is the first frame; the second frame (fdAT) is ignored.
image = samples(6, 8, 6, 8)
actl = chunk(b"acTL", struct.pack(">II", 2, 0))
fctl0 = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 8, 6, 0, 0, 1, 10, 0, 0))
fctl1 = chunk(b"fcTL", struct.pack(">IIIIIHHBB", 1, 8, 6, 0, 0, 1, 10, 0, 0))
second = zlib.compress(scanlines(samples(6, 8, 6, 8), 8, False))
fdat = chunk(b"fdAT", struct.pack(">I", 2) + second)
pixels, fmt = expected(image, 6, 8)
write("animated", png(image, 6, 8, before=actl + fctl0, after=fctl1 + fdat), pixels, fmt)

# Image data split over many IDAT chunks, one stored (level 0) and 1 x 1 interlaced.
image = samples(11, 13, 2, 8)
pixels, fmt = expected(image, 2, 8)
write("rgb8-many-idat", png(image, 2, 8, idat_split=17), pixels, fmt)
write("rgb8-stored", png(image, 2, 8, level=0), pixels, fmt)
image = samples(1, 1, 6, 16)
pixels, fmt = expected(image, 6, 16)
write("rgba16-1x1-interlaced", png(image, 6, 16, True), pixels, fmt)

# Damaged files. Their expectations are in PNGDecoderTests; the pixels of the partly decodable
# ones are the rows zlib can inflate, the rest zero.
image = samples(16, 16, 0, 8)
good = png(image, 0, 8)
idat_at = good.index(b"IDAT") - 4
idat_length = struct.unpack(">I", good[idat_at:idat_at + 4])[0]
crc_at = idat_at + 8 + idat_length
write("bad-crc", good[:crc_at] + bytes([good[crc_at] ^ 0xFF]) + good[crc_at + 1:])
cut = idat_at + 8 + idat_length // 2
write("truncated-idat", good[:cut])
available = zlib.decompressobj().decompress(good[idat_at + 8:cut])
rows = len(available) // 17
partial = np.zeros((16, 16, 1), np.uint32)
partial[:rows] = image[:rows]
with open(os.path.join(HERE, "truncated-idat.pixels"), "wb") as f:
    f.write(partial.astype(np.uint8).tobytes())
manifest.append(f"truncated-idat 16 16 gray")
raw = bytearray(scanlines(image, 8, False))
raw[5 * 17] = 9
write("bad-filter", good[:idat_at] + chunk(b"IDAT", zlib.compress(bytes(raw))) + chunk(b"IEND", b""))
partial = np.zeros((16, 16, 1), np.uint32)
partial[:5] = image[:5]
with open(os.path.join(HERE, "bad-filter.pixels"), "wb") as f:
    f.write(partial.astype(np.uint8).tobytes())
manifest.append(f"bad-filter 16 16 gray")
# A zlib bomb: 16 x 16 gray whose IDAT inflates to 8 MiB of zeros.
bomb = zlib.compress(bytes(8 << 20), 9)
write("zlib-bomb", good[:idat_at] + chunk(b"IDAT", bomb) + chunk(b"IEND", b""))
write("iccp-bomb", good[:idat_at] + chunk(b"iCCP", b"bomb\x00\x00" + bomb) + good[idat_at:])
header = chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
write("huge-dimensions", b"\x89PNG\r\n\x1a\n" + header + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
idat = good[idat_at:-12]
write("missing-plte", png(samples(4, 4, 3, 8), 3, 8))
write("unknown-critical", good[:idat_at] + chunk(b"ABCD", b"x") + good[idat_at:])
write("split-idat", good[:idat_at] + idat + chunk(b"tEXt", b"a\x00b") + idat + chunk(b"IEND", b""))
write("plte-after-idat", png(samples(4, 4, 2, 8), 2, 8, after=plte(palette_of(4))))
write("no-ihdr", b"\x89PNG\r\n\x1a\n" + idat + chunk(b"IEND", b""))

with open(os.path.join(HERE, "manifest.txt"), "w") as f:
    f.write("\n".join(manifest) + "\n")

# zlib streams of one input at levels 0-9, for InflateTests: text, a run, and random bytes.
text = b"".join(b"row %d: the quick brown fox jumps over the lazy dog %d\n" % (i, i * i) for i in range(120))
data = text + bytes(3000) + rng.integers(0, 256, 2500, dtype=np.uint8).tobytes() + text[:2000]
with open(os.path.join(HERE, "zlib-input.bin"), "wb") as f:
    f.write(data)
for level in range(10):
    with open(os.path.join(HERE, f"zlib-level{level}.z"), "wb") as f:
        f.write(zlib.compress(data, level))
