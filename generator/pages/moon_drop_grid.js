"use strict";
var DATA = __DATA__;
var ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
function has(list, x) { return list.indexOf(x) >= 0; }
function key(s) { return s[0] + "," + s[1]; }
function unkey(k) { return k.split(",").map(Number); }
function name(s) { return ROWS[s[0]] + (s[1] + 1); }
function cmpSquare(a, b) { return a[0] - b[0] || a[1] - b[1]; }

// --- the rule (placement.py, step for step) -------------------------------------------------
function normalised(cells) {
  var top = Math.min.apply(null, cells.map(function (c) { return c[0]; }));
  var left = Math.min.apply(null, cells.map(function (c) { return c[1]; }));
  return cells.map(function (c) { return [c[0] - top, c[1] - left]; });
}
function canonical(cells) { return JSON.stringify(normalised(cells).slice().sort(cmpSquare)); }
function turnClockwise(cells) { return normalised(cells.map(function (c) { return [c[1], -c[0]]; })); }
function mirrored(cells) { return normalised(cells.map(function (c) { return [c[0], -c[1]]; })); }
function rotations(cells) {
  var result = [], seen = {}, current = normalised(cells);
  for (var i = 0; i < 4; i++) {
    var k = canonical(current);
    if (!seen[k]) { seen[k] = true; result.push(current); }
    current = turnClockwise(current);
  }
  return result;
}
// The block's allowed copies, squares in number order, at the top left (placement.forms).
function forms(cells, variations) {
  var turned = rotations(cells);
  if (has(variations, "mirror")) {
    var seen = turned.map(function (t) { return JSON.stringify(t); });
    rotations(mirrored(cells)).forEach(function (t) { if (!has(seen, JSON.stringify(t))) turned.push(t); });
  }
  return turned;
}
function joinedSideBySide(squares) {
  var pool = squares.map(key), seen = [key(squares[0])], todo = [squares[0]];
  while (todo.length) {
    var s = todo.pop();
    [[s[0] - 1, s[1]], [s[0] + 1, s[1]], [s[0], s[1] - 1], [s[0], s[1] + 1]].forEach(function (n) {
      if (has(pool, key(n)) && !has(seen, key(n))) { seen.push(key(n)); todo.push(n); }
    });
  }
  return seen.length === unique(pool).length;
}
function unique(list) { return list.filter(function (x, i) { return list.indexOf(x) === i; }); }
function emptySheet() { return {rows: DATA.rows, columns: DATA.columns, cells: {}, destroyed: {}, joins: {}}; }
// What is wrong with a placement, by code (placement.problems): none means legal.
function problems(sheet, shape, cells, dice, placement, variations) {
  var found = [], squares = placement.squares, keys = squares.map(key);
  if (squares.some(function (s) { return !(s[0] >= 0 && s[0] < sheet.rows && s[1] >= 0 && s[1] < sheet.columns); })) found.push("off-grid");
  var twice = unique(keys).length !== keys.length;
  if (twice) found.push("twice");
  if (squares.length !== cells.length || twice) found.push("form");
  else if (shape === "free") { if (!joinedSideBySide(squares)) found.push("form"); }
  else {
    var mine = JSON.stringify(normalised(squares));
    if (!forms(cells, variations).some(function (f) { return JSON.stringify(f) === mine; })) found.push("form");
  }
  if (shape === "free") {
    var left = dice.slice();
    for (var i = 0; i < placement.modules.length; i++) {
      var at = -1;
      for (var j = 0; j < left.length; j++) if (has(left[j], placement.modules[i])) { at = j; break; }
      if (at < 0) { found.push("module"); break; }
      left.splice(at, 1);
    }
  } else if (placement.modules.length !== dice.length ||
      placement.modules.some(function (m, i) { return !has(dice[i], m); })) found.push("module");
  if (!has(variations, "overwrite") && keys.some(function (k) { return k in sheet.cells || k in sheet.destroyed; })) found.push("used");
  var joins = placement.joins || [];
  if (joins.length && !has(variations, "drawn-corridors")) found.push("join");
  else if (joins.length) {
    var after = placed(sheet, placement).cells;
    for (var n = 0; n < joins.length; n++) {
      var a = joins[n][0], b = joins[n][1];
      var near = Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
      var kinds = [after[key(a)], after[key(b)]];
      if (!near || kinds[0] === undefined || kinds[1] === undefined || !has(kinds, "corridor") ||
          !(has(keys, key(a)) || has(keys, key(b)))) { found.push("join"); break; }
    }
  }
  return unique(found);
}
// The grid after a legal placement (placement.placed).
function placed(sheet, placement) {
  var cells = Object.assign({}, sheet.cells), destroyed = Object.assign({}, sheet.destroyed), joins = {};
  placement.squares.forEach(function (s, i) {
    var k = key(s);
    if (k in cells || k in destroyed) { delete cells[k]; destroyed[k] = true; }
    else cells[k] = placement.modules[i];
  });
  Object.keys(sheet.joins).concat((placement.joins || []).map(joinKey)).forEach(function (j) {
    if (j.split("|").every(function (k) { return k in cells; })) joins[j] = true;
  });
  return {rows: sheet.rows, columns: sheet.columns, cells: cells, destroyed: destroyed, joins: joins};
}
function joinKey(pair) { var p = pair.slice().sort(cmpSquare); return key(p[0]) + "|" + key(p[1]); }
// The grid file (placement.grid_text; grid.py reads it).
function gridText(sheet, title) {
  var letterOf = {}; DATA.modules.forEach(function (m) { letterOf[m.id] = m.letter; });
  var lines = ["# " + title];
  for (var r = 0; r < sheet.rows; r++) {
    var row = "";
    for (var c = 0; c < sheet.columns; c++) {
      var k = r + "," + c;
      row += k in sheet.destroyed ? "X" : k in sheet.cells ? letterOf[sheet.cells[k]] : ".";
    }
    lines.push(row);
  }
  var pairs = Object.keys(sheet.joins).map(function (j) { return j.split("|").map(unkey); });
  pairs.sort(function (a, b) { return cmpSquare(a[0], b[0]) || cmpSquare(a[1], b[1]); });
  if (pairs.length) lines.push("joins: " + pairs.map(function (p) { return name(p[0]) + "-" + name(p[1]); }).join(" "));
  return lines.join("\n") + "\n";
}

