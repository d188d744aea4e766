#!/usr/bin/env python3
"""Writes the seeds of the `hevc-parameter-sets` fuzz target (Tests/Fuzz/Corpus/hevc-parameter-sets/):
small libx265 pictures (through ffmpeg) cut after 200 bytes of their first slice, as an Annex B
stream (first byte 1) and as an hvcC record of their parameter sets (first byte 0); and those of
`hevc-picture` (Tests/Fuzz/Corpus/hevc-picture/): the same pictures whole, as Annex B streams.
Run from anywhere; needs ffmpeg with libx265."""
import os, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "../../../Fuzz/Corpus/hevc-parameter-sets")
PICTURES = os.path.join(HERE, "../../../Fuzz/Corpus/hevc-picture")
CASES = {
    "plain": ("96x64", "yuv420p", "qp=30"),
    "scaling-wpp": ("198x130", "yuv420p", "qp=22:scaling-list=default:wpp=1"),
    "vui-10bit": ("96x80", "yuv420p10le", "qp=25:range=full:colormatrix=bt709:colorprim=bt709:transfer=bt709"),
    "rext-444": ("64x64", "yuv444p", "qp=18:tskip=1"),
    "hrd-422": ("96x64", "yuv422p10le", "qp=20:hrd=1:vbv-bufsize=1000:vbv-maxrate=1000"),
    "mono-lossless": ("48x32", "gray", "qp=4:cu-lossless=1"),
    "slices-qp-delta": ("96x64", "yuv420p", "crf=26:ctu=16:aq-mode=2:slices=2"),
}


def nal_units(stream):
    starts, i = [], 0
    while i + 2 < len(stream):
        if stream[i:i + 3] == b"\0\0\1":
            starts.append(i + 3); i += 3
        else:
            i += 1
    units = []
    for n, s in enumerate(starts):
        e = starts[n + 1] - 3 if n + 1 < len(starts) else len(stream)
        while e > s and stream[e - 1] == 0:
            e -= 1
        units.append(stream[s:e])
    return units


def hvcc(units):
    record = bytearray([1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 90, 0xF0, 0, 0xFC, 0xFD, 0xF8, 0xF8, 0, 0, 0x0F])
    sets = [u for u in units if (u[0] >> 1) & 0x3F in (32, 33, 34)]
    record.append(len(sets))
    for u in sets:
        record += bytes([0x80 | ((u[0] >> 1) & 0x3F)]) + (1).to_bytes(2, "big") + len(u).to_bytes(2, "big") + u
    return bytes(record)


os.makedirs(OUT, exist_ok=True)
os.makedirs(PICTURES, exist_ok=True)
with tempfile.TemporaryDirectory() as tmp:
    for name, (size, pix, params) in CASES.items():
        path = os.path.join(tmp, name + ".hevc")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=" + size, "-frames:v", "1",
                        "-pix_fmt", pix, "-c:v", "libx265", "-x265-params", "keyint=1:log-level=none:" + params, path],
                       check=True)
        units = nal_units(open(path, "rb").read())
        kept = [u for u in units if (u[0] >> 1) & 0x3F in (32, 33, 34)]
        first_slice = next(u for u in units if (u[0] >> 1) & 0x3F < 32)
        stream = b"".join(b"\0\0\0\1" + u for u in kept + [first_slice[:200]])
        open(os.path.join(OUT, name + ".annexb"), "wb").write(b"\1" + stream)
        open(os.path.join(OUT, name + ".hvcc"), "wb").write(b"\0" + hvcc(units))
        whole = b"".join(b"\0\0\0\1" + u for u in units if (u[0] >> 1) & 0x3F in (32, 33, 34) or (u[0] >> 1) & 0x3F < 32)
        open(os.path.join(PICTURES, name + ".hevc"), "wb").write(whole)
print("wrote", sorted(os.listdir(OUT)), sorted(os.listdir(PICTURES)))
