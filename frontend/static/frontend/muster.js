// Small page behaviour that htmx does not cover: the turn slider's read-out, showing a unit
// after it was added or duplicated (the server names it in X-Muster-Focus), the builder's
// undo/redo shortcuts, and swapping the editor's 422 refusals (htmx 2 swaps no 4xx answer
// unless told: https://htmx.org/reference/#config responseHandling).
(function () {
  "use strict";
  if (window.htmx) {
    window.htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "422", swap: true, error: false },
      { code: "[45]..", swap: false, error: true }
    ];
  }
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
    if (!unit) return;
    unit.scrollIntoView({ block: "center" });
    unit.classList.add("just-added");
    unit.focus({ preventScroll: true });
    window.setTimeout(function () { unit.classList.remove("just-added"); }, 2500);
  });
  // Ctrl+Z / Ctrl+Shift+Z (Cmd on a Mac) press the builder's Undo and Redo buttons, except
  // while typing in a text field, where the browser's own undo of the typing applies.
  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    var key = event.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    var target = event.target;
    if (target.isContentEditable || /^(TEXTAREA|SELECT)$/.test(target.tagName)) return;
    if (target.tagName === "INPUT" && !/^(checkbox|radio|button|submit)$/.test(target.type)) return;
    var redo = key === "y" || event.shiftKey;
    var button = document.getElementById(redo ? "redo-button" : "undo-button");
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  });
})();
