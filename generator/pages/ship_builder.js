"use strict";
var DATA = __DATA__;
var CONNECTORS = DATA.connectors;
var DIRS = ["front", "right", "rear", "left"];
var STEP = [[-1, 0], [0, 1], [1, 0], [0, -1]];
var FAR = 10000;
var state = {board: DATA.boards[0], parts: {}, hand: null, handRot: 0, mode: "turn", skipped: 0, rear: 2, ability: ""};

// --- kept on the device ------------------------------------------------------------------
// Each ship board's ship is kept in this browser's storage, by game and board (one ship per
// round's ship class), so a reload or a closed tab loses nothing; only Clear (asked first)
// wipes one. The game is its id: every page opened from a file shares one storage, and the
// next game of the same pack must not open on this game's ship. A browser that keeps
// nothing (a private window, storage switched off) says so.
var STORE = "sheetgen ship builder|" + DATA.gameId + "|";
function storage() {
  try { var s = window.localStorage; s.setItem(STORE + "probe", "1"); s.removeItem(STORE + "probe"); return s; }
  catch (e) { return null; }
}
var KEPT = storage();
function saveShip() {
  if (!KEPT) return;
  var kept = {parts: state.parts, skipped: state.skipped, rear: state.rear, ability: state.ability};
  try {
    KEPT.setItem(STORE + "ship|" + state.board.id, JSON.stringify(kept));
    KEPT.setItem(STORE + "board", state.board.id);
  } catch (e) { /* storage full: the ship file below is still there to copy */ }
}
// The kept ship of a board, each tile checked against this page's tiles and the board's cells
// (a ship kept by an older page of another pack must not break this one).
function loadShip(board) {
  var found = {parts: {}, skipped: 0, rear: 2, ability: ""};
  if (!KEPT) return found;
  var kept;
  try { kept = JSON.parse(KEPT.getItem(STORE + "ship|" + board.id) || "null"); } catch (e) { kept = null; }
  if (!kept || typeof kept !== "object") return found;
  var seen = {};
  Object.keys(kept.parts || {}).forEach(function (k) {
    var p = kept.parts[k], cell = unkey(k);
    if (!p || !DATA.tiles[p.code] || seen[p.code] || [0, 90, 180, 270].indexOf(p.rotation) < 0) return;
    if (!onBoard(board, cell) || (cell[0] === board.start[0] && cell[1] === board.start[1])) return;
    seen[p.code] = true; found.parts[key(cell)] = {code: p.code, rotation: p.rotation};
  });
  if (kept.skipped >= 0 && kept.skipped <= 999) found.skipped = kept.skipped | 0;
  if ([0, 1, 2, 3].indexOf(kept.rear) >= 0) found.rear = kept.rear;
  if (DATA.ability && typeof kept.ability === "string") found.ability = kept.ability;
  return found;
}
function useBoard(board) {
  var kept = loadShip(board);
  state.board = board; state.parts = kept.parts; state.skipped = kept.skipped;
  state.rear = kept.rear; state.ability = kept.ability;
}
function keptBoard() {
  var id = KEPT ? KEPT.getItem(STORE + "board") : null;
  return DATA.boards.filter(function (b) { return b.id === id; })[0] || DATA.boards[0];
}
function tileCount(parts) { var n = Object.keys(parts).length; return n + (n === 1 ? " tile" : " tiles"); }

function key(cell) { return cell[0] + "," + cell[1]; }
function unkey(k) { return k.split(",").map(Number); }
function cmpCell(a, b) { return a[0] - b[0] || a[1] - b[1]; }
function rotate(sides, q) { var out = []; for (var i = 0; i < 4; i++) out.push(sides[((i - q) % 4 + 4) % 4]); return out; }
function opposite(d) { return (d + 2) % 4; }
function neighbour(cell, d) { return [cell[0] + STEP[d][0], cell[1] + STEP[d][1]]; }
function cellName(cell) { return "row " + cell[0] + ", column " + cell[1]; }
function isConnector(s) { return CONNECTORS.indexOf(s) >= 0; }
// Which side may touch which: flight/ship.py's FITS table, sent in the page's data.
function fits(a, b) { return (DATA.fits[a] || []).indexOf(b) >= 0; }
function joined(a, b) { return isConnector(a) && isConnector(b) && fits(a, b); }
function onBoard(board, cell) {
  return board.cells.some(function (c) { return c[0] === cell[0] && c[1] === cell[1]; });
}

