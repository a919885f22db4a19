/*
 * The review bridge: injected by the review service into a package's player page as it is served (never stored in
 * the package). It tells the dashboard which slide or lesson the unmodified player shows and moves the player there
 * when asked, with the window messages of review-and-content §7:
 *   to the dashboard  { source: 'review-player', type: 'slideChanged', slideId }
 *                     { source: 'review-player', type: 'tracking', tracking: boolean }  (false: the place cannot be
 *                     known, comments go on the item as a whole)
 *   from it           { source: 'review-dashboard', type: 'goToSlide', slideId }
 *                     { source: 'review-dashboard', type: 'sync' }  (say again where the player is)
 *                     { source: 'review-dashboard', type: 'capture', id, mode: 'image' | 'html', scale, library? }
 *                       (a comment snapshot of what the page shows now; answered with
 *                       { type: 'captured', id, kind: 'image', blob, width, height } (modern-screenshot's domToCanvas, its
 *                       UMD source sent by the dashboard as `library` and run once as an inline script, encoded
 *                       as a PNG at once with toDataURL),
 *                       { type: 'captured', id, kind: 'html', html, width, height }, or { type: 'captureFailed', id, message })
 * Messages go only to, and are taken only from, the dashboard origins in the configuration.
 *
 * Storyline 360 (kind 'storyline'; tests/fixtures/storyline/PLAYER-NOTES.md has the details by release): the player
 * never puts the slide in its URL, so the bridge asks its runtime, `window.DS` (3.54 on; 3.19's AMD modules
 * helpers/pubSub, helpers/events, helpers/windowManager otherwise). The current slide is
 * DS.windowManager.getCurrentWindowSlide(), whose get('id') is threeSixty.json's slide id; changes are published on
 * DS.pubSub as DS.events.slide.STARTED ('slide:started') and DS.events.window.MAIN_CHANGED, and checked on a short poll
 * as well (the runtime appears only after the page's scripts ran). A jump asks the player as its own menu does:
 * DS.pubSub.trigger(DS.events.request.NEXT_SLIDE, '_player.<scene>.<slide>'), the full id taken from the slide models
 * (DS.presentation.getFlatSlides()); a partial id would send the player to the first slide.
 * Rise and other HTML exports (kind 'lessons'): the lesson is in the hash route ('#/lessons/<id>'), and a jump sets it.
 * Plain ES5 (and optional catch bindings), no dependencies: it runs in whatever browser shows the course.
 */
