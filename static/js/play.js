// The table of «Jugar», progressive enhancement only: every move is a form that works without this file.
// After htmx swaps the table in, focus goes to what the learner does next («Sí, jugar» when Confirmar la
// carta asks, a cante, a card, the result), so a keyboard or screen-reader user never loses their place;
// the aria-live line says what happened.
(function () {
  "use strict";
  if (window.tutorPlayReady) {
    return;
  }
  window.tutorPlayReady = true;

  document.body.addEventListener("htmx:afterSwap", function (event) {
    var table = document.getElementById("play-table");
    if (!table || !table.contains(event.detail.elt) && event.detail.elt !== table) {
      return;
    }
    var next =
      table.querySelector("[data-confirm-yes]") ||
      table.querySelector("[data-refusal]") ||
      table.querySelector("#play-hint-title") ||
      table.querySelector(".play-cantes button") ||
      table.querySelector('.play-move button[name="card"]') ||
      table.querySelector("#play-result-title");
    if (next) {
      if (!next.hasAttribute("tabindex") && next.tagName !== "BUTTON") {
        next.setAttribute("tabindex", "-1");
      }
      next.focus();
    }
  });
})();