// A ship: key -> {cell, code, rotation, tile, sides}; the starting cabin included.
function makeShip(board, placed) {
  var parts = {};
  var start = board.start;
  parts[key(start)] = {cell: start, code: "start", rotation: 0, tile: DATA.start, sides: DATA.start.sides.slice()};
  Object.keys(placed).forEach(function (k) {
    var p = placed[k], tile = DATA.tiles[p.code];
    parts[k] = {cell: unkey(k), code: p.code, rotation: p.rotation, tile: tile, sides: rotate(tile.sides, p.rotation / 90)};
  });
  return {board: board, start: start, parts: parts};
}
function order(ship) { return Object.keys(ship.parts).map(unkey).sort(cmpCell); }
function label(part) { return part.code + " (" + part.tile.name + ")"; }
function links(ship, cell) {
  var part = ship.parts[key(cell)], out = [];
  for (var d = 0; d < 4; d++) {
    var o = neighbour(cell, d), other = ship.parts[key(o)];
    if (other && joined(part.sides[d], other.sides[opposite(d)])) out.push(o);
  }
  return out;
}
function distances(ship) {
  var found = {}; found[key(ship.start)] = 0;
  var queue = [ship.start];
  while (queue.length) {
    var cell = queue.shift();
    links(ship, cell).forEach(function (o) {
      if (!(key(o) in found)) { found[key(o)] = found[key(cell)] + 1; queue.push(o); }
    });
  }
  return found;
}
// Each broken placement rule: the tiles that could be at fault, and why (legality.clashes).
// With a chosen rear (an expansion's compass) the engines' rule names edges, after the rest.
function clashes(ship, rear) {
  var found = [], edges = DATA.edges;
  order(ship).forEach(function (cell) {
    var part = ship.parts[key(cell)];
    var exhaust = part.sides.indexOf("engine");
    if (!edges && exhaust >= 0 && exhaust !== 2)
      found.push([[cell], "an engine must face the rear (its exhaust faces the " + DIRS[exhaust] + ")"]);
    for (var d = 0; d < 4; d++) {
      var o = neighbour(cell, d), other = ship.parts[key(o)];
      if (!other) continue;
      var side = part.sides[d];
      if (side === "cannon") found.push([[cell, o], other.code + " sits in front of the barrel of " + part.code]);
      else if (side === "engine") found.push([[cell, o], other.code + " sits behind the exhaust of " + part.code]);
      else if (d === 1 || d === 2) {
        var theirs = other.sides[opposite(d)];
        if (theirs !== "cannon" && theirs !== "engine" && !fits(side, theirs))
          found.push([[cell, o], "the " + side + " side of " + part.code + " meets the " + theirs + " side of " + other.code]);
      }
    }
  });
  if (edges) order(ship).forEach(function (cell) {
    var exhaust = ship.parts[key(cell)].sides.indexOf("engine");
    if (exhaust >= 0 && exhaust !== rear)
      found.push([[cell], "an engine must face the rear (the " + edges[rear] + " edge; its exhaust faces the " + edges[exhaust] + " edge)"]);
  });
  return found;
}
// A tile with fancy wiring (an expansion's boosters, life supports...) joined to a partner.
function partnered(ship, cell) {
  var need = ship.parts[key(cell)].tile.wired;
  if (!need) return true;
  return links(ship, cell).some(function (o) { return ship.parts[key(o)].tile.does.indexOf(need) >= 0; });
}
function rank(dist, cell) { var v = dist[key(cell)]; return [v === undefined ? FAR : v, cell[0], cell[1]]; }
function cmpRank(a, b) { return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]; }
// The end-of-building check (legality.check): the tiles removed, in removal order.
function check(ship, rear) {
  var removed = [];
  if (rear === undefined) rear = 2;
  for (;;) {
    var found = clashes(ship, rear);
    if (!found.length) break;
    var dist = distances(ship);
    var blame = function (cells) {
      var best = null;
      cells.forEach(function (c) {
        if (c[0] === ship.start[0] && c[1] === ship.start[1]) return;
        if (best === null || cmpRank(rank(dist, c), rank(dist, best)) > 0) best = c;
      });
      return best;
    };
    var worst = null;
    found.forEach(function (f) {
      var b = blame(f[0]);
      if (worst === null || cmpRank(rank(dist, b), rank(dist, worst)) > 0) worst = b;
    });
    var reasons = [];
    found.forEach(function (f) {
      var b = blame(f[0]);
      if (b[0] === worst[0] && b[1] === worst[1] && reasons.indexOf(f[1]) < 0) reasons.push(f[1]);
    });
    removed.push({cell: worst, label: label(ship.parts[key(worst)]), reason: reasons.join("; "), loose: false});
    delete ship.parts[key(worst)];
  }
  for (;;) {
    var dist = distances(ship);
    order(ship).forEach(function (cell) {
      if (!(key(cell) in dist)) {
        removed.push({cell: cell, label: label(ship.parts[key(cell)]), reason: "not connected to the starting cabin by connectors", loose: true});
        delete ship.parts[key(cell)];
      }
    });
    var lonely = order(ship).filter(function (cell) { return !partnered(ship, cell); });
    if (!lonely.length) break;
    lonely.forEach(function (cell) {
      var part = ship.parts[key(cell)];
      removed.push({cell: cell, label: label(part), reason: "fancy wiring: not joined to " + part.tile.wiredWords + " (it falls off)", loose: true});
    });
    lonely.forEach(function (cell) { delete ship.parts[key(cell)]; });
  }
  return removed;
}
// What the legal ship offers: firepower and engine strength (with and without batteries),
// exposed connectors, and where crew and aliens may sit.
function stats(ship, rear) {
  var front = (rear + 2) % 4;
  var cells = order(ship), fire = 0, fireMax = 0, engine = 0, engineMax = 0, exposed = 0;
  var cannons = 0, engines = 0, seats = [], batteries = 0, holds = 0, aliens = {};
  cells.forEach(function (cell) {
    var p = ship.parts[key(cell)], t = p.tile;
    if (t.does.indexOf("cannon") >= 0) {
      cannons++;
      var worth = p.sides.indexOf("cannon") === front ? 2 : 1;
      if ((t.strength || 1) === 2) fireMax += 2 * worth; else { fire += worth; fireMax += worth; }
    }
    if (t.does.indexOf("engine") >= 0 && p.sides.indexOf("engine") === rear) {
      engines++;
      if ((t.strength || 1) === 2) engineMax += 2; else { engine += 1; engineMax += 1; }
    }
    if (t.does.indexOf("battery") >= 0) batteries += t.cells || 0;
    if (t.does.indexOf("hold") >= 0) holds += t.slots || 0;
    for (var d = 0; d < 4; d++) {
      if (isConnector(p.sides[d]) && !ship.parts[key(neighbour(cell, d))]) exposed++;
    }
    if (t.kind === "cabin" || t.kind === "starting-cabin") {
      var colours = [];
      if (t.kind === "cabin") links(ship, cell).forEach(function (o) {
        var n = ship.parts[key(o)].tile;
        if (n.does.indexOf("life_support") >= 0 && n.alien && colours.indexOf(n.alien) < 0) colours.push(n.alien);
      });
      colours.forEach(function (c) { aliens[c] = true; });
      seats.push(p.code + " at " + cellName(cell) + ": 2 humans" +
        colours.map(function (c) { return ", or 1 " + c + " alien"; }).join(""));
    }
  });
  return {fire: fire / 2, fireMax: fireMax / 2, engine: engine, engineMax: engineMax, exposed: exposed,
          cannons: cannons, engines: engines, seats: seats, batteries: batteries, holds: holds, aliens: aliens};
}
function shipText(board, placed, skipped, ability) {
  var rows = [], width = 0;
  board.rows.forEach(function (r) {
    var line = [];
    board.columns.forEach(function (c) {
      var k = key([r, c]), p = placed[k];
      var t = (r === board.start[0] && c === board.start[1]) ? "start" : p ? p.code + "@" + p.rotation : ".";
      width = Math.max(width, t.length); line.push(t);
    });
    rows.push(line);
  });
  var out = ["# " + board.name + ", from the ship builder", "skipped: " + skipped];
  if (ability) out.push("ability: " + ability);
  rows.forEach(function (line) {
    out.push(line.map(function (t) { while (t.length < width) t += " "; return t; }).join(" ").replace(/\s+$/, ""));
  });
  return out.join("\n") + "\n";
}
// Reads a ship file (the format of content/galaxy-trucker/README.md). The tiles' round is
// not known here: the scorer checks that they were posted.
// The ship is the one picked (or named: `boardId`) when the grid has its size, else the
// first ship of that size on which every tile sits on a cell (Ship I and IA are both 5 x 5).
function readShip(text, boardId) {
  var errors = [], skipped = 0, lines = [], ability = "", columns = null;
  text.split(/\r?\n/).forEach(function (raw, i) {
    var line = raw.split("#")[0].replace(/\s+$/, "");
    if (!line.trim()) return;
    var h = /^([A-Za-z_]+)\s*:\s*(.*)$/.exec(line.trim());
    if (h && !lines.length) {
      if (DATA.ability && h[1].toLowerCase() === "ability") { ability = h[2].trim(); return; }
      if (h[1] === "columns") { columns = [i + 1, h[2].trim()]; return; }
      if (h[1] !== "skipped") errors.push("line " + (i + 1) + ": unknown setting " + h[1]);
      else if (!/^\d+$/.test(h[2].trim())) errors.push("line " + (i + 1) + ": skipped is not a count");
      else skipped = parseInt(h[2], 10);
      return;
    }
    // A row may begin with its printed label ("8-9:"): kept to be checked against the ship.
    var tokens = line.trim().split(/\s+/), label = /^([^\s:]+):$/.exec(tokens[0]);
    lines.push([i + 1, label ? tokens.slice(1) : tokens, label ? label[1] : null]);
  });
  var sized = [state.board].concat(DATA.boards).filter(function (b) {
    return b.rows.length === lines.length && lines.every(function (l) { return l[1].length === b.columns.length; });
  });
  var named = sized.filter(function (b) { return b.id === boardId; });
  var fitting = sized.filter(function (b) {
    return lines.every(function (l, ri) {
      return l[1].every(function (tok, ci) { return tok === "." || onBoard(b, [b.rows[ri], b.columns[ci]]); });
    });
  });
  var board = named[0] || (boardId ? null : fitting[0] || sized[0]) || null;
  if (!board) {
    errors.push("the grid has " + lines.length + " rows; no ship board of this page has that many rows and columns (" +
      DATA.boards.map(function (b) { return b.name + ": " + b.rows.length + " rows of " + b.columns.length; }).join(", ") + ")");
    return {errors: errors};
  }
  // Rows and columns are the printed ones, whatever edge is the front (shipfile.py).
  if (columns && columns[1].split(/\s+/).join(" ") !== board.columnLabels.join(" "))
    errors.push("line " + columns[0] + ": columns " + columns[1] + " are not " + board.name +
      "'s printed columns (expected " + board.columnLabels.join(" ") + ", left to right as printed)");
  lines.forEach(function (l, ri) {
    if (l[2] === null || l[2] === board.rowLabels[ri]) return;
    errors.push("line " + l[0] + ": " + (board.rowLabels.indexOf(l[2]) < 0
      ? "row label " + l[2] + " does not exist on " + board.name
      : "row " + l[2] + " is written where the printed row " + board.rowLabels[ri] + " belongs") +
      " (expected the rows top to bottom as printed: " + board.rowLabels.join(", ") + ")");
  });
  var placed = {}, used = {};
  lines.forEach(function (l, ri) {
    l[1].forEach(function (tok, ci) {
      var cell = [board.rows[ri], board.columns[ci]], where = "line " + l[0] + ", " + cellName(cell);
      var isStart = cell[0] === board.start[0] && cell[1] === board.start[1];
      if (tok === "." || tok === "start") {
        if ((tok === "start") !== isStart) errors.push(where + ": " + (isStart ? "expected start" : "the starting cabin is not here"));
        return;
      }
      var m = /^([A-Za-z0-9][A-Za-z0-9_.-]*)(?:@(\d+))?$/.exec(tok);
      var code = m ? m[1].toUpperCase() : null, rot = m && m[2] ? parseInt(m[2], 10) : 0;
      if (!m || !DATA.tiles[code]) { errors.push(where + ": unknown tile " + tok); return; }
      if ([0, 90, 180, 270].indexOf(rot) < 0) { errors.push(where + ": rotation " + rot + " (expected 0, 90, 180 or 270)"); return; }
      if (isStart || !onBoard(board, cell)) { errors.push(where + ": not a cell for a tile"); return; }
      if (used[code]) { errors.push(where + ": " + code + " is placed twice"); return; }
      used[code] = true; placed[key(cell)] = {code: code, rotation: rot};
    });
  });
  return {errors: errors, board: board, placed: placed, skipped: skipped, ability: ability};
}
// The verdict on a ship file's text, for the tests: the removals, as the engine lists them.
function verdict(text, rear, boardId) {
  var r = readShip(text, boardId);
  if (r.errors.length) return {errors: r.errors};
  var removed = check(makeShip(r.board, r.placed), rear === undefined ? 2 : rear);
  return {errors: [], board: r.board.id, removed: removed.map(function (x) { return {cell: x.cell, label: x.label, reason: x.reason}; })};
}

