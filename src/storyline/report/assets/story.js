/* Citation markers of a story page: a click pins the sources open, Escape or a click elsewhere closes them.
   Hover and keyboard focus already show them through CSS, so the page works without this script. */
(function () {
  "use strict";
  var marks = Array.prototype.slice.call(document.querySelectorAll(".cite-mark"));

  function closeAll(except) {
    marks.forEach(function (m) {
      if (m !== except) {
        m.parentNode.classList.remove("open");
        m.setAttribute("aria-expanded", "false");
      }
    });
  }

  marks.forEach(function (mark) {
    mark.setAttribute("aria-expanded", "false");
    mark.addEventListener("click", function (ev) {
      ev.stopPropagation();
      var box = mark.parentNode;
      var open = !box.classList.contains("open");
      closeAll(mark);
      box.classList.toggle("open", open);
      mark.setAttribute("aria-expanded", open ? "true" : "false");
    });
  });
  document.addEventListener("click", function (ev) {
    if (!ev.target.closest || !ev.target.closest(".cite-pop")) { closeAll(null); }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { closeAll(null); }
  });
}());
