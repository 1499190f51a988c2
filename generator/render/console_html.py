"""The host's console: one self-contained HTML page (inline CSS and JavaScript, pictures as
data: URIs) with what to post now and next, per platform, each text behind a Copy button.

The page is a pure function of its model (`Console`): host/console.py reads the game
folder and fills it. Every text and alt text sits once in a JSON block and the Copy buttons
copy exactly that; every picture sits once in another, and the page puts it into its
<img> and Save links when it opens, so a picture shown on three platforms is carried once.
The check boxes are kept in the browser (localStorage), per game and step."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field

PLATFORM_NAMES = {"facebook": "Facebook", "discord": "Discord", "bgg": "BGG"}


@dataclass(frozen=True)
class PasteText:
    """A text to paste, exactly as its file holds it."""

    label: str  # what to do with it: "New post: paste round-1/turn-03.facebook.txt"
    file: str
    text: str


@dataclass(frozen=True)
class Picture:
    """A picture to attach (or upload), with its alt text; `file` keys the page's pictures."""

    label: str  # "Attach to the post", "Upload to your BGG gallery"
    file: str
    alt: str


@dataclass(frozen=True)
class Note:
    text: str


Item = PasteText | Picture | Note


@dataclass(frozen=True)
class Step:
    """One post (or private message) on one platform, with its check box."""

    key: str  # the check box's key within the game: "turn-3/facebook/round-1/turn-03"
    title: str
    items: tuple[Item, ...]
    private: bool = False  # a private message: named only, its text never on the page


@dataclass(frozen=True)
class Slot:
    kind: str  # "missed", "due" or "upcoming"
    heading: str  # "MISSED (1 of 2), post first"
    when: str  # "Day 3, morning (Thu 3 Dec 2026, 08:00 CET) · turn 7 of 51"
    titles: tuple[str, ...]
    # Per platform, its steps in the posting guide's order; empty for an upcoming slot
    # unless the host asked for the preview.
    platforms: tuple[tuple[str, tuple[Step, ...]], ...] = ()
    note: str = ""  # "When they are out: sheetgen posted now -o …"


@dataclass(frozen=True)
class Console:
    title: str  # "Galaxy Trucker · game 1A2B-3C4D"
    game_id: str  # keys the check boxes in the browser
    banners: tuple[str, ...]
    intro: tuple[str, ...]  # "Now: …", where a table stands, who acts
    slots: tuple[Slot, ...]
    after: tuple[str, ...]  # why nothing is due, what comes next, what is left
    platforms: tuple[str, ...]
    pictures: dict[str, str] = field(default_factory=dict)  # file -> data: URI
    footer: str = ""


