// Practice scenarios, progressive enhancement only: the forms work without this file.
// - Keys 1..9 pick the Nth card or option of the answer form: a button gets the focus (Enter then
//   answers), a checkbox toggles (Enter then sends the marked cards). No single key answers at once.
// - The keyboard hint is shown only here (with JavaScript) and on a device with a fine pointer and
//   hover, i.e. not on touch screens, where there are no number keys to press.
//   They act on the scenario that holds the focus; with the focus outside every scenario, on the first
//   question still to answer on the screen (a lesson step shows several), with no Tab needed first.
// - After htmx swaps in a scenario's feedback, focus moves to it so keyboard and screen-reader users
//   land there; after a refused answer, to the first choice of that scenario's form; after "Siguiente"
//   swaps in the next question, to that question.
// - When an htmx request fails, the scenario's hidden "No se ha podido enviar" message is shown.
(function () {
  "use strict";
  if (window.tutorPracticeReady) {
    return;
  }
  window.tutorPracticeReady = true;

  var FORM = "form[data-practice-form]";

  function choices(form) {
    return Array.prototype.slice.call(
      form.querySelectorAll('button[name="answer"]:not([disabled]), input[type="checkbox"][name="answer"]:not([disabled])')
    );
  }

  function scenarioOf(element) {
    return element && element.closest ? element.closest("[data-scenario]") : null;
  }

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < (window.innerHeight || document.documentElement.clientHeight);
  }

  function formFor(target) {
    var scenario = scenarioOf(target);
    if (scenario) {
      return scenario.querySelector(FORM);
    }
    if (target && target.closest && target.closest("form")) {
      return null;  // another form of the page (a lesson's example) keeps its keys
    }
    // The focus is outside every question (a page just loaded, a click on a heading): the first
    // question still to answer that is on the screen, else the page's first one. Answered questions
    // have no form, so a lesson step's keys go to the question the learner is at.
    var forms = Array.prototype.slice.call(document.querySelectorAll(FORM));
    return forms.filter(inView)[0] || forms[0] || null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) {
      return;
    }
    var target = event.target;
    if (target && (target.tagName === "INPUT" && target.type !== "checkbox" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) {
      return;
    }
    var form = formFor(target);
    if (!form) {
      return;
    }
    var item = choices(form)[Number(event.key) - 1];
    if (!item) {
      return;
    }
    event.preventDefault();
    item.focus();
    if (item.type === "checkbox") {
      item.click();
    }
  });

  document.addEventListener("keydown", function (event) {
    // Enter on a marked card sends the form, like Enter in a text field does.
    var target = event.target;
    if (event.key !== "Enter" || !target || target.type !== "checkbox" || target.name !== "answer") {
      return;
    }
    var form = target.closest(FORM);
    var submit = form && form.querySelector('button[type="submit"]:not([name])');
    if (submit) {
      event.preventDefault();
      submit.click();
    }
  });

  function showKeyHints(root) {
    if (!window.matchMedia || !window.matchMedia("(hover: hover) and (pointer: fine)").matches) {
      return;
    }
    Array.prototype.forEach.call((root || document).querySelectorAll("[data-key-hint]"), function (hint) {
      hint.hidden = false;
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { showKeyHints(); });
  } else {
    showKeyHints();
  }

  // htmx swaps nothing when a request fails (a 403 after the session ended, a 404, no network):
  // the scenario's own message, written by the server and hidden until now, says so.
  function showSendError(event) {
    var scenario = scenarioOf(event.detail && event.detail.elt);
    var message = scenario && scenario.querySelector("[data-send-error]");
    if (message) {
      message.hidden = false;
      message.focus();
    }
  }
  document.addEventListener("htmx:responseError", showSendError);
  document.addEventListener("htmx:sendError", showSendError);

  document.addEventListener("htmx:afterSwap", function (event) {
    // htmx fires this on the swapped-in element: only a scenario's own swap moves the focus.
    var scenario = scenarioOf(event.target);
    if (!scenario) {
      return;
    }
    showKeyHints(scenario);
    var feedback = scenario.querySelector("[data-feedback]");
    if (feedback) {
      // The feedback's first lines where the eye is, even when the hand above it is tall.
      feedback.focus({ preventScroll: true });
      feedback.scrollIntoView({ block: "start", behavior: "auto" });
      return;
    }
    var form = scenario.querySelector(FORM);
    if (form && scenario.querySelector("[data-answer-error]")) {
      var first = choices(form)[0];
      if (first) {
        first.focus();
      }
      return;
    }
    // "Siguiente" swapped in a new question: start reading (and pressing 1, 2, 3...) there.
    var question = scenario.querySelector(".scenario__question");
    if (question) {
      question.focus();
    }
  });
})();
