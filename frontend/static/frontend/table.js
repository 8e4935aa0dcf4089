// The battle page at the table: Play/Pause steps the map replay one turn a second (the
// slider's own input event fetches each turn, as dragging it does), and the slider's
// read-out says "Deployment" or "Turn N". On every page, a panel whose content scrolls
// sideways (a wide table or map on a phone) is made reachable by keyboard: focusable and
// named after its heading (WCAG 2.1.1; axe: scrollable-region-focusable).
(function () {
  "use strict";
  var STEP_MS = 1100;
  var timer = null;

  function slider() { return document.getElementById("turn-slider"); }

  function show(input, value) {
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function stop(button) {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
    button.textContent = "Play";
    button.setAttribute("aria-pressed", "false");
  }

  function play(button) {
    var input = slider();
    if (!input) return;
    var last = Number(input.max);
    if (Number(input.value) >= last) show(input, 0);
    button.textContent = "Pause";
    button.setAttribute("aria-pressed", "true");
    timer = window.setInterval(function () {
      var next = Number(input.value) + 1;
      if (next > last) { stop(button); return; }
      show(input, next);
    }, STEP_MS);
  }

  function focusableScrollers() {
    var panels = document.querySelectorAll(".panel, .table-scroll");
    Array.prototype.forEach.call(panels, function (panel) {
      if (panel.hasAttribute("tabindex")) return;
      if (panel.scrollWidth <= panel.clientWidth + 1) return;
      panel.setAttribute("tabindex", "0");
      if (!panel.hasAttribute("role")) panel.setAttribute("role", "region");
      var heading = panel.querySelector("h2, h3");
      if (!panel.hasAttribute("aria-label") && !panel.hasAttribute("aria-labelledby") && heading) {
        panel.setAttribute("aria-label", heading.textContent.trim());
      }
    });
  }
  document.addEventListener("DOMContentLoaded", focusableScrollers);
  window.addEventListener("resize", focusableScrollers);
  document.addEventListener("htmx:afterSettle", focusableScrollers);

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("replay-play");
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      if (timer === null) play(button); else stop(button);
    });
  });

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (input.id !== "turn-slider") return;
    var output = document.getElementById("turn-output");
    var words = input.value === "0" ? "Deployment" : "Turn " + input.value;
    if (output) output.textContent = words;
    input.setAttribute("aria-valuetext", words);
  });
})();
