// Small page behaviour that htmx does not cover: the turn slider's read-out, and moving
// focus to a unit after it was added or duplicated (the server names it in the URL hash).
(function () {
  "use strict";
  document.addEventListener("input", function (event) {
    var slider = event.target;
    if (slider.id !== "turn-slider") return;
    var output = document.getElementById("turn-output");
    if (output) output.textContent = slider.value;
    slider.setAttribute("aria-valuetext", slider.value === "0" ? "Deployment" : "Turn " + slider.value);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id !== "roster-editor") return;
    var focus = event.detail.xhr.getResponseHeader("X-Muster-Focus");
    if (!focus) return;
    var unit = document.getElementById("unit-" + focus);
    if (unit) { unit.scrollIntoView({ block: "nearest" }); }
  });
})();
