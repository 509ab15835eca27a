// Practice scenarios, progressive enhancement only: the forms work without this file.
// - Keys 1..9 pick the Nth card or option of the answer form (a button submits, a checkbox toggles).
// - After htmx swaps in the feedback, focus moves to it so keyboard and screen-reader users land there.
(function () {
  "use strict";
  if (window.tutorPracticeReady) {
    return;
  }
  window.tutorPracticeReady = true;

  function choices(form) {
    return Array.prototype.slice.call(
      form.querySelectorAll('button[name="answer"]:not([disabled]), input[type="checkbox"][name="answer"]:not([disabled])')
    );
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) {
      return;
    }
    var target = event.target;
    if (target && (target.tagName === "INPUT" && target.type !== "checkbox" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) {
      return;
    }
    var form = document.querySelector("form[data-practice-form]");
    if (!form) {
      return;
    }
    var item = choices(form)[Number(event.key) - 1];
    if (!item) {
      return;
    }
    event.preventDefault();
    item.focus();
    item.click();
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var feedback = document.querySelector("[data-feedback]");
    if (feedback) {
      feedback.focus();
      return;
    }
    var error = document.querySelector("[data-answer-error]");
    if (error) {
      var first = choices(document.querySelector("form[data-practice-form]"))[0];
      if (first) {
        first.focus();
      }
    }
  });
})();
