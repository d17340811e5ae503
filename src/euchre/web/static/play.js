// Browser play: one seat's live table. Served by the app itself (no build, no CDN).
// The seat token arrives in the link's fragment (#seat=N&token=...), is kept in this
// browser's localStorage for this table, and is sent only in an Authorization header or the
// WebSocket's first message. Everything shown comes from the seat's view; nothing else.
"use strict";
(function () {
  const profilePick = document.getElementById("profile");
  if (profilePick) {  // the new-table form: show the chosen profile's options
    const show = () => document.querySelectorAll(".profile-options").forEach((d) => { d.hidden = d.dataset.profile !== profilePick.value; });
    profilePick.addEventListener("change", show);
    show();
  }
  const root = document.getElementById("play");
  if (!root) return;
  const table = root.dataset.table;
  const NAMES = root.dataset.seatNames.split(",");
  const KINDS = root.dataset.kinds.split(",");
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const RANK_WORDS = { "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace" };
  const storeKey = "euchre-play:" + table;
  const $ = (id) => document.getElementById(id);

  const hostKey = "euchre-host:" + table;
  let seat = null;
  let token = null;
  let hostToken = localStorage.getItem(hostKey);
  let revoked = false;
  let view = null;
  let socket = null;
  let retry = 0;
  let busy = false;
  let lastHandShown = 0;
  let nextSeatTimer = null;
  let timerHandle = null;

  function readSeat() {
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get("host")) {
      hostToken = hash.get("host");
      localStorage.setItem(hostKey, hostToken);
    }
    if (hash.get("token")) {
      localStorage.setItem(storeKey, JSON.stringify({ seat: Number(hash.get("seat")), token: hash.get("token") }));
    }
    if (hash.get("token") || hash.get("host")) history.replaceState(null, "", location.pathname + location.search);
    try {
      const saved = JSON.parse(localStorage.getItem(storeKey) || "null");
      if (saved && saved.token) { seat = saved.seat; token = saved.token; }
    } catch (e) { /* a spectator */ }
  }

  function cardText(code) {
    const rank = code[0] === "T" ? "10" : code[0];
    return rank + (SUITS[code[1]] || code[1]);
  }
  function cardLabel(code) {
    return (RANK_WORDS[code[0]] || code[0]) + " of " + (SUIT_WORDS[code[1]] || code[1]);
  }
  function cardSpan(code) {
    const span = document.createElement("span");
    span.className = "card" + ("DH".includes(code[1]) ? " red" : "");
    span.textContent = cardText(code);
    span.setAttribute("aria-label", cardLabel(code));
    span.dataset.card = code;
    return span;
  }
  function seatName(n) {
    if (n === null || n === undefined) return "";
    return NAMES[n] + (n === seat ? " (you)" : "");
  }
  function actionLabel(text) {
    const words = text.split(" ");
    if (words[0] === "play" || words[0] === "discard") return words[0] + " " + cardText(words[1]);
    if (words[0] === "call") return "call " + SUITS[words[1]] + (words[2] ? " alone" : "");
    if (words[0] === "ask") {
      return "ask " + NAMES[Number(words[1])] + (words[2] ? " about " + cardText(words[2]) : " (top of the pile)");
    }
    if (text === "sit") return "Sit down";
    if (text === "answered") return "Answered";
    if (text === "rematch") return "Rematch";
    if (text === "order") return "order it up";
    if (text === "order alone") return "order it up, alone";
    return text;
  }
  function button(text, action, index) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = action;
    b.textContent = text;
    if (index !== undefined && index < 9) {
      const key = document.createElement("kbd");
      key.textContent = String(index + 1);
      key.setAttribute("aria-hidden", "true");
      b.prepend(key, " ");
      b.setAttribute("aria-keyshortcuts", String(index + 1));
    }
    b.addEventListener("click", () => send(action));
    return b;
  }

  // ---------------------------------------------------------------- rendering
  function statusText(v) {
    if (v.status === "waiting") {
      return v.legal.includes("sit") ? "Take your seat: the game starts when everyone has sat down" : "Waiting for players to sit down";
    }
    if (v.status === "over" && v.closed) {
      return "The director ended the game at the bell: " + v.scores[0] + "–" + v.scores[1] + " as it stands";
    }
    if (v.status === "over") {
      if (v.winner === null) return "Game over: a tie " + v.scores[0] + "–" + v.scores[1];
      if (seat === null) return "Game over: " + teamName(v.winner) + " win " + v.scores[0] + "–" + v.scores[1];
      const ours = seat % 2;
      return "Game over: you " + (v.winner === ours ? "win " : "lose ") + v.scores[ours] + "–" + v.scores[1 - ours];
    }
    const mine = v.to_act === seat && seat !== null;
    if (v.phase === "question_ask") return mine ? "Your turn: choose who is asked" : seatName(v.to_act) + " chooses who is asked";
    if (v.phase === "question_answer") return mine ? "Your turn: mark the question answered once it is" : "Waiting for " + seatName(v.to_act) + " to mark the question answered";
    if (mine) return v.phase === "discard" ? "Your turn: discard a card" : "Your turn";
    const verb = v.phase.startsWith("bid") ? "bid" : v.phase === "discard" ? "discard" : v.phase === "defend" ? "decide on defending alone" : v.phase === "go_under" ? "decide on going under" : v.phase === "fold" ? "decide on folding" : "play";
    return seatName(v.to_act) + " to " + verb;
  }
  function teamName(team) { return team === 0 ? "South & North" : "West & East"; }

  function render(v) {
    if (revoked) return;  // the seat is someone else's now: nothing more is shown
    view = v;
    const status = $("play-status");
    status.dataset.status = v.status;
    status.dataset.seq = String(v.seq);
    status.dataset.toAct = v.to_act === null ? "" : String(v.to_act);
    status.dataset.phase = v.phase;
    status.dataset.busy = busy ? "sending" : "";
    status.textContent = statusText(v);
    const ours = seat === null ? 0 : seat % 2;
    $("score").textContent = (seat === null ? teamName(0) : "Us") + " " + v.scores[ours] + " – " + (seat === null ? teamName(1) : "Them") + " " + v.scores[1 - ours];
    $("score").dataset.scores = v.scores.join(",");
    const goal = v.profile.game_target ? "to " + v.profile.game_target : v.hands_left + " counted hands left";
    $("hands-played").textContent = " · hands played " + v.hands_played + " · " + goal + " · " + v.profile.name;
    if (v.label) $("hands-played").textContent += " · " + v.label;
    renderInfo(v);
    renderTrick(v);
    renderQuestion(v);
    renderActions(v);
    renderHand(v);
    renderTimer(v);
    renderHandOver(v);
    renderSeats(v);
    renderPresence(v);
    renderHistory(v);
    $("hint-button").hidden = !(v.hints && seat !== null && v.legal.length && v.status === "playing");
    if (!$("last-trick").hidden) renderLastTrick(v);
    // Chat and turn alerts (chat.js, alerts.js) follow the same views.
    document.dispatchEvent(new CustomEvent("euchre:view", { detail: { view: v, seat: seat, busy: busy } }));
  }

  function renderInfo(v) {
    const info = $("info");
    info.replaceChildren();
    if (!v.dealer && v.dealer !== 0) return;
    const add = (label, value, id) => {
      const p = document.createElement("span");
      p.className = "fact";
      if (id) p.id = id;
      p.append(label + ": ");
      if (value instanceof Node) p.append(value); else p.append(String(value));
      info.append(p);
    };
    add("Hand", v.hand_number, "hand-number");
    add("Dealer", seatName(v.dealer), "dealer");
    const up = cardSpan(v.up_card);
    if (v.turned_down) up.classList.add("turned-down");
    add(v.turned_down ? "Turned down" : "Up-card", up, "up-card");
    if (v.trump) {
      const t = document.createElement("span");
      t.className = "suit" + ("DH".includes(v.trump) ? " red" : "");
      t.textContent = SUITS[v.trump];
      t.setAttribute("aria-label", SUIT_WORDS[v.trump]);
      add("Trump", t, "trump");
      add("Maker", seatName(v.maker) + (v.alone ? ", alone" : ""), "maker");
      if (v.defender_alone !== null) add("Defending alone", seatName(v.defender_alone));
      const ours = seat === null ? 0 : seat % 2;
      add("Tricks", (seat === null ? "" : "us ") + v.tricks_won[ours] + " – " + (seat === null ? "" : "them ") + v.tricks_won[1 - ours], "tricks-won");
    }
    if (v.discard) add("Your discard", cardSpan(v.discard), "my-discard");
  }

  function renderTrick(v) {
    const box = $("trick");
    box.replaceChildren();
    let plays = v.trick || [];
    let caption = "";
    if (v.question && v.tricks && v.tricks[v.question.trick]) {
      const asked = v.tricks[v.question.trick];
      plays = asked.cards;
      caption = "Trick " + (v.question.trick + 1) + ", won by " + seatName(asked.winner) + ":";
    } else if (!plays.length && v.phase === "play") {
      caption = seatName(v.to_act) + (v.to_act === seat ? " lead" : " leads");
    }
    if (caption) {
      const note = document.createElement("p");
      note.className = "caption";
      note.textContent = caption;
      box.append(note);
    }
    plays.forEach((play) => {
      const slot = document.createElement("div");
      slot.className = "played seat-" + play.seat;
      slot.append(seatName(play.seat) + " ", cardSpan(play.card));
      box.append(slot);
    });
    box.hidden = !caption && !plays.length;
  }

  function renderQuestion(v) {
    const box = $("question");
    const q = v.question;
    box.hidden = !q;
    box.replaceChildren();
    if (!q) return;
    const h = document.createElement("p");
    h.className = "q-head";
    if (q.stage === "ask") {
      h.textContent = seatName(q.asker) + " won the trick and chooses who is asked" + (v.to_act === seat ? ": choose below" : "…");
      box.append(h);
      return;
    }
    h.textContent = seatName(q.asker) + " asks " + seatName(q.asked) + (q.source === "pile" ? " (top card of the pile, " : " (the card ") + cardText(q.card) + "):";
    const text = document.createElement("p");
    text.id = "question-text";
    text.className = "q-text";
    text.textContent = q.question;
    box.append(h, text);
  }

  function renderActions(v) {
    const box = $("actions");
    box.replaceChildren();
    v.legal.forEach((action, index) => {
      const word = action.split(" ")[0];
      if (word === "play" || word === "discard") return; // on the cards themselves
      box.append(button(actionLabel(action), action, index));
    });
    box.querySelectorAll("button").forEach((b) => { b.disabled = busy; });
  }

  function renderHand(v) {
    const box = $("my-hand");
    box.replaceChildren();
    if (seat === null) return;
    const legal = new Map(v.legal.map((a, i) => [a, i]));
    v.hand.forEach((code) => {
      const action = legal.has("play " + code) ? "play " + code : legal.has("discard " + code) ? "discard " + code : null;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "card-button" + ("DH".includes(code[1]) ? " red" : "");
      b.dataset.card = code;
      b.textContent = cardText(code);
      if (action) {
        const index = legal.get(action);
        b.dataset.action = action;
        b.classList.add("legal");
        b.setAttribute("aria-label", (action.startsWith("discard") ? "discard " : "play ") + cardLabel(code) + (index < 9 ? ", key " + (index + 1) : ""));
        if (index < 9) {
          const key = document.createElement("kbd");
          key.textContent = String(index + 1);
          key.setAttribute("aria-hidden", "true");
          b.append(" ", key);
        }
        b.addEventListener("click", () => send(action));
        b.disabled = busy;
      } else {
        b.disabled = true;
        b.setAttribute("aria-label", cardLabel(code) + (v.to_act === seat && v.phase === "play" ? ", cannot be played now" : ""));
      }
      box.append(b);
    });
  }

  function renderTimer(v) {
    const box = $("timer");
    if (timerHandle) { clearInterval(timerHandle); timerHandle = null; }
    if (!v.turn_deadline) { box.hidden = true; return; }
    box.hidden = false;
    const tick = () => {
      const left = Math.max(0, Math.round(v.turn_deadline - Date.now() / 1000));
      box.textContent = seatName(v.to_act) + ": " + left + " s left";
      box.dataset.secondsLeft = String(left);
    };
    tick();
    timerHandle = setInterval(tick, 1000);
  }

  function renderHandOver(v) {
    const box = $("hand-over");
    const last = v.last_hand;
    if (v.status === "over") {
      box.hidden = false;
      box.textContent = statusText(v) + (last ? ". Last hand: " + describeHand(last) : "");
      if (v.event && seat !== null) {
        // An online club night: the event's page takes the player to his next seat.
        const link = document.createElement("a");
        link.id = "next-seat";
        link.href = "/events/" + v.event + "/online";
        link.textContent = "Go to your next seat";
        box.append(" ", link);
        if (!nextSeatTimer) nextSeatTimer = setTimeout(() => location.assign(link.href), 8000);
      }
      return;
    }
    if (!last) { box.hidden = true; return; }
    if (last.number !== lastHandShown) {
      lastHandShown = last.number;
      box.hidden = false;
      box.textContent = "Hand " + last.number + " over: " + describeHand(last);
    }
  }
  function describeHand(last) {
    if (last.status !== "scored") return last.status === "redeal" ? "redealt" : "thrown in (everyone passed)";
    const team = last.team_points[0] ? 0 : 1;
    const points = last.team_points[team];
    return teamName(team) + " score " + points + (points === 1 ? " point" : " points") + " (maker " + NAMES[last.maker] + (last.alone ? ", alone" : "") + ")";
  }

  function renderLastTrick(v) {
    const box = $("last-trick");
    box.replaceChildren();
    if (!v.tricks || !v.tricks.length) { box.textContent = "No trick has been played yet this hand."; return; }
    const last = v.tricks[v.tricks.length - 1];
    box.append("Last trick: ");
    last.cards.forEach((play) => box.append(seatName(play.seat) + " ", cardSpan(play.card), " "));
    box.append(" — won by " + seatName(last.winner));
  }

  function renderHistory(v) {
    const list = $("history");
    list.replaceChildren();
    (v.history || []).forEach((entry) => {
      const li = document.createElement("li");
      li.textContent = NAMES[entry.seat] + ": " + entry.action;
      list.append(li);
    });
  }

  function renderSeats(v) {
    const box = $("seats");
    box.replaceChildren();
    const amHost = Boolean(hostToken) && !v.event;  // only the host changes who sits where
    v.seats.forEach((s) => {
      const row = document.createElement("div");
      row.className = "seat-row";
      row.dataset.seat = String(s.seat);
      row.dataset.kind = s.kind;
      row.dataset.away = s.away ? "true" : "false";
      const away = s.away ? " (away: a computer plays until " + (s.seat === seat ? "you are" : "they are") + " back)" : "";
      row.append(seatName(s.seat) + ": " + s.kind + (s.kind === "human" && !s.seated ? " (not seated)" : "") + away + (s.next_kind ? " → " + s.next_kind + " next hand" : ""));
      if (amHost) {
        if (s.kind === "human") {
          const pick = document.createElement("select");
          pick.setAttribute("aria-label", "computer player for " + NAMES[s.seat]);
          KINDS.filter((k) => k !== "human").forEach((k) => { const o = document.createElement("option"); o.value = k; o.textContent = k; pick.append(o); });
          const b = document.createElement("button");
          b.type = "button";
          b.className = "secondary";
          b.textContent = s.seat === seat ? "Leave: a computer takes my seat" : "Replace with a computer";
          b.addEventListener("click", () => changeSeat(s.seat, pick.value));
          const again = document.createElement("button");
          again.type = "button";
          again.className = "secondary";
          again.textContent = "New link and code";
          again.title = "The seat's old link stops working at once";
          again.addEventListener("click", () => changeSeat(s.seat, "human"));
          row.append(" ", pick, " ", b, " ", again);
        } else if (!s.next_kind) {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "secondary";
          b.textContent = "Invite a human (from the next hand)";
          b.addEventListener("click", () => changeSeat(s.seat, "human"));
          row.append(" ", b);
        }
      }
      box.append(row);
    });
  }

  // ---------------------------------------------------------------- presence (drops)
  // A badge per seat (at the table, dropped, a computer playing for them), one notice line
  // with the countdown to a computer player taking a dropped seat, and the returning
  // player's notice of what was played for him. Only from the view's seats and
  // played_for_you; kept apart so the table's drawing can change around it.
  let presenceHandle = null;
  function clock(seconds) {
    const left = Math.max(0, Math.ceil(seconds));
    return Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
  }
  function presenceText(s, status) {
    if (s.kind !== "human") return "computer player";
    if (!s.seated && status === "waiting") return "not seated yet";
    if (s.away) return "away: a computer plays";
    if (!s.connected) return "dropped";
    return "connected";
  }
  function dropLines(v) {
    const lines = [];
    v.seats.forEach((s) => {
      if (s.kind !== "human" || s.connected) return;
      const who = s.seat === seat ? "You" : NAMES[s.seat];
      if (s.away) lines.push(who + (s.seat === seat ? " are" : " is") + " away: a computer plays until " + (s.seat === seat ? "you are" : "they are") + " back.");
      else if (s.takeover_at) lines.push(who + " dropped: a computer plays in " + clock(s.takeover_at - Date.now() / 1000));
      else lines.push(who + " dropped: waiting for the director.");
    });
    return lines;
  }
  function renderPresence(v) {
    const box = $("presence");
    if (!box) return;
    box.replaceChildren();
    v.seats.forEach((s) => {
      const badge = document.createElement("span");
      badge.className = "presence-badge";
      badge.dataset.seat = String(s.seat);
      badge.dataset.connected = s.kind !== "human" || s.connected ? "true" : "false";
      badge.dataset.away = s.away ? "true" : "false";
      const dot = s.kind !== "human" ? "▪" : s.connected ? "●" : "○";
      badge.textContent = dot + " " + seatName(s.seat) + ": " + presenceText(s, v.status);
      box.append(badge);
    });
    const note = $("drop-notice");
    if (presenceHandle) { clearInterval(presenceHandle); presenceHandle = null; }
    const tick = () => {
      const lines = view ? dropLines(view) : [];
      note.textContent = lines.join(" ");
      note.hidden = !lines.length;
    };
    tick();
    if (v.seats.some((s) => s.takeover_at)) presenceHandle = setInterval(tick, 1000);
    const back = $("away-notice");
    const made = v.played_for_you || [];
    back.hidden = !made.length;
    back.textContent = made.length ? "While you were away the computer played: " + made.map((a) => a.startsWith("play ") ? cardText(a.split(" ")[1]) : actionLabel(a)).join(", ") + "." : "";
  }

  // ---------------------------------------------------------------- talking to the server
  function headers() {
    const h = { "Content-Type": "application/json" };
    if (token) h.Authorization = "Bearer " + token;
    return h;
  }

  async function send(action) {
    if (!view || busy) return;
    busy = true;
    render(view);
    try {
      const answer = await fetch("/api/play/tables/" + table + "/actions", {
        method: "POST", headers: headers(), body: JSON.stringify({ action: action, seq: view.seq }),
      });
      const body = await answer.json();
      if (answer.ok) { busy = false; if (body.seq >= view.seq) render(body); return; }
      showProblem(body.detail || "refused");
      await refresh();
    } catch (e) {
      showProblem("not sent: the connection dropped; try again");
    } finally {
      busy = false;
      if (view) render(view);
    }
  }

  async function changeSeat(target, kind) {
    const answer = await fetch("/api/play/tables/" + table + "/seats/" + target, {
      method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + hostToken }, body: JSON.stringify({ kind: kind }),
    });
    const body = await answer.json();
    const out = $("invite-result");
    out.replaceChildren();
    if (!answer.ok) { showProblem(body.detail || "refused"); return; }
    if (body.token) {
      const link = document.createElement("a");
      link.href = body.url;
      link.textContent = "Link for " + NAMES[target];
      link.id = "invite-link-" + target;
      const code = document.createElement("code");
      code.textContent = body.code;
      const share = document.createElement("button");
      share.type = "button";
      share.textContent = "Share " + NAMES[target] + "'s link";
      const result = document.createElement("p");
      result.className = "muted";
      result.setAttribute("aria-live", "polite");
      share.addEventListener("click", () => window.euchreShare(body.url, NAMES[target], result));
      const first = document.createElement("p");
      first.append(share, " ", link);
      const second = document.createElement("p");
      second.append("Or a code, for one phone: ", code);
      out.append(first, second);
      if (body.qr) {
        const img = document.createElement("img");
        img.src = body.qr;
        img.alt = "QR code of " + NAMES[target] + "'s seat link";
        img.className = "qr";
        out.append(img);
      }
      out.append(result);
    }
    if (target === seat && kind !== "human") {
      localStorage.removeItem(storeKey);
      seat = null; token = null;
      reconnect();
    }
  }

  async function refresh() {
    const answer = await fetch("/api/play/tables/" + table, { headers: headers() });
    if (answer.ok) render(await answer.json());
  }

  function showProblem(text) {
    const p = $("prompt");
    p.textContent = text;
    p.className = "error";
    p.setAttribute("role", "alert");
    setTimeout(() => { if (p.textContent === text) { p.textContent = ""; p.className = ""; } }, 6000);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(scheme + "//" + location.host + "/api/play/tables/" + table + "/ws");
    socket = ws;
    $("connection").textContent = "connecting…";
    ws.onopen = () => ws.send(JSON.stringify({ token: token, seq: view ? view.seq : 0 }));
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "revoked") {
        seatTaken(ws, message.detail);
      } else if (message.type === "view") {
        retry = 0;
        $("connection").textContent = "";
        if (!view || message.view.seq >= view.seq || message.view.game_number !== view.game_number) render(message.view);
      } else if (message.type === "error") {
        if (message.status === 403) {
          localStorage.removeItem(storeKey);
          seat = null; token = null;
          showProblem("This seat's link is no longer valid (" + message.detail + "); you are watching.");
        } else {
          showProblem(message.detail);
        }
      }
    };
    ws.onclose = (event) => {
      if (event.code === 4001) seatTaken(ws, event.reason || "This seat was opened on another device.");
      if (socket !== ws) return;
      socket = null;
      retry = Math.min(retry + 1, 6);
      $("connection").textContent = "reconnecting…";
      setTimeout(() => { if (!socket) connect(); }, 300 * retry);
    };
  }
  // The seat was opened on another device (or given to a computer player): say so, show
  // nothing of the seat any more, and stay off the table until asked to watch.
  function seatTaken(ws, detail) {
    if (revoked) return;
    revoked = true;
    if (socket === ws) socket = null;
    localStorage.removeItem(storeKey);
    seat = null; token = null;
    const note = $("revoked");
    note.replaceChildren(detail + " This page no longer plays this seat; ask the host for a new link if that was not you. ");
    const watch = document.createElement("button");
    watch.type = "button";
    watch.className = "secondary";
    watch.id = "watch";
    watch.textContent = "Watch the table";
    watch.addEventListener("click", () => { revoked = false; note.hidden = true; view = null; connect(); });
    note.append(watch);
    note.hidden = false;
    ["my-hand", "actions", "prompt", "hint", "info", "trick", "history", "last-trick"].forEach((id) => $(id).replaceChildren());
    $("play-status").textContent = "Not your seat any more";
    $("hint-button").hidden = true;
    $("connection").textContent = "";
    document.title = "Seat opened elsewhere";
  }
  function reconnect() {
    if (socket) { const old = socket; socket = null; old.close(); }
    connect();
  }
  function wake() {
    if (revoked) return;
    if (!socket || socket.readyState > 1) { socket = null; connect(); }
  }

  // ---------------------------------------------------------------- keys and buttons
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (/^[1-9]$/.test(event.key) && view) {
      const action = view.legal[Number(event.key) - 1];
      if (action) { event.preventDefault(); send(action); }
    } else if (event.key === "h" && !$("hint-button").hidden) {
      $("hint-button").click();
    } else if (event.key === "l") {
      $("last-trick-button").click();
    }
  });
  $("hint-button").addEventListener("click", async () => {
    $("hint").textContent = "thinking…";
    const answer = await fetch("/api/play/tables/" + table + "/hint", { headers: headers() });
    const body = await answer.json();
    $("hint").textContent = answer.ok ? "Hint: " + body.hint : body.detail;
  });
  $("last-trick-button").addEventListener("click", () => {
    const box = $("last-trick");
    box.hidden = !box.hidden;
    $("last-trick-button").setAttribute("aria-expanded", String(!box.hidden));
    if (!box.hidden && view) renderLastTrick(view);
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
  window.addEventListener("pageshow", wake);
  window.addEventListener("online", wake);

  window.euchrePlay = { send: send };  // for alerts.js's auto-play of a single legal card
  readSeat();
  connect();
})();
