#!/bin/sh
# Makes the small videos the video reader's tests read, then writes a phone's location into them
# with exiftool the way an iPhone and an Android phone do. Needs ffmpeg (libx264, libx265,
# libvpx) and exiftool; the results are committed, so CI needs neither. Run from this folder.
set -eu
cd "$(dirname "$0")"
src="-f lavfi -i testsrc=size=320x180:rate=15 -t 1 -an -pix_fmt yuv420p"
x264="-c:v libx264 -profile:v main -preset veryfast -crf 38"
ff="ffmpeg -hide_banner -loglevel error -y -fflags +bitexact"

# (a) iPhone-like QuickTime: Keys location (com.apple.quicktime.location.ISO6709), UserData ©xyz,
# XMP GPS, and a title in Keys.
$ff $src $x264 -f mov iphone.mov
exiftool -q -overwrite_original \
    '-Keys:GPSCoordinates#=48.8583 2.2945 35' '-UserData:GPSCoordinates#=48.8583 2.2945 35' \
    '-XMP-exif:GPSLatitude=48.8583' '-XMP-exif:GPSLongitude=2.2945' '-XMP-dc:Title=Harbour at dusk' \
    '-Keys:Title=Harbour at dusk' '-Keys:Make=Apple' '-Keys:Model=iPhone 15' iphone.mov

# (a') the same as MP4 (XMP in a top-level uuid box).
$ff $src $x264 -movflags +faststart iphone.mp4
exiftool -q -overwrite_original \
    '-Keys:GPSCoordinates#=-33.8568 151.2153 5' '-UserData:GPSCoordinates#=-33.8568 151.2153 5' \
    '-XMP-exif:GPSLatitude=-33.8568' '-XMP-exif:GPSLongitude=151.2153' '-XMP-dc:Title=Opera steps' iphone.mp4

# (b) rotated: the track's matrix turns the 320x180 frames 90° clockwise.
$ff $src $x264 rotated.mp4
exiftool -q -overwrite_original '-Rotation=90' '-UserData:Title=Turned' rotated.mp4

# (c) Android-like MP4: ©xyz in moov/udta, ©nam title, moov last (no faststart).
$ff $src $x264 -metadata title="Beach walk" android.mp4
exiftool -q -overwrite_original '-UserData:GPSCoordinates#=37.8199 -122.4783' android.mp4

# (d) WebM, VP9, 16:9, with a title and a LOCATION tag (as ffmpeg writes a `location` key).
$ff $src -c:v libvpx-vp9 -b:v 60k -deadline realtime -cpu-used 8 \
    -metadata title="Evening tram" -metadata location="+52.3731+004.8922/" vp9.webm

# (d') WebM, VP8.
$ff $src -c:v libvpx -b:v 60k -deadline realtime -cpu-used 8 vp8.webm

# (d'') WebM as a live stream writes it (to a pipe): a Segment of unknown size.
$ff $src -c:v libvpx-vp9 -b:v 60k -deadline realtime -cpu-used 8 -metadata location="+52.3731+004.8922/" \
    -f webm -live 1 pipe:1 > live.webm

# (e) HEVC, tagged hvc1 as Apple writes it.
$ff $src -c:v libx265 -tag:v hvc1 -x265-params log-level=error -crf 38 -preset veryfast hevc.mp4

ls -l ./*.mov ./*.mp4 ./*.webm
for f in ./*.mov ./*.mp4 ./*.webm; do
    echo "== $f"
    exiftool -a -G1 -n "$f" | grep -iE 'gps|locat|coordinates' || true
done > exiftool-locations.txt
