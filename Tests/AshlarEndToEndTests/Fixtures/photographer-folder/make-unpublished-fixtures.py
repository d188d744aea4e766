#!/usr/bin/env python3
"""Writes the albums of site/ that hold files Ashlar does not publish as they are: camera RAWs
(tiny hand-built TIFF structures with embedded JPEG previews), a HEIC stand-in beside its JPEG,
a real small HEIC alone (made by heif-enc) and video stand-ins.
Run by make-unpublished-fixtures.sh; needs Pillow (for the JPEGs) and heif-enc. The output is
committed."""

import io
import os
import struct
import subprocess
import sys
import tempfile

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
SITE = os.path.join(HERE, "site")


def gradient_jpeg(width, height, exif=None, quality=40):
    """A smooth gradient: a few KB even at 1,600 px."""
    small = Image.new("RGB", (2, 2))
    small.putdata([(200, 120, 60), (60, 120, 200), (240, 200, 120), (30, 60, 90)])
    image = small.resize((width, height), Image.BILINEAR)
    out = io.BytesIO()
    options = {"quality": quality, "optimize": True}
    if exif is not None:
        options["exif"] = exif
    image.save(out, "JPEG", **options)
    return out.getvalue()


def rational(value):
    return (int(value * 10000), 10000)


class TIFF:
    """A little-endian TIFF laid out in one pass: IFDs first, then values and data blobs."""

    TYPES = {"BYTE": 1, "ASCII": 2, "SHORT": 3, "LONG": 4, "RATIONAL": 5, "UNDEFINED": 7}

    def __init__(self, magic=b"II*\x00"):
        self.magic = magic
        self.ifds = []  # list of lists of (tag, type, values)

    def ifd(self, entries):
        self.ifds.append(entries)
        return len(self.ifds) - 1

    def build(self, links, blobs):
        """links: {(ifd, tag): ("ifd", index) | ("blob", name) | ("blob-length", name)};
        ifd 0's next points to None. blobs: {name: bytes}."""
        layout = {}
        position = 8
        for index, entries in enumerate(self.ifds):
            layout[index] = position
            position += 2 + 12 * len(entries) + 4
        values_start = position
        # Values larger than 4 bytes, then blobs.
        extra = bytearray()
        encoded = []
        for index, entries in enumerate(self.ifds):
            row = []
            for tag, kind, values in sorted(entries, key=lambda e: e[0]):
                row.append((tag, kind, values))
            encoded.append(row)
        blob_offsets = {}
        # Reserve space for values after the IFDs.
        value_bytes = {}
        for index, row in enumerate(encoded):
            for tag, kind, values in row:
                data = self.pack(kind, values)
                if len(data) > 4:
                    value_bytes[(index, tag)] = values_start + len(extra)
                    extra += data
                    if len(extra) % 2:
                        extra += b"\x00"
        blobs_start = values_start + len(extra)
        blob_data = bytearray()
        for name, data in blobs.items():
            blob_offsets[name] = blobs_start + len(blob_data)
            blob_data += data
            if len(blob_data) % 2:
                blob_data += b"\x00"
        out = bytearray(self.magic + struct.pack("<I", 8))
        for index, row in enumerate(encoded):
            out += struct.pack("<H", len(row))
            for tag, kind, values in row:
                link = links.get((index, tag))
                if link is not None:
                    what, target = link
                    if what == "ifd":
                        values = [layout[target]]
                    elif what == "blob":
                        values = [blob_offsets[target]]
                    elif what == "blob-length":
                        values = [len(blobs[target])]
                    elif what == "ifds":
                        values = [layout[t] for t in target]
                data = self.pack(kind, values)
                count = len(data) if kind in ("ASCII", "UNDEFINED", "BYTE") else len(values)
                if len(data) <= 4:
                    field = data.ljust(4, b"\x00")
                else:
                    field = struct.pack("<I", value_bytes[(index, tag)])
                    # Relinked values keep their size, so rewrite them in place.
                    start = value_bytes[(index, tag)] - values_start
                    extra[start : start + len(data)] = data
                out += struct.pack("<HHI", tag, self.TYPES[kind], count) + field
            out += struct.pack("<I", 0)
        assert len(out) == values_start
        return bytes(out + extra + blob_data)

    @staticmethod
    def pack(kind, values):
        if kind == "ASCII":
            return values.encode() + b"\x00"
        if kind in ("UNDEFINED", "BYTE"):
            return bytes(values)
        if kind == "SHORT":
            return b"".join(struct.pack("<H", v) for v in values)
        if kind == "LONG":
            return b"".join(struct.pack("<I", v) for v in values)
        if kind == "RATIONAL":
            return b"".join(struct.pack("<II", n, d) for n, d in values)
        raise ValueError(kind)


