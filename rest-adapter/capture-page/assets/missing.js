// What the review screen lists as still missing, in the page's language. The capture view's
// `missing` items are the server's English wording ("consent", "<step_id>: 2 more selfie frames",
// "<step_id>: id_front", "<step_id>: id_back", "<step_id>: document", "<step_id>: answers to q1, q2";
// subgraphs/idv/capture/services/capture-progress.ts); each is named here by its step's title (or
// the step type's own heading) and, for questions, their prompts. An item of another shape is shown
// as it came rather than dropped.
(function () {
  'use strict';
  var DEFAULT_TITLES = { liveness: 'livenessTitle', id_capture: 'idTitle', document: 'documentTitle', questionnaire: 'questionnaireTitle' };

  /** item: one `missing` string; steps: the view's steps; t(key, vars): the page's translator. */
  window.VIGIL_DESCRIBE_MISSING = function (item, steps, t) {
    if (item === 'consent') return t('missingConsent');
    var match = /^(.+?): (.+)$/.exec(item);
    if (!match) return item;
    var step = (steps || []).filter(function (s) {
      return s.step_id === match[1];
    })[0];
    var name = step ? step.title || t(DEFAULT_TITLES[step.type] || 'documentTitle') : match[1];
    var rest = match[2];
    var frames = /^(\d+) more selfie frames?$/.exec(rest);
    if (frames) return t(frames[1] === '1' ? 'missingFrame' : 'missingFrames', { step: name, n: frames[1] });
    if (rest === 'id_front') return t('missingIdFront', { step: name });
    if (rest === 'id_back') return t('missingIdBack', { step: name });
    if (rest === 'document') return t('missingDocument', { step: name });
    var answers = /^answers to (.+)$/.exec(rest);
    if (answers) {
      var prompts = answers[1].split(', ').map(function (id) {
        var question = ((step && step.questions) || []).filter(function (q) {
          return q.question_id === id;
        })[0];
        return question ? question.prompt : id;
      });
      return t('missingAnswers', { step: name, questions: prompts.join(', ') });
    }
    return name + ': ' + rest;
  };
})();
