// The round check page: the canonical record (generator/plan/round_commit.py, version
// sheetgen-round-v1) read from a pasted post exactly as Python reads it, hashed with
// WebCrypto's SHA-256 (a plain JavaScript SHA-256 where a browser gives no WebCrypto to a
// file opened from disk), and compared with the game start post's "Round N:" line.
"use strict";
var DATA = __DATA__;
var VERSION = "sheetgen-round-v1";
var MARKUP = /^(?:```|`|\|\||\[\/?c\]|\[\/?o\])+|(?:```|`|\|\||\[\/?c\]|\[\/?o\])+$/gi;
var COMMITMENT_LINE = /\bround\s+(\d+|final)\b[^0-9a-f]*?\b([0-9a-f]{64})\b/i;
// A record's round: its number, or "final" (what is drawn after the last round).
var ROUND_LINE = /^round (\d+|final)$/;
var ROLL = /^[1-6](\+[1-6])*$/;
var FACES = ["\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
// The game start post is kept per game: every page opened from a file shares the browser's
// storage, and another game's page must not compare with this game's commitments.
var KEPT = "sheetgen-round-check-start|" + DATA.gameId;

function canonicalLines(text) {
  var found = null;
  var lines = text.split(/\r\n|\r|\n/);
  for (var i = 0; i < lines.length; i++) {
    var line = lines[i].trim().replace(MARKUP, "").trim();
    if (found === null) {
      if (line === VERSION) found = [line];
      continue;
    }
    if (!line) continue; // blank, or the fences where a long block went on in a new message
    found.push(line);
    if (line === "end") return found;
  }
  return null;
}

function publishedCommitments(text) {
  var out = {};
  text.split(/\r\n|\r|\n/).forEach(function (line) {
    var m = COMMITMENT_LINE.exec(line);
    if (m) out[/^\d+$/.test(m[1]) ? String(Number(m[1])) : m[1].toLowerCase()] = m[2].toLowerCase();
  });
  return out;
}

// --- SHA-256 --------------------------------------------------------------------------
function hex(bytes) {
  var s = "";
  for (var i = 0; i < bytes.length; i++) s += (bytes[i] + 256).toString(16).slice(1);
  return s;
}

function sha256Plain(bytes) {
  var K = [0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2];
  var H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  var length = bytes.length;
  var padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[length] = 0x80;
  var bits = length * 8;
  for (var b = 0; b < 8; b++) padded[padded.length - 1 - b] = (bits / Math.pow(2, 8 * b)) & 0xff;
  var w = new Array(64);
  function rotr(x, n) { return (x >>> n) | (x << (32 - n)); }
  for (var off = 0; off < padded.length; off += 64) {
    for (var t = 0; t < 16; t++) {
      var j = off + t * 4;
      w[t] = (padded[j] << 24) | (padded[j + 1] << 16) | (padded[j + 2] << 8) | padded[j + 3];
    }
    for (t = 16; t < 64; t++) {
      var s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
      var s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
    }
    var a = H[0], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7], bb = H[1];
    for (t = 0; t < 64; t++) {
      var t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
      var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c))) | 0;
      h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = bb; bb = a; a = (t1 + t2) | 0;
    }
    H[0] = (H[0] + a) | 0; H[1] = (H[1] + bb) | 0; H[2] = (H[2] + c) | 0; H[3] = (H[3] + d) | 0;
    H[4] = (H[4] + e) | 0; H[5] = (H[5] + f) | 0; H[6] = (H[6] + g) | 0; H[7] = (H[7] + h) | 0;
  }
  var out = new Uint8Array(32);
  for (var k = 0; k < 8; k++) {
    out[k * 4] = H[k] >>> 24; out[k * 4 + 1] = (H[k] >>> 16) & 0xff;
    out[k * 4 + 2] = (H[k] >>> 8) & 0xff; out[k * 4 + 3] = H[k] & 0xff;
  }
  return hex(out);
}

function sha256(text) {
  var bytes = new TextEncoder().encode(text);
  if (window.crypto && window.crypto.subtle) {
    return window.crypto.subtle.digest("SHA-256", bytes).then(function (d) { return hex(new Uint8Array(d)); },
      function () { return sha256Plain(bytes); });
  }
  return Promise.resolve(sha256Plain(bytes));
}

// --- the page -------------------------------------------------------------------------
function $(id) { return document.getElementById(id); }

