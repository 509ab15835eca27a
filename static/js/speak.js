// «Leer en voz alta»: a button beside each question, feedback and the table's narration ([data-speak])
// that reads it with the browser's own speech synthesis, in the page's language; nothing is sent
// anywhere. Progressive enhancement: without speechSynthesis no button is added. data-speak="inside"
// puts the button at the start of the element (a feedback box), otherwise it follows the element.
(function () {
  "use strict";
  var script = document.currentScript;
  if (window.tutorSpeakReady || !script || !("speechSynthesis" in window) ||
      typeof window.SpeechSynthesisUtterance !== "function") {
    return;
  }
  window.tutorSpeakReady = true;
  var label = script.dataset.label;
  var stopLabel = script.dataset.stop;
  var speaking = null;

  function words(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll(".speak-button, [aria-hidden='true'], .visually-hidden").forEach(function (node) {
      node.remove();
    });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function reset() {
    if (speaking) {
      speaking.textContent = label;
      speaking.setAttribute("aria-pressed", "false");
      speaking = null;
    }
  }

  function read(element, button) {
    var wasMine = speaking === button;
    window.speechSynthesis.cancel();
    reset();
    if (wasMine) {
      return;
    }
    var utterance = new window.SpeechSynthesisUtterance(words(element));
    utterance.lang = document.documentElement.lang === "en" ? "en-GB" : "es-ES";
    utterance.onend = function () {
      if (speaking === button) {
        reset();
      }
    };
    speaking = button;
    button.textContent = stopLabel;
    button.setAttribute("aria-pressed", "true");
    window.speechSynthesis.speak(utterance);
  }

  function addButtons(root) {
    var found = Array.prototype.slice.call(root.querySelectorAll("[data-speak]"));
    if (root.matches && root.matches("[data-speak]")) {
      found.push(root);
    }
    found.forEach(function (element) {
      if (element.dataset.speakReady || !words(element)) {
        return;
      }
      element.dataset.speakReady = "1";
      var button = document.createElement("button");
      button.type = "button";
      button.className = "btn btn-sm btn-outline-dark speak-button";
      button.textContent = label;
      button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", function () {
        read(element, button);
      });
      if (element.dataset.speak === "inside") {
        element.insertBefore(button, element.firstChild);
      } else {
        element.insertAdjacentElement("afterend", button);
      }
    });
  }

  function start() {
    addButtons(document);
    // Content htmx swaps in (the table after a move, a feedback) gets its buttons too.
    document.body.addEventListener("htmx:load", function (event) {
      addButtons(event.detail.elt);
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
