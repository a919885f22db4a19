/*
 * The player of an LMS export (server/exports/lms/README.md): plays the video, measures the share of it watched (the
 * time ranges the video element has played: each second counted once, seeks skipped) and reports progress and
 * completion to the LMS the package was launched from, once the share reaches the completion percent. Plain browser
 * script, no framework.
 * window.LMS_EXPORT_CONFIG (config.js): { standard: 'scorm12' | 'scorm2004' | 'aicc' | 'xapi', title, video,
 * completePercent, activityId }.
 */
(function () {
  'use strict';

  var config = window.LMS_EXPORT_CONFIG;
  var video = document.getElementById('video');
  var statusLine = document.getElementById('status');
  document.title = config.title;
  document.getElementById('title').textContent = config.title;

  // ---------------------------------------------------------------------------------------------------------
  // The share watched: the time ranges the element has played (each second counted once, seeks skipped).

  function watchedShare() {
    var duration = video.duration;
    if (!isFinite(duration) || duration <= 0) return 0;
    var seconds = 0;
    for (var i = 0; i < video.played.length; i++) seconds += video.played.end(i) - video.played.start(i);
    return Math.min(1, seconds / duration);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Finding the LMS and talking to it.

  /** The API object `name` in `start` or one of its parents (at most 500 steps), as the SCORM run-time describes. */
  function searchParents(start, name) {
    var win = start;
    for (var tries = 0; win && tries <= 500; tries++) {
      try {
        if (win[name]) return win[name];
      } catch {
        // Another origin's window: not ours to read.
      }
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  /** The SCORM API: this window and its parents, then the opener and its parents. */
  function findApi(name) {
    var api = searchParents(window, name);
    if (!api && window.opener) api = searchParents(window.opener, name);
    if (!api) {
      try {
        if (window.top && window.top.opener) api = searchParents(window.top.opener, name);
      } catch {
        api = null;
      }
    }
    return api;
  }

  /** A launch parameter, its name compared case-insensitively (AICC sends AICC_SID or aicc_sid). */
  function launchParam(name) {
    var wanted = name.toLowerCase();
    var params = new URLSearchParams(window.location.search);
    var found = null;
    params.forEach(function (value, key) {
      if (found === null && key.toLowerCase() === wanted) found = value;
    });
    return found;
  }

  function pad(number, width) {
    var text = String(Math.floor(number));
    while (text.length < width) text = '0' + text;
    return text;
  }

  /** Seconds as SCORM 1.2 CMITimespan (HHHH:MM:SS.SS) or AICC time (HH:MM:SS). */
  function clockTime(seconds, withHundredths) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    var secs = withHundredths ? rest.toFixed(2) : String(Math.floor(rest));
    if (Math.floor(rest) < 10) secs = '0' + secs;
    return pad(hours, withHundredths ? 4 : 2) + ':' + pad(minutes, 2) + ':' + secs;
  }

  var startedAt = Date.now();
  function sessionSeconds() {
    return (Date.now() - startedAt) / 1000;
  }

  function scorm12() {
    var api = findApi('API');
    if (!api) return null;
    return {
      start: function () {
        api.LMSInitialize('');
        var status = String(api.LMSGetValue('cmi.core.lesson_status') || '');
        var done = status === 'completed' || status === 'passed';
        if (!done) api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
        api.LMSCommit('');
        return { completed: done, location: Number(api.LMSGetValue('cmi.core.lesson_location')) || 0 };
      },
      progress: function (percent, position) {
        api.LMSSetValue('cmi.core.score.min', '0');
        api.LMSSetValue('cmi.core.score.max', '100');
        api.LMSSetValue('cmi.core.score.raw', String(percent));
        api.LMSSetValue('cmi.core.lesson_location', String(Math.floor(position)));
        api.LMSCommit('');
      },
      complete: function (percent) {
        api.LMSSetValue('cmi.core.score.raw', String(percent));
        api.LMSSetValue('cmi.core.lesson_status', 'completed');
        api.LMSCommit('');
      },
      finish: function (completed) {
        api.LMSSetValue('cmi.core.session_time', clockTime(sessionSeconds(), true));
        api.LMSSetValue('cmi.core.exit', completed ? '' : 'suspend');
        api.LMSCommit('');
        api.LMSFinish('');
      },
    };
  }

  function scorm2004() {
    var api = findApi('API_1484_11');
    if (!api) return null;
    return {
      start: function () {
        api.Initialize('');
        var done = String(api.GetValue('cmi.completion_status') || '') === 'completed';
        if (!done) api.SetValue('cmi.completion_status', 'incomplete');
        api.Commit('');
        return { completed: done, location: Number(api.GetValue('cmi.location')) || 0 };
      },
      progress: function (percent, position) {
        api.SetValue('cmi.progress_measure', (percent / 100).toFixed(2));
        api.SetValue('cmi.score.min', '0');
        api.SetValue('cmi.score.max', '100');
        api.SetValue('cmi.score.raw', String(percent));
        api.SetValue('cmi.score.scaled', (percent / 100).toFixed(2));
        api.SetValue('cmi.location', String(Math.floor(position)));
        api.Commit('');
      },
      complete: function (percent) {
        api.SetValue('cmi.progress_measure', (percent / 100).toFixed(2));
        api.SetValue('cmi.completion_status', 'completed');
        api.SetValue('cmi.success_status', 'passed');
        api.Commit('');
      },
      finish: function (completed) {
        api.SetValue('cmi.session_time', 'PT' + sessionSeconds().toFixed(2) + 'S');
        api.SetValue('cmi.exit', completed ? 'normal' : 'suspend');
        api.Commit('');
        api.Terminate('');
      },
    };
  }

  /** xAPI: statements to the LRS the launch names (endpoint, auth, actor, registration). */
  function xapi() {
    var endpoint = launchParam('endpoint');
    var actorText = launchParam('actor');
    if (!endpoint || !actorText) return null;
    var actor;
    try {
      actor = JSON.parse(actorText);
    } catch {
      return null;
    }
    var auth = launchParam('auth');
    var registration = launchParam('registration');
    var activityId = launchParam('activity_id') || config.activityId;
    var base = endpoint.charAt(endpoint.length - 1) === '/' ? endpoint : endpoint + '/';
    var sentBucket = -1;

    function send(verb, display, result, keepalive) {
      var statement = {
        actor: actor,
        verb: { id: 'http://adlnet.gov/expapi/verbs/' + verb, display: { 'en-US': display } },
        object: { objectType: 'Activity', id: activityId, definition: { name: { und: config.title }, type: 'http://adlnet.gov/expapi/activities/media' } },
        result: result,
        timestamp: new Date().toISOString(),
      };
      if (registration) statement.context = { registration: registration };
      var headers = { 'Content-Type': 'application/json', 'X-Experience-API-Version': '1.0.3' };
      if (auth) headers.Authorization = auth;
      return fetch(base + 'statements', { method: 'POST', headers: headers, body: JSON.stringify(statement), keepalive: !!keepalive }).catch(function () {
        statusLine.textContent = 'The learning record store could not be reached.';
      });
    }
    function progressResult(percent) {
      return { extensions: { 'https://w3id.org/xapi/cmi5/result/extensions/progress': percent }, duration: 'PT' + sessionSeconds().toFixed(2) + 'S' };
    }
    return {
      start: function () {
        return { completed: false, location: 0 };
      },
      progress: function (percent) {
        var bucket = Math.floor(percent / 10);
        if (bucket <= sentBucket || bucket === 0) return;
        sentBucket = bucket;
        send('progressed', 'progressed', progressResult(percent));
      },
      complete: function (percent) {
        var result = progressResult(percent);
        result.completion = true;
        result.success = true;
        result.score = { scaled: percent / 100, raw: percent, min: 0, max: 100 };
        send('completed', 'completed', result);
      },
      finish: function () {},
    };
  }

  /** AICC HACP: GetParam / PutParam / ExitAU posted to aicc_url with aicc_sid. */
  function aicc() {
    var url = launchParam('aicc_url');
    var sid = launchParam('aicc_sid');
    if (!url || !sid) return null;
    var status = 'incomplete';
    var sentBucket = -1;
    var lastPercent = 0;
    var lastPosition = 0;
    function post(command, data, keepalive) {
      var body = 'command=' + encodeURIComponent(command) + '&version=4.0&session_id=' + encodeURIComponent(sid) + '&aicc_data=' + encodeURIComponent(data || '');
      return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body, keepalive: !!keepalive })
        .then(function (response) {
          return response.text();
        })
        .catch(function () {
          statusLine.textContent = 'The LMS could not be reached.';
          return '';
        });
    }
    function putParam(keepalive) {
      var data =
        '[Core]\r\nLesson_Location=' + Math.floor(lastPosition) + '\r\nLesson_Status=' + status + '\r\nScore=' + lastPercent + '\r\nTime=' + clockTime(sessionSeconds(), false) + '\r\n';
      return post('PutParam', data, keepalive);
    }
    return {
      start: function () {
        return post('GetParam', '').then(function (text) {
          var found = /lesson_status\s*=\s*([a-z])/i.exec(text);
          var done = !!found && (found[1].toLowerCase() === 'c' || found[1].toLowerCase() === 'p');
          if (done) status = 'completed';
          var location = /lesson_location\s*=\s*([0-9.]+)/i.exec(text);
          return { completed: done, location: location ? Number(location[1]) : 0 };
        });
      },
      progress: function (percent, position) {
        lastPercent = percent;
        lastPosition = position;
        var bucket = Math.floor(percent / 10);
        if (bucket <= sentBucket) return;
        sentBucket = bucket;
        putParam(false);
      },
      complete: function (percent) {
        lastPercent = percent;
        status = 'completed';
        putParam(false);
      },
      finish: function () {
        putParam(true);
        post('ExitAU', '', true);
      },
    };
  }

  var adapters = { scorm12: scorm12, scorm2004: scorm2004, xapi: xapi, aicc: aicc };
  var lms = adapters[config.standard] ? adapters[config.standard]() : null;

  // ---------------------------------------------------------------------------------------------------------
  // Reporting.

  var completed = false;
  var started = false;
  var finished = false;
  var lastReported = -1;

  function showStatus(percent) {
    if (!lms) statusLine.textContent = 'No LMS found: progress is not recorded.';
    else if (completed) statusLine.textContent = 'Completed.';
    else statusLine.textContent = 'Watched ' + percent + '% (completes at ' + config.completePercent + '%).';
  }

  function report() {
    var share = watchedShare();
    var percent = Math.floor(share * 100);
    if (lms && started && percent !== lastReported) {
      lastReported = percent;
      lms.progress(percent, video.currentTime);
    }
    if (lms && started && !completed && share * 100 >= config.completePercent) {
      completed = true;
      lms.complete(percent);
    }
    showStatus(percent);
  }

  function finish() {
    if (!lms || !started || finished) return;
    finished = true;
    lms.finish(completed);
  }

  video.addEventListener('timeupdate', report);
  video.addEventListener('ended', report);
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);

  function begin(state) {
    started = true;
    completed = !!(state && state.completed);
    var location = state && state.location > 0 ? state.location : 0;
    video.src = config.video;
    if (location > 0) {
      video.addEventListener('loadedmetadata', function resume() {
        video.removeEventListener('loadedmetadata', resume);
        if (location < video.duration) video.currentTime = location;
      });
    }
    document.body.setAttribute('data-lms', lms ? config.standard : 'none');
    showStatus(0);
  }

  if (!lms) {
    begin(null);
  } else {
    Promise.resolve()
      .then(function () {
        return lms.start();
      })
      .then(begin, function () {
        lms = null;
        begin(null);
      });
  }
})();