def exif_with_gps():
    """The preview's own EXIF: orientation 1 (the RAW says 6) and a location that must not be
    published."""
    exif = Image.Exif()
    exif[0x0112] = 1
    exif[0x8825] = {1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 3.0)}
    return exif.tobytes()


def camera_raw(path, preview, thumbnail, orientation, magic=b"II*\x00", date="2024:05:01 10:20:30"):
    tiff = TIFF(magic)
    ifd0 = tiff.ifd(
        [
            (0x00FE, "LONG", [1]),  # NewSubfileType: a reduced image
            (0x010E, "ASCII", "A harbour at dawn, from the RAW"),
            (0x010F, "ASCII", "SONY"),
            (0x0110, "ASCII", "ILCE-7M3"),
            (0x0112, "SHORT", [orientation]),
            (0x0201, "LONG", [0]),  # JPEGInterchangeFormat: the thumbnail
            (0x0202, "LONG", [0]),
            (0x014A, "LONG", [0, 0]),  # SubIFDs: the preview and the sensor data
            (0x8769, "LONG", [0]),  # Exif IFD
            (0x8825, "LONG", [0]),  # GPS IFD
        ]
    )
    preview_ifd = tiff.ifd(
        [
            (0x00FE, "LONG", [1]),
            (0x0103, "SHORT", [6]),  # Compression: JPEG
            (0x0111, "LONG", [0]),
            (0x0117, "LONG", [0]),
        ]
    )
    sensor_ifd = tiff.ifd(
        [
            (0x00FE, "LONG", [0]),
            (0x0103, "SHORT", [7]),  # lossless JPEG of the sensor data: never a preview
            (0x0106, "SHORT", [32803]),  # colour filter array
            (0x0111, "LONG", [0]),
            (0x0117, "LONG", [0]),
        ]
    )
    exif_ifd = tiff.ifd([(0x9003, "ASCII", date), (0x829A, "RATIONAL", [(1, 250)])])
    gps_ifd = tiff.ifd(
        [
            (0x0000, "BYTE", [2, 3, 0, 0]),
            (0x0001, "ASCII", "N"),
            (0x0002, "RATIONAL", [(48, 1), (51, 1), (24, 1)]),
            (0x0003, "ASCII", "E"),
            (0x0004, "RATIONAL", [(2, 1), (21, 1), (3, 1)]),
        ]
    )
    sensor = bytes([0xFF, 0xD8, 0xFF, 0xC3]) + bytes(range(256)) * 4
    blobs = {"thumbnail": thumbnail, "preview": preview, "sensor": sensor}
    links = {
        (ifd0, 0x0201): ("blob", "thumbnail"),
        (ifd0, 0x0202): ("blob-length", "thumbnail"),
        (ifd0, 0x014A): ("ifds", [preview_ifd, sensor_ifd]),
        (ifd0, 0x8769): ("ifd", exif_ifd),
        (ifd0, 0x8825): ("ifd", gps_ifd),
        (preview_ifd, 0x0111): ("blob", "preview"),
        (preview_ifd, 0x0117): ("blob-length", "preview"),
        (sensor_ifd, 0x0111): ("blob", "sensor"),
        (sensor_ifd, 0x0117): ("blob-length", "sensor"),
    }
    write(path, tiff.build(links, blobs))


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def canon_cr3(path, preview, full, orientation):
    """A Canon CR3 (ISO BMFF): `moov` holds Canon's metadata uuid (CMT1: IFD0 as a TIFF) and
    track 1, whose one sample is the full-size JPEG in `mdat`; Canon's preview uuid holds PRVW."""
    tiff = TIFF()
    tiff.ifd([(0x010F, "ASCII", "Canon"), (0x0110, "ASCII", "Canon EOS R5"), (0x0112, "SHORT", [orientation])])
    cmt1 = tiff.build({}, {})
    metadata = box(b"uuid", bytes.fromhex("85c0b687820f11e08111f4ce462b6a48") + box(b"CMT1", cmt1))
    prvw = box(
        b"PRVW",
        struct.pack(">IHHHHI", 0, 1, 1620, 1080, 1, len(preview)) + preview,
    )
    preview_box = box(b"uuid", bytes.fromhex("eaf42b5e1c984b88b9fbb7dc406e4d16") + struct.pack(">Q", 1) + prvw)
    ftyp = box(b"ftyp", b"crx " + struct.pack(">I", 1) + b"crx isom")

    def moov(offset):
        stsz = box(b"stsz", struct.pack(">IIII", 0, 0, 1, len(full)))
        stco = box(b"stco", struct.pack(">III", 0, 1, offset))
        stbl = box(b"stbl", box(b"stsd", struct.pack(">II", 0, 0)) + stsz + stco)
        trak = box(b"trak", box(b"mdia", box(b"minf", stbl)))
        return box(b"moov", metadata + trak)

    head = ftyp + moov(0) + preview_box
    data = ftyp + moov(len(head) + 8) + preview_box + box(b"mdat", full)
    write(path, data)


