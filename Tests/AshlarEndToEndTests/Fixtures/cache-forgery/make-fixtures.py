#!/usr/bin/env python3
"""Makes the files CacheForgeryTests forges rendition caches and published copies with. Run from
anywhere; rewrites the files beside this script. Needs Pillow and exiftool.

- other-picture.jpg: 800 x 600, upright, a different picture from the renditions fixture
  site's orientation-3.jpg (the same size): its renditions, listed as that photo's, are a forged
  set whose sizes and digests all match their list.
- between-scans.jpg: 200 x 150 progressive (too small for renditions: published as a copy) whose
  only metadata lies between its first and second scans: an EXIF APP1 with GPS, a serial number
  and an owner's name, and a comment.
- private-segments.bin: the segments inserted after a cached rendition's JFIF APP0: an EXIF APP1
  with a serial number and an owner's name (no location), an XMP APP1 with a description, and a
  comment.
"""
import os
import subprocess

from PIL import Image, ImageDraw

here = os.path.dirname(os.path.abspath(__file__))
SERIAL = "SN-FORGED-4242"
OWNER = "Forged Owner"


def segments(data):
    """(marker, whole segment bytes, offset) of each segment before the first SOS, and the SOS offset."""
    found = []
    position = 2
    while True:
        assert data[position] == 0xFF
        marker = data[position + 1]
        if marker == 0xDA:
            return found, position
        length = data[position + 2] << 8 | data[position + 3]
        found.append((marker, data[position : position + 2 + length], position))
        position += 2 + length


def exif_segment(arguments):
    """The EXIF APP1 segment exiftool writes with `arguments` into a blank JPEG."""
    path = os.path.join(here, "exif-donor.jpg")
    Image.new("RGB", (8, 8), (128, 128, 128)).save(path)
    subprocess.run(["exiftool", "-q", "-overwrite_original"] + arguments + [path], check=True)
    with open(path, "rb") as file:
        data = file.read()
    os.remove(path)
    found, _ = segments(data)
    return [s for m, s, _ in found if m == 0xE1 and s[4:10] == b"Exif\0\0"]


def comment(text):
    payload = text.encode()
    return bytes([0xFF, 0xFE, (len(payload) + 2) >> 8, (len(payload) + 2) & 0xFF]) + payload


# A different picture: diagonal stripes and a dark disc, nothing like the gradient with squares.
other = Image.new("RGB", (800, 600), (240, 230, 200))
draw = ImageDraw.Draw(other)
for offset in range(-600, 800, 60):
    draw.line([(offset, 0), (offset + 600, 600)], fill=(30, 90, 30), width=20)
draw.ellipse([250, 150, 550, 450], fill=(20, 20, 60))
other.save(os.path.join(here, "other-picture.jpg"), quality=85)

private_exif = exif_segment([f"-SerialNumber={SERIAL}", f"-OwnerName={OWNER}"])
located_exif = exif_segment(
    [
        "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
        f"-SerialNumber={SERIAL}", f"-OwnerName={OWNER}",
    ])
assert len(private_exif) == 1 and len(located_exif) == 1

xmp_packet = (
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
    '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description><rdf:Alt>'
    '<rdf:li xml:lang="x-default">private note in the XMP</rdf:li></rdf:Alt></dc:description>'
    "</rdf:Description></rdf:RDF></x:xmpmeta>"
).encode()
xmp_payload = b"http://ns.adobe.com/xap/1.0/\0" + xmp_packet
xmp = bytes([0xFF, 0xE1, (len(xmp_payload) + 2) >> 8, (len(xmp_payload) + 2) & 0xFF]) + xmp_payload
with open(os.path.join(here, "private-segments.bin"), "wb") as file:
    file.write(private_exif[0] + xmp + comment("private comment"))

# A small progressive JPEG, its metadata moved between its scans.
small = Image.new("RGB", (200, 150))
small.putdata([(x, y, 120) for y in range(150) for x in range(200)])
path = os.path.join(here, "between-scans.jpg")
small.save(path, quality=85, progressive=True)
with open(path, "rb") as file:
    data = file.read()
found, first_scan = segments(data)
head = b"\xFF\xD8" + b"".join(s for m, s, _ in found if m not in range(0xE0, 0xF0) and m != 0xFE)
# The second SOS: the first FF DA after the first scan's header.
second_scan = data.index(b"\xFF\xDA", first_scan + 2)
body = data[first_scan:second_scan] + located_exif[0] + comment("between the scans") + data[second_scan:]
with open(path, "wb") as file:
    file.write(head + body)
