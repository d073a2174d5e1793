// Live spectating: on each server-sent event the page's latest position is fetched and the
// live section (board, caption, links, moves) is replaced. No inline script (the CSP forbids
// it); without JavaScript the page still works, it just does not update by itself.
(function () {
  "use strict";
  var section = document.getElementById("live");
  if (!section || !window.EventSource || !window.fetch || !window.DOMParser) { return; }
  var events = new EventSource(section.getAttribute("data-events"));
  var page = section.getAttribute("data-page");
  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(page, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var live = fresh.getElementById("live");
        var current = document.getElementById("live");
        if (live) {
          current.innerHTML = live.innerHTML;
        } else {  // the game ended: the final position, and no more events
          var ended = fresh.getElementById("position");
          if (ended) { current.replaceWith(document.importNode(ended, true)); }
          events.close();
        }
        var state = fresh.querySelector("p.state"), shown = document.querySelector("p.state");
        if (state && shown) { shown.textContent = state.textContent; }
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }
  events.addEventListener("change", refresh);
})();