function el(tag, cls, text) {
  var node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function itemNode(item) {
  if (ROLL.test(item)) {
    var faces = item.split("+").map(Number);
    var sum = faces.reduce(function (x, y) { return x + y; }, 0);
    var words = faces.length > 1 ? " = " + sum : " " + sum;
    var span = el("span");
    span.appendChild(el("span", "die", faces.map(function (f) { return FACES[f - 1]; }).join(" ")));
    span.appendChild(document.createTextNode(words));
    return span;
  }
  var name = DATA.names[item];
  var node = el("span");
  node.appendChild(el("span", "code", item));
  if (name && name !== item) node.appendChild(document.createTextNode(" " + name));
  return node;
}

function recordRows(lines) {
  // Lines 0-3: version, game, round, salt; the last: end.
  return lines.slice(4, -1).map(function (line) {
    var cut = line.indexOf(": ");
    var where = cut < 0 ? line : line.slice(0, cut);
    var items = cut < 0 ? [] : line.slice(cut + 2).split(" ");
    return {where: where, items: items};
  });
}

function showRecord(lines) {
  var body = $("record").querySelector("tbody");
  body.textContent = "";
  recordRows(lines).forEach(function (row) {
    var tr = el("tr");
    tr.appendChild(el("td", "", row.where));
    var td = el("td");
    var line = el("span", "group");
    row.items.forEach(function (item) {
      if (DATA.groups[item]) {
        if (line.childNodes.length) td.appendChild(line);
        line = el("span", "group");
        line.appendChild(el("b", "", DATA.groups[item] + ": "));
        return;
      }
      if (line.childNodes.length && line.lastChild.nodeName !== "B") line.appendChild(document.createTextNode(" \u00b7 "));
      line.appendChild(itemNode(item));
    });
    if (line.childNodes.length) td.appendChild(line);
    tr.appendChild(td);
    body.appendChild(tr);
  });
}

function fact(name, value) {
  var facts = $("facts");
  facts.appendChild(el("dt", "", name));
  facts.appendChild(el("dd", "", value));
}

function verdict(text, cls) {
  var v = $("verdict");
  v.textContent = text;
  v.className = "verdict " + cls;
}

var checking = 0;
function check() {
  var run = ++checking;
  var startText = $("start").value;
  var revealText = $("reveal").value;
  $("facts").textContent = "";
  $("record").querySelector("tbody").textContent = "";
  var lines = canonicalLines(revealText) || canonicalLines(startText);
  if (!lines) {
    verdict(revealText.trim() ? "No round record found in the pasted post (it starts with " + VERSION + " and ends with end)." : "", "wait");
    return Promise.resolve(null);
  }
  var found = ROUND_LINE.exec(lines[2]);
  var round = found ? (found[1] === "final" ? "final" : Number(found[1])) : "?";
  var what = "round " + round;
  var game = (/^game (.+)$/.exec(lines[1]) || [])[1] || "?";
  var published = publishedCommitments(startText + "\n" + revealText);
  showRecord(lines);
  return sha256(lines.join("\n")).then(function (actual) {
    if (run !== checking) return null;
    var wanted = published[String(round)];
    fact("Game", game);
    fact("Round", String(round));
    fact("Commitment of the pasted record", actual);
    fact("Round " + round + " commitment in the game start post", wanted || "(not pasted yet)");
    var result;
    if (!wanted) {
      result = "PASTE THE GAME START POST";
      verdict("Paste the game start post (its Round " + round + " line) above to compare.", "wait");
    } else if (wanted === actual) {
      result = "MATCH";
      verdict("MATCH: " + what + " is the one committed to", "ok");
    } else {
      result = "MISMATCH";
      verdict("MISMATCH: " + what + " is not the record committed to", "bad");
    }
    if (startText && game !== "?" && startText.indexOf(game) < 0) {
      fact("Note", "The game start post pasted does not name game " + game + ": is it this game's?");
    }
    return {result: result, actual: actual, wanted: wanted || null, round: round, rows: recordRows(lines).length};
  });
}

function keep() {
  try { localStorage.setItem(KEPT, $("start").value); } catch (e) { /* private mode: not kept */ }
}

function readFile(input, target) {
  input.addEventListener("change", function () {
    var file = input.files && input.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      $(target).value = String(reader.result);
      if (target === "start") keep();
      check();
    };
    reader.readAsText(file);
  });
}

function start() {
  $("proves").textContent = DATA.proves;
  try { $("start").value = localStorage.getItem(KEPT) || ""; } catch (e) { /* not kept */ }
  $("start").addEventListener("input", function () { keep(); check(); });
  $("reveal").addEventListener("input", check);
  $("check").addEventListener("click", check);
  $("forget").addEventListener("click", function () {
    if (!$("start").value || window.confirm("Forget the game start post kept on this phone?")) {
      $("start").value = "";
      keep();
      check();
    }
  });
  readFile($("startfile"), "start");
  readFile($("revealfile"), "reveal");
  check();
}

window.roundCheck = {canonicalLines: canonicalLines, publishedCommitments: publishedCommitments,
  sha256: sha256, sha256Plain: sha256Plain, check: check};
start();
