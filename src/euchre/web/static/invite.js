// The invite page: one seat shown at a time, its link shared (the phone's share sheet, else
// copied), and the host key kept in this browser for the table page's seat controls.
(() => {
  "use strict";
  const root = document.getElementById("invite");
  if (!root) return;
  const table = root.dataset.table;
  if (root.dataset.hostToken) localStorage.setItem("euchre-host:" + table, root.dataset.hostToken);
  const pick = document.getElementById("invite-seat");
  function show() {
    document.querySelectorAll(".invite[data-seat]").forEach((section) => {
      section.hidden = section.dataset.seat !== pick.value;
    });
  }
  if (pick) { pick.addEventListener("change", show); show(); }
  document.querySelectorAll("button.share").forEach((button) => {
    button.addEventListener("click", () => window.euchreShare(button.dataset.url, button.dataset.name, button.closest("section").querySelector(".share-result")));
  });
})();
