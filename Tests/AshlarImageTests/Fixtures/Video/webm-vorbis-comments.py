"""Writes Vorbis comments that name a place and an owner into a WebM's Vorbis track.

Usage: webm-vorbis-comments.py IN.webm OUT.webm (make-webm-leaks.sh runs it). The comment
header lives in the track's CodecPrivate; the Tracks grow into the Tags element that follows
them (which becomes a Void), so that no Cluster moves and the Cues still point right.
"""
import sys

data = bytearray(open(sys.argv[1], "rb").read())


def vint(offset):
    length = 9 - data[offset].bit_length()
    return int.from_bytes(data[offset:offset + length], "big") & ((1 << (7 * length)) - 1), length


def header(offset):
    ident_length = 9 - data[offset].bit_length()
    size, size_length = vint(offset + ident_length)
    return bytes(data[offset:offset + ident_length]), size, offset + ident_length + size_length


def children(start, end):
    while start < end:
        ident, size, body = header(start)
        yield ident, start, body, body + size
        start = body + size


def size_field(size, length):
    return ((1 << (7 * length)) | size).to_bytes(length, "big")


def element(ident, body, size_length):
    return ident + size_field(len(body), size_length) + body


def xiph_sizes(sizes):
    out = b""
    for size in sizes:
        out += b"\xff" * (size // 255) + bytes([size % 255])
    return out


def comment_header(comments):
    vendor = b"Xiph.Org libVorbis I 20200704 (Reducing Environment)"
    out = b"\x03vorbis" + len(vendor).to_bytes(4, "little") + vendor + len(comments).to_bytes(4, "little")
    for text in comments:
        out += len(text).to_bytes(4, "little") + text
    return out + b"\x01"


def with_comments(private):
    offset, sizes = 1, []
    for _ in range(2):
        size = 0
        while private[offset] == 255:
            size, offset = size + 255, offset + 1
        sizes.append(size + private[offset])
        offset += 1
    identification = private[offset:offset + sizes[0]]
    setup = private[offset + sizes[0] + sizes[1]:]
    comment = comment_header([b"LOCATION=Lat 48.8583 Lon 2.2945", b"ARTIST=Jane Owner, camera SN 4C0FFEE"])
    return bytes([2]) + xiph_sizes([len(identification), len(comment)]) + identification + comment + setup


_, segment_size, segment_body = header(data.find(b"\x18\x53\x80\x67"))
top = {ident: (start, body, end) for ident, start, body, end in children(segment_body, segment_body + segment_size)}
tracks_start, tracks_body, tracks_end = top[b"\x16\x54\xae\x6b"]
tags_start, _, tags_end = top[b"\x12\x54\xc3\x67"]
assert tracks_end == tags_start, "the Tags follow the Tracks"
entries = b""
for ident, start, body, end in children(tracks_body, tracks_end):
    fields = b""
    for field, field_start, field_body, field_end in children(body, end):
        value = bytes(data[field_body:field_end])
        if field == b"\x63\xa2" and value[:1] == b"\x02":
            fields += element(field, with_comments(value), field_body - field_start - 2)
        else:
            fields += bytes(data[field_start:field_end])
    entries += element(ident, fields, body - start - 1)
tracks = element(b"\x16\x54\xae\x6b", entries, tracks_body - tracks_start - 4)
room = tags_end - tracks_start - len(tracks)
assert room >= 10, "the Tags leave room for the larger Tracks"
data[tracks_start:tags_end] = tracks + b"\xec" + size_field(room - 9, 8) + bytes(room - 9)
open(sys.argv[2], "wb").write(data)
