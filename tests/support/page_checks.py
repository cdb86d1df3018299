"""What the browser tests check on a page, and where their screenshots go."""

from __future__ import annotations

import os
from pathlib import Path

OUT = Path(os.environ.get("PITCHSIDE_SHOTS", Path(__file__).resolve().parents[2] / "out" / "web-shots"))
SIZES = ((1920, 1080), (1280, 720), (390, 844))

# What is wrong on the page: each visible element outside the viewport (both ways on the
# one-screen pages, sideways only on those that scroll down), each element whose content
# is wider than its box, and each clipping element whose content is taller than its box.
PROBLEMS = """fit => {
  const W = document.documentElement.clientWidth, H = document.documentElement.clientHeight, out = [];
  const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") +
    (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\\s+/).join(".") : "");
  for (const e of document.querySelectorAll("body *")) {
    if (e.tagName === "SCRIPT" || e.closest("[hidden]")) continue;
    const cs = getComputedStyle(e);
    if (cs.display === "none" || cs.visibility === "hidden") continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < -1 || r.right > W + 1 || (fit && (r.top < -1 || r.bottom > H + 1)))
      out.push(`${name(e)} outside the viewport: ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} of ${W}x${H}`);
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && e.namespaceURI !== "http://www.w3.org/2000/svg")
      out.push(`${name(e)} cut sideways: ${e.scrollWidth} > ${e.clientWidth}: ${e.textContent.slice(0, 60)}`);
    if (cs.overflowY !== "visible" && e.clientHeight > 0 && e.scrollHeight > e.clientHeight + 1 && e !== document.body)
      out.push(`${name(e)} cut below: ${e.scrollHeight} > ${e.clientHeight}: ${e.textContent.slice(0, 60)}`);
  }
  return out;
}"""
