// The table's chat: preset messages and emotes, free text where the table allows it, the
// host's chat setting. Messages arrive in every view ("chat": the latest ones) and are shown
// with textContent only: a message is text, never markup. Sent as the seat whose token this
// page holds (the server takes the seat from the token, never from the message).
(function () {
  "use strict";
  const root = document.getElementById("chat");
  if (!root) return;
  const table = root.dataset.table;
  const $ = (id) => document.getElementById(id);
  const log = $("chat-log");
  const note = $("chat-note");
  const form = $("chat-form");
  const input = $("chat-text");
  const presets = $("chat-presets");
  const setting = $("chat-setting");
  let shown = 0;  // the number of the last message shown
  // The chat is a closed panel on a phone: its title counts the messages that came in since
  // it was last open (others' only; nothing while it is open).
  const panel = $("chat-panel");
  const unread = $("chat-unread");
  let unseen = 0;
  let primed = false;  // the messages of the first view were there before this page: not new
  function showUnseen() {
    if (!unread) return;
    unread.hidden = !unseen;
    unread.textContent = unseen ? unseen + " new" : "";
  }
  if (panel) panel.addEventListener("toggle", () => { if (panel.open) { unseen = 0; showUnseen(); } });
  let view = null;
  let sending = false;

  function token() {
    try {
      const saved = JSON.parse(localStorage.getItem("euchre-play:" + table) || "null");
      return saved && saved.token ? saved.token : null;
    } catch (e) { return null; }
  }
  function hostToken() { return localStorage.getItem("euchre-host:" + table); }

  // Whether a hand is being played (from its first bid to its last trick): where talk waits
  // for the hand's end, the buttons say so before the server has to.
  function handInPlay(v) {
    return v.status === "playing" && (Boolean(v.question) || (Array.isArray(v.history) && v.history.length > 0));
  }

  function renderLines(v) {
    const lines = v.chat || [];
    if (lines.length && lines[lines.length - 1].number < shown) { log.replaceChildren(); shown = 0; }
    for (const line of lines) {
      if (line.number <= shown) continue;
      const item = document.createElement("li");
      item.dataset.seat = String(line.seat);
      item.dataset.number = String(line.number);
      if (line.preset) item.className = "preset";
      const who = document.createElement("span");
      who.className = "chat-who";
      const named = window.euchrePlay && window.euchrePlay.seatName ? window.euchrePlay.seatName(line.seat) : "";
      who.textContent = (line.seat === v.seat ? "You" : named || line.name) + ": ";
      const text = document.createElement("span");
      text.className = "chat-text";
      text.textContent = line.text;  // as typed: never parsed as markup
      item.append(who, text);
      log.append(item);
      if (primed && panel && !panel.open && line.seat !== v.seat) unseen += 1;
      shown = line.number;
    }
    primed = true;
    showUnseen();
    while (log.children.length > 50) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  function renderControls(v, seat) {
    const mode = v.chat_mode;
    root.dataset.mode = mode;
    const mine = seat !== null && seat !== undefined && token() !== null;
    const waiting = mode === "between_hands" && handInPlay(v);
    let why = "";
    if (!mine) why = "Only the players at the table can chat; you are watching.";
    else if (mode === "off") why = "Chat is off at this table.";
    else if (waiting) why = "Table talk waits until the hand is over at this table.";
    else if (mode !== "free") why = "Only the quick messages can be sent at this table.";
    if (!note.classList.contains("error")) note.textContent = why;
    presets.hidden = !mine || mode === "off";
    for (const b of presets.querySelectorAll("button")) b.disabled = waiting || sending;
    // While a message is on its way, Send waits too: a second press would otherwise be dropped.
    $("chat-send").disabled = sending;
    form.hidden = !mine || mode !== "free";
    const host = hostToken() !== null && !v.event;
    $("chat-host").hidden = !host;
    if (host && document.activeElement !== setting) setting.value = mode;
  }

  function problem(text) {
    note.textContent = text;
    note.classList.add("error");
    note.setAttribute("role", "alert");
    setTimeout(() => {
      if (note.textContent === text) {
        note.classList.remove("error");
        note.setAttribute("role", "status");
        if (view) renderControls(view.view, view.seat);
      }
    }, 6000);
  }

  async function say(text) {
    const seatToken = token();
    if (!seatToken || sending) return false;
    sending = true;
    if (view) renderControls(view.view, view.seat);
    try {
      const answer = await fetch("/api/play/tables/" + table + "/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer " + seatToken },
        body: JSON.stringify({ text: text }),
      });
      if (answer.ok) return true;
      const body = await answer.json().catch(() => ({}));
      problem(body.detail || "The message was not sent; try again.");
      return false;
    } catch (e) {
      problem("The message was not sent: the connection dropped; try again.");
      return false;
    } finally {
      sending = false;
      if (view) renderControls(view.view, view.seat);
    }
  }

  presets.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-text]");
    if (b) say(b.dataset.text);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) { problem("Type a message first."); return; }
    // Clear the box only of what was sent: words typed while it was on its way stay.
    if (await say(text) && input.value.trim() === text) input.value = "";
  });
  setting.addEventListener("change", async () => {
    const answer = await fetch("/api/play/tables/" + table + "/chat-settings", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + hostToken() },
      body: JSON.stringify({ mode: setting.value }),
    });
    if (!answer.ok) {
      const body = await answer.json().catch(() => ({}));
      problem(body.detail || "The chat setting was not changed.");
    }
  });
  function onView(detail) {
    view = detail;
    renderLines(view.view);
    renderControls(view.view, view.seat);
  }
  window.euchrePlay.onView(onView);  // every view, and the newest if it came first
})();
