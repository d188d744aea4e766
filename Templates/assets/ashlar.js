/* Ashlar's photo-page script: optional, every link and image works without it. Keys, swipes that
   follow the finger, pinch, double-tap and click zoom, prefetch; its hooks are in the theme's README. */
(() => {
  "use strict";
  const figure = document.querySelector("[data-ashlar-photo]");
  const image = figure && figure.querySelector("img");
  const find = (selector) => document.querySelector(selector);
  const go = (link) => {
    if (link && link.href) location.assign(link.href);
  };
  const busy = (target) =>
    target instanceof Element &&
    target.closest("input, textarea, select, video, audio, [contenteditable]:not([contenteditable=false])");
  const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  // The zoom: the image's transform, translate(x, y) scale(s) from its top left corner.
  let s = 1;
  let x = 0;
  let y = 0;
  const zoomed = () => s > 1.001;
  let unzoom = () => {};

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.isComposing || busy(event.target)) return;
    let link = null;
    if (zoomed()) {
      if (event.key === "Escape") {
        event.preventDefault();
        unzoom();
      }
      return;
    }
    if (event.key === "ArrowLeft") link = find('a[rel~="prev"]');
    else if (event.key === "ArrowRight") link = find('a[rel~="next"]');
    else if (event.key === "Escape" || (event.key === "ArrowUp" && !event.repeat && window.scrollY <= 0)) {
      link = find("[data-ashlar-album]");
    }
    if (!link) return;
    event.preventDefault();
    go(link);
  });

  // Horizontal swipes are this page's: the browser's own swipe back would take the same gesture.
  document.documentElement.classList.add("ashlar-swipe");
  const pinched = () => window.visualViewport && window.visualViewport.scale > 1.01;

  if (image) {
    const full = find("[data-ashlar-full]");
    const button = find("button[data-ashlar-zoom]");
    const fullWidth = Number(full && full.dataset.width) || Number(image.getAttribute("width")) || 1;
    // 1:1 is the full rendition's pixels at one CSS pixel each; never less than fitted.
    const most = () => Math.max(1, fullWidth / image.offsetWidth);
    const box = () => ({ left: image.offsetLeft, top: image.offsetTop, w: image.offsetWidth, h: image.offsetHeight });
    // Keeps the zoomed image over the whole stage, or centred on an axis where it is smaller.
    const clamp = () => {
      if (s <= 1) return (x = y = 0);
      const b = box();
      const fit = (t, start, size, stage) =>
        size * s <= stage ? (stage - size * s) / 2 - start : Math.min(-start, Math.max(stage - size * s - start, t));
      x = fit(x, b.left, b.w, figure.clientWidth);
      y = fit(y, b.top, b.h, figure.clientHeight);
    };
    const show = (animate) => {
      figure.classList.toggle("settling", !!animate && !still());
      figure.classList.toggle("zoomed", zoomed());
      image.style.transform = s === 1 && !x && !y ? "" : `translate(${x}px, ${y}px) scale(${s})`;
      if (button) button.setAttribute("aria-pressed", String(zoomed()));
      // Zoomed, the browser picks from the image's own srcset for the width it is shown at.
      const wanted = Math.ceil(image.offsetWidth * s);
      if (zoomed() && !(parseInt(image.sizes, 10) >= wanted && /^\d+px$/.test(image.sizes))) image.sizes = wanted + "px";
    };
    // Zooms to `to` keeping the point (px, py) of the stage where it is.
    const zoomAt = (to, px, py) => {
      const b = box();
      const u = (px - b.left - x) / s;
      const v = (py - b.top - y) / s;
      s = to;
      x = px - b.left - s * u;
      y = py - b.top - s * v;
    };
    // Fitted to 1:1 about the point (px, py) of the stage, or back.
    const toggle = (px, py) => {
      if (zoomed()) s = 1;
      else zoomAt(most(), px, py);
      clamp();
      show(true);
    };
    unzoom = () => {
      s = 1;
      x = y = 0;
      show(true);
    };
    const stage = (event) => {
      const r = figure.getBoundingClientRect();
      return [event.clientX - r.left, event.clientY - r.top];
    };

    const pointers = new Map();
    let gesture = null;
    let lastTap = null;
    const begin = () => {
      const [a, b] = [...pointers.values()];
      gesture = b
        ? { kind: "pinch", d: Math.hypot(a.x - b.x, a.y - b.y) || 1, s0: s, c: [(a.x + b.x) / 2, (a.y + b.y) / 2] }
        : { kind: "", x0: a.x, y0: a.y, tx: x, ty: y, t: performance.now(), vx: 0 };
      gesture.bx = x;
      gesture.by = y;
    };
    figure.addEventListener("pointerdown", (event) => {
      if (event.button > 0 || pinched() || pointers.size > 1) return;
      const [px, py] = stage(event);
      pointers.set(event.pointerId, { x: px, y: py, type: event.pointerType });
      if (event.pointerType === "mouse") event.preventDefault();
      figure.setPointerCapture(event.pointerId);
      figure.classList.remove("settling");
      begin();
    });
    figure.addEventListener("pointermove", (event) => {
      const pointer = pointers.get(event.pointerId);
      if (!pointer || !gesture) return;
      const [px, py] = stage(event);
      pointer.x = px;
      pointer.y = py;
      if (gesture.kind === "pinch") {
        const [a, b] = [...pointers.values()];
        const c = [(a.x + b.x) / 2, (a.y + b.y) / 2];
        // From the start of the pinch: scale about its first centre, then follow the centre.
        s = gesture.s0;
        x = gesture.bx;
        y = gesture.by;
        zoomAt(Math.min(most(), Math.max(0.8, (gesture.s0 * Math.hypot(a.x - b.x, a.y - b.y)) / gesture.d)), ...gesture.c);
        x += c[0] - gesture.c[0];
        y += c[1] - gesture.c[1];
        show(false);
        return;
      }
      const dx = px - gesture.x0;
      const dy = py - gesture.y0;
      if (!gesture.kind && Math.hypot(dx, dy) > 8) {
        if (zoomed()) gesture.kind = "pan";
        else if (pointer.type !== "mouse" && Math.abs(dx) > Math.abs(dy)) gesture.kind = "swipe";
        else gesture.kind = "none";
        if (gesture.kind !== "none") figure.classList.add("dragging");
      }
      const now = performance.now();
      gesture.vx = (px - (gesture.lx ?? gesture.x0)) / Math.max(1, now - (gesture.lt ?? gesture.t));
      gesture.lx = px;
      gesture.lt = now;
      if (gesture.kind === "pan") {
        x = gesture.tx + dx;
        y = gesture.ty + dy;
        clamp();
      } else if (gesture.kind === "swipe") {
        x = dx;
      } else return;
      show(false);
    });
    const end = (event) => {
      const pointer = pointers.get(event.pointerId);
      if (!pointer) return;
      pointers.delete(event.pointerId);
      const done = gesture;
      figure.classList.remove("dragging");
      if (pointers.size === 1) {
        // A pinch that loses a finger goes on as a pan.
        begin();
        gesture.kind = zoomed() ? "pan" : "none";
        return;
      }
      gesture = null;
      if (!done || pointers.size) return;
      if (done.kind === "pinch" || done.kind === "pan") {
        // A pinch let go below fitted, or within a hair of it, is fitted.
        if (s <= 1.001) s = 1;
        clamp();
        show(true);
      } else if (done.kind === "swipe") {
        const dx = pointer.x - done.x0;
        const w = figure.clientWidth;
        const link = event.type === "pointerup" &&
          (Math.abs(dx) > Math.min(120, w / 4) || (Math.abs(dx) > 30 && Math.abs(done.vx) > 0.5)) &&
          find(dx < 0 ? 'a[rel~="next"]' : 'a[rel~="prev"]');
        x = link ? Math.sign(dx) * w : 0;
        show(true);
        if (link) setTimeout(() => go(link), still() ? 0 : 200);
      } else if (!done.kind && event.type === "pointerup") {
        const tap = { x: pointer.x, y: pointer.y, t: event.timeStamp };
        // A mouse click zooms; on a touch screen a double tap does, so a tap never zooms by accident.
        if (pointer.type === "mouse") toggle(tap.x, tap.y);
        else if (lastTap && tap.t - lastTap.t < 350 && Math.hypot(tap.x - lastTap.x, tap.y - lastTap.y) < 40) {
          toggle(tap.x, tap.y);
          return (lastTap = null);
        }
        lastTap = tap;
      }
    };
    figure.addEventListener("pointerup", end);
    figure.addEventListener("pointercancel", end);
    figure.addEventListener("transitionend", () => figure.classList.remove("settling"));
    figure.addEventListener("dragstart", (event) => event.preventDefault());
    // A pinch is ours on the photo, the page's elsewhere.
    figure.addEventListener("touchmove", (event) => event.touches.length > 1 && event.preventDefault(), { passive: false });
    // A photo shown at 1:1 or larger already has no zoom; a resize may change that, or the zoom's bounds.
    const fitted = () => {
      const can = most() > 1.01;
      figure.classList.toggle("zoomable", can);
      if (button) button.disabled = !can && !zoomed();
      s = Math.min(s, most());
      clamp();
      show(false);
    };
    figure.classList.add("viewing");
    if (button) {
      button.hidden = false;
      button.addEventListener("click", () => toggle(figure.clientWidth / 2, figure.clientHeight / 2));
    }
    fitted();
    addEventListener("resize", fitted);
    // Back to a page kept in the back-forward cache: the photo is where a swipe sent it off.
    addEventListener("pageshow", (event) => event.persisted && unzoom());
  } else {
    // A video page: a swipe that ends across the page opens the neighbour.
    let touch = null;
    addEventListener("touchstart", (event) => {
      const point = event.touches[0];
      touch = event.touches.length === 1 && !pinched() && !busy(event.target)
        ? { x: point.clientX, y: point.clientY, time: event.timeStamp } : null;
    }, { passive: true });
    addEventListener("touchend", (event) => {
      const start = touch;
      touch = null;
      if (!start || event.touches.length > 0 || event.timeStamp - start.time > 800) return;
      const dx = event.changedTouches[0].clientX - start.x;
      const dy = event.changedTouches[0].clientY - start.y;
      if (Math.abs(dx) >= 60 && Math.abs(dx) >= 2 * Math.abs(dy)) go(find(dx < 0 ? 'a[rel~="next"]' : 'a[rel~="prev"]'));
    }, { passive: true });
    return;
  }

  const supportsRules = window.HTMLScriptElement && HTMLScriptElement.supports && HTMLScriptElement.supports("speculationrules");
  const next = find('a[rel~="next"][data-image]');
  if (supportsRules || !next || (navigator.connection && navigator.connection.saveData)) return;
  const widths = (srcset) =>
    (srcset || "").split(/,\s*/).filter((part) => part.trim()).map((part) => {
      const [url, width] = part.trim().split(/\s+/);
      return { url: new URL(url, document.baseURI).href, width: parseInt(width, 10) || 0 };
    });
  const prefetch = () => {
    const shown = widths(image.getAttribute("srcset")).find((candidate) => candidate.url === image.currentSrc);
    const candidates = widths(next.dataset.srcset).sort((a, b) => a.width - b.width);
    const wanted = shown ? shown.width : image.naturalWidth;
    const pick = candidates.find((candidate) => candidate.width >= wanted) || candidates[candidates.length - 1];
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "image";
    link.href = pick && pick.url ? pick.url : next.dataset.image;
    document.head.append(link);
  };
  if (image.complete) prefetch();
  else image.addEventListener("load", prefetch, { once: true });
})();
