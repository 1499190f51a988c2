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
