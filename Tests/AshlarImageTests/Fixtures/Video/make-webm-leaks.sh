#!/bin/sh
# Makes the WebM files that carry a location, a serial number or an owner somewhere other than a
# location tag: what a published copy must leave out (`MatroskaAllowlist`). Needs ffmpeg (libvpx,
# libopus, webvtt), exiftool and Python 3; the results are committed, so CI needs none of them.
# Run from this folder.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src="-f lavfi -i testsrc=size=160x90:rate=10:duration=1"
vp9="-pix_fmt yuv420p -c:v libvpx-vp9 -b:v 30k -deadline realtime -cpu-used 8"
ff="ffmpeg -hide_banner -loglevel error -y -fflags +bitexact"

# (a) a WebVTT subtitle track whose cues are coordinates, beside an Opus audio track, with a
# track name, a title and a chapter named for the place.
cat > "$work/cues.vtt" <<'EOF'
WEBVTT

00:00:00.000 --> 00:00:00.500
Lat: 48.8583 Lon: 2.2945

00:00:00.500 --> 00:00:01.000
Lat: 48.8584 Lon: 2.2946
EOF
cat > "$work/chapters.txt" <<'EOF'
;FFMETADATA1
title=Sentinel Street 17
[CHAPTER]
TIMEBASE=1/1000
START=0
END=1000
title=Eiffel Tower, Lat 48.8583 Lon 2.2945
EOF
$ff $src -f lavfi -i sine=frequency=440:duration=1 -i "$work/cues.vtt" -i "$work/chapters.txt" \
    -map 0:v -map 1:a -map 2:s -map_metadata 3 -map_chapters 3 $vp9 -c:a libopus -b:a 6k -c:s webvtt \
    -metadata:s:v:0 title="Camera SN 4C0FFEE by Jane Owner" -metadata:s:s:0 title="GPS track" \
    leak-subtitles.webm

# (b) an attachment: a JPEG with GPS, the camera's serial number and its owner (Matroska's
# DocType, as ffmpeg writes attachments; Ashlar reads it as WebM).
$ff -f lavfi -i color=c=gray:size=16x16 -frames:v 1 "$work/photo.jpg"
exiftool -q -overwrite_original '-GPSLatitude=48.8583' '-GPSLatitudeRef=N' '-GPSLongitude=2.2945' \
    '-GPSLongitudeRef=E' '-SerialNumber=4C0FFEE' '-OwnerName=Jane Owner' "$work/photo.jpg"
$ff $src $vp9 -attach "$work/photo.jpg" -metadata:s:t mimetype=image/jpeg -f matroska leak-attachment.webm

# (c) what a hand could add at the end of a plain WebM: a Void and a CRC-32 holding text, an
# element of an unknown ID, an Attachments element, and bytes after the Segment.
$ff $src -pix_fmt yuv420p -c:v libvpx -b:v 30k -deadline realtime -cpu-used 8 "$work/plain.webm"
python3 - "$work/plain.webm" leak-appended.webm <<'EOF'
import sys

data = bytearray(open(sys.argv[1], "rb").read())

def element(ident, body):
    size = len(body)
    return ident + bytes([0x01]) + size.to_bytes(7, "big") + body

def string(ident, text):
    return element(ident, text.encode())

appended = (
    element(b"\xec", b"Void: Lat 48.8583 Lon 2.2945")
    + element(b"\xbf", b"GPS!")
    + element(b"\x7e\x7e", b"unknown: GPS 48.8583,2.2945 SN 4C0FFEE")
    + element(b"\x19\x41\xa4\x69", element(b"\x61\xa7", string(b"\x46\x6e", "owner.txt")
        + string(b"\x46\x60", "text/plain") + element(b"\x46\x5c", b"Jane Owner, GPS 48.8583 2.2945")
        + element(b"\x46\xae", (1).to_bytes(8, "big"))))
)
segment = data.find(b"\x18\x53\x80\x67")
assert segment > 0 and data[segment + 4] == 0x01, "a Segment with an 8-byte size"
size = int.from_bytes(data[segment + 5:segment + 12], "big")
assert segment + 12 + size == len(data), "the Segment ends the file"
data[segment + 5:segment + 12] = (size + len(appended)).to_bytes(7, "big")
data += appended + b"trailing: GPS 48.8583,2.2945 Jane Owner"
open(sys.argv[2], "wb").write(data)
EOF

# (d) Vorbis audio whose comment header (in the track's CodecPrivate) names the place and the
# owner, as an Ogg file's comments do.
$ff -f lavfi -i sine=frequency=440:duration=1 -c:a libvorbis -q:a 0 "$work/audio.ogg"
$ff $src -i "$work/audio.ogg" -map 0:v -map 1:a -pix_fmt yuv420p -c:v libvpx -b:v 30k -deadline realtime \
    -cpu-used 8 -c:a copy "$work/vorbis.webm"
python3 webm-vorbis-comments.py "$work/vorbis.webm" leak-vorbis.webm

ls -l leak-*.webm
for f in ./leak-*.webm; do
    echo "== $f"
    exiftool -a -G1 -n -ee3 "$f" | grep -iE 'gps|locat|coordinates|serial|owner|lat:' || true
    strings "$f" | grep -iE 'lat:? 48|gps|owner|4C0FFEE|eiffel' || true
done > exiftool-webm-leaks.txt
echo "== the attachment of leak-attachment.webm" >> exiftool-webm-leaks.txt
exiftool -b -AttachedFileData leak-attachment.webm | exiftool -a -G1 -n - |
    grep -iE 'gps|serial|owner' >> exiftool-webm-leaks.txt
