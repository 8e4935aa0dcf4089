// Small page behaviour that htmx does not cover: the turn slider's read-out, showing a unit
// after it was added or duplicated (the server names it in X-Muster-Focus), the builder's
// undo/redo shortcuts, settling swaps at once, swapping the editor's 422 refusals (htmx 2
// swaps no 4xx answer unless told: https://htmx.org/reference/#config responseHandling), and
// keeping the screen awake on a game clock (Screen Wake Lock API, where the browser has it).
(function () {
  "use strict";
  if (window.htmx) {
    window.htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "422", swap: true, error: false },
      { code: "[45]..", swap: false, error: true }
    ];
    // New content listens for edits the moment it shows: htmx attaches the triggers of
    // swapped-in forms in its settle step, 20 ms later by default, and a change made in
    // between (a quick edit, a test) was sent nowhere. No style here waits on settling.
    window.htmx.config.defaultSettleDelay = 0;
  }
  document.addEventListener("input", function (event) {
    var slider = event.target;
    if (slider.id !== "turn-slider") return;
    var output = document.getElementById("turn-output");
    if (output) output.textContent = slider.value;
    slider.setAttribute("aria-valuetext", slider.value === "0" ? "Deployment" : "Turn " + slider.value);
  });
  // A unique [1] unit already in the list cannot be added again: its catalogue Add button
  // is disabled (the server renders it so; after an edit the editor names the taken ones).
  function markTakenUnique() {
    var holder = document.getElementById("taken-unique");
    if (!holder) return;
    var taken = (holder.getAttribute("data-keys") || "").split(" ");
    document.querySelectorAll("button[data-unique-key]").forEach(function (button) {
      var isTaken = taken.indexOf(button.getAttribute("data-unique-key")) !== -1;
      button.disabled = isTaken;
      button.textContent = isTaken ? "Taken" : "Add";
      if (isTaken) button.title = "Unique: already in your list";
      else button.removeAttribute("title");
    });
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var id = event.detail.target.id;
    if (id === "roster-editor" || id === "catalogue-results") markTakenUnique();
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id !== "roster-editor") return;
    var focus = event.detail.xhr.getResponseHeader("X-Muster-Focus");
    if (!focus) return;
    var unit = document.getElementById("unit-" + focus);
    if (!unit) return;
    unit.scrollIntoView({ block: "center" });
    unit.focus({ preventScroll: true });
    // after a removal the focus only moves on to the next row; a new unit is highlighted
    if (event.detail.xhr.getResponseHeader("X-Muster-Focus-Kind") === "next") return;
    unit.classList.add("just-added");
    window.setTimeout(function () { unit.classList.remove("just-added"); }, 2500);
  });
  // A game clock keeps the phone's screen on (https://developer.mozilla.org/docs/Web/API/
  // Screen_Wake_Lock_API). The browser drops the lock when the page is hidden, so it is asked
  // for again when the page shows; a browser without the API (or refusing it, e.g. on a low
  // battery) only gets a note saying to keep the screen on by hand.
  function keepAwake() {
    var board = document.querySelector("[data-wake-lock]");
    if (!board) return;
    var note = document.getElementById("wake-status");
    var say = function (text) { if (note) note.textContent = text; };
    if (!("wakeLock" in navigator) || !navigator.wakeLock) {
      say("This browser cannot keep the screen awake: keep it on by hand.");
      return;
    }
    var lock = null;
    var ask = function () {
      navigator.wakeLock.request("screen").then(function (granted) {
        lock = granted;
        say("The screen stays awake while this clock is open.");
        granted.addEventListener("release", function () {
          if (document.visibilityState === "visible") say("The screen may go dark again.");
        });
      }).catch(function () {
        say("The screen could not be kept awake (battery saver?): keep it on by hand.");
      });
    };
    ask();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && (lock === null || lock.released)) ask();
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", keepAwake);
  } else {
    keepAwake();
  }
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