// --- drawing ------------------------------------------------------------------------------
var COLOURS = {cabin: "#dbe7f7", "starting-cabin": "#b9cff0", cannon: "#f6d9d5", engine: "#f8e3c4",
  battery: "#dff0d2", cargo: "#efe2f6", shield: "#d5eef0", structural: "#e8e8e8", "life-support": "#f3eccb"};
function short(tile) {
  var k = tile.kind, s = tile.strength || 1;
  if (k === "cannon") return s === 2 ? "2×C" : "C";
  if (k === "engine") return s === 2 ? "2×E" : "E";
  if (k === "battery") return "B" + (tile.cells || "");
  if (k === "cargo") return (tile.hazardous ? "R" : "G") + (tile.slots || "");
  if (k === "cabin") return "Cab";
  if (k === "starting-cabin") return "Start";
  if (k === "shield") return "Sh";
  if (k === "life-support") return "LS " + (tile.alien || "").slice(0, 2);
  if (k === "structural") return "Str";
  var more = {"cannon-booster": "C+", "engine-booster": "E+", "shield-booster": "Sh+", "reactor-furnace": "Furn",
    catapult: "Cat", "stasis-chamber": "Stas", "cannon-engine": "C/E", "hold-battery": "G/B"};
  if (more[k]) return more[k];
  return k.slice(0, 3);
}
function sideMarks(side, d) {
  // Drawn on the top edge of a 100-unit square, then turned to side d.
  var g = "", t = "rotate(" + (90 * d) + " 50 50)";
  var n = {single: 1, double: 2, universal: 3}[side] || 0;
  for (var i = 0; i < n; i++) {
    var x = 50 - (n - 1) * 9 + i * 18;
    g += '<rect x="' + (x - 4) + '" y="0" width="8" height="14" fill="#333"/>';
  }
  if (side === "cannon") g += '<rect x="42" y="0" width="16" height="26" fill="#b3261e"/>';
  if (side === "engine") g += '<path d="M30 0 L70 0 L60 24 L40 24 Z" fill="#c2681b"/>';
  if (side === "plating") g += '<rect x="4" y="0" width="92" height="8" fill="#555"/>';
  return '<g transform="' + t + '">' + g + "</g>";
}
function tileSvg(part) {
  var t = part.tile, fill = COLOURS[t.kind] || "#eee", marks = "";
  for (var d = 0; d < 4; d++) marks += sideMarks(part.sides[d], d);
  return '<svg viewBox="0 0 100 100" aria-hidden="true"><rect x="1" y="1" width="98" height="98" rx="6" fill="' + fill + '" stroke="#667"/>' +
    marks + '<text x="50" y="54" font-size="24" text-anchor="middle" font-weight="700" fill="#1b2430">' + short(t) + "</text>" +
    '<text x="50" y="82" font-size="19" text-anchor="middle" fill="#333">' + (part.code === "start" ? "" : part.code) + "</text></svg>";
}

