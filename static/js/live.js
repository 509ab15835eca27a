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
      if (current && current.getAttribute("data-version") !== event.data) {
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
