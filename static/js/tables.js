// A table with people, progressive enhancement only: every form of the region is a form that works
// without this file. With htmx a move (a card, a cante, «No cantar», «¡Renuncio!», «Repartir otra
// mano», a phrase) posts and takes the region back, and the polls and the stream (live.js) swap the
// region in too. After a swap, focus goes where a keyboard or screen-reader user goes on: after their
// own move, to the refusal or the notice, a cante, a card, or the line that says whose turn it is
// (or that the hand is over); after a poll, back to the button they were on if the focus was in the
// region, never lost to the page's body. The page's #table-live line says what happened.
(function () {
  "use strict";
  if (window.tutorTablesReady) {
    return;
  }
  window.tutorTablesReady = true;

  var REGION = "table-region";
  var before = null; // what the swap replaces: {moved, name, value, phrase} or null

  function focus(element) {
    if (!element.hasAttribute("tabindex") && element.tagName !== "BUTTON" && element.tagName !== "A") {
      element.setAttribute("tabindex", "-1");
    }
    element.focus();
  }

  function same(region, name, value) {
    if (!name) {
      return null;
    }
    var buttons = region.querySelectorAll("button[name]");
    for (var i = 0; i < buttons.length; i++) {
      if (buttons[i].name === name && buttons[i].value === value) {
        return buttons[i];
      }
    }
    return null;
  }

  function next(region) {
    return (
      region.querySelector("[data-refusal]") ||
      region.querySelector("[data-notice]") ||
      region.querySelector('button[name="cante"]') ||
      region.querySelector('button[name="card"]') ||
      region.querySelector("[data-turn]") ||
      region.querySelector("[data-hand-over]") ||
      region.querySelector("[data-score]") ||
      region
    );
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== REGION || !event.detail.shouldSwap) {
      return;
    }
    var active = document.activeElement;
    var moved = (event.detail.requestConfig && event.detail.requestConfig.verb) === "post";
    before =
      moved || target.contains(active)
        ? {
            moved: moved,
            name: active && target.contains(active) ? active.getAttribute("name") : null,
            value: active && target.contains(active) ? active.value : null,
            phrase: moved && !!event.detail.requestConfig.elt.closest(".tables-say"),
          }
        : null;
  });

  // A region the table's stream brought (live.js swaps it in without a request): as after a poll.
  document.addEventListener("live-region", function (event) {
    var target = event.target;
    if (!target || target.id !== REGION) {
      return;
    }
    var active = document.activeElement;
    before = target.contains(active)
      ? { moved: false, name: active.getAttribute("name"), value: active.value, phrase: false }
      : null;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var region = document.getElementById(REGION);
    if (!region || event.detail.elt !== region || !before) {
      return;
    }
    var was = before;
    before = null;
    var refusal = region.querySelector("[data-refusal]");
    if (was.moved && !was.phrase) {
      focus(next(region));
    } else {
      // A phrase sent, or a poll while the person was in the region: the button they were on.
      focus(refusal || same(region, was.name, was.value) || next(region));
    }
  });
})();
