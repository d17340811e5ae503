// Turn alerts: when it becomes this seat's turn, a vibration (phones), "Your turn" in the
// tab's title while the page is hidden, and (off by default) a short beep made with
// WebAudio; and (off by default) the auto-play of a single legal card after a short pause,
// said on the page. Settings are kept per device (localStorage).
(function () {
  "use strict";
  const panel = document.getElementById("alert-settings");
  if (!panel) return;
  const $ = (id) => document.getElementById(id);
  const KEY = "euchre-alerts";
  const DEFAULTS = { vibrate: true, title: true, sound: false, autoplay: false };
  const AUTOPLAY_MS = 1200;
  const baseTitle = document.title;
  let settings = load();
  let myTurn = false;
  let current = null;  // the latest {view, seat, busy}
  let autoTimer = null;
  let audio = null;

  function load() {
    try {
      return Object.assign({}, DEFAULTS, JSON.parse(localStorage.getItem(KEY) || "{}"));
    } catch (e) { return Object.assign({}, DEFAULTS); }
  }
  function save() { localStorage.setItem(KEY, JSON.stringify(settings)); }

  // Whether the view says it is this seat's move in a game in play.
  function isMyTurn(v, seat) {
    return seat !== null && seat !== undefined && v.status === "playing" && v.to_act === seat && v.legal.length > 0;
  }
  // The tab's title: "Your turn" first while it is this seat's move and the page is hidden.
  function titleFor(turn, hidden) {
    return turn && hidden && settings.title ? "Your turn – " + baseTitle : baseTitle;
  }
  function updateTitle() {
    if (document.title !== baseTitle && !document.title.startsWith("Your turn")) return;  // e.g. "Seat opened elsewhere"
    document.title = titleFor(myTurn, document.hidden);
  }

  function beep() {
    try {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      audio = audio || new Context();
      if (audio.state === "suspended") audio.resume();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.3);
    } catch (e) { /* no sound on this device */ }
  }

  function alertTurn() {
    if (settings.vibrate && navigator.vibrate) navigator.vibrate(200);
    if (settings.sound) beep();
  }

  // A card as people write it ("K♣", "10♥"), from its code ("KC", "TH").
  function cardText(code) {
    const suits = { C: "♣", D: "♦", H: "♥", S: "♠" };
    return (code[0] === "T" ? "10" : code[0]) + (suits[code[1]] || code[1]);
  }
  // The one legal card, when a play is asked for and exactly one card may be played.
  function onlyCard(v) {
    return v.legal.length === 1 && v.legal[0].startsWith("play ") ? v.legal[0] : null;
  }
  function planAutoplay() {
    clearTimeout(autoTimer);
    autoTimer = null;
    const note = $("autoplay-note");
    const action = current && settings.autoplay && myTurn && !current.busy ? onlyCard(current.view) : null;
    if (!action) { if (note.dataset.pending) { note.hidden = true; delete note.dataset.pending; } return; }
    const card = cardText(action.slice(5));
    note.textContent = "Auto-play is on: your only legal card, " + card + ", is played for you in a moment.";
    note.dataset.pending = action;
    note.hidden = false;
    const seq = current.view.seq;
    autoTimer = setTimeout(() => {
      autoTimer = null;
      const v = current && current.view;
      if (!v || !settings.autoplay || !isMyTurn(v, current.seat) || onlyCard(v) !== action || current.busy) return;
      note.textContent = "Auto-play played your only legal card, " + card + ".";
      delete note.dataset.pending;
      if (v.seq >= seq && window.euchrePlay) window.euchrePlay.send(action);
    }, AUTOPLAY_MS);
  }

  for (const name of Object.keys(DEFAULTS)) {
    const box = $("alert-" + name);
    box.checked = Boolean(settings[name]);
    box.addEventListener("change", () => {
      settings[name] = box.checked;
      save();
      if (name === "sound" && box.checked) beep();  // a sample, and the page may play sound now
      if (name === "title") updateTitle();
      if (name === "autoplay") planAutoplay();
    });
  }

  function onView(detail) {
    current = detail;
    const turn = isMyTurn(current.view, current.seat);
    if (turn && !myTurn) alertTurn();
    const changed = turn !== myTurn;
    myTurn = turn;
    updateTitle();
    if (changed || turn) planAutoplay();
  }
  window.euchrePlay.onView(onView);  // every view, and the newest if it came first
  document.addEventListener("visibilitychange", updateTitle);

  window.euchreAlerts = { titleFor: titleFor, isMyTurn: () => myTurn, settings: () => Object.assign({}, settings) };
})();
