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

  var latest = null; // the last version the stream sent
  var sharing = false; // a shared region is being fetched

  // The projector's version is «stage.answers.joined» (the round's answers and participants so far).
  // While the stage is the same, the count is written from the event itself (its sentence's two
  // forms are in the page, «{n}» the answers to the open question, «{m}» the participants): no
  // request per answer or per phone joining. A new stage fetches the region.
  function countOnly(element, version) {
    var count = element.querySelector("[data-live-count]");
    var shown = (element.getAttribute("data-version") || "").split(".");
    var sent = version.split(".");
    if (!count || shown.length !== 3 || sent.length !== 3 || shown[0] !== sent[0]) {
      return false;
    }
    // Two instances' messages may cross: each counter only grows, so the larger is the newer.
    var answers = Math.max(parseInt(sent[1], 10), parseInt(shown[1], 10));
    var joined = Math.max(parseInt(sent[2], 10), parseInt(shown[2], 10));
    var answered = answers - parseInt(count.getAttribute("data-before"), 10);
    if (isNaN(answered) || isNaN(joined) || answered < 0) {
      return false;
    }
    var sentence = count.getAttribute(answered === 1 ? "data-one" : "data-other") || "";
    if (sentence.indexOf("{m}") < 0) {
      return false;
    }
    count.textContent = sentence.replace("{n}", String(answered)).replace("{m}", String(joined));
    element.setAttribute("data-version", [shown[0], answers, joined].join("."));
    return true;
  }

  // A participant's phone holds the address of the regions it shares with other phones
  // (data-live-seat, signed by the server for this participant: the open question's form, the
  // reveal of the answer it gave). When the stage moves it fetches that without its cookies: the
  // server reads no session for it and draws each such region once. Anything else (204: an answer
  // waiting for its reveal, a missed question, the round over; or a failed fetch) fetches the
  // region with the session as a poll would; an event that came meanwhile is looked at once it is
  // back. The shared form has no CSRF token of its own: the page's goes with the answer.
  var seat = null;
  var csrf = null;

  function remember() {
    var element = region();
    var address = element && element.getAttribute("data-live-seat");
    if (address) {
      seat = address;
    }
    var token = document.querySelector('input[name="csrfmiddlewaretoken"]');
    if (token && token.value) {
      csrf = token.value;
    }
  }

  function fetchShared(current) {
    sharing = true;
    window
      .fetch(seat, { credentials: "omit", cache: "no-store", headers: { "HX-Request": "true" } })
      .then(function (response) {
        return response.status === 200 ? response.text() : null;
      })
      .catch(function () {
        return null;
      })
      .then(function (html) {
        sharing = false;
        if (html && region() === current) {
          htmx.swap(current, html, { swapStyle: "outerHTML" });
        }
        var now = region();
        if (now && latest !== null && now.getAttribute("data-version") !== latest) {
          htmx.trigger(now, "live-changed");
        }
      });
  }

  // A table's stream sends each change as the seat's region itself (a "region" event: the version on
  // its first line, then the markup), drawn for this person by the server as their fetch would be: it
  // is swapped in without a request. While a request of the region is on its way (a move, a poll) it
  // is left: that answer is swapped in, and if it is older than the stream's, the region is fetched.
  var streamed = null; // the version of the stream's last region

  function busy(element) {
    return element.classList.contains("htmx-request") || !!element.querySelector(".htmx-request");
  }

  function behind(element) {
    var shown = parseInt(element.getAttribute("data-version"), 10);
    return streamed !== null && !(shown >= streamed);
  }

  function regionEvent(event) {
    var cut = event.data.indexOf("\n");
    var version = parseInt(event.data.slice(0, cut), 10);
    var current = region();
    if (cut < 0 || isNaN(version) || !current) {
      return;
    }
    latest = String(version);
    streamed = version;
    if (!behind(current) || busy(current)) {
      return;
    }
    current.dispatchEvent(new CustomEvent("live-region", { bubbles: true }));
    htmx.swap(current, event.data.slice(cut + 1), { swapStyle: "outerHTML" });
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    remember();
    var now = region();
    if (now && event.detail.elt === now && behind(now) && !busy(now)) {
      htmx.trigger(now, "live-changed");
    }
  });
  document.addEventListener("htmx:configRequest", function (event) {
    if (csrf && event.detail.verb === "post" && event.detail.elt.closest(REGION)) {
      event.detail.headers["X-CSRFToken"] = csrf;
    }
  });

  function listen() {
    var element = region();
    if (!element || source) {
      return;
    }
    remember();
    source = new EventSource(element.getAttribute("data-live-events"));
    source.addEventListener("open", function () {
      open = true;
    });
    source.addEventListener("error", function () {
      open = false; // reconnecting, or closed for good (a 204): the polls take over meanwhile
    });
    source.addEventListener("region", regionEvent);
    source.addEventListener("message", function (event) {
      latest = event.data;
      var current = region();
      if (sharing || !current || current.getAttribute("data-version") === event.data || countOnly(current, event.data)) {
        return;
      }
      if (seat && csrf && window.fetch) {
        fetchShared(current);
      } else {
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