def write(relative, data):
    path = os.path.join(SITE, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(data if isinstance(data, bytes) else data.encode())


def main():
    thumbnail = gradient_jpeg(160, 107)
    # A RAW alone, its largest preview 1,600 × 1,067, turned by the RAW's orientation 6.
    camera_raw("raw/DSC_0001.ARW", gradient_jpeg(1600, 1067, exif_with_gps()), thumbnail, orientation=6)
    # A RAW alone whose largest preview is only 640 px long: a note, not a photo.
    camera_raw("raw/DSC_0002.NEF", gradient_jpeg(640, 427), thumbnail, orientation=1)
    # A RAW beside its JPEG (another case): the JPEG is the photo, the RAW its original.
    camera_raw("raw/DSC_0003.dng", gradient_jpeg(640, 427), thumbnail, orientation=1)
    write("raw/DSC_0003.JPG", gradient_jpeg(64, 43))
    # A CR3 alone: its track-1 JPEG (2,000 × 1,333) is larger than PRVW (1,620 × 1,080); the
    # orientation 8 in CMT1 turns it.
    canon_cr3("raw/IMG_0004.CR3", gradient_jpeg(1620, 1080), gradient_jpeg(2000, 1333), orientation=8)
    write("raw/clip.mts", b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom")
    # A phone's folder: a HEIC beside its JPEG (that photo's original: never read), a HEIC alone
    # (a photo), a video in a container browsers do not play (an old Android phone's 3GP).
    write("phone/IMG_0001.HEIC", b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic")
    write("phone/IMG_0001.JPG", gradient_jpeg(64, 48))
    write("phone/IMG_0002.HEIC", small_heic(320, 240))
    write("phone/VID_0003.3gp", b"\x00\x00\x00\x14ftyp3gp4\x00\x00\x00\x003gp4")


def small_heic(width, height):
    """A gradient encoded by heif-enc (libheif with x265) at low quality: a few KB."""
    with tempfile.TemporaryDirectory() as folder:
        png = os.path.join(folder, "in.png")
        small = Image.new("RGB", (2, 2))
        small.putdata([(200, 120, 60), (60, 120, 200), (240, 200, 120), (30, 60, 90)])
        small.resize((width, height), Image.BILINEAR).save(png)
        out = os.path.join(folder, "out.heic")
        subprocess.run(["heif-enc", "-q", "40", "-o", out, png], check=True, capture_output=True)
        with open(out, "rb") as file:
            return file.read()


if __name__ == "__main__":
    sys.exit(main())
