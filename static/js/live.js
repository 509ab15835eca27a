// Live rounds, progressive enhancement only: without this file (or without EventSource) the region
// polls its state every few hundred milliseconds (hx-trigger "every …"), and without JavaScript the
// page reloads itself.
// With EventSource, a region that names a stream (data-live-events) listens to it: each event is the
// version the server has now, and when it differs from the one the region shows, the region fetches
// itself at once ("live-changed"). While the stream is open the region's own polls are dropped; when
// it breaks (the server answered 204, a proxy cut it) they go on until it reconnects.
(function () {
  "use strict";
  if (window.tutorLiveReady || !window.EventSource || !window.htmx) {
    return;
  }
  window.tutorLiveReady = true;

  var REGION = "[data-live-events]";
  var source = null;
  var open = false;

  function region() {
    return document.querySelector(REGION);
  }

  // The projector's version is «stage.answers.joined» (the round's answers and participants so far).
  // When only the answers moved, the count is written from the event itself (its sentence's two
  // forms are in the page): no request per answer. Anything else (a new stage, somebody joining)
  // fetches the region.
  function countOnly(element, version) {
    var count = element.querySelector("[data-live-count]");
    var shown = (element.getAttribute("data-version") || "").split(".");
    var sent = version.split(".");
    if (!count || shown.length !== 3 || sent.length !== 3 || shown[0] !== sent[0] || shown[2] !== sent[2]) {
      return false;
    }
    if (parseInt(sent[1], 10) <= parseInt(shown[1], 10)) {
      return true; // an older count (two instances' messages crossed): the page shows a newer one
    }
    var answered = parseInt(sent[1], 10) - parseInt(count.getAttribute("data-before"), 10);
    if (isNaN(answered) || answered < 0) {
      return false;
    }
    var sentence = count.getAttribute(answered === 1 ? "data-one" : "data-other") || "";
    count.textContent = sentence.replace("{n}", String(answered));
    element.setAttribute("data-version", version);
    return true;
  }

  function listen() {
    var element = region();
    if (!element || source) {
      return;
    }
    source = new EventSource(element.getAttribute("data-live-events"));
    source.addEventListener("open", function () {
      open = true;
    });
    source.addEventListener("error", function () {
      open = false; // reconnecting, or closed for good (a 204): the polls take over meanwhile
    });
    source.addEventListener("message", function (event) {
      var current = region();
      if (current && current.getAttribute("data-version") !== event.data && !countOnly(current, event.data)) {
        htmx.trigger(current, "live-changed");
      }
    });
  }

  // A poll (htmx's "every" has no triggering event) is not needed while the stream is open.
  document.addEventListener("htmx:confirm", function (event) {
    if (open && !event.detail.triggeringEvent && event.detail.elt.matches(REGION)) {
      event.preventDefault();
    }
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", listen);
  } else {
    listen();
  }
})();
