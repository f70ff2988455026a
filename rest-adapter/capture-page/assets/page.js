// The hosted capture page (no framework, no inline code: the CSP allows only files from 'self').
// Flow: credential from the URL fragment → branding → the session's capture view → its steps in
// order (consent, liveness, id capture, documents, questionnaire) → review and submit → completion.
(function () {
  'use strict';
  var sessionId = document.body.getAttribute('data-session-id');
  var app = document.getElementById('app');
  var texts = window.VIGIL_I18N;
  var lang = pickLanguage();
  var credential = readCredential();
  var view = null;
  var stepIndex = 0;
  var stream = null;
  // The theme's font_family: one of these names (docs/idv-themes.md), never a URL.
  var FONTS = ['Inter', 'system-ui', 'Roboto', 'Open Sans', 'Lato', 'Montserrat'];

  function pickLanguage() {
    var stored = safeSession('vigil-lang');
    var wanted = stored || (navigator.language || 'en').slice(0, 2);
    return texts[wanted] ? wanted : 'en';
  }
  function safeSession(key, value) {
    try {
      if (value === undefined) return window.sessionStorage.getItem(key);
      window.sessionStorage.setItem(key, value);
    } catch (_e) {
      return null;
    }
    return null;
  }
  function t(key, vars) {
    var s = (texts[lang] && texts[lang][key]) || texts.en[key] || key;
    Object.keys(vars || {}).forEach(function (k) {
      s = s.replace('{' + k + '}', vars[k]);
    });
    return s;
  }
  // The fragment credential (an invite code, possibly single use, or the session_token) is read
  // once, removed from the address bar and kept only in memory until load() exchanges it for a
  // capture session (POST /capture-session); only that short-lived credential is kept in this tab's
  // session storage and sent on every later call (a reload keeps working, the link is not replayed).
  var fragmentCredential = readFragment();
  function readFragment() {
    var hash = new URLSearchParams(window.location.hash.slice(1));
    var found = hash.get('code') ? 'Invite ' + hash.get('code') : hash.get('token') ? 'Capture ' + hash.get('token') : null;
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  }
  function readCredential() {
    return safeSession('vigil-credential-' + sessionId);
  }
  function exchangeCredential() {
    if (!fragmentCredential) return Promise.resolve();
    return fetch('/idv/v1/sessions/' + encodeURIComponent(sessionId) + '/capture-session', {
      method: 'POST',
      headers: { Authorization: fragmentCredential },
      credentials: 'omit',
    }).then(function (response) {
      if (response.status === 401 || response.status === 404) {
        // Used or expired: a link opened again in a tab that already exchanged it keeps that tab's
        // capture session (credential); otherwise load() shows the expired-link screen.
        fragmentCredential = null;
        return;
      }
      if (!response.ok) {
        var error = new Error(response.statusText);
        error.status = response.status;
        throw error;
      } // kept for Retry
      return response.json().then(function (json) {
        fragmentCredential = null;
        credential = json.data.token_type + ' ' + json.data.token;
        safeSession('vigil-credential-' + sessionId, credential);
      });
    });
  }

  function api(method, path, body, contentType) {
    var headers = { Authorization: credential };
    if (contentType) headers['Content-Type'] = contentType;
    else if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch('/idv/v1/sessions/' + encodeURIComponent(sessionId) + path, {
      method: method,
      headers: headers,
      credentials: 'omit',
      body: body === undefined ? undefined : contentType ? body : JSON.stringify(body),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return {};
        })
        .then(function (json) {
          if (!response.ok) {
            var error = new Error((json.error && json.error.message) || response.statusText);
            error.status = response.status;
            throw error;
          }
          return json;
        });
    });
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), attrs[k]);
      else if (attrs[k] !== false && attrs[k] !== null && attrs[k] !== undefined) node.setAttribute(k, attrs[k] === true ? '' : attrs[k]);
    });
    (children || []).forEach(function (c) {
      if (c) node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }
  function screen(state, title, children) {
    stopCamera();
    app.innerHTML = '';
    app.setAttribute('data-state', state);
    var steps = visibleSteps();
    if (state !== 'done' && state !== 'error' && view)
      app.appendChild(
        el('p', { class: 'progress', text: t('step', { n: Math.min(stepIndex + 1, steps.length + 1), total: steps.length + 1 }) }),
      );
    app.appendChild(el('h1', { text: title }));
    children.forEach(function (c) {
      if (c) app.appendChild(c);
    });
    app.focus();
  }
  // The server's messages are English and for developers: the visitor reads one in the page's
  // language, chosen by the answer's status.
  function errorText(error) {
    var code = error && error.status;
    if (code === 401) return t('expired');
    if (code === undefined && error instanceof TypeError) return t('errorNetwork');
    if (code === 400 || code === 422) return t('errorInvalid');
    if (code === 404 || code === 409) return t('errorConflict');
    if (code === 413) return t('errorTooLarge');
    if (code === 415) return t('errorFileType');
    if (code === 429) return t('errorBusy');
    if (code >= 500) return t('errorUnavailable');
    return t('errorGeneric');
  }
  function showError(error) {
    var expired = error && error.status === 401;
    screen('error', t('errorTitle'), [
      el('p', { class: 'error', role: 'alert', text: errorText(error) }),
      expired ? null : el('button', { text: t('retry'), onclick: load }),
    ]);
  }
  function status(text, isError) {
    var s = document.getElementById('status');
    if (s) {
      s.textContent = text;
      s.className = 'status' + (isError ? ' error' : '');
    }
  }

  function visibleSteps() {
    return view ? view.steps : [];
  }
  function isMissing(step) {
    return view.missing.some(function (m) {
      return step.type === 'consent' ? m === 'consent' : m.indexOf(step.step_id + ':') === 0;
    });
  }
  function firstOpenStep() {
    var steps = visibleSteps();
    for (var i = 0; i < steps.length; i++) if (isMissing(steps[i]) || (steps[i].type === 'consent' && !view.consent.recorded)) return i;
    return steps.length;
  }
  // Consent is always required: flows without a consent step still get the consent screen first.
  function setView(next) {
    view = next;
    if (
      !view.steps.some(function (s) {
        return s.type === 'consent';
      })
    )
      view.steps.unshift({ step_id: 'consent', type: 'consent', required: true });
  }
  function advance(newView) {
    if (newView) setView(newView);
    stepIndex = firstOpenStep();
    render();
  }

  function assetUrl(logo) {
    return logo && logo.asset_id ? '/idv/v1/branding/assets/' + encodeURIComponent(logo.asset_id) : null;
  }
  function applyBranding(branding) {
    var root = document.documentElement.style;
    Object.keys(branding.colors || {}).forEach(function (k) {
      if (branding.colors[k]) root.setProperty('--' + k.replace(/_/g, '-'), branding.colors[k]);
    });
    var font = branding.font_family;
    if (FONTS.indexOf(font) >= 0) root.setProperty('--brand-font', font === 'system-ui' ? font : '"' + font + '"');
    document.getElementById('company').textContent = branding.company_name || '';
    var wide = assetUrl(branding.logo);
    var square = assetUrl(branding.logo_square);
    [
      ['logo', wide],
      ['logo-square', square],
    ].forEach(function (pair) {
      if (!pair[1]) return;
      var img = document.getElementById(pair[0]);
      img.src = pair[1];
      img.alt = branding.company_name || '';
      img.hidden = false;
    });
    // Both: the wide logo where there is room, the square one on small screens (page.css).
    if (wide && square) document.querySelector('header.brand').classList.add('has-both');
    // The square logo is the tab's icon.
    if (square) {
      var icon = document.getElementById('favicon') || document.head.appendChild(el('link', { id: 'favicon', rel: 'icon' }));
      if (branding.logo_square.content_type) icon.setAttribute('type', branding.logo_square.content_type);
      icon.setAttribute('href', square);
    }
  }

  function load() {
    exchangeCredential()
      .then(function () {
        if (!credential) return showError({ status: 401 });
        loadView();
      })
      .catch(showError);
  }
  function loadView() {
    fetch('/idv/v1/sessions/' + encodeURIComponent(sessionId) + '/branding')
      .then(function (r) {
        return r.json();
      })
      .then(function (b) {
        applyBranding(b.branding || {});
      })
      .catch(function () {});
    api('GET', '/capture')
      .then(function (json) {
        advance(json.data);
      })
      .catch(showError);
  }

  function render() {
    if (view.submitted) return done();
    var steps = visibleSteps();
    if (stepIndex >= steps.length) return review();
    var step = steps[stepIndex];
    ({ consent: consentStep, liveness: livenessStep, id_capture: idStep, document: documentStep, questionnaire: questionnaireStep })[
      step.type
    ](step);
  }
  function skipButton(step) {
    return step.required
      ? null
      : el('button', {
          class: 'secondary',
          text: t('next'),
          onclick: function () {
            stepIndex++;
            render();
          },
        });
  }

  function consentStep() {
    screen('consent', t('consentTitle'), [
      el('div', { class: 'consent-text', id: 'consent-text', text: view.consent.text }),
      el('button', {
        id: 'consent-accept',
        text: t('consentAccept'),
        onclick: function () {
          api('POST', '/consent', { accepted: true, policy_version: view.consent.policy_version })
            .then(function (j) {
              advance(j.data);
            })
            .catch(showError);
        },
      }),
    ]);
  }

  function startCamera(facing, video) {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return Promise.reject(new Error('no camera'));
    return navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 960 } }, audio: false })
      .then(function (s) {
        stream = s;
        video.srcObject = s;
        return video.play();
      });
  }
  function stopCamera() {
    if (stream) {
      stream.getTracks().forEach(function (tr) {
        tr.stop();
      });
      stream = null;
    }
  }
  function grab(video) {
    var canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d').drawImage(video, 0, 0);
    return new Promise(function (resolve) {
      canvas.toBlob(resolve, 'image/jpeg', 0.9);
    });
  }
  function upload(query, blob) {
    var search = new URLSearchParams(query).toString();
    return api('POST', '/artifacts?' + search, blob, blob.type || 'image/jpeg');
  }
  function fileInput(id, accept, multiple, onFiles) {
    var input = el('input', { type: 'file', id: id, accept: accept, multiple: multiple || null });
    input.addEventListener('change', function () {
      if (input.files.length) onFiles(Array.prototype.slice.call(input.files));
    });
    return el('label', { class: 'field' }, [el('span', { text: t('uploadInstead') }), input]);
  }
  function sequential(items, work) {
    return items.reduce(function (p, item, i) {
      return p.then(function (last) {
        return work(item, i, last);
      });
    }, Promise.resolve());
  }

  function livenessStep(step) {
    var n = step.frames_needed;
    var video = el('video', { playsinline: true, muted: true, autoplay: true, 'aria-label': t('livenessTitle') });
    var cam = el('div', { class: 'camera' }, [video, el('div', { class: 'guide face' })]);
    var shoot = el('button', {
      id: 'selfie-capture',
      text: t('capture'),
      disabled: true,
      onclick: function () {
        shoot.disabled = true;
        sequential(Array.from({ length: n }), function (_, i) {
          status(t('capturing', { i: i + 1, n: n }));
          return new Promise(function (r) {
            setTimeout(r, i === 0 ? 300 : 700);
          })
            .then(function () {
              return grab(video);
            })
            .then(function (blob) {
              return upload({ kind: 'selfie', step_id: step.step_id, frame: String(i) }, blob);
            });
        })
          .then(function (last) {
            advance(last.data);
          })
          .catch(function (e) {
            shoot.disabled = false;
            status(errorText(e), true);
          });
      },
    });
    var fallback = fileInput('selfie-file', 'image/jpeg,image/png', true, function (files) {
      sequential(files.slice(0, 10), function (file, i) {
        return upload({ kind: 'selfie', step_id: step.step_id, frame: String(i) }, file);
      })
        .then(function (last) {
          advance(last.data);
        })
        .catch(function (e) {
          status(errorText(e), true);
        });
    });
    screen('liveness', step.title || t('livenessTitle'), [
      el('p', { text: step.liveness_mode === 'active' ? t('livenessActive', { n: n }) : t('livenessPassive') }),
      cam,
      shoot,
      el('p', { id: 'status', class: 'status', role: 'status' }),
      fallback,
      skipButton(step),
    ]);
    startCamera('user', video)
      .then(function () {
        shoot.disabled = false;
      })
      .catch(function () {
        cam.hidden = true;
        shoot.hidden = true;
        status(t('cameraDenied'));
      });
  }

  function idStep(step) {
    var req = view.id_capture;
    var front = view.artifacts.some(function (a) {
      return a.kind === 'id_front' && a.step_id === step.step_id;
    });
    var side = front ? 'id_back' : 'id_front';
    var select = null;
    if (!front && !req.preselected_id_type) {
      select = el(
        'select',
        { id: 'id-type' },
        req.accepted_id_types.map(function (type) {
          return el('option', { value: type, text: t(type) });
        }),
      );
    }
    var query = function () {
      var q = { kind: side, step_id: step.step_id };
      if (side === 'id_front' && select) q.id_type = select.value;
      return q;
    };
    var video = el('video', {
      playsinline: true,
      muted: true,
      autoplay: true,
      'aria-label': t(side === 'id_front' ? 'idFront' : 'idBack'),
    });
    var cam = el('div', { class: 'camera document' }, [video, el('div', { class: 'guide' })]);
    var shoot = el('button', {
      id: 'id-capture',
      text: t('capture'),
      disabled: true,
      onclick: function () {
        shoot.disabled = true;
        grab(video)
          .then(function (blob) {
            return upload(query(), blob);
          })
          .then(function (j) {
            advance(j.data);
          })
          .catch(function (e) {
            shoot.disabled = false;
            status(errorText(e), true);
          });
      },
    });
    var fallback = fileInput('id-file', 'image/jpeg,image/png', false, function (files) {
      upload(query(), files[0])
        .then(function (j) {
          advance(j.data);
        })
        .catch(function (e) {
          status(errorText(e), true);
        });
    });
    screen(side, (step.title || t('idTitle')) + ' — ' + t(side === 'id_front' ? 'idFront' : 'idBack'), [
      select ? el('label', { class: 'field' }, [el('span', { text: t('idType') }), select]) : null,
      el('p', { text: t('idHint') }),
      cam,
      shoot,
      el('p', { id: 'status', class: 'status', role: 'status' }),
      fallback,
      skipButton(step),
    ]);
    startCamera('environment', video)
      .then(function () {
        shoot.disabled = false;
      })
      .catch(function () {
        cam.hidden = true;
        shoot.hidden = true;
        status(t('cameraDenied'));
      });
  }

  function documentStep(step) {
    var accept = step.accepted_formats
      .map(function (f) {
        return f === 'pdf' ? 'application/pdf' : 'image/' + f;
      })
      .join(',');
    var input = fileInput('document-file', accept, false, function (files) {
      upload({ kind: 'document', step_id: step.step_id }, files[0])
        .then(function (j) {
          advance(j.data);
        })
        .catch(function (e) {
          status(errorText(e), true);
        });
    });
    screen('document', step.title || step.document_label || t('documentTitle'), [
      input,
      el('p', { id: 'status', class: 'status', role: 'status' }),
      skipButton(step),
    ]);
  }

  function questionnaireStep(step) {
    var fields = step.questions.map(function (q) {
      var id = 'q-' + q.question_id;
      var input;
      if (q.type === 'long_text') input = el('textarea', { id: id, rows: '4' });
      else if (q.type === 'single_choice')
        input = el(
          'select',
          { id: id },
          [el('option', { value: '', text: '—' })].concat(
            q.options.map(function (o) {
              return el('option', { value: o, text: o });
            }),
          ),
        );
      else if (q.type === 'multi_choice')
        input = el(
          'div',
          { id: id, role: 'group' },
          q.options.map(function (o) {
            return el('label', {}, [el('input', { type: 'checkbox', value: o }), ' ' + o]);
          }),
        );
      else if (q.type === 'boolean')
        input = el('select', { id: id }, [
          el('option', { value: '', text: '—' }),
          el('option', { value: 'true', text: t('yes') }),
          el('option', { value: 'false', text: t('no') }),
        ]);
      else input = el('input', { id: id, type: q.type === 'number' ? 'number' : q.type === 'date' ? 'date' : 'text' });
      return {
        q: q,
        input: input,
        node: el('label', { class: 'field' }, [el('span', { text: q.prompt + (q.required ? '' : ' ' + t('optional')) }), input]),
      };
    });
    var save = el('button', {
      id: 'answers-save',
      text: t('next'),
      onclick: function () {
        var answers = [];
        fields.forEach(function (f) {
          var q = f.q,
            value;
          if (q.type === 'multi_choice')
            value = Array.prototype.slice.call(f.input.querySelectorAll('input:checked')).map(function (c) {
              return c.value;
            });
          else value = f.input.value;
          if (value === '' || (Array.isArray(value) && value.length === 0)) return;
          if (q.type === 'number') value = Number(value);
          if (q.type === 'boolean') value = value === 'true';
          answers.push({ question_id: q.question_id, value: value });
        });
        if (!answers.length) return status(t('reviewMissing'), true);
        api('POST', '/answers', { step_id: step.step_id, answers: answers })
          .then(function (j) {
            advance(j.data);
          })
          .catch(function (e) {
            status(errorText(e), true);
          });
      },
    });
    screen(
      'questionnaire',
      step.title || t('questionnaireTitle'),
      fields
        .map(function (f) {
          return f.node;
        })
        .concat([save, el('p', { id: 'status', class: 'status', role: 'status' }), skipButton(step)]),
    );
  }

  function review() {
    var ready = view.ready_to_submit;
    screen('review', t('reviewTitle'), [
      el('p', { text: ready ? t('reviewReady') : t('reviewMissing') }),
      ready
        ? null
        : el(
            'ul',
            { class: 'missing' },
            view.missing.map(function (m) {
              return el('li', { text: window.VIGIL_DESCRIBE_MISSING(m, view.steps, t) });
            }),
          ),
      el('button', {
        id: 'submit',
        text: t('submit'),
        disabled: !ready,
        onclick: function () {
          api('POST', '/submit')
            .then(function (j) {
              setView(j.data);
              done();
            })
            .catch(showError);
        },
      }),
      el('p', { id: 'status', class: 'status', role: 'status' }),
    ]);
  }

  function done() {
    var returning = view.completion.action === 'return_link' && view.completion.return_url;
    screen('done', t('doneTitle'), [el('p', { id: 'done-message', text: returning ? t('doneReturn') : t('doneClose') })]);
    try {
      window.sessionStorage.removeItem('vigil-credential-' + sessionId);
    } catch (_e) {
      /* storage unavailable */
    }
    if (returning)
      setTimeout(function () {
        window.location.assign(view.completion.return_url);
      }, 1500);
  }

  var langSelect = document.getElementById('lang');
  langSelect.value = lang;
  document.documentElement.lang = lang;
  // The page's own texts (title, labels outside the screens) follow the language too.
  function translateStatic() {
    document.title = t('pageTitle');
    Array.prototype.forEach.call(document.querySelectorAll('[data-i18n]'), function (node) {
      node.textContent = t(node.getAttribute('data-i18n'));
    });
  }
  langSelect.addEventListener('change', function () {
    lang = langSelect.value;
    document.documentElement.lang = lang;
    safeSession('vigil-lang', lang);
    translateStatic();
    if (view) render();
  });
  translateStatic();
  load();
})();
