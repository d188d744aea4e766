#!/usr/bin/env bash
# Regenerates the JPEG decoder fixtures with libjpeg-turbo's cjpeg and jpegtran, Pillow and
# ImageMagick. Reference decodes are not stored: the tests run `djpeg -dct int` on each fixture.
#
#   bash Tests/AshlarImageTests/Fixtures/jpeg/make-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Deterministic sources: smooth gradients, a hard edge and seeded noise (so every coefficient
# band and both chroma planes carry detail), at odd sizes that are not multiples of any MCU.
python3 - "$work" <<'PY'
import sys
import numpy as np
from PIL import Image
out = sys.argv[1]
def source(w, h, seed):
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(float)
    r = 255 * x / max(w - 1, 1)
    g = 255 * y / max(h - 1, 1)
    b = 128 + 100 * np.sin(x / 3.0) * np.cos(y / 4.0)
    img = np.stack([r, g, b], axis=-1) + rng.normal(0, 12, (h, w, 3))
    img[h // 3: h // 2, w // 4: w // 2] = [250, 20, 30]
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
source(67, 45, 1).save(f"{out}/odd.ppm")
source(33, 17, 2).save(f"{out}/small.ppm")
source(8, 8, 3).save(f"{out}/tiny.ppm")
source(67, 45, 1).convert("CMYK").save("cmyk.jpg", quality=90)
PY

cjpeg -quality 90 -sample 1x1 "$work/odd.ppm" >s444.jpg
cjpeg -quality 90 -sample 2x1 "$work/odd.ppm" >s422.jpg
cjpeg -quality 90 -sample 2x2 "$work/odd.ppm" >s420.jpg
cjpeg -quality 90 -sample 1x2 "$work/odd.ppm" >s440.jpg
cjpeg -quality 90 -sample 4x1 "$work/odd.ppm" >s411.jpg
cjpeg -quality 75 -sample 2x2 "$work/small.ppm" >small-420.jpg
cjpeg -quality 90 -sample 1x1 "$work/small.ppm" >small-444.jpg
cjpeg -quality 90 -grayscale "$work/odd.ppm" >gray.jpg
cjpeg -quality 90 -sample 2x2 -restart 1B "$work/odd.ppm" >restart-420.jpg
cjpeg -quality 90 -sample 1x1 -restart 2B "$work/small.ppm" >restart-444.jpg
cjpeg -quality 90 -grayscale -restart 3B "$work/small.ppm" >restart-gray.jpg
cjpeg -quality 90 -sample 2x2 -progressive "$work/odd.ppm" >progressive-420.jpg
cjpeg -quality 90 -sample 1x1 -progressive -restart 1 "$work/small.ppm" >progressive-444-restart.jpg
cjpeg -quality 90 -grayscale -progressive "$work/odd.ppm" >progressive-gray.jpg
cjpeg -quality 90 -grayscale -progressive "$work/tiny.ppm" >tiny-progressive-gray.jpg
# Sequential, one component per scan (not interleaved): decoded through the coefficient store.
printf '0;\n1;\n2;\n' >"$work/scans.txt"
cjpeg -quality 90 -sample 2x1 -scans "$work/scans.txt" "$work/odd.ppm" >multiscan-422.jpg
jpegtran -optimize s420.jpg >optimized-420.jpg
cjpeg -quality 90 -rgb "$work/odd.ppm" >adobe-rgb.jpg
cjpeg -quality 90 -arithmetic "$work/small.ppm" >arithmetic.jpg
/usr/bin/convert-im6.q16 "$work/small.ppm" -sampling-factor 2x2 -quality 80 im-420.jpg

# YCCK: the same CMYK file with its Adobe marker's transform flag set to 2.
python3 - <<'PY'
b = bytearray(open("cmyk.jpg", "rb").read())
i = b.index(b"Adobe")
assert b[i + 11] == 0
b[i + 11] = 2
open("ycck.jpg", "wb").write(b)
PY

# A file cut in the middle of its entropy-coded data.
size=$(wc -c <s420.jpg)
head -c $((size * 2 / 3)) s420.jpg >truncated-420.jpg
size=$(wc -c <progressive-420.jpg)
head -c $((size / 2)) progressive-420.jpg >truncated-progressive.jpg
