#!/usr/bin/env python3
"""Turns a synthetic Ashlar source (`ashlar-bench build --keep 1`: album folders of JSON sidecars
with remote images) into a Hugo site of the same shape, to time Hugo against Ashlar on the same
gallery: one page per photo with its sidecar's title, alt text, caption, camera line and keywords
(breadcrumbs, the image, previous/next in its album, links to its keywords' pages); one list page
per album with a tile per photo (src, size, alt, title, link), paginated by Ashlar's default
`pageSize` (60); a `tags` taxonomy with a page per keyword (tiles, paginated) and an index; the
front page listing the albums. No image processing (the images are remote, as in the Ashlar
benchmark), no RSS, sitemap, robots.txt or 404 page (Ashlar writes none for this site either).

usage: hugo-site.py SOURCE DEST
then:  hugo --source DEST --destination OUT --quiet

       hugo-site.py compare ASHLAR SOURCE [RUNS]
builds SOURCE cold with the `ashlar` binary ASHLAR (default jobs, a fresh HOME and cache each
time) and its Hugo copy with `hugo`, alternating, RUNS rounds (default 7), all under a fresh
folder of /dev/shm (SOURCE and its Hugo copy are copied there first); prints each run's wall and
CPU time and peak memory (GNU time's %e, %U + %S, %M), then the medians and the ratio.
"""

import json
import os
import sys

PAGE_SIZE = 60

CONFIG = f"""baseURL = "/"
title = "Benchmark"
languageCode = "en"
relativeURLs = true
uglyURLs = false
paginate = {PAGE_SIZE}
disableKinds = ["RSS", "sitemap", "robotsTXT", "404"]
[taxonomies]
  tag = "tags"
"""

BASEOF = """<!doctype html>
<html lang="{{ site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if not .IsHome }}{{ .Title }} · {{ end }}{{ site.Title }}</title>
<link rel="stylesheet" href="{{ "assets/site.css" | relURL }}">
</head>
<body>
<nav class="breadcrumbs"><a href="{{ "/" | relURL }}">{{ site.Title }}</a>{{ with .Parent }}{{ if not .IsHome }} › <a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}</nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
"""

TILES = """<ul class="gallery">
{{ range .Pages }}<li class="tile"><a href="{{ .RelPermalink }}"><img src="{{ .Params.src }}" width="{{ .Params.width }}" height="{{ .Params.height }}" alt="{{ .Params.alt }}" loading="lazy">{{ with .Title }}<span class="title">{{ . }}</span>{{ end }}</a></li>
{{ end }}</ul>
{{ if gt .TotalPages 1 }}<nav class="pagination">{{ if .HasPrev }}<a href="{{ .Prev.URL }}">Previous</a>{{ end }} Page {{ .PageNumber }} of {{ .TotalPages }} {{ if .HasNext }}<a href="{{ .Next.URL }}">Next</a>{{ end }}</nav>{{ end }}
"""

LIST = """{{ define "main" }}<h1>{{ .Title }}</h1>
{{ $pager := .Paginate .Pages }}
{{ partial "tiles.html" $pager }}
{{ end }}"""

SINGLE = """{{ define "main" }}<article class="photo">
<h1>{{ .Title }}</h1>
<figure><img src="{{ .Params.src }}" width="{{ .Params.width }}" height="{{ .Params.height }}" alt="{{ .Params.alt }}">
{{ with .Params.caption }}<figcaption>{{ . }}</figcaption>{{ end }}</figure>
<dl class="details">
{{ with .Date }}<dt>Date</dt><dd><time datetime="{{ .Format "2006-01-02T15:04:05" }}">{{ .Format "2 January 2006" }}</time></dd>{{ end }}
{{ with .Params.camera }}<dt>Camera</dt><dd>{{ . }}</dd>{{ end }}
{{ with .Params.exposure }}<dt>Exposure</dt><dd>{{ . }}</dd>{{ end }}
</dl>
{{ with .GetTerms "tags" }}<ul class="tags">{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}
<nav class="neighbours">{{ with .PrevInSection }}<a rel="prev" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }} {{ with .NextInSection }}<a rel="next" href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>
</article>
{{ end }}"""

TERMS = """{{ define "main" }}<h1>{{ .Title }}</h1>
<ul class="terms">{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }} photos</li>{{ end }}</ul>
{{ end }}"""

