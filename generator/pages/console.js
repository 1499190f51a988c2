(function () {
  var game = document.body.getAttribute('data-game');
  var prefix = 'sheetgen-console/' + game + '/';
  var texts = JSON.parse(document.getElementById('console-texts').textContent);
  var clock = JSON.parse(document.getElementById('console-clock').textContent);
  function store() { try { return window.localStorage; } catch (e) { return null; } }
  function get(key) { var s = store(); try { return s ? s.getItem(prefix + key) : null; }
    catch (e) { return null; } }
  function put(key, value) { var s = store(); if (!s) return; try {
    if (value === null) s.removeItem(prefix + key); else s.setItem(prefix + key, value);
  } catch (e) {} }

  // Each picture is carried in its <img>: Save gives that picture, wherever the page is.
  var pictures = {};
  document.querySelectorAll('img[data-picture]').forEach(function (img) {
    pictures[img.getAttribute('data-picture')] = img.getAttribute('src');
  });
  document.querySelectorAll('a[data-picture]').forEach(function (link) {
    var src = pictures[link.getAttribute('data-picture')];
    if (src && src.slice(0, 5) === 'data:') link.href = src;
  });

  function said(button, ok) {
    var was = button.getAttribute('data-label') || button.textContent;
    button.setAttribute('data-label', was);
    button.textContent = ok ? 'Copied \u2713' : 'Copy failed: select the text';
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
      var uri = pictures[file];
      var picture = new File([blobOf(uri)], name, {type: uri.slice(5).split(';')[0]});
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
    // The week's list is a page of its own: the slots wait behind the other tabs.
    var slots = document.getElementById('slots');
    if (slots) slots.hidden = platform === 'facebook-week';
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

  if (clock) knowTheTime();

  // The slots of the span: which is due, missed and next, from the device's clock (the
  // rule `sheetgen today` follows: only the latest slot of today whose time has come is
  // due; an earlier one not ticked is missed).
  function knowTheTime() {
    var container = document.getElementById('slots');
    var sections = Array.prototype.slice.call(container.querySelectorAll('section[data-at]'));
    var fixed = Array.prototype.slice.call(container.querySelectorAll('section:not([data-at])'));
    sections.sort(function (a, b) { return +a.getAttribute('data-at') - +b.getAttribute('data-at'); });
    function ticked(section) {
      return get('slot/' + section.getAttribute('data-turn')) === '1';
    }
    function dayOf(ms) {
      // The game's day, as YYYY-MM-DD, whatever zone the device is in.
      var parts = {};
      new Intl.DateTimeFormat('en-CA', {timeZone: clock.zone, year: 'numeric',
        month: '2-digit', day: '2-digit'}).formatToParts(new Date(ms)).forEach(function (p) {
        parts[p.type] = p.value;
      });
      return parts.year + '-' + parts.month + '-' + parts.day;
    }
    function words(ms) {
      // As the host's other pages write a moment: "Thu 3 Dec 2026, 18:00 CET".
      var p = {};
      new Intl.DateTimeFormat('en-GB', {timeZone: clock.zone, weekday: 'short',
        day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit',
        hourCycle: 'h23', timeZoneName: 'short'}).formatToParts(new Date(ms)).forEach(
        function (part) { p[part.type] = part.value; });
      return p.weekday + ' ' + p.day + ' ' + p.month + ' ' + p.year + ', ' + p.hour + ':' +
        p.minute + ' ' + p.timeZoneName;
    }
    function heading(section, text, kind) {
      section.className = 'slot ' + kind;
      section.querySelector('h2').textContent = text;
      section.querySelector('.texts').hidden = kind === 'later' || kind === 'done';
      var show = section.querySelector('button.show-texts');
      if (!show && (kind === 'later' || kind === 'done')) {
        show = document.createElement('button');
        show.type = 'button';
        show.className = 'show-texts light';
        show.textContent = kind === 'done' ? 'Show its posts' : 'Show its posts (not yet due: never post early)';
        show.addEventListener('click', function () {
          section.querySelector('.texts').hidden = false;
          show.hidden = true;
        });
        section.querySelector('.slot-tick').after(show);
      }
      if (show) show.hidden = !(kind === 'later' || kind === 'done');
    }
    function place() {
      var now = Date.now();
      var today = dayOf(now);
      var came = sections.filter(function (s) { return +s.getAttribute('data-at') <= now; });
      var todays = came.filter(function (s) { return s.getAttribute('data-day') === today; });
      var due = todays.length ? todays[todays.length - 1] : null;
      if (due && ticked(due)) due = null;
      var missed = came.filter(function (s) { return s !== due && !ticked(s); });
      var done = came.filter(function (s) { return ticked(s); });
      var coming = sections.filter(function (s) { return +s.getAttribute('data-at') > now; });
      missed.forEach(function (s, i) {
        heading(s, 'MISSED (' + (i + 1) + ' of ' + missed.length + '): post first', 'missed');
      });
      if (due) heading(due, 'Post now', 'due');
      coming.forEach(function (s, i) {
        heading(s, i === 0 ? 'Next' : 'Later', i === 0 ? 'upcoming' : 'later');
      });
      done.forEach(function (s) { heading(s, 'Posted \u2713', 'done'); });
      var order = fixed.filter(function (s) { return !/Still to do/.test(s.textContent); })
        .concat(missed, due ? [due] : [],
          fixed.filter(function (s) { return /Still to do/.test(s.textContent); }),
          coming, done);
      order.forEach(function (s) { container.appendChild(s); });
      var first = document.querySelector('.intro p');
      if (first) first.textContent = 'Now: ' + words(now) + ' (this device\u2019s clock)';
      document.getElementById('span-over').hidden = now < clock.end;
      handBack(sections);
    }
    sections.forEach(function (section) {
      var box = section.querySelector('input[data-slot]');
      box.checked = ticked(section);
      box.addEventListener('change', function () {
        put('slot/' + box.getAttribute('data-slot'), box.checked ? '1' : null);
        place();
      });
    });
    place();
  }

  // The ticked slots as a short code for `sheetgen posted --code`: the first turn, the
  // ticked turns from it as a hexadecimal bit mask, and two letters that check both
  // against the game (a code from another game's page is refused).
  function handBack(sections) {
    var turns = sections.filter(function (s) {
      return get('slot/' + s.getAttribute('data-turn')) === '1';
    }).map(function (s) { return +s.getAttribute('data-turn'); });
    var box = document.getElementById('handback');
    box.hidden = !turns.length;
    if (!turns.length) return;
    turns.sort(function (a, b) { return a - b; });
    var first = turns[0];
    var payload = first + '.' + maskOf(turns, first);
    var code = payload + '.' + check(clock.game + '/' + payload);
    document.getElementById('handback-command').textContent =
      clock.posted.replace('CODE', code);
  }
  function maskOf(turns, first) {
    // Bit i (from the lowest) is turn first + i; written in hexadecimal, highest first.
    var last = turns[turns.length - 1];
    var out = '';
    for (var top = first + Math.floor((last - first) / 4) * 4; top >= first; top -= 4) {
      var nibble = 0;
      for (var b = 0; b < 4; b++) if (turns.indexOf(top + b) >= 0) nibble |= 1 << b;
      out += nibble.toString(16).toUpperCase();
    }
    return out;
  }
  function check(text) {
    // FNV-1a over the UTF-8 bytes, two base-36 letters (host/console.py `code_check`).
    var bytes = unescape(encodeURIComponent(text));
    var hash = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      hash ^= bytes.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    var n = hash % 1296;
    return (Math.floor(n / 36).toString(36) + (n % 36).toString(36)).toUpperCase();
  }
  var copyBack = document.getElementById('copy-handback');
  if (copyBack) copyBack.addEventListener('click', function () {
    var text = document.getElementById('handback-command').textContent;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { said(copyBack, true); },
        function () { said(copyBack, copyByHand(text)); });
    } else {
      said(copyBack, copyByHand(text));
    }
  });
})();
