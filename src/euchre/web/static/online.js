// The online night's seat finder: a player's own code takes him to his seat, round after
// round (the code is kept in this browser's localStorage for this event).
(function () {
  const root = document.getElementById("online");
  const event = root.dataset.event;
  const key = "euchre-online-code-" + event;
  const form = document.getElementById("seat-form");
  const input = document.getElementById("player-code");
  const out = document.getElementById("seat-status");
  const between = document.getElementById("between");
  let timer = null;
  let clockTimer = null;
  let shownBetween = null;
  const CLOCK = /data-seconds-left="\d*"|<strong class="clock-left">[^<]*<\/strong>/g;
  function show(text) { out.textContent = text; }
  // Between his games: the standings, the round's clock, his last result; after the last
  // round, the night's results (a fragment the server renders). Returns whether the night
  // is over (then nothing more is asked).
  async function showBetween(code) {
    let response;
    try {
      response = await fetch("/events/" + event + "/online/between", {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({code: code})});
    } catch (error) { return false; }
    if (!response.ok) return false;
    const text = await response.text();
    // Replaced only when something other than the clock changed (the clock ticks here), so
    // a link the player is on keeps its focus.
    const same = text.replace(CLOCK, "");
    if (same !== shownBetween) {
      shownBetween = same;
      between.innerHTML = text;
      startClock();
    }
    between.hidden = false;
    const view = document.getElementById("between-view");
    return view !== null && view.dataset.nightOver === "yes";
  }
  function hideBetween() { between.hidden = true; clearInterval(clockTimer); shownBetween = null; }
  // The round's clock counts down from what the server said (no clock on this phone trusted).
  function startClock() {
    clearInterval(clockTimer);
    const box = document.getElementById("round-clock");
    const left = box ? parseInt(box.dataset.secondsLeft, 10) : NaN;
    const shown = box ? box.querySelector(".clock-left") : null;
    if (isNaN(left) || !shown) return;
    const until = Date.now() + left * 1000;
    const tick = () => {
      const seconds = Math.max(0, Math.round((until - Date.now()) / 1000));
      shown.textContent = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
      if (seconds === 0) { shown.textContent = "time is up (the bell)"; clearInterval(clockTimer); }
    };
    tick();
    clockTimer = setInterval(tick, 1000);
  }
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
      hideBetween();
      location.assign(data.url);
      return;
    }
    if (data.state === "online" && data.bot) {
      show(who + "the director gave your seat at table " + data.table + " to a computer player (" + data.bot + "). Ask the director to give it back.");
    } else if (data.state === "online") {
      show(who + "your game at table " + data.table + " of round " + data.round + " is over.");
    } else if (data.state === "paper") {
      show(who + "round " + data.round + ": you play at table " + data.table + " with cards on the table (enter the score with the table's code).");
    } else if (data.state === "sitting_out") {
      show(who + "you sit out round " + data.round + ". This page takes you to your seat when the next round starts.");
    } else {
      show(who + "no round is in play. This page takes you to your seat when the director starts one.");
    }
    if (await showBetween(code)) {
      // The night is over: its results lead the page; nothing more to find.
      show(who + "the night is over.");
      root.dataset.state = "night_over";
      form.hidden = true;
      document.getElementById("seat-intro").hidden = true;
      return;
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