// --- the page -----------------------------------------------------------------------------
function $(id) { return document.getElementById(id); }
function render() {
  var board = state.board, ship = makeShip(board, state.placed || state.parts);
  var legal = makeShip(board, state.parts);
  var rear = state.board.compass ? state.rear : 2;
  var removed = check(legal, rear);
  var bad = {}; removed.forEach(function (r) { bad[key(r.cell)] = r.loose ? "loose" : "bad"; });
  var grid = $("grid");
  grid.style.gridTemplateColumns = "1.6em repeat(" + board.columns.length + ", minmax(0, 1fr))";
  var html = '<div class="axis"></div>';
  board.columns.forEach(function (c) { html += '<div class="axis">' + c + "</div>"; });
  board.rows.forEach(function (r) {
    html += '<div class="axis">' + r + "</div>";
    board.columns.forEach(function (c) {
      var cell = [r, c], k = key(cell), part = ship.parts[k];
      if (!onBoard(board, cell)) { html += '<div class="cell void"></div>'; return; }
      var cls = "cell" + (bad[k] ? " " + bad[k] : "");
      var name = part ? label(part) + " at " + cellName(cell) : "empty, " + cellName(cell);
      html += '<button class="' + cls + '" data-cell="' + k + '" aria-label="' + name + '">' + (part ? tileSvg(part) : "") + "</button>";
    });
  });
  grid.innerHTML = html;
  var v = $("verdict"), list = $("problems");
  if (removed.length) {
    v.className = "bad";
    v.textContent = removed.length + (removed.length === 1 ? " tile" : " tiles") + " would be removed (Lost Components):";
  } else { v.className = "ok"; v.textContent = "Every tile is placed legally."; }
  list.innerHTML = removed.map(function (r) { return "<li>" + r.label + " at " + cellName(r.cell) + ": " + r.reason + "</li>"; }).join("");
  var s = stats(legal, rear);
  var items = [
    "Firepower " + s.fire + (s.fireMax > s.fire ? " (" + s.fireMax + " with every double cannon powered)" : "") + (s.aliens.purple && s.cannons ? "; +2 with a purple alien" : ""),
    "Engine strength " + s.engine + (s.engineMax > s.engine ? " (" + s.engineMax + " with every double engine powered)" : "") + (s.aliens.brown && s.engines ? "; +2 with a brown alien" : ""),
    "Exposed connectors: " + s.exposed,
    "Batteries: " + s.batteries + "; cargo spaces: " + s.holds
  ].concat(s.seats.map(function (x) { return "Crew: " + x; }));
  $("stats").innerHTML = items.map(function (x) { return "<li>" + x + "</li>"; }).join("");
  $("out").value = shipText(board, state.parts, state.skipped, state.ability);
  $("rearrow").style.display = board.compass ? "" : "none";
  $("hand").innerHTML = state.hand ? tileSvg({tile: DATA.tiles[state.hand], code: state.hand, sides: rotate(DATA.tiles[state.hand].sides, state.handRot / 90)}) : "";
  $("handword").textContent = state.hand ? "In hand: " + state.hand + " (" + DATA.tiles[state.hand].name + "), turned " + state.handRot + "°." : "No tile in hand.";
  Array.prototype.forEach.call($("boards").children, function (b) { b.className = b.dataset.board === board.id ? "on" : ""; });
  if (document.activeElement !== $("skipped")) $("skipped").value = state.skipped;
  $("rear").value = String(state.rear);
  $("kept").textContent = KEPT ? "This browser keeps the ship of each board for game " + DATA.gameId + " (" + board.name + ": " + tileCount(state.parts) + ") until you tap Clear."
    : "This browser keeps nothing (a private window?): copy the ship file before you close the page.";
  saveShip();
}
function take() {
  var code = $("code").value.trim().toUpperCase();
  if (!DATA.tiles[code]) { $("handword").textContent = "No tile " + code + " in this game (codes look like T035)."; return; }
  state.hand = code; state.handRot = 0; render();
}
function tap(k) {
  var cell = unkey(k), part = state.parts[k];
  if (cell[0] === state.board.start[0] && cell[1] === state.board.start[1]) return;
  if (part) {
    if (state.mode === "turn") part.rotation = (part.rotation + 90) % 360;
    else { delete state.parts[k]; state.hand = part.code; state.handRot = part.rotation; }
  } else if (state.hand) {
    Object.keys(state.parts).forEach(function (o) { if (state.parts[o].code === state.hand) delete state.parts[o]; });
    state.parts[k] = {code: state.hand, rotation: state.handRot};
    state.hand = null; state.handRot = 0;
  }
  render();
}
function init() {
  $("codes").innerHTML = Object.keys(DATA.tiles).sort().map(function (c) { return '<option value="' + c + '">' + DATA.tiles[c].name + "</option>"; }).join("");
  $("boards").innerHTML = DATA.boards.map(function (b) { return '<button data-board="' + b.id + '">' + b.name + "</button>"; }).join("");
  $("boards").addEventListener("click", function (e) {
    var b = e.target.closest("button"); if (!b) return;
    // Another board shows its own kept ship: this one stays kept for when it comes back.
    DATA.boards.forEach(function (x) { if (x.id === b.dataset.board) useBoard(x); });
    render();
  });
  $("take").addEventListener("click", take);
  $("clear").addEventListener("click", function () {
    if (!Object.keys(state.parts).length && !state.skipped) return;
    if (!window.confirm("Clear your " + state.board.name + " (" + tileCount(state.parts) + ")? It cannot be undone.")) return;
    state.parts = {}; state.skipped = 0; state.hand = null; state.handRot = 0; render();
  });
  $("rear").addEventListener("change", function () { state.rear = parseInt($("rear").value, 10); render(); });
  $("code").addEventListener("keydown", function (e) { if (e.key === "Enter") take(); });
  $("turn").addEventListener("click", function () { if (state.hand) { state.handRot = (state.handRot + 90) % 360; render(); } });
  $("mode-turn").addEventListener("click", function () { state.mode = "turn"; $("mode-turn").className = "on"; $("mode-off").className = ""; });
  $("mode-off").addEventListener("click", function () { state.mode = "off"; $("mode-off").className = "on"; $("mode-turn").className = ""; });
  $("grid").addEventListener("click", function (e) { var b = e.target.closest("button"); if (b) tap(b.dataset.cell); });
  $("skipped").addEventListener("input", function () { var n = parseInt($("skipped").value, 10); state.skipped = n >= 0 && n <= 999 ? n : 0; render(); });
  $("copy").addEventListener("click", function () {
    var t = $("out"); t.select();
    var done = function () { $("copied").textContent = "Copied."; };
    if (navigator.clipboard) navigator.clipboard.writeText(t.value).then(done, function () { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  });
  $("read").addEventListener("click", function () {
    var r = readShip($("in").value);
    $("readerr").innerHTML = r.errors.map(function (x) { return "<li>" + x.replace(/</g, "&lt;") + "</li>"; }).join("");
    if (r.errors.length) return;
    var mine = r.board.id === state.board.id ? state.parts : loadShip(r.board).parts;
    if (Object.keys(mine).length && !window.confirm("Replace the " + tileCount(mine) + " of your " + r.board.name +
        " on this phone with the ship file read?")) return;
    state.board = r.board; state.parts = r.placed; state.skipped = r.skipped; state.ability = r.ability; $("skipped").value = r.skipped; render();
  });
  render();
}
window.shipBuilder = {verdict: verdict, state: state, render: render};
useBoard(keptBoard());
init();
