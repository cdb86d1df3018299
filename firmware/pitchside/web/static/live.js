// Pitchside live board (docs/spec/feed.md, "Pages"): one EventSource, the snapshot into
// the DOM with textContent only (names are never parsed as HTML), a watchdog that shows
// the NOT LIVE banner when the stream is silent and reopens it (also after the browser
// gave up on a 5xx during a restart), and a refetch when a phone tab becomes visible.
(function () {
  "use strict";
  var SILENT_MS = 4500, REOPEN_MS = 6000, TICK_MS = 500;
  var body = document.body, es = null, heard = 0, openedAt = 0;
  var seq = Number(body.dataset.seq), boot = body.dataset.boot || "";
  function $(id) { return document.getElementById(id); }
  function text(id, t) { var e = $(id); if (e && e.textContent !== t) e.textContent = t; }
  function live(on) {
    $("banner").hidden = on;
    body.classList.toggle("stale", !on);
  }
  function apply(s) {
    if (s.boot === boot && s.seq <= seq) return;
    seq = s.seq; boot = s.boot;
    body.dataset.seq = String(s.seq); body.dataset.boot = s.boot;
    text("title", s.title);
    text("mode", s.mode === "playing" ? "" : s.mode);
    if ($("credit")) $("credit").hidden = !s.credit;  // pay to play: the credit the panel shows, why coins are refused
    text("credit-text", s.credit ? s.credit.text : "");
    text("credit-refused", s.credit && s.credit.refused ? s.credit.refused : "");
    ["A", "B"].forEach(function (side) {
      text("name-" + side, s.names[side]);
      text("score-" + side, String(s.score[side]));
      $("score-" + side).dataset.len = String(String(s.score[side]).length);  // smaller digits for "4.5", "500"
      $("side-" + side).classList.toggle("to-play", s.turn === side);
    });
    text("turn", s.turn_name || "");
    $("turnline").hidden = !s.turn_name;
    text("result", s.outcome ? (s.outcome.winner_name ? s.outcome.winner_name + " wins" : "Draw") : "");
    text("last", (s.last || []).map(function (n) { return n.text; }).join(" \u00b7 "));
    $("refusal").hidden = !s.refusal;
    text("refusal-rule", s.refusal ? s.refusal.rule : "");
    text("refusal-text", s.refusal ? s.refusal.text : "");
    text("prompt", s.prompt_line || "");  // the feed's rule (feed.prompt_line): no refusal, no words twice
    extra(s);
  }
  function extra(s) {  // the game's detail, the inputs before the last, the latest refusal
    var list = $("recent");
    if (list) {
      var items = (s.recent || []).map(function (n) { return n.text; });
      if (list.dataset.items !== JSON.stringify(items)) {
        while (list.firstChild) list.removeChild(list.firstChild);
        items.forEach(function (t) { var li = document.createElement("li"); li.textContent = t; list.appendChild(li); });
        list.dataset.items = JSON.stringify(items);
      }
    }
    if ($("last-refusal")) {
      $("last-refusal").hidden = !s.last_refusal;
      text("last-refusal-text", s.last_refusal ? s.last_refusal.text : "");
      text("last-refusal-rule", s.last_refusal ? s.last_refusal.rule : "");
    }
    if ($("detail") && window.PitchsideBoards) window.PitchsideBoards.draw($("detail"), s);
    body.dataset.game = s.game || "";
  }
  function open() {
    if (es) es.close();
    openedAt = Date.now();
    es = new EventSource("/events");
    es.addEventListener("state", function (e) { heard = Date.now(); live(true); apply(JSON.parse(e.data)); });
    es.addEventListener("ping", function () { heard = Date.now(); live(true); });
    es.onerror = function () { live(false); };
  }
  function refetch() {
    fetch("/api/state", { cache: "no-store" }).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (s) { if (s) apply(s); }).catch(function () {});
  }
  setInterval(function () {
    var now = Date.now();
    if (now - heard > SILENT_MS) live(false);
    if (es.readyState === 2 || (now - heard > REOPEN_MS && now - openedAt > REOPEN_MS)) open();
  }, TICK_MS);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    refetch();
    if (Date.now() - heard > SILENT_MS) open();
  });
  var first = $("snap") ? JSON.parse($("snap").textContent) : null;
  if (first) extra(first);  // the server-rendered page has no detail of its own
  heard = Date.now();
  open();
})();