CSS = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:#1b1e2b;background:#eef0f6}
main{max-width:52rem;margin:0 auto;padding:0 10px 48px}
.banner{background:#3b2a7a;color:#fff;font-weight:700;text-align:center;padding:8px 12px;
font-size:.95rem}
.banner.preview{background:#b00020}
h1{font-size:1.35rem;line-height:1.25;margin:.6em 0 .3em;overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:0 0 .2em}
h3{font-size:1rem;margin:.2em 0 .4em}
p{margin:.3em 0}
.intro p{color:#3b4266}
.tabs{position:sticky;top:0;z-index:5;display:flex;gap:6px;padding:8px 0;background:#eef0f6}
.tabs button{flex:1 1 0;min-width:0;font:inherit;font-weight:600;padding:8px 4px;
border:2px solid #3b4266;border-radius:8px;background:#fff;color:#3b4266;cursor:pointer}
.tabs button[aria-pressed=true]{background:#3b4266;color:#fff}
section.slot{background:#fff;border-radius:10px;padding:12px;margin:12px 0;
box-shadow:0 1px 3px rgba(0,0,0,.1);border-left:6px solid #3b4266}
section.slot.missed{background:#fff3e0;border-left-color:#d35400}
section.slot.missed h2{color:#a04000}
section.slot.upcoming{border-left-color:#9aa0b8}
.when{color:#5a6078;font-size:.9rem;overflow-wrap:anywhere}
ol.titles{margin:.3em 0;padding-left:1.4em}
.platform{margin-top:10px}
.step{border:1px solid #d5d8e6;border-radius:8px;padding:8px 10px;margin:10px 0;
overflow-wrap:anywhere}
.step.private{border-style:dashed;border-color:#7a4fbf;background:#f7f2ff}
.step.done{opacity:.55}
.step>label{display:flex;gap:8px;align-items:flex-start;font-weight:600;cursor:pointer}
.step>label input{width:1.3em;height:1.3em;flex:none;margin:.1em 0 0}
.item{margin:8px 0 0}
.label{font-size:.9rem;color:#3b4266;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;margin:4px 0;
padding:8px;background:#f6f7fb;border:1px solid #e1e4ee;border-radius:6px;
font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;max-height:16em;overflow-y:auto}
.buttons{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0}
.buttons button,.buttons a{font:inherit;font-size:.9rem;font-weight:600;padding:6px 12px;
border-radius:6px;border:1px solid #3b4266;background:#3b4266;color:#fff;cursor:pointer;
text-decoration:none;display:inline-block}
.buttons a,.buttons button.light{background:#fff;color:#3b4266}
img{display:block;max-width:100%;max-height:60vh;height:auto;margin:4px 0;border-radius:4px;
border:1px solid #e1e4ee}
.alt{font-size:.85rem;color:#5a6078}
.after{margin:12px 0}
footer{color:#5a6078;font-size:.85rem;margin-top:2em}
[hidden]{display:none!important}
"""

SCRIPT = """
(function () {
  var game = document.body.getAttribute('data-game');
  var prefix = 'sheetgen-console/' + game + '/';
  var texts = JSON.parse(document.getElementById('console-texts').textContent);
  var pictures = JSON.parse(document.getElementById('console-pictures').textContent);
  function store() { try { return window.localStorage; } catch (e) { return null; } }
  function get(key) { var s = store(); try { return s ? s.getItem(prefix + key) : null; }
    catch (e) { return null; } }
  function put(key, value) { var s = store(); if (!s) return; try {
    if (value === null) s.removeItem(prefix + key); else s.setItem(prefix + key, value);
  } catch (e) {} }

  document.querySelectorAll('[data-picture]').forEach(function (el) {
    var src = pictures[el.getAttribute('data-picture')];
    if (!src) return;
    if (el.tagName === 'IMG') el.src = src; else el.href = src;
  });

  function said(button, ok) {
    var was = button.getAttribute('data-label') || button.textContent;
    button.setAttribute('data-label', was);
    button.textContent = ok ? 'Copied \\u2713' : 'Copy failed: select the text';
    setTimeout(function () { button.textContent = was; }, 1600);
  }
  function copyByHand(text) {
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed'; area.style.top = '0'; area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) {}
    document.body.removeChild(area);
    return ok;
  }
  function blobOf(uri) {
    var parts = uri.split(',');
    var type = parts[0].slice(5).split(';')[0];
    var bytes = atob(parts[1]);
    var data = new Uint8Array(bytes.length);
    for (var i = 0; i < bytes.length; i++) data[i] = bytes.charCodeAt(i);
    return new Blob([data], {type: type});
  }
  var canShareFiles = !!(navigator.canShare && window.File);
  document.querySelectorAll('button[data-share]').forEach(function (b) {
    if (!canShareFiles) b.hidden = true;
  });
  document.addEventListener('click', function (event) {
    var copy = event.target.closest('button[data-copy]');
    if (copy) {
      var text = texts[+copy.getAttribute('data-copy')];
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(function () { said(copy, true); },
          function () { said(copy, copyByHand(text)); });
      } else {
        said(copy, copyByHand(text));
      }
      return;
    }
    var share = event.target.closest('button[data-share]');
    if (share) {
      var file = share.getAttribute('data-share');
      var name = file.split('/').pop();
      var picture = new File([blobOf(pictures[file])], name, {type: 'image/png'});
      if (navigator.canShare({files: [picture]})) {
        navigator.share({files: [picture], title: name}).catch(function () {});
      }
    }
  });

  document.querySelectorAll('input[data-step]').forEach(function (box) {
    var key = 'step/' + box.getAttribute('data-step');
    var step = box.closest('.step');
    box.checked = get(key) === '1';
    step.classList.toggle('done', box.checked);
    box.addEventListener('change', function () {
      put(key, box.checked ? '1' : null);
      // A step shown under several platforms (a private message is sent once) is one tick.
      document.querySelectorAll('input[data-step]').forEach(function (other) {
        if (other.getAttribute('data-step') !== box.getAttribute('data-step')) return;
        other.checked = box.checked;
        other.closest('.step').classList.toggle('done', box.checked);
      });
    });
  });

  var tabs = Array.prototype.slice.call(document.querySelectorAll('.tabs button'));
  function show(platform) {
    tabs.forEach(function (t) {
      t.setAttribute('aria-pressed', String(t.getAttribute('data-platform') === platform));
    });
    document.querySelectorAll('.platform').forEach(function (p) {
      p.hidden = p.getAttribute('data-platform') !== platform;
    });
    put('platform', platform);
  }
  tabs.forEach(function (t) {
    t.addEventListener('click', function () { show(t.getAttribute('data-platform')); });
  });
  if (tabs.length) {
    var kept = get('platform');
    var known = tabs.some(function (t) { return t.getAttribute('data-platform') === kept; });
    show(known ? kept : tabs[0].getAttribute('data-platform'));
  }
})();
"""


class _Texts:
    """The page's texts, each once, by index."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.index: dict[str, int] = {}

    def add(self, text: str) -> int:
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]


def console_html(page: Console) -> str:
    texts = _Texts()
    body = [
        *(_banner(b) for b in page.banners),
        "<main>",
        f"<h1>{_text(page.title)}</h1>",
        '<div class="intro">',
        *(f"<p>{_text(line)}</p>" for line in page.intro),
        "</div>",
    ]
    if any(slot.platforms for slot in page.slots) and page.platforms:
        body.append('<nav class="tabs" aria-label="Platform">')
        body += [
            f'<button type="button" data-platform="{_attr(p)}" aria-pressed="false">'
            f"{_text(PLATFORM_NAMES.get(p, p))}</button>"
            for p in page.platforms
        ]
        body.append("</nav>")
    body += [_slot(slot, texts) for slot in page.slots]
    if page.after:
        body += ['<div class="after">', *(f"<p>{_text(line)}</p>" for line in page.after)]
        body.append("</div>")
    if page.footer:
        body.append(f"<footer>{_text(page.footer)}</footer>")
    body.append("</main>")
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="robots" content="noindex">',
        f"<title>{_text(page.title)}: host's console</title>",
        f"<style>{CSS.strip()}</style>",
        "</head>",
        f'<body data-game="{_attr(page.game_id)}">',
        *body,
        f'<script type="application/json" id="console-texts">{_json(texts.items)}</script>',
        f'<script type="application/json" id="console-pictures">{_json(page.pictures)}</script>',
        f"<script>{SCRIPT.strip()}</script>",
        "</body>",
        "</html>",
    ]
    return "\n".join(out) + "\n"


def _banner(text: str) -> str:
    kind = "banner preview" if "PREVIEW" in text else "banner"
    return f'<div class="{kind}" role="note">{_text(text)}</div>'


def _slot(slot: Slot, texts: _Texts) -> str:
    out = [
        f'<section class="slot {_attr(slot.kind)}">',
        f"<h2>{_text(slot.heading)}</h2>",
        f'<p class="when">{_text(slot.when)}</p>',
        '<ol class="titles">',
        *(f"<li>{_text(title)}</li>" for title in slot.titles),
        "</ol>",
    ]
    for platform, steps in slot.platforms:
        out.append(f'<div class="platform" data-platform="{_attr(platform)}">')
        out.append(f"<h3>{_text(PLATFORM_NAMES.get(platform, platform))}</h3>")
        out += [_step(step, number, texts) for number, step in enumerate(steps, 1)]
        out.append("</div>")
    if slot.note:
        out.append(f'<p class="when">{_text(slot.note)}</p>')
    out.append("</section>")
    return "\n".join(out)


def _step(step: Step, number: int, texts: _Texts) -> str:
    out = [
        f'<div class="step{" private" if step.private else ""}">',
        f'<label><input type="checkbox" data-step="{_attr(step.key)}">'
        f"<span>{number}. {_text(step.title)}</span></label>",
    ]
    for item in step.items:
        out.append(_item(item, texts))
    out.append("</div>")
    return "\n".join(out)


def _item(item: Item, texts: _Texts) -> str:
    if isinstance(item, Note):
        return f'<div class="item label">{_text(item.text)}</div>'
    if isinstance(item, PasteText):
        index = texts.add(item.text)
        return (
            '<div class="item">'
            f'<div class="label">{_text(item.label)}</div>'
            f'<div class="buttons"><button type="button" data-copy="{index}" '
            f'data-file="{_attr(item.file)}">Copy</button></div>'
            # A <pre> drops one newline right after its tag: the text shown starts with one.
            f"<pre>\n{_text(item.text)}</pre>"
            "</div>"
        )
    name = item.file.rpartition("/")[2]
    alt = texts.add(item.alt)
    return (
        '<div class="item">'
        f'<div class="label">{_text(item.label)}: {_text(item.file)}</div>'
        f'<img data-picture="{_attr(item.file)}" alt="{_attr(item.alt)}">'
        '<div class="buttons">'
        f'<a data-picture="{_attr(item.file)}" download="{_attr(name)}">Save</a>'
        f'<button type="button" class="light" data-share="{_attr(item.file)}">Share</button>'
        f'<button type="button" class="light" data-copy="{alt}" '
        f'data-file="{_attr(item.file)} alt">Copy alt text</button>'
        "</div>"
        f'<div class="alt">Alt text: {_text(item.alt)}</div>'
        "</div>"
    )


def _json(data: object) -> str:
    """JSON safe inside a <script> element: no `<` can close it."""
    return (
        json.dumps(data, ensure_ascii=False)
        .replace("<", "\\u003c")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _text(text: str) -> str:
    return html.escape(text, quote=False)


def _attr(text: str) -> str:
    return html.escape(text, quote=True)
