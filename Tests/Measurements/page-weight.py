#!/usr/bin/env python3
"""What a built page loads, as the closing notes of issue 25 measure it: the bytes of the
document and every resource it fetched (the Resource Timing API's encodedBodySize, over a
local HTTP server without compression), 1.5 s after navigation, in headless Chromium driven by
chromedriver, at 1280x800 and 1920x1080 (DPR 1, desktop) and 390x844 (DPR 3, a phone), with
the first images shown and the width each is shown at.

    python3 Tests/Measurements/page-weight.py SITE_DIR PAGE...   # e.g. _site index.html poof/

Needs chromium and chromedriver (.ci/install-browser-tools); nothing in the build or the tests
runs it."""
import json, os, subprocess, sys, time, http.client, socket, threading, functools
from http.server import ThreadingHTTPServer, SimpleHTTPRequestHandler

site = sys.argv[1]; pages = sys.argv[2:]
class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
srv = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=srv.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{srv.server_address[1]}/"
s = socket.socket(); s.bind(("127.0.0.1", 0)); dport = s.getsockname()[1]; s.close()
drv = subprocess.Popen(["chromedriver", f"--port={dport}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def req(method, path, body=None):
    c = http.client.HTTPConnection("127.0.0.1", dport, timeout=60)
    c.request(method, path, json.dumps(body) if body is not None else None, {"Content-Type": "application/json"})
    r = c.getresponse(); return json.loads(r.read() or b"{}")
for _ in range(100):
    try:
        if req("GET", "/status")["value"]["ready"]: break
    except Exception: time.sleep(0.1)
views = [("1280x800@1", 1280, 800, 1), ("1920x1080@1", 1920, 1080, 1), ("390x844@3", 390, 844, 3)]
out = {}
for name, w, h, dpr in views:
    caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"],
        "mobileEmulation": {"deviceMetrics": {"width": w, "height": h, "pixelRatio": dpr,
                                               "mobile": dpr > 1, "touch": dpr > 1}}}}}}
    sid = req("POST", "/session", caps)["value"]["sessionId"]
    for page in pages:
        req("POST", f"/session/{sid}/url", {"url": base + page})
        time.sleep(1.5)
        js = """const n = performance.getEntriesByType('navigation')[0];
        const r = performance.getEntriesByType('resource');
        return {doc: n.encodedBodySize, res: r.map(e => [e.name.replace(location.origin,''), e.encodedBodySize]),
          imgs: [...document.images].filter(i => i.complete && i.currentSrc && i.getBoundingClientRect().top < innerHeight)
            .map(i => [i.currentSrc.replace(location.origin,''), Math.round(i.getBoundingClientRect().width)])};"""
        v = req("POST", f"/session/{sid}/execute/sync", {"script": js, "args": []})["value"]
        total = v["doc"] + sum(b for _, b in v["res"])
        imgbytes = sum(b for n, b in v["res"] if n.split('?')[0].endswith(('.jpg', '.jpeg', '.png', '.webp', '.avif')))
        out[(name, page)] = total
        print(f"{name:12} {page:40} total {total:>9} B  images {imgbytes:>9} B  {len(v['res'])} resources")
        for src, shown in v["imgs"][:3]:
            print(f"{'':14}shown {shown}px  {src}")
    req("DELETE", f"/session/{sid}")
drv.terminate(); srv.shutdown()