(function (config) {
  'use strict';
  if (!config || window.__reviewBridge) return;
  window.__reviewBridge = true;
  var parentWindow = window.parent;
  function has(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }
  if (!parentWindow || parentWindow === window) return;
  var origins = config.dashboardOrigins || [];
  var places = config.places || [];
  var byId = {};
  var byTitle = {};
  for (var p = 0; p < places.length; p++) {
    byId[places[p].id] = places[p];
    var key = String(places[p].title || '').trim().toLowerCase();
    byTitle[key] = has(byTitle, key) ? null : places[p];
  }
  var current = null;
  var trackingSent = null;

  function post(message) {
    message.source = 'review-player';
    for (var i = 0; i < origins.length; i++) {
      try {
        parentWindow.postMessage(message, origins[i]);
      } catch {
        /* an origin the parent is not on: dropped by the browser */
      }
    }
  }

  function tracking(value) {
    if (trackingSent === value) return;
    trackingSent = value;
    post({ type: 'tracking', tracking: value });
  }

  function report(id) {
    if (!id || id === current) return;
    current = id;
    tracking(true);
    post({ type: 'slideChanged', slideId: id });
  }

  /** The package's id for a player slide: its own id, the last part of a dotted absolute id, or a unique title. */
  function placeOf(ids, title) {
    for (var i = 0; i < ids.length; i++) {
      var id = ids[i];
      if (typeof id !== 'string' || !id) continue;
      if (has(byId, id)) return id;
      var parts = id.split('.');
      if (has(byId, parts[parts.length - 1])) return parts[parts.length - 1];
    }
    var match = typeof title === 'string' ? byTitle[title.trim().toLowerCase()] : null;
    if (match) return match.id;
    return places.length === 0 && typeof ids[0] === 'string' ? ids[0] : null;
  }

  function read(model, name) {
    try {
      if (model && typeof model.get === 'function') return model.get(name);
      return model ? model[name] : undefined;
    } catch {
      return undefined;
    }
  }

  // ---- Storyline 360 ----
  /**
   * The runtime's pieces: window.DS from 3.54 on; 3.19's AMD modules (helpers/pubSub, helpers/events,
   * helpers/windowManager, helpers/playerGlobals) otherwise. Null until the player has started.
   */
  function runtime() {
    var ds = window.DS;
    if (ds && ds.pubSub && ds.events && ds.windowManager) return { pubSub: ds.pubSub, events: ds.events, windowManager: ds.windowManager, presentation: ds.presentation };
    var amd = typeof window.require === 'function' && window.require.defined ? window.require : null;
    if (amd && amd.defined('helpers/pubSub') && amd.defined('helpers/events') && amd.defined('helpers/windowManager')) {
      var globals = amd.defined('helpers/playerGlobals') ? amd('helpers/playerGlobals') : {};
      return { pubSub: amd('helpers/pubSub'), events: amd('helpers/events'), windowManager: amd('helpers/windowManager'), presentation: globals && globals.presentation };
    }
    return null;
  }

  function storylineSlide() {
    var player = runtime();
    if (!player || typeof player.windowManager.getCurrentWindowSlide !== 'function') return undefined;
    var slide;
    try {
      slide = player.windowManager.getCurrentWindowSlide();
    } catch {
      return null;
    }
    if (!slide) return null;
    return placeOf([read(slide, 'id'), slide.absoluteId, slide.id], read(slide, 'title'));
  }

  /** Every slide model of the story (question-bank slides too, with their '_player.<scene>.<draw>.<slide>' ids). */
  function storylineModels(player) {
    var presentation = player.presentation;
    if (!presentation) return [];
    try {
      if (typeof presentation.getFlatSlides === 'function') return presentation.getFlatSlides() || [];
      var scenes = typeof presentation.scenes === 'function' ? presentation.scenes() : [];
      var list = scenes && scenes.models ? scenes.models : scenes || [];
      var all = [];
      for (var s = 0; s < list.length; s++) {
        var slides = typeof list[s].slides === 'function' ? list[s].slides() : null;
        all = all.concat(slides && slides.models ? slides.models : slides || []);
      }
      return all;
    } catch {
      return [];
    }
  }

  function storylineJump(id) {
    var player = runtime();
    if (!player || !player.events.request || !player.events.request.NEXT_SLIDE || typeof player.pubSub.trigger !== 'function') return;
    var models = storylineModels(player);
    for (var i = 0; i < models.length; i++) {
      var target = models[i].absoluteId || read(models[i], 'absoluteId');
      // Only a full '_player.' id: the player sends anything else to the story's first slide.
      if (typeof target !== 'string' || target.indexOf('_player.') !== 0) continue;
      if (placeOf([read(models[i], 'id'), target], null) !== id) continue;
      try {
        // What the player's own menu does on a click.
        player.pubSub.trigger(player.events.request.NEXT_SLIDE, target);
      } catch {
        /* the player refused: the dashboard keeps showing where the player is */
      }
      return;
    }
  }

  function watchStoryline() {
    var subscribed = false;
    var waited = 0;
    function subscribe() {
      var player = runtime();
      if (subscribed || !player || typeof player.pubSub.on !== 'function') return;
      subscribed = true;
      var events = [
        player.events.slide && player.events.slide.STARTED,
        player.events.window && player.events.window.MAIN_CHANGED,
      ];
      for (var i = 0; i < events.length; i++) {
        if (!events[i]) continue;
        try {
          player.pubSub.on(events[i], check);
        } catch {
          /* not an event this release publishes: the poll covers it */
        }
      }
    }
    function check() {
      var slide = storylineSlide();
      if (typeof slide === 'string') report(slide);
    }
    var timer = setInterval(function () {
      subscribe();
      check();
      waited += 1;
      // No player runtime after 20 s: this page does not say where it is; comments go on the item as a whole.
      if (runtime() === null && current === null && waited === 80) tracking(false);
    }, 250);
    return timer;
  }

  // ---- Rise and other HTML: hash routes ----
  function lessonOfHash() {
    var match = /(?:^|\/)lessons\/([^/?&#]+)/.exec(String(location.hash || '').replace(/^#/, ''));
    if (!match) return null;
    var id = decodeURIComponent(match[1]);
    return places.length === 0 || has(byId, id) ? id : null;
  }

  function watchLessons() {
    function check() {
      var id = lessonOfHash();
      if (id) report(id);
    }
    window.addEventListener('hashchange', check);
    check();
    setTimeout(function () {
      if (current === null) tracking(places.length > 0 && lessonOfHash() !== null);
    }, 5000);
  }

  window.addEventListener('message', function (event) {
    if (origins.indexOf(event.origin) < 0 || event.source !== parentWindow) return;
    var data = event.data;
    // The dashboard (re)attached its listener: say again where the player is.
    if (data && data.source === 'review-dashboard' && data.type === 'sync') {
      if (trackingSent !== null) post({ type: 'tracking', tracking: trackingSent });
      if (current !== null) post({ type: 'slideChanged', slideId: current });
      return;
    }
    if (data && data.source === 'review-dashboard' && data.type === 'capture' && typeof data.id === 'string') {
      capture(data);
      return;
    }
    if (!data || data.source !== 'review-dashboard' || data.type !== 'goToSlide' || typeof data.slideId !== 'string') return;
    if (config.kind === 'storyline') storylineJump(data.slideId);
    else location.hash = '#/lessons/' + encodeURIComponent(data.slideId);
  });

  // ---- Comment snapshots: the page as it shows now ----
  /**
   * The canvas as a PNG Blob, encoded now with toDataURL. Not canvas.toBlob: Chromium encodes a toBlob PNG only in
   * the page's idle periods (starting at the latest after 1 s, finishing at the latest 5.7 s after it started), and a
   * player frame behind the snapshot dialog often gets none, so the capture waited for those time-outs.
   */
  function pngBlobOf(canvas) {
    var url = canvas.toDataURL('image/png');
    var binary = atob(url.slice(url.indexOf(',') + 1));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new Blob([bytes], { type: 'image/png' });
  }

  function capture(request) {
    var width = Math.max(1, Math.round(window.innerWidth || document.documentElement.clientWidth || 1280));
    var height = Math.max(1, Math.round(window.innerHeight || document.documentElement.clientHeight || 720));
    function failed(error) {
      post({ type: 'captureFailed', id: request.id, message: String((error && error.message) || error || 'capture failed') });
    }
    try {
      if (request.mode === 'html') {
        post({ type: 'captured', id: request.id, kind: 'html', html: '<!doctype html>\n' + document.documentElement.outerHTML, width: width, height: height });
        return;
      }
      if (!window.modernScreenshot && typeof request.library === 'string') {
        // Run as a script of the page (inline scripts are what the package's policy allows); AMD hidden so the UMD
        // build sets window.modernScreenshot even under Storyline 3.19's require.js.
        var script = document.createElement('script');
        script.textContent = '(function (define, exports, module) {' + request.library + '\n}).call(window);';
        (document.head || document.documentElement).appendChild(script);
        script.remove();
      }
      var lib = window.modernScreenshot;
      if (!lib || typeof lib.domToCanvas !== 'function') return failed('the capture library is not available');
      var scale = typeof request.scale === 'number' && request.scale > 0 && request.scale <= 4 ? request.scale : 2;
      lib
        .domToCanvas(document.documentElement, { scale: scale, width: width, height: height })
        .then(function (canvas) {
          post({ type: 'captured', id: request.id, kind: 'image', blob: pngBlobOf(canvas), width: width, height: height });
        })
        .then(null, failed);
    } catch (error) {
      failed(error);
    }
  }

  if (config.kind === 'storyline') watchStoryline();
  else watchLessons();
})(/*CONFIG*/null);
