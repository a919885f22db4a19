/*
 * The review bridge: injected by the review service into a package's player page as it is served (never stored in
 * the package). It tells the dashboard which slide or lesson the unmodified player shows and moves the player there
 * when asked, with the window messages of review-and-content §7:
 *   to the dashboard  { source: 'review-player', type: 'slideChanged', slideId }
 *                     { source: 'review-player', type: 'tracking', tracking: boolean }  (false: the place cannot be
 *                     known, comments go on the item as a whole)
 *   from it           { source: 'review-dashboard', type: 'goToSlide', slideId }
 * Messages go only to, and are taken only from, the dashboard origins in the configuration.
 *
 * Storyline 360 (kind 'storyline'): the player runtime is the global `DS`. The current slide is
 * DS.windowManager.getCurrentWindowSlide() (a model with get('id'), get('title'), absoluteId); slide changes are
 * published on DS.pubSub (DS.events.slide.STARTED / DS.events.window.SLIDE_CHANGED, names differ between releases,
 * so every event name found is listened to) and checked on a short poll as well, which also covers a release whose
 * events are named otherwise. A jump asks the player as its own menu does: DS.pubSub.trigger(
 * DS.events.request.NEXT_SLIDE, '<absolute id>'), the absolute id ('_player.<scene id>.<slide id>') taken from the
 * slide models of DS.presentation.
 * Rise and other HTML exports (kind 'lessons'): the lesson is in the hash route ('#/lessons/<id>'), and a jump sets it.
 * Plain ES5, no dependencies: it runs in whatever browser shows the course.
 */
(function (config) {
  'use strict';
  if (!config || window.__reviewBridge) return;
  window.__reviewBridge = true;
  var parentWindow = window.parent;
  if (!parentWindow || parentWindow === window) return;
  var origins = config.dashboardOrigins || [];
  var places = config.places || [];
  var byId = {};
  var byTitle = {};
  for (var p = 0; p < places.length; p++) {
    byId[places[p].id] = places[p];
    var key = String(places[p].title || '').trim().toLowerCase();
    byTitle[key] = byTitle.hasOwnProperty(key) ? null : places[p];
  }
  var current = null;
  var trackingSent = null;

  function post(message) {
    message.source = 'review-player';
    for (var i = 0; i < origins.length; i++) {
      try {
        parentWindow.postMessage(message, origins[i]);
      } catch (error) {
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
      if (byId.hasOwnProperty(id)) return id;
      var parts = id.split('.');
      if (byId.hasOwnProperty(parts[parts.length - 1])) return parts[parts.length - 1];
    }
    var match = typeof title === 'string' ? byTitle[title.trim().toLowerCase()] : null;
    if (match) return match.id;
    return places.length === 0 && typeof ids[0] === 'string' ? ids[0] : null;
  }

  function read(model, name) {
    try {
      if (model && typeof model.get === 'function') return model.get(name);
      return model ? model[name] : undefined;
    } catch (error) {
      return undefined;
    }
  }

  // ---- Storyline 360 ----
  function storylineSlide() {
    var ds = window.DS;
    if (!ds || !ds.windowManager || typeof ds.windowManager.getCurrentWindowSlide !== 'function') return undefined;
    var slide;
    try {
      slide = ds.windowManager.getCurrentWindowSlide();
    } catch (error) {
      return null;
    }
    if (!slide) return null;
    return placeOf([read(slide, 'id'), slide.absoluteId, read(slide, 'absoluteId'), slide.id], read(slide, 'title'));
  }

  function storylineSlideModel(id) {
    var ds = window.DS;
    var presentation = ds && ds.presentation;
    if (!presentation) return null;
    try {
      var scenes = typeof presentation.scenes === 'function' ? presentation.scenes() : [];
      var list = scenes && scenes.models ? scenes.models : scenes || [];
      for (var s = 0; s < list.length; s++) {
        var slides = typeof list[s].slides === 'function' ? list[s].slides() : null;
        var models = slides && slides.models ? slides.models : slides || [];
        for (var i = 0; i < models.length; i++) {
          if (placeOf([read(models[i], 'id'), models[i].absoluteId], null) === id) return models[i];
        }
      }
    } catch (error) {
      return null;
    }
    return null;
  }

  function storylineJump(id) {
    var ds = window.DS;
    if (!ds) return;
    var slide = storylineSlideModel(id);
    if (!slide) return;
    var target = slide.absoluteId || read(slide, 'absoluteId');
    var requests = ds.events && ds.events.request;
    try {
      // What the player's own menu does on a click: request the slide by its absolute id ('_player.<scene>.<slide>').
      if (target && requests && requests.NEXT_SLIDE && ds.pubSub && typeof ds.pubSub.trigger === 'function') ds.pubSub.trigger(requests.NEXT_SLIDE, target);
    } catch (error) {
      /* the player refused: the dashboard keeps showing where the player is */
    }
  }

  function watchStoryline() {
    var subscribed = false;
    var waited = 0;
    function subscribe() {
      var ds = window.DS;
      if (subscribed || !ds || !ds.pubSub || typeof ds.pubSub.on !== 'function' || !ds.events) return;
      subscribed = true;
      var groups = [ds.events.slide, ds.events.window, ds.events.scene];
      for (var g = 0; g < groups.length; g++) {
        var group = groups[g];
        if (!group) continue;
        for (var name in group) {
          if (!group.hasOwnProperty(name) || !/START|READY|CHANGE|SHOWN|LOADED/.test(name)) continue;
          try {
            ds.pubSub.on(group[name], check);
          } catch (error) {
            /* not an event this release publishes */
          }
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
      if (window.DS === undefined && current === null && waited === 80) tracking(false);
    }, 250);
    return timer;
  }

  // ---- Rise and other HTML: hash routes ----
  function lessonOfHash() {
    var match = /(?:^|\/)lessons\/([^/?&#]+)/.exec(String(location.hash || '').replace(/^#/, ''));
    if (!match) return null;
    var id = decodeURIComponent(match[1]);
    return places.length === 0 || byId.hasOwnProperty(id) ? id : null;
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
    if (!data || data.source !== 'review-dashboard' || data.type !== 'goToSlide' || typeof data.slideId !== 'string') return;
    if (config.kind === 'storyline') storylineJump(data.slideId);
    else location.hash = '#/lessons/' + encodeURIComponent(data.slideId);
  });

  if (config.kind === 'storyline') watchStoryline();
  else watchLessons();
})(/*CONFIG*/null);
