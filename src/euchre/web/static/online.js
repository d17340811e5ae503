// The online night's seat finder: a player's own code takes him to his seat, round after
// round (the code is kept in this browser's localStorage for this event).
(function () {
  const root = document.getElementById("online");
  const event = root.dataset.event;
  const key = "euchre-online-code-" + event;
  const form = document.getElementById("seat-form");
  const input = document.getElementById("player-code");
  const out = document.getElementById("seat-status");
  let timer = null;
  function show(text) { out.textContent = text; }
  async function find(code, fromForm) {
    let response;
    try {
      response = await fetch("/api/events/" + event + "/online/seat", {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({code: code})});
    } catch (error) { show("No connection; trying again…"); return later(code); }
    const data = await response.json();
    if (!response.ok) {
      show(data.detail || "That code did not work.");
      if (!fromForm) localStorage.removeItem(key);
      return;
    }
    localStorage.setItem(key, code);
    root.dataset.state = data.state;
    const who = data.name + ": ";
    if (data.state === "online" && data.url && data.table_state === "playing") {
      show(who + "round " + data.round + ", table " + data.table + ". Taking you to your seat…");
      location.assign(data.url);
      return;
    }
    if (data.state === "online" && data.bot) {
      show(who + "the director gave your seat at table " + data.table + " to a computer player (" + data.bot + "). Ask the director to give it back.");
    } else if (data.state === "online") {
      show(who + "your game at table " + data.table + " of round " + data.round + " is over. The next round's seat opens here when the director starts it.");
    } else if (data.state === "paper") {
      show(who + "round " + data.round + ": you play at table " + data.table + " with cards on the table (enter the score with the table's code).");
    } else if (data.state === "sitting_out") {
      show(who + "you sit out round " + data.round + ". This page takes you to your seat when the next round starts.");
    } else {
      show(who + "no round is in play. This page takes you to your seat when the director starts one.");
    }
    later(code);
  }
  function later(code) {
    clearTimeout(timer);
    timer = setTimeout(() => find(code, false), Number(root.dataset.poll || 3000));
  }
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const code = input.value.trim();
    if (code) find(code, true);
  });
  // The home page's "find my table" sends a player of an online table here with his code in
  // the fragment (never sent to a server); it is moved out of the address bar at once.
  const given = new URLSearchParams(location.hash.slice(1)).get("code");
  if (given) history.replaceState(null, "", location.pathname + location.search);
  const saved = given || localStorage.getItem(key);
  if (saved) { input.value = saved; find(saved, Boolean(given)); }
})();
