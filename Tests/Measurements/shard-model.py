#!/usr/bin/env python3
"""Wall time of a cold build of P camera photos shared over N CI runners of 2 cores each
(`ashlar build --shard K/N`, then one final build with the merged cache): the model behind the
table in Sources/ashlar/Documentation.docc/ContinuousIntegration.md.

    python3 Tests/Measurements/shard-model.py [CPU_PER_PHOTO] [OVERHEAD] [DIGEST] [FINAL]

CPU_PER_PHOTO  seconds of CPU for one 24 MP photo's renditions (default 0.37, issue 28's figure)
OVERHEAD       cold build / ideal on 2 cores (default 1.10: Performance.md's 1.07-1.14)
DIGEST         seconds of wall per photo for a shard to read and digest a photo it passes over
               (default 0.006: 8 MB at the rate `ashlar-bench shards` measured)
FINAL          seconds of wall per photo for the final build with a merged cache on a fresh
               checkout (default 0.006: Performance.md's "fresh copy + cache", 5.6-6.3 s / 1,000)

A shard's wall time is its photos' work on 2 cores plus reading and digesting every other photo;
the slowest shard holds its share plus 3 standard deviations of a binomial split (the digest
split is uniform); the final build adds its own. Job start-up, the checkout of the photos and the
cache transfer are not counted: on a hosted runner they add minutes per job, growing with the
photos each job must have.
"""
import math, sys

defaults = [0.37, 1.10, 0.006, 0.006]
given = [float(argument) for argument in sys.argv[1:5]]
cpu, overhead, digest, final = given + defaults[len(given):]


def wall(photos, runners):
    if runners == 1:
        return photos * cpu * overhead / 2  # one cold build: OVERHEAD covers its digest and pages
    share = photos / runners
    slowest = share + 3 * math.sqrt(share * (1 - 1 / runners))
    return slowest * cpu * overhead / 2 + (photos - slowest) * digest + photos * final


def hours(seconds):
    return f"{seconds / 3600:.2f} h" if seconds >= 3600 else f"{seconds / 60:.0f} min"


print(f"cpu/photo {cpu} s, overhead {overhead}, digest {digest} s/photo, final {final} s/photo")
print("| photos | N = 1 | N = 4 | N = 16 |")
print("|---|---|---|---|")
for photos in (20_000, 100_000):
    print(f"| {photos:,} | " + " | ".join(hours(wall(photos, n)) for n in (1, 4, 16)) + " |")
