"""Hand-built boxes for make-mp4-leaks.sh: adds a timed metadata track (its samples appended to
the media data) or a box inside `moov` to an MP4 whose `moov` comes last, as ffmpeg writes it.

    python3 make-mp4-leaks.py track IN OUT rtmd|gpmd
    python3 make-mp4-leaks.py garmin IN OUT
    python3 make-mp4-leaks.py gpmf IN OUT
"""
import struct
import sys


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind.encode("latin-1") + payload


def full(kind, payload, flags=0):
    return box(kind, struct.pack(">I", flags) + payload)


def top_level(data):
    boxes, offset = [], 0
    while offset < len(data):
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        boxes.append((kind.decode("latin-1"), offset, offset + size))
        offset += size
    return boxes


def klv(key, kind, size, values):
    """A GPMF key-length-value: key, type, size of one value, count, data padded to 4 bytes."""
    data = b"".join(values)
    count = len(data) // size if size else 0
    return key.encode() + kind.encode() + bytes([size]) + struct.pack(">H", count) + data + b"\0" * (-len(data) % 4)


def nested(key, children):
    data = b"".join(children)
    return key.encode() + b"\0\x01" + struct.pack(">H", len(data)) + data


def rtmd_sample():
    """A Sony rtmd sample as exiftool reads it: a 0x1c-byte header, then tag, length, value."""
    def tag(number, value):
        return struct.pack(">HH", number, len(value)) + value
    rational = lambda n, d: struct.pack(">II", n, d)
    return (struct.pack(">H", 0x1C) + b"\0" * 26
            + tag(0x8500, bytes([2, 2, 0, 0])) + tag(0x8501, b"N\0")
            + tag(0x8502, rational(48, 1) + rational(51, 1) + rational(2988, 100))
            + tag(0x8503, b"E\0") + tag(0x8504, rational(2, 1) + rational(17, 1) + rational(4020, 100))
            + b"\0" * 4)


def gpmd_sample():
    """A GoPro GPMF sample: a stream of GPS5 (latitude, longitude, altitude, speeds) with its scale."""
    scale = [10_000_000, 10_000_000, 1000, 1000, 100]
    fix = [488_583_000, 22_945_000, 35_000, 0, 0]
    stream = nested("STRM", [
        klv("SCAL", "l", 4, [struct.pack(">i", s) for s in scale]),
        klv("GPS5", "l", 20, [struct.pack(">5i", *fix)]),
    ])
    return nested("DEVC", [klv("DVID", "L", 4, [struct.pack(">I", 1)]), stream])


def track(kind, track_id, samples, first_offset):
    entry = box(kind, b"\0" * 6 + struct.pack(">H", 1) + (b"\0" * 4 if kind == "gpmd" else b""))
    n = len(samples)
    tkhd = full("tkhd", struct.pack(">IIIII", 0, 0, track_id, 0, 1000) + b"\0" * 8 + b"\0" * 8
                + struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000) + b"\0" * 8, flags=3)
    mdhd = full("mdhd", struct.pack(">IIIIHH", 0, 0, 1000, 1000, 0x55C4, 0))
    hdlr = full("hdlr", b"\0" * 4 + b"meta" + b"\0" * 12 + b"Camera Metadata\0")
    dinf = box("dinf", full("dref", struct.pack(">I", 1) + full("url ", b"", flags=1)))
    offsets, at = [], first_offset
    for sample in samples:
        offsets.append(at)
        at += len(sample)
    stbl = box("stbl",
               full("stsd", struct.pack(">I", 1) + entry)
               + full("stts", struct.pack(">III", 1, n, 1000 // n))
               + full("stsc", struct.pack(">IIII", 1, 1, 1, 1))
               + full("stsz", struct.pack(">II", 0, n) + b"".join(struct.pack(">I", len(s)) for s in samples))
               + full("stco", struct.pack(">I", n) + b"".join(struct.pack(">I", o) for o in offsets)))
    minf = box("minf", full("nmhd", b"") + dinf + stbl)
    return box("trak", tkhd + box("mdia", mdhd + hdlr + minf))


def with_moov_child(data, child):
    boxes = top_level(data)
    kind, start, end = boxes[-1]
    assert kind == "moov", "moov must come last"
    moov = data[start:end]
    return data[:start] + box("moov", moov[8:] + child)


def with_track(data, kind, samples):
    boxes = top_level(data)
    assert [b[0] for b in boxes][-2:] == ["mdat", "moov"], "mdat then moov last"
    _, mdat_start, mdat_end = boxes[-2]
    _, moov_start, moov_end = boxes[-1]
    media = b"".join(samples)
    mdat = data[mdat_start:mdat_end]
    mdat = struct.pack(">I", len(mdat) + len(media)) + mdat[4:] + media
    trak = track(kind, 9, samples, mdat_end)
    return data[:mdat_start] + mdat + box("moov", data[moov_start + 8:moov_end] + trak)


def garmin_uuid():
    """A Garmin VIRB GPS log: its uuid, 17 bytes, then 20-byte fixes (time, speed, ..., lat, lon)."""
    uuid = bytes.fromhex("9b630f8d637440ec8204bc5ff5091728")
    scale = (32768 * 65536) / 180
    fix = struct.pack(">IH6xii", 3_786_825_600, 3, round(48.8583 * scale), round(2.2945 * scale))
    return box("uuid", uuid + b"\0" * 17 + fix * 3)


def main():
    command, source, target = sys.argv[1:4]
    data = open(source, "rb").read()
    if command == "track":
        kind = sys.argv[4]
        sample = rtmd_sample() if kind == "rtmd" else gpmd_sample()
        data = with_track(data, kind, [sample, sample])
    elif command == "garmin":
        data = with_moov_child(data, garmin_uuid())
    elif command == "gpmf":
        serial = b"C3221324545448"
        gpmf = box("GPMF", nested("DEVC", [klv("CASN", "c", 1, [serial])]))
        data = with_moov_child(with_track(data, "gpmd", [gpmd_sample(), gpmd_sample()]), box("udta", gpmf))
    open(target, "wb").write(data)


main()
