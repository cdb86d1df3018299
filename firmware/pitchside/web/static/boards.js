// Pitchside live board: each game's detail (#detail) drawn from the feed's "board"
// (docs/spec/feed.md), with createElement and textContent only. window.PitchsideBoards
// .draw(el, snapshot) replaces el's children.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function svg(tag, attrs, text) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function line(label, value, cls) {
    return add(el("div", "kv" + (cls ? " " + cls : "")), el("span", "k", label), el("span", "v", value));
  }
  function pips(n, total, cls) {
    var row = el("span", "pips " + (cls || ""));
    for (var i = 0; i < total; i++) row.appendChild(el("i", i < n ? "on" : "off"));
    return row;
  }
  function perSide(s, label, values, render) {
    var t = el("div", "perside");
    add(t, el("span", "k", label));
    ["A", "B"].forEach(function (side) {
      var cell = add(el("span", "v side-" + side), render ? render(values[side], side) : el("span", "", values[side]));
      t.appendChild(cell);
    });
    return t;
  }

  function pichenotte(b, s) {
    var box = el("div", "g-pichenotte");
    add(box, el("div", "big", "Round " + b.round),
      el("div", "sub", b.format === "rounds" ? "first to " + b.target + " round points" : "race to " + b.target));
    add(box, perSide(s, "twenties this round", b.twenties, function (v) {
      return add(el("span", "twenties"), el("b", "", v), el("span", "ring-dots", new Array(Math.min(v, 12) + 1).join("\u25cf")));
    }));
    add(box, perSide(s, "pucks to shoot", b.in_hand));
    if (b.rounds.length) {
      var t = el("table", "rounds");
      var head = add(el("tr"), el("th", "", ""));
      b.rounds.forEach(function (r, i) { head.appendChild(el("th", "", "R" + (i + 1))); });
      t.appendChild(head);
      ["A", "B"].forEach(function (side) {
        var tr = add(el("tr", "side-" + side), el("th", "", s.names[side]));
        b.rounds.forEach(function (r) {
          var won = r[side] > r[side === "A" ? "B" : "A"];
          tr.appendChild(el("td", won ? "won" : "", r[side]));
        });
        t.appendChild(tr);
      });
      box.appendChild(add(el("div", "rounds-wrap"), t));
    }
    return box;
  }

  function pitchnut(b, s) {
    var box = el("div", "g-pitchnut");
    add(box, el("div", "big", "Game " + b.game_number),
      el("div", "sub", "first to " + b.games_to_win + (b.games_to_win === 1 ? " game" : " games") +
        " \u00b7 games " + b.games.A + "\u2013" + b.games.B));
    var open = b.colours.A === null;
    if (open) {
      add(box, line("open board", "white " + b.white + " \u00b7 black " + b.black + " left"));
    } else {
      add(box, perSide(s, "pieces left", b.left, function (v, side) {
        return add(el("span", "left"), el("b", "", v), pips(v, b.pieces, "chip-" + b.colours[side]));
      }));
    }
    var board = el("div", "carrom");
    var latest = b.drops.length ? b.drops[0] : null;
    for (var p = 0; p < 4; p++) {
      var n = latest && latest.pockets ? latest.pockets[p] : 0;
      add(board, add(el("div", "pocket p" + (p + 1) + (n ? " hit" : "")), el("span", "", n ? "+" + n : "")));
    }
    add(board, el("div", "centre", open ? "open" : "W " + b.white + " \u00b7 B " + b.black));
    add(box, board, el("div", "sub", latest ? "in the pockets on the last shot that pocketed" : "nothing pocketed yet"));
    var list = el("ol", "drops");
    b.drops.slice(0, 3).forEach(function (d) {
      var what = [];
      if (d.white) what.push(d.white + " white");
      if (d.black) what.push(d.black + " black");
      if (d.poison) what.push("the poison");
      list.appendChild(el("li", d.by ? "side-" + d.by : "", (d.by ? s.names[d.by] + ": " : "") + what.join(", ")));
    });
    if (b.drops.length) add(box, el("div", "k", "pocketed lately"), list);
    return box;
  }

  function die(v) {
    var g = svg("svg", { viewBox: "0 0 30 30", "class": "die" });
    g.appendChild(svg("rect", { x: 1, y: 1, width: 28, height: 28, rx: 5 }));
    var spots = { 1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]],
      4: [[8, 8], [22, 8], [8, 22], [22, 22]], 5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
      6: [[8, 8], [22, 8], [8, 15], [22, 15], [8, 22], [22, 22]] }[v] || [];
    spots.forEach(function (p) { g.appendChild(svg("circle", { cx: p[0], cy: p[1], r: 3 })); });
    return g;
  }

  function boulomania(b, s) {
    var box = el("div", "g-boulomania");
    var xs = b.spaces.map(function (p) { return p.x; }), ys = b.spaces.map(function (p) { return p.y; });
    var x0 = Math.min.apply(null, xs) - 20, x1 = Math.max.apply(null, xs) + 20;
    var y0 = Math.min.apply(null, ys) - 20, y1 = Math.max.apply(null, ys) + 20;
    var map = svg("svg", { viewBox: [x0, y0, x1 - x0, y1 - y0].join(" "), "class": "lane" });
    map.appendChild(svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 12, "class": "felt" }));
    b.spaces.forEach(function (p) {
      var r = p.jack_space ? 8 : 15;
      map.appendChild(svg("circle", { cx: p.x, cy: p.y, r: r, "class": "space" }));
      if (p.bowl) map.appendChild(svg("circle", { cx: p.x, cy: p.y, r: r - 2, "class": "bowl bowl-" + p.bowl }));
      if (p.jack) map.appendChild(svg("circle", { cx: p.x, cy: p.y, r: 6, "class": "jack" }));
      map.appendChild(svg("text", { x: p.x, y: p.y + 4, "class": "n" }, p.n));
    });
    var side = el("div", "bm-side");
    add(side, el("div", "big", "Round " + b.round), el("div", "sub", "to " + b.target + " points"));
    var dice = el("div", "dice");
    b.dice.forEach(function (v) { dice.appendChild(die(v)); });
    add(side, el("div", "k", b.dice.length ? "last throw" + (b.dice_by ? " \u00b7 " + s.names[b.dice_by] : "") : "no throw yet"), dice);
    add(side, perSide(s, "bowls to throw", b.in_hand), perSide(s, "knocked out", b.pocket));
    add(side, line("holding the point", b.holder ? s.names[b.holder] : "nobody", b.holder ? "side-" + b.holder : ""));
    return add(box, map, side);
  }

  function pitchbowl(b, s) {
    var box = el("div", "g-pitchbowl");
    var f = svg("svg", { viewBox: "0 0 300 140", "class": "field" });
    f.appendChild(svg("rect", { x: 0, y: 0, width: 300, height: 140, "class": "grass" }));
    f.appendChild(svg("rect", { x: 0, y: 0, width: 30, height: 140, "class": "endzone endzone-A" }));
    f.appendChild(svg("rect", { x: 270, y: 0, width: 30, height: 140, "class": "endzone endzone-B" }));
    for (var x = 60; x < 270; x += 30) f.appendChild(svg("line", { x1: x, y1: 0, x2: x, y2: 140, "class": "yard" }));
    f.appendChild(svg("text", { x: 15, y: 75, "class": "ez", transform: "rotate(-90 15 70)" }, s.names.A));
    f.appendChild(svg("text", { x: 285, y: 75, "class": "ez", transform: "rotate(90 285 70)" }, s.names.B));
    if (b.possession) {
      // A attacks towards B's end zone (right), B towards A's (left)
      var bx = b.possession === "A" ? 190 : 110;
      f.appendChild(svg("ellipse", { cx: bx, cy: 70, rx: 16, ry: 10, "class": "ball" }));
      f.appendChild(svg("text", { x: bx, y: 100, "class": "carrier side-" + b.possession }, s.names[b.possession] + " has the ball"));
      f.appendChild(svg("path", { d: b.possession === "A" ? "M210 70 l16 0 m-6 -6 l6 6 l-6 6" : "M90 70 l-16 0 m6 -6 l-6 6 l6 6", "class": "arrow" }));
    }
    box.appendChild(f);
    var t = el("div", "tracker");
    if (b.active) {
      add(t, add(el("div", "kv side-" + b.active), el("span", "k", "turn of"), el("span", "v", s.names[b.active])));
      add(t, add(el("div", "kv"), el("span", "k", "pitches left"), el("b", "v", b.pitches_left + (b.bonus ? " + bonus" : ""))),
        pips(b.pitched, b.on_field[b.active], "pitched"));
      var acts = el("div", "actions");
      b.actions.forEach(function (a) { acts.appendChild(el("span", a.used ? "used" : "free", a.name)); });
      add(t, acts);
    } else {
      add(t, el("div", "sub", { toss: "coin toss", choose: "kick or receive", place_defender: "set-up: kicking team",
        place_attacker: "set-up: receiving team", kickoff: "kick-off", finished: "full time" }[b.phase] || b.phase));
    }
    add(t, perSide(s, "players on the field", b.on_field));
    return add(box, t);
  }

  function mastermove(b, s) {
    var box = el("div", "g-mastermove");
    var grid = el("div", "mm-board");
    var rows = "ABCDEFGHI", white = {};
    b.white.forEach(function (q) { white[q] = true; });
    var from = b.last_move ? b.last_move[0] : "", to = b.last_move ? b.last_move[1] : "";
    b.rows.forEach(function (row, r) {
      for (var c = 0; c < row.length; c++) {
        var name = rows[r] + (c + 1), ch = row[c];
        var cls = "sq " + ((r + c + 1) % 2 ? "g1" : "g0") + (white[name] ? " white" : "") +
          ((c === 0 || c === 15) && r >= 3 && r <= 5 ? " goal" : "") + (name === from ? " from" : "") + (name === to ? " to" : "");
        var cell = el("div", cls);
        if (ch !== ".") cell.appendChild(el("span", "pc " + (ch === ch.toUpperCase() ? "pc-A" : "pc-B"), ch.toUpperCase()));
        grid.appendChild(cell);
      }
    });
    box.appendChild(grid);
    var info = el("div", "mm-info");
    add(info, line("last move", b.last_move ? (b.last_by ? s.names[b.last_by] + " " : "") + b.last_move[0] + "\u2013" + b.last_move[1] : "none yet"));
    add(info, perSide(s, "changes used of " + b.max_changes, b.changes));
    return add(box, info);
  }

  var DRAW = { PichenotteBoard: pichenotte, PitchnutBoard: pitchnut, BoulomaniaBoard: boulomania,
    PitchBowlBoard: pitchbowl, MasterMoveBoard: mastermove };

  window.PitchsideBoards = {
    draw: function (box, s) {
      var b = s && s.board, fn = b && DRAW[b.type];
      while (box.firstChild) box.removeChild(box.firstChild);
      box.dataset.board = fn ? b.type : "";
      if (fn) box.appendChild(fn(b, s));
    }
  };
})();
