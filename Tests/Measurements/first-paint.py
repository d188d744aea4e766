#!/usr/bin/env python3
"""A built page's largest contentful paint, layout shift and image bytes on a throttled link, as
PhoneFirstPaintTests measures it: the site served over HTTP (Chromium does not throttle file://),
headless Chromium driven by chromedriver, the cache disabled, Network.emulateNetworkConditions
at 200,000 bytes a second down (1.6 Mbit/s), 93,750 up, 150 ms of latency, and the
largest-contentful-paint and layout-shift entries read back 6 s after the load event; the page
weight is every response's body (the page, its stylesheet, script and images) by then.

    python3 Tests/Measurements/first-paint.py SITE_DIR PAGE [LOADS]   # e.g. twelve-site all/ 3

Each load is printed at 390x844 DPR 3 (mobile) and at 1280x800 DPR 1. Needs chromium and
chromedriver (.ci/install-browser-tools); nothing in the build or the tests runs it."""
import functools, json, socket, statistics, subprocess, sys, threading, time, urllib.request
from http.server import ThreadingHTTPServer, SimpleHTTPRequestHandler

site, page = sys.argv[1], sys.argv[2]
loads = int(sys.argv[3]) if len(sys.argv) > 3 else 3
class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
threading.Thread(target=server.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{server.server_address[1]}/"
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def req(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    r = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                               headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(r, timeout=90) as f:
        return json.loads(f.read())["value"]
for _ in range(100):
    try:
        if req("GET", "/status")["ready"]: break
    except Exception: time.sleep(0.1)
script = """const done = arguments[arguments.length - 1];
const lcp = [], shifts = [];
new PerformanceObserver(l => lcp.push(...l.getEntries())).observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(l => shifts.push(...l.getEntries())).observe({type: 'layout-shift', buffered: true});
setTimeout(() => {
  const images = performance.getEntriesByType('resource').filter(r => /\\.(jpg|png)$/.test(new URL(r.name).pathname));
  const last = lcp[lcp.length - 1];
  done({lcp: last ? last.startTime : -1, url: last ? last.url.split('/').pop() : '',
        cls: shifts.filter(e => !e.hadRecentInput).reduce((a, e) => a + e.value, 0),
        bytes: images.reduce((a, r) => a + r.encodedBodySize, 0), images: images.length,
        total: performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
          .reduce((a, r) => a + r.encodedBodySize, 0)});
}, 6000);"""
try:
    for width, height, scale in [(390, 844, 3), (1280, 800, 1)]:
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"]
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"args": args}}}}
        sid = req("POST", "/session", caps)["sessionId"]
        cdp = lambda cmd, params: req("POST", f"/session/{sid}/goog/cdp/execute", {"cmd": cmd, "params": params})
        cdp("Network.enable", {})
        cdp("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp("Network.emulateNetworkConditions",
            {"offline": False, "latency": 150, "downloadThroughput": 200000, "uploadThroughput": 93750})
        cdp("Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": scale > 1})
        paints = []
        for load in range(loads):
            req("POST", f"/session/{sid}/url", {"url": f"{base}{page}?load={load}"})
            v = req("POST", f"/session/{sid}/execute/async", {"script": script, "args": []})
            paints.append(v["lcp"])
            print(f"{width}x{height}@{scale} load {load + 1}: LCP {v['lcp']:.0f} ms ({v['url']}), CLS {v['cls']}, "
                  f"{v['images']} images, {v['bytes']} bytes, page weight {v['total']} bytes")
        print(f"{width}x{height}@{scale}: LCP median {statistics.median(paints):.0f} ms")
        req("DELETE", f"/session/{sid}")
finally:
    driver.terminate(); server.shutdown()
