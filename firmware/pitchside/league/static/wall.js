// The venue wall: one EventSource for every table; tiles rebuilt with textContent (no HTML from the feed).
// A region's wall holds every venue's tables: data-venue on #tables keeps one venue's (/venues/V).
(function () {
  "use strict";
  var tables = document.getElementById("tables"), recent = document.getElementById("recent");
  var banner = document.getElementById("banner"), seen = Date.now(), es = null, uplink = document.getElementById("uplink");
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  function foot(t) { if (!t.online) return "offline"; if (t.result) return t.result; if (t.turn_name) return "to play: " + t.turn_name; return t.mode || ""; }
  // a table whose last message broke the contract: "bad data", the reason on hover (title) and on tap (details)
  function bad(t, opened) {
    var d = el("details", "bad"); d.title = t.bad; d.open = opened;
    d.appendChild(el("summary", "", "bad data")); d.appendChild(el("span", "why", t.bad));
    return d;
  }
  function grid(n) {  // columns x rows of the tiles for n tables (as wall.html)
    var small = [[1, 1], [1, 1], [2, 1], [3, 1], [2, 2], [3, 2], [3, 2], [4, 2], [4, 2], [3, 3], [4, 3], [4, 3], [4, 3]];
    return n <= 12 ? small[n] : n <= 15 ? [5, 3] : n === 16 ? [4, 4] : [5, 4];
  }
  var only = tables.dataset.venue || "";
  function draw(w) {
    var opened = {}, many = (w.venues || []).length > 1;
    tables.querySelectorAll("details.bad[open]").forEach(function (d) { opened[d.parentNode.dataset.venue + "/" + d.parentNode.dataset.table] = true; });
    tables.textContent = "";
    var shown = w.tables.filter(function (t) { return !only || t.venue === only; });
    var g = grid(shown.length);
    tables.dataset.cols = String(g[0]); tables.dataset.rows = String(g[1]);
    shown.forEach(function (t) {
      var tile = el("div", "tile " + (t.online ? "online" : "offline") + (t.bad ? " baddata" : ""));
      tile.dataset.table = t.table; tile.dataset.venue = t.venue;
      var game = t.title || t.game || "", n = el("div", "tname");  // the game's name only when the table's is not it
      if (many && !only) { n.appendChild(el("span", "venue", t.venue)); n.appendChild(document.createTextNode(" ")); }
      n.appendChild(document.createTextNode(t.name));
      if (game.toLowerCase() !== String(t.name).toLowerCase()) { n.appendChild(document.createTextNode(" ")); n.appendChild(el("span", "game", game)); }
      tile.appendChild(n);
      tile.appendChild(el("div", "who", t.names.A + " v " + t.names.B));
      tile.appendChild(el("div", "tscore", (t.score.A === undefined ? "" : t.score.A) + " - " + (t.score.B === undefined ? "" : t.score.B)));
      if (t.link_down) tile.appendChild(el("div", "link", "link down since " + t.link_down));  // the venue's uplink is down
      tile.appendChild(el("div", "tfoot", foot(t)));
      if (t.bad) tile.appendChild(bad(t, !!opened[t.venue + "/" + t.table]));
      tables.appendChild(tile);
    });
    var down = (w.uplinks || []).filter(function (u) { return only && u.venue === only && !u.up; });
    uplink.textContent = down.length ? "link down since " + down[0].at : ""; uplink.hidden = !down.length;
    tables.dataset.seq = w.seq;
    recent.textContent = "";
    (w.recent || []).filter(function (r) { return !only || r.venue === only; }).forEach(function (r) {
      var li = el("li", r.counted ? "" : "refused", r.game + ": " + r.names[0] + " " + r.score[0] + " - " + r.score[1] + " " + r.names[1] + (r.counted ? "" : " (refused: " + r.reason + ")"));
      recent.appendChild(li);
    });
  }
  function live(ok) { banner.hidden = ok; document.body.classList.toggle("stale", !ok); }
  function open() {
    es = new EventSource("/events");
    es.addEventListener("wall", function (ev) { seen = Date.now(); live(true); draw(JSON.parse(ev.data)); });
    es.addEventListener("ping", function () { seen = Date.now(); live(true); });
    es.onerror = function () { live(false); };
  }
  setInterval(function () {
    if (Date.now() - seen > 4500) live(false);
    if (es && es.readyState === 2) { es.close(); open(); }
  }, 1000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden && es && es.readyState !== 1) { es.close(); open(); } });
  open();
})();