HOME = """{{ define "main" }}<h1>{{ site.Title }}</h1>
<ul class="albums">{{ range .Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ len .Pages }} photos</li>{{ end }}</ul>
{{ end }}"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def front_matter(fields):
    # JSON front matter: Hugo reads a leading JSON object, and JSON escapes every value safely.
    return json.dumps(fields, ensure_ascii=False, indent=1) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, dest = sys.argv[1], sys.argv[2]
    write(os.path.join(dest, "config.toml"), CONFIG)
    layouts = os.path.join(dest, "layouts")
    write(os.path.join(layouts, "_default", "baseof.html"), BASEOF)
    write(os.path.join(layouts, "partials", "tiles.html"), TILES)
    write(os.path.join(layouts, "_default", "list.html"), LIST)
    write(os.path.join(layouts, "_default", "term.html"), LIST)
    write(os.path.join(layouts, "_default", "single.html"), SINGLE)
    write(os.path.join(layouts, "_default", "taxonomy.html"), TERMS)
    write(os.path.join(layouts, "index.html"), HOME)
    write(os.path.join(dest, "static", "assets", "site.css"), ".gallery{display:flex;flex-wrap:wrap}\n")
    content = os.path.join(dest, "content")
    for album in sorted(os.listdir(source)):
        folder = os.path.join(source, album)
        if not os.path.isdir(folder) or album.startswith(("_", ".")):
            continue
        write(os.path.join(content, album, "_index.md"), front_matter({"title": album}))
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                sidecar = json.load(file)
            fields = {
                "title": sidecar.get("title", name[:-5]),
                "date": sidecar.get("date"),
                "src": sidecar.get("src"),
                "width": sidecar.get("width"),
                "height": sidecar.get("height"),
                "alt": sidecar.get("alt", ""),
                "caption": sidecar.get("caption", ""),
                "tags": sidecar.get("tags", []),
                "camera": " ".join(str(sidecar[key]) for key in ("make", "model") if key in sidecar),
                "exposure": ", ".join(
                    text
                    for text in (
                        f"{sidecar['focalLength']} mm" if "focalLength" in sidecar else None,
                        f"f/{sidecar['aperture']}" if "aperture" in sidecar else None,
                        f"{sidecar['exposure']} s" if "exposure" in sidecar else None,
                        f"ISO {sidecar['iso']}" if "iso" in sidecar else None,
                    )
                    if text
                ),
            }
            slug = name[:-5].lower().replace("_", "-")
            write(os.path.join(content, album, slug + ".md"), front_matter(fields))


def compare(ashlar, source, runs):
    import shutil
    import statistics
    import subprocess
    import tempfile

    work = tempfile.mkdtemp(prefix="ashlar-hugo-", dir="/dev/shm")
    try:
        ashlar_source = os.path.join(work, "ashlar-src")
        shutil.copytree(source, ashlar_source, ignore=shutil.ignore_patterns("_site", ".ashlar-cache"))
        hugo_source = os.path.join(work, "hugo-src")
        sys.argv = [sys.argv[0], ashlar_source, hugo_source]
        main()
        commands = {
            "ashlar": lambda out: (
                [ashlar, "build", ashlar_source, "-o", out, "--cache-dir", out + "-cache", "-q"],
                {"HOME": out + "-home"},
            ),
            "hugo": lambda out: (["hugo", "--source", hugo_source, "--destination", out, "--quiet"], {}),
        }
        results = {name: [] for name in commands}
        for run in range(runs):
            for name, command in commands.items():
                out = os.path.join(work, f"{name}-out")
                for leftover in (out, out + "-cache", out + "-home"):
                    shutil.rmtree(leftover, ignore_errors=True)
                os.makedirs(out + "-home")
                arguments, environment = command(out)
                timing = os.path.join(work, "time.txt")
                subprocess.run(
                    ["/usr/bin/time", "-o", timing, "-f", "%e %U %S %M"] + arguments,
                    check=True,
                    env={**os.environ, "XDG_STATE_HOME": "", "HUGO_CACHEDIR": os.path.join(work, "hugo-cache"),
                         **environment},
                )
                wall, user, system, peak = open(timing).read().split()[-4:]
                results[name].append((float(wall), float(user) + float(system), int(peak) / 1024))
                print(f"run {run + 1} {name:6} wall {float(wall):.2f} s, CPU {float(user) + float(system):.2f} s,"
                      f" peak {int(peak) / 1024:.0f} MiB", flush=True)
        medians = {
            name: [statistics.median(run[field] for run in values) for field in range(3)]
            for name, values in results.items()
        }
        for name, (wall, cpu, peak) in medians.items():
            print(f"median {name:6} wall {wall:.2f} s, CPU {cpu:.2f} s, peak {peak:.0f} MiB")
        print(f"hugo / ashlar: wall {medians['hugo'][0] / medians['ashlar'][0]:.2f}x,"
              f" CPU {medians['hugo'][1] / medians['ashlar'][1]:.2f}x,"
              f" peak memory {medians['hugo'][2] / medians['ashlar'][2]:.2f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "compare":
        compare(os.path.abspath(sys.argv[2]), sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 7)
    else:
        main()
