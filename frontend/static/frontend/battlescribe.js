// The BattleScribe import form's byte progress bar (docs/battlescribe.md). htmx posts the
// form and hands over its XMLHttpRequest in htmx:beforeSend (https://htmx.org/events/);
// this fills the <progress> from that request's upload progress with the bytes sent (also for the report's Accept button, which
// sends the form's files again). Without JavaScript the bar stays hidden and the form posts
// as a plain page.
(function () {
  "use strict";
  var total = 0;
  function parts(event) {
    var source = event.detail.elt || event.target;
    var form = source.closest ? source.closest("#bs-form") : null;
    if (!form && source.getAttribute) form = document.getElementById(source.getAttribute("form") || "");
    if (!form || form.id !== "bs-form") return null;
    return {
      bar: document.getElementById("bs-progress"),
      text: document.getElementById("bs-progress-text")
    };
  }
  function kb(bytes) {
    return Math.round(bytes / 1024).toLocaleString() + " KB";
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var p = parts(event);
    if (!p) return;
    total = 0;
    p.bar.hidden = false;
    p.bar.removeAttribute("value");  // indeterminate until the first progress event
    p.text.textContent = "Uploading…";
  });
  document.addEventListener("htmx:beforeSend", function (event) {
    var p = parts(event);
    if (!p) return;
    // htmx's own htmx:xhr:progress mixes the upload with the answer's download; the bar
    // counts only the bytes sent.
    event.detail.xhr.upload.addEventListener("progress", function (progress) {
      if (!progress.lengthComputable) return;
      total = progress.total;
      p.bar.max = total;
      p.bar.value = progress.loaded;
      p.text.textContent = progress.loaded < total
        ? "Uploaded " + kb(progress.loaded) + " of " + kb(total)
        : "Uploaded " + kb(total) + "; reading the files…";
    });
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var p = parts(event);
    if (!p) return;
    if (event.detail.successful) {
      p.bar.max = total || 1;
      p.bar.value = total || 1;
      p.text.textContent = total ? "Uploaded " + kb(total) + "." : "Uploaded.";
    } else {
      p.bar.hidden = true;
      p.text.textContent = "The upload did not go through.";
    }
  });
})();