// --- a round's block, as posted -------------------------------------------------------------
function modulesOf(face) { return DATA.modules.filter(function (m) { return has(m.faces, face); }).map(function (m) { return m.id; }); }
function moduleName(id) { return DATA.modules.filter(function (m) { return m.id === id; })[0].name; }
// The blue die and the four white dice as rolled: the block (planner.make_round).
function readBlock(blue, white) {
  var b = parseInt(blue, 10), whites = (white.match(/[1-6]/g) || []).map(Number);
  if (!(b >= 1 && b <= 6) || String(blue).trim() !== String(b)) return {error: "The blue die is a number from 1 to 6."};
  if (whites.length !== 4 || white.replace(/[\s,1-6]/g, "") !== "") return {error: "Type the four white dice, e.g. 2 5 1 3."};
  var shape = DATA.shapes[b - 1];
  whites.sort(function (x, y) { return x - y; });
  return {blue: b, white: whites, shape: shape, dice: whites.map(modulesOf)};
}
var WORDS = DATA.words;

// --- the page -------------------------------------------------------------------------------
var STORE = "sheetgen moon drop grid|" + DATA.gameId;
function storage() {
  try { var s = window.localStorage; s.setItem(STORE + "|probe", "1"); s.removeItem(STORE + "|probe"); return s; }
  catch (e) { return null; }
}
var KEPT = storage();
// history: the placements drawn, each {blue, white, squares, modules, joins}; the grid is
// them replayed, so a kept grid is checked again on every load.
var state = {history: [], block: null, form: 0, anchor: null, free: [], choice: [], joinMode: false, joinFrom: null, joins: []};
function sheetOf(history) {
  var sheet = emptySheet();
  history.forEach(function (h) {
    var block = readBlock(String(h.blue), h.white.join(" "));
    if (block.error) return;
    var p = {squares: h.squares, modules: h.modules, joins: h.joins || []};
    if (problems(sheet, block.shape.id, block.shape.cells, block.dice, p, DATA.variations).length) return;
    sheet = placed(sheet, p);
  });
  return sheet;
}
function save() {
  if (!KEPT) return;
  try { KEPT.setItem(STORE, JSON.stringify({history: state.history})); } catch (e) { /* the grid file is still there */ }
}
function load() {
  if (!KEPT) return;
  try { var kept = JSON.parse(KEPT.getItem(STORE) || "null"); } catch (e) { kept = null; }
  if (kept && Array.isArray(kept.history)) state.history = kept.history.filter(function (h) {
    return h && Array.isArray(h.squares) && Array.isArray(h.modules) && Array.isArray(h.white);
  }).slice(0, DATA.rounds);
}
function $(id) { return document.getElementById(id); }
function pending() {
  var b = state.block;
  if (!b) return null;
  var squares;
  if (b.shape.id === "free") { squares = state.free.slice(); if (squares.length < 4) return null; }
  else {
    if (!state.anchor) return null;
    var f = forms(b.shape.cells, DATA.variations)[state.form], one = f[0];
    squares = f.map(function (c) { return [state.anchor[0] + c[0] - one[0], state.anchor[1] + c[1] - one[1]]; });
  }
  return {squares: squares, modules: state.choice.slice(), joins: state.joins.slice()};
}
function render() {
  var sheet = sheetOf(state.history), b = state.block, p = pending();
  var found = p ? problems(sheet, b.shape.id, b.shape.cells, b.dice, p, DATA.variations) : [];
  var newKeys = p ? p.squares.map(key) : state.free.map(key);
  var grid = $("grid");
  grid.style.gridTemplateColumns = "1.4em repeat(" + DATA.columns + ", minmax(0, 1fr))";
  var html = '<div class="axis"></div>';
  for (var c = 0; c < DATA.columns; c++) html += '<div class="axis">' + (c + 1) + "</div>";
  var letterOf = {}; DATA.modules.forEach(function (m) { letterOf[m.id] = m.letter; });
  var joinedKeys = {};
  Object.keys(sheet.joins).concat(state.joins.map(joinKey)).forEach(function (j) { j.split("|").forEach(function (k) { joinedKeys[k] = true; }); });
  for (var r = 0; r < DATA.rows; r++) {
    html += '<div class="axis">' + ROWS[r] + "</div>";
    for (c = 0; c < DATA.columns; c++) {
      var k = r + "," + c, at = newKeys.indexOf(k), cls = "cell", text = "";
      if (k in sheet.destroyed) { cls += " x"; text = "X"; }
      else if (k in sheet.cells) text = letterOf[sheet.cells[k]];
      if (at >= 0) {
        cls += found.length ? " newbad" : " new";
        text = '<span class="n">' + (at + 1) + "</span>" + (state.choice[at] ? letterOf[state.choice[at]] : "");
      }
      if (joinedKeys[k]) cls += " j";
      var label = name([r, c]) + (k in sheet.cells ? ", " + moduleName(sheet.cells[k]) : k in sheet.destroyed ? ", destroyed" : ", empty");
      html += '<button class="' + cls + '" data-square="' + k + '" aria-label="' + label + '">' + text + "</button>";
    }
  }
  grid.innerHTML = html;
  var v = $("verdict");
  if (state.history.length >= DATA.rounds) { v.className = "ok"; v.textContent = "All " + DATA.rounds + " rounds are drawn: send the grid file."; }
  else if (!b) { v.className = ""; v.textContent = "Round " + (state.history.length + 1) + ": type its dice and tap Take."; }
  else if (!p) { v.className = ""; v.textContent = b.shape.id === "free" ? "Tap the block's squares (" + state.free.length + " of 4)." : "Tap the square where square 1 goes."; }
  else if (found.length) { v.className = "bad"; v.textContent = "The rules do not let the block go there:"; }
  else { v.className = "ok"; v.textContent = "The block may go there: tap Draw the block."; }
  $("problems").innerHTML = found.map(function (f) { return "<li>" + WORDS[f === "form" && b.shape.id === "free" ? "formFree" : f] + "</li>"; }).join("");
  $("place").disabled = !p || found.length > 0;
  $("undo").disabled = !state.history.length;
  $("flip").style.display = has(DATA.variations, "mirror") ? "" : "none";
  $("joinmode").style.display = has(DATA.variations, "drawn-corridors") ? "" : "none";
  $("joinmode").className = state.joinMode ? "on" : "";
  $("block").textContent = b ? "Round " + (state.history.length + 1) + ": " + b.shape.name + " (blue " + b.blue + "), white " +
    b.white.join(", ") + " on squares 1 to 4." : "";
  $("choices").innerHTML = b ? b.dice.map(function (d, i) {
    return d.map(function (m) {
      return '<button data-choice="' + i + '" data-module="' + m + '"' + (state.choice[i] === m ? ' class="on"' : "") + ">" +
        (i + 1) + ": " + moduleName(m) + "</button>";
    }).join("");
  }).join("") : "";
  $("out").value = gridText(sheet, DATA.game + " · game " + DATA.gameId + ", from the grid page");
  $("kept").textContent = (KEPT ? "This browser keeps the grid (" + state.history.length + " of " + DATA.rounds + " rounds) until you tap Clear."
    : "This browser keeps nothing (a private window?): save the grid file before you close the page.");
  save();
}
function take() {
  if (state.history.length >= DATA.rounds) { $("block").textContent = "All " + DATA.rounds + " rounds are drawn."; return; }
  var b = readBlock($("blue").value, $("white").value);
  if (b.error) { $("block").textContent = b.error; state.block = null; render(); $("block").textContent = b.error; return; }
  state.block = b; state.form = 0; state.anchor = null; state.free = []; state.joins = [];
  state.choice = b.dice.map(function (d) { return d[0]; });
  render();
}
function tapSquare(k) {
  var s = unkey(k);
  if (state.joinMode) {
    if (!state.joinFrom) { state.joinFrom = s; return; }
    var j = joinKey([state.joinFrom, s]), at = state.joins.map(joinKey).indexOf(j);
    if (at >= 0) state.joins.splice(at, 1); else state.joins.push([state.joinFrom, s]);
    state.joinFrom = null; render(); return;
  }
  if (!state.block) return;
  if (state.block.shape.id === "free") {
    var i = state.free.map(key).indexOf(k);
    if (i >= 0) state.free.splice(i, 1); else if (state.free.length < 4) state.free.push(s);
  } else state.anchor = s;
  render();
}
function draw() {
  var p = pending(), b = state.block;
  if (!p || problems(sheetOf(state.history), b.shape.id, b.shape.cells, b.dice, p, DATA.variations).length) return;
  state.history.push({blue: b.blue, white: b.white, squares: p.squares, modules: p.modules, joins: p.joins});
  state.block = null; state.anchor = null; state.free = []; state.joins = []; state.joinMode = false;
  $("blue").value = ""; $("white").value = "";
  render();
}
function init() {
  $("rules").textContent = DATA.rulesWords;
  $("legend").textContent = DATA.modules.map(function (m) { return m.letter + " " + m.name; }).join(" · ") +
    (has(DATA.variations, "overwrite") ? " · X destroyed" : "") + ". The small number is the square's number in the block.";
  $("take").addEventListener("click", take);
  $("white").addEventListener("keydown", function (e) { if (e.key === "Enter") take(); });
  $("turn").addEventListener("click", function () {
    if (!state.block || state.block.shape.id === "free") return;
    var all = forms(state.block.shape.cells, DATA.variations), now = all[state.form];
    // Turn: the next rotation of the same side up (a mirrored copy stays mirrored).
    var next = turnClockwise(now);
    state.form = all.map(function (f) { return JSON.stringify(f); }).indexOf(JSON.stringify(next));
    if (state.form < 0) state.form = 0;
    render();
  });
  $("flip").addEventListener("click", function () {
    if (!state.block || state.block.shape.id === "free") return;
    var all = forms(state.block.shape.cells, DATA.variations), next = JSON.stringify(mirrored(all[state.form]));
    var at = all.map(function (f) { return JSON.stringify(f); }).indexOf(next);
    if (at >= 0) state.form = at;
    render();
  });
  $("joinmode").addEventListener("click", function () { state.joinMode = !state.joinMode; state.joinFrom = null; render(); });
  $("choices").addEventListener("click", function (e) {
    var b = e.target.closest("button"); if (!b) return;
    state.choice[parseInt(b.dataset.choice, 10)] = b.dataset.module; render();
  });
  $("grid").addEventListener("click", function (e) { var b = e.target.closest("button"); if (b) tapSquare(b.dataset.square); });
  $("place").addEventListener("click", draw);
  $("undo").addEventListener("click", function () {
    if (!state.history.length || !window.confirm("Take back the block of round " + state.history.length + "?")) return;
    state.history.pop(); render();
  });
  $("clear").addEventListener("click", function () {
    if (!state.history.length || !window.confirm("Clear your whole grid (" + state.history.length + " rounds)? It cannot be undone.")) return;
    state.history = []; state.block = null; render();
  });
  $("copy").addEventListener("click", function () {
    var t = $("out"); t.select();
    var done = function () { $("copied").textContent = "Copied."; };
    if (navigator.clipboard) navigator.clipboard.writeText(t.value).then(done, function () { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  });
  $("save").addEventListener("click", function () {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([$("out").value], {type: "text/plain"}));
    a.download = DATA.fileName; document.body.appendChild(a); a.click(); a.remove();
  });
  load();
  render();
}
window.moonDropGrid = {problems: problems, placed: placed, gridText: gridText, emptySheet: emptySheet, forms: forms, state: state};
init();
