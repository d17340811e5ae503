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
  const C = window.EuchreCards;
  const { SUITS, cardText, cardLabel } = C;
  const cardSpan = (code) => C.cardSpan(code, "card");
  const storeKey = "euchre-play:" + table;
  const $ = (id) => document.getElementById(id);
  const POSITIONS = ["bottom", "left", "top", "right"];  // seen from this seat, clockwise
  const BIDDING = ["bid_round_1", "bid_round_2", "discard", "defend", "go_under", "fold"];

  const hostKey = "euchre-host:" + table;
  let seat = null;
  let token = null;
  let hostToken = localStorage.getItem(hostKey);
  let revoked = false;
  let latestView = null;  // the newest view's event detail (onView gives it to late scripts)
  let starting = true;  // until readSeat has traded the link for this device's own secret
  let view = null;
  let socket = null;
  let retry = 0;
  let busy = false;
  let nextSeatTimer = null;
  let timerHandle = null;
  let reviewShownFor = 0;   // the last hand whose review opened by itself
  let hintFor = "";         // the turn a hint was asked for
  let shownCards = new Set();  // cards on the table at the last render (to animate new ones)

  // A seat's link is a claim (docs/play.md, "One device per seat"): this device trades it for
  // a secret of its own, kept in localStorage; a seat another device holds is taken only
  // when the player says so, and that device is then closed.
  async function readSeat() {
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get("host")) {
      hostToken = hash.get("host");
      localStorage.setItem(hostKey, hostToken);
    }
    const link = hash.get("token") ? { seat: Number(hash.get("seat")), token: hash.get("token") } : null;
    if (hash.get("token") || hash.get("host")) history.replaceState(null, "", location.pathname + location.search);
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(storeKey) || "null"); } catch (e) { /* a spectator */ }
    if (saved && saved.token) { seat = saved.seat; token = saved.token; }
    if (!link) return;
    if (saved && saved.token && saved.seat === link.seat && saved.token !== link.token) {
      const mine = await claim(link.seat, saved.token, false);
      if (mine.ok) return;  // this device plays the seat already
    }
    let answer = await claim(link.seat, link.token, false);
    if (answer.status === 409 && await askToTake()) answer = await claim(link.seat, link.token, true);
    if (answer.ok) {
      seat = answer.body.seat; token = answer.body.token;
      localStorage.setItem(storeKey, JSON.stringify({ seat: seat, token: token }));
      return;
    }
    if (saved && saved.token && saved.seat !== link.seat) return;  // keep the seat it has
    localStorage.removeItem(storeKey);
    seat = null; token = null;
    if (answer.status !== 409) showProblem(forPeople(answer.status, answer.body.detail));
  }
  async function claim(at, secret, take) {
    try {
      const answer = await fetch("/api/play/tables/" + table + "/claim", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat: at, token: secret, take: take }),
      });
      return { ok: answer.ok, status: answer.status, body: await answer.json() };
    } catch (e) {
      return { ok: false, status: 0, body: { detail: "" } };
    }
  }
  // "Take this seat here?": yes takes it (the other device is closed), no watches the table.
  function askToTake() {
    return new Promise((resolve) => {
      const box = document.createElement("div");
      box.id = "take-seat";
      box.className = "notice";
      box.setAttribute("role", "alertdialog");
      box.setAttribute("aria-labelledby", "take-seat-question");
      const question = document.createElement("p");
      question.id = "take-seat-question";
      question.textContent = "This seat is open on another device. Take this seat here? The other device stops playing it.";
      const yes = document.createElement("button");
      yes.type = "button";
      yes.id = "take-seat-yes";
      yes.textContent = "Take this seat here";
      const no = document.createElement("button");
      no.type = "button";
      no.className = "secondary";
      no.id = "take-seat-no";
      no.textContent = "No, just watch";
      const done = (answer) => { box.remove(); resolve(answer); };
      yes.addEventListener("click", () => done(true));
      no.addEventListener("click", () => done(false));
      box.append(question, yes, " ", no);
      root.prepend(box);
      yes.focus();
    });
  }

  // ---------------------------------------------------------------- words for people
  // Every refusal or notice the server words for programs (the API's "detail") becomes a
  // sentence about the game here, in one place; nothing else shows a server's words.
  const PEOPLE_WORDS = [
    [/stale seq|another move was made at the same moment/, () => "The table moved on; here is the current hand."],
    [/is not legal for seat \d now/, () => "That move is not allowed now; choose one of the highlighted moves."],
    [/it is seat (\d)'s turn/, (m) => "Not so fast: it is " + possessive(Number(m[1])) + " turn."],
    [/nothing to do while the table is/, () => "There is nothing for you to do at the moment."],
    [/^hints are off/, () => "Hints are off at this table."],
    [/^no hint: it is not your turn/, () => "A hint is given on your turn only."],
    [/spectators cannot act/, () => "You are watching this table: only a seated player can make a move."],
    [/Only the table's host/, () => "Only the table's host (who opened it) can change who sits in a seat; ask the host."],
    [/already used/, () => "This code was already used; ask the host for a new one."],
    [/no seat has the code/i, () => "That code opens no seat; check it with the host."],
    [/seat token|Authorization|token/i, () => "This seat's link no longer works, so you are watching the table; ask the host for a new link."],
    [/too many tables/, () => "Too many tables were opened from this device; wait a minute and try again."],
    [/was not saved/, () => "Your move did not reach the table; please make it again."],
    [/unknown message type|messages are JSON|bad first message|needs 'action'/, () => "This page is out of date; reload it to go on playing."],
    [/opened on another device/, () => "This seat was opened on another device."],
    [/given to a computer player/, () => "This seat was given to a computer player."],
    // The server's own sentences for a message it could not read are shown as sent.
    [/^(The table could not read|A chat message is|This page could not join)/, (m) => m.input],
  ];
  const BY_STATUS = {
    403: "This page may not do that; ask the table's host.",
    404: "This table does not exist any more.",
    409: "That move could not be made now; here is the current table.",
    429: "Too many tries at once; wait a moment and try again.",
  };
  function forPeople(status, detail) {
    const text = String(detail || "");
    for (const [pattern, say] of PEOPLE_WORDS) {
      const match = text.match(pattern);
      if (match) return say(match);
    }
    return BY_STATUS[status] || "Something went wrong at the table; reload the page if it happens again.";
  }

  // ---------------------------------------------------------------- names
  function relative(n) { return (n - (seat === null ? 0 : seat) + 4) % 4; }
  function seatInfo(n) { return view && view.seats ? view.seats[n] : null; }
  // "You" at the bottom, then the players' names where the table has them (an event's
  // table), else where they sit: partner across, the opponents left and right. A
  // spectator sees the players' names or the compass.
  function seatName(n) {
    if (n === null || n === undefined) return "";
    if (n === seat) return "You";
    const info = seatInfo(n);
    if (info && info.player) return info.player;
    if (seat === null) return NAMES[n];
    return ["You", "Left", "Partner", "Right"][relative(n)];
  }
  function possessive(n) { return n === seat ? "your" : seatName(n) + "'s"; }
  function teamName(team) {
    const first = seat !== null && seat % 2 === team ? seat : team;
    return seatName(first) + " & " + seatName((first + 2) % 4);
  }
  function kindLabel(n) {
    const info = seatInfo(n);
    if (!info) return "";
    if (info.kind !== "human") return "computer: " + info.kind;
    if (info.away) return "away: a computer plays for " + (n === seat ? "you" : "them");
    if (!info.seated) return "not seated yet";
    if (info.connected === false) return "dropped";
    return n === seat ? "" : "player";
  }

  function actionLabel(text) {
    const words = text.split(" ");
    if (words[0] === "play" || words[0] === "discard") return words[0] + " " + cardText(words[1]);
    if (words[0] === "ask") {
      return "ask " + seatName(Number(words[1])) + (words[2] ? " about " + cardText(words[2]) : " (top of the pile)");
    }
    if (text === "sit") return "Sit down";
    if (text === "answered") return "Answered";
    if (text === "skip") return "Skip: ask nobody";
    if (text === "rematch") return view && view.rematch === null && !(view.legal || []).includes("rematch swap") ? "Rematch" : "Rematch: same seats";
    if (text === "rematch swap") return "Rematch: swap partners";
    if (text === "accept") return "Accept the rematch";
    if (text === "decline") return view && view.rematch && view.rematch.by === seat ? "Withdraw my offer" : "No rematch";
    if (C.isBid(text)) return C.bidLabel(text);
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
    if (v.phase === "question_ask") return mine ? "Your turn: ask someone a question, or skip" : seatName(v.to_act) + " may ask a question";
    if (v.phase === "question_answer") return mine ? "Your turn: answer the question, then press Answered" : "Waiting for " + seatName(v.to_act) + " to answer";
    if (mine && v.phase === "bid_round_2" && v.dealer === seat && !v.legal.includes("pass")) {
      // Stick the dealer: say why there is no Pass button.
      return "Your turn to bid: everyone passed and you are the dealer, so you must name trump (no Pass: the dealer is stuck)";
    }
    if (mine) return v.phase === "discard" ? "Your turn: discard a card" : v.phase.startsWith("bid") ? "Your turn to bid" : "Your turn";
    const verb = v.phase.startsWith("bid") ? "bid" : v.phase === "discard" ? "discard" : v.phase === "defend" ? "decide on defending alone" : v.phase === "go_under" ? "decide on going under" : v.phase === "fold" ? "decide on folding" : "play";
    return seatName(v.to_act) + " to " + verb;
  }

  function render(v) {
    if (revoked) return;  // the seat is someone else's now: nothing more is shown
    const before = view;
    view = v;
    const status = $("play-status");
    status.dataset.status = v.status;
    status.dataset.seq = String(v.seq);
    status.dataset.toAct = v.to_act === null ? "" : String(v.to_act);
    status.dataset.phase = v.phase;
    status.dataset.busy = busy ? "sending" : "";
    status.textContent = statusText(v);
    renderScore(v);
    renderSeatsAround(v);
    renderInfo(v);
    renderTrick(v);
    renderQuestion(v);
    renderActions(v);
    renderHand(v);
    renderTimer(v);
    renderHandOver(v);
    renderReview(v);
    renderSeats(v);
    renderPresence(v);
    renderFriends(v);
    renderHistory(v);
    const turn = v.seq + ":" + v.to_act;
    if (hintFor && hintFor !== turn) { $("hint").textContent = ""; hintFor = ""; }
    renderQuestionLog(v);
    renderQuestionDeck(v);
    $("hint-button").hidden = !(v.hints && seat !== null && v.legal.length && v.status === "playing");
    if (!$("last-trick").hidden) renderLastTrick(v);
    announce(before, v);
    sayTimerMoves(before, v);
    // Chat and turn alerts (chat.js, alerts.js) follow the same views (onView, below).
    latestView = { view: v, seat: seat, busy: busy };
    document.dispatchEvent(new CustomEvent("euchre:view", { detail: latestView }));
  }

  // A move of this seat that this page did not send, while its player was here (not away):
  // the turn timer ran out and the computer made it. Say so, with the card.
  let sentThisHand = new Set();
  function sayTimerMoves(before, v) {
    const note = $("timer-notice");
    if (!note || seat === null) return;
    const sameHand = before && before.hand_number === v.hand_number && before.game_number === v.game_number;
    if (!sameHand) { sentThisHand = new Set(); return; }
    if (!before.turn_deadline) return;  // no turn timer ran: nothing was played "for" him
    const fresh = (v.history || []).slice((before.history || []).length);
    const mine = fresh.filter((entry) => entry.seat === seat && !sentThisHand.has(entry.action.split(" ").slice(0, 2).join(" ")));
    const away = (v.seats || []).some((s) => s.seat === seat && s.away);
    if (!mine.length || away) return;
    const words = mine.map((entry) => entry.action.startsWith("play ") ? "played " + cardText(entry.action.split(" ")[1]) : "chose " + actionLabel(entry.action));
    note.textContent = "Your time ran out: the computer " + words.join(", then ") + " for you.";
    note.hidden = false;
    setTimeout(() => { if (note.textContent.startsWith("Your time ran out")) note.hidden = true; }, 8000);
  }

  function renderScore(v) {
    const ours = seat === null ? 0 : seat % 2;
    const score = $("score");
    score.replaceChildren();
    [ours, 1 - ours].forEach((team, index) => {
      const part = document.createElement("span");
      part.className = "team";
      part.dataset.team = String(team);
      const name = document.createElement("span");
      name.className = "team-name";
      name.textContent = teamName(team);
      const points = document.createElement("strong");
      points.textContent = String(v.scores[team]);
      part.append(name, " ", points);
      if (index === 0) part.append(" – ");
      score.append(part);
    });
    score.dataset.scores = v.scores.join(",");
    const goal = v.profile.game_target ? "game to " + v.profile.game_target : v.hands_left + (v.hands_left === 1 ? " hand" : " hands") + " left";
    const played = v.hands_played + (v.hands_played === 1 ? " hand played" : " hands played");
    $("hands-played").textContent = played + " · " + goal + " · " + v.profile.name;
    if (v.label) $("hands-played").textContent += " · " + v.label;
  }

  // The four seats around the felt: name, computer or player, dealer's chip, the bid each
  // made this hand (until the first card), the maker's and a lone caller's marks.
  function renderSeatsAround(v) {
    const inHand = v.dealer !== undefined && v.dealer !== null && v.status === "playing";
    const bids = {};
    let played = false;
    (v.history || []).forEach((entry) => {
      if (entry.action.startsWith("play")) played = true;
      else if (C.isBid(entry.action)) bids[entry.seat] = entry.action;
    });
    for (let n = 0; n < 4; n += 1) {
      const box = document.querySelector(".seat-box.pos-" + POSITIONS[relative(n)]);
      box.dataset.seat = String(n);
      box.classList.toggle("me", n === seat);
      box.classList.toggle("to-act", v.to_act === n && v.status === "playing");
      box.classList.toggle("sits-out", Boolean(inHand && v.active && !v.active[n]));
      box.setAttribute("aria-label", seatName(n) + (n === seat ? "" : ", " + (relative(n) === 2 ? "your partner" : "opponent")));
      box.querySelector(".seat-name").textContent = seatName(n);
      const sub = kindLabel(n);
      box.classList.toggle("dropped", sub === "dropped");
      const out = inHand && v.active && !v.active[n] ? "sits out" : "";
      const cards = inHand && !out && v.card_counts && v.phase === "play" ? v.card_counts[n] + (v.card_counts[n] === 1 ? " card" : " cards") : "";
      box.querySelector(".seat-sub").textContent = [sub, n === seat ? "" : cards, out].filter(Boolean).join(" · ");
      // The dealer's chip stays on the last dealer once the game is over (as "Dealer:" does).
      const dealt = v.dealer !== undefined && v.dealer !== null && (inHand || v.status === "over");
      box.querySelector(".dealer-chip").hidden = !(dealt && v.dealer === n);
      box.querySelector(".dealer-chip").setAttribute("aria-label", "dealer");
      const bid = box.querySelector(".bid");
      const said = !played && inHand ? bids[n] : undefined;
      bid.hidden = !said;
      bid.textContent = said ? C.bidLabel(said) : "";
      bid.dataset.bid = said || "";
      const mark = box.querySelector(".maker-mark");
      const maker = inHand && v.trump && v.maker === n;
      const loneDefender = inHand && v.defender_alone === n;
      mark.hidden = !(maker || loneDefender);
      mark.replaceChildren();
      if (maker) {
        mark.append("Maker ", C.suitSpan(v.trump));
        if (v.alone) { const alone = document.createElement("span"); alone.className = "alone-mark"; alone.textContent = "Alone"; mark.append(" ", alone); }
      } else if (loneDefender) {
        mark.textContent = "Defends alone";
      }
    }
  }

  function renderInfo(v) {
    const info = $("info");
    info.replaceChildren();
    if (!v.dealer && v.dealer !== 0) return;
    const add = (label, value, id) => {
      const p = document.createElement("span");
      p.className = "fact";
      if (id) p.id = id;
      p.append(label + " ");
      if (value instanceof Node) p.append(value); else p.append(String(value));
      info.append(p);
    };
    add("Hand", v.hand_number, "hand-number");
    add("Dealer:", seatName(v.dealer), "dealer");
    if (v.trump) {
      add("Trump", C.suitSpan(v.trump), "trump");
      add("Maker:", seatName(v.maker) + (v.alone ? ", alone" : ""), "maker");
      const ours = seat === null ? 0 : seat % 2;
      add("Tricks:", (seat === null ? "" : "us ") + v.tricks_won[ours] + " – " + (seat === null ? "" : "them ") + v.tricks_won[1 - ours], "tricks-won");
    }
    if (v.discard) add("Your discard:", cardSpan(v.discard), "my-discard");
  }

  // The trick in front of the players who played each card; between tricks the last one
  // stays, its winner's card marked, until the next card is led.
  function renderTrick(v) {
    const slots = {};
    document.querySelectorAll("#center .slot").forEach((slot) => {
      slot.replaceChildren();
      slot.classList.remove("won");
      slot.removeAttribute("role");
      slot.removeAttribute("aria-label");
      slots[slot.dataset.pos] = slot;
    });
    const middle = $("middle");
    middle.replaceChildren();
    let plays = v.trick || [];
    let winner = null;
    let caption = "";
    const tricks = v.tricks || [];
    if (v.question && tricks[v.question.trick]) {
      const asked = tricks[v.question.trick];
      plays = asked.cards;
      winner = asked.winner;
      caption = "Trick " + (v.question.trick + 1) + ": " + seatName(asked.winner) + (asked.winner === seat ? " win" : " wins");
    } else if (!plays.length && v.phase === "play" && tricks.length) {
      const last = tricks[tricks.length - 1];
      plays = last.cards;
      winner = last.winner;
      caption = seatName(last.winner) + (last.winner === seat ? " win" : " wins") + " trick " + tricks.length + "; " + seatName(v.to_act) + (v.to_act === seat ? " lead" : " leads");
    } else if (!plays.length && v.phase === "play") {
      caption = seatName(v.to_act) + (v.to_act === seat ? " lead" : " leads");
    }
    const now = new Set();
    plays.forEach((play) => {
      const slot = slots[POSITIONS[relative(play.seat)]];
      const card = cardSpan(play.card);
      const key = v.hand_number + ":" + play.card;
      now.add(key);
      if (!shownCards.has(key)) card.classList.add("fresh");
      slot.append(card);
      slot.dataset.seat = String(play.seat);
      slot.setAttribute("role", "group");
      slot.setAttribute("aria-label", seatName(play.seat) + " played the " + cardLabel(play.card));
      if (play.seat === winner) slot.classList.add("won");
    });
    shownCards = now;
    if (BIDDING.includes(v.phase) && v.up_card) {
      const up = cardSpan(v.up_card);
      up.id = "up-card";
      if (v.turned_down) up.classList.add("turned-down");
      const label = document.createElement("span");
      label.className = "middle-label";
      label.textContent = v.turned_down ? "Turned down" : "Up-card";
      middle.append(label, up);
    }
    // Trump sits in the felt's corner, clear of the top player's card.
    const trump = $("felt-trump");
    trump.hidden = !(v.trump && v.status === "playing");
    trump.replaceChildren();
    if (!trump.hidden) trump.append("Trump ", C.suitSpan(v.trump));
    if (caption) {
      const note = document.createElement("span");
      note.className = "caption";
      note.textContent = caption;
      middle.append(note);
    }
  }

  function renderQuestion(v) {
    const box = $("question");
    const q = v.question;
    const typing = document.activeElement !== null && document.activeElement.id === "answer-text";
    box.hidden = !q;
    box.replaceChildren();
    if (!q) return;
    const h = document.createElement("p");
    h.className = "q-head";
    if (q.stage === "ask") {
      h.textContent = seatName(q.asker) + " won the trick and may ask a question" + (v.to_act === seat ? ": choose below, or skip" : "…");
      box.append(h);
      return;
    }
    h.textContent = seatName(q.asker) + (q.asker === seat ? " ask " : " asks ") + (q.asked === seat ? "you" : seatName(q.asked)) + (q.source === "pile" ? " (top card of the pile, " : " (the card ") + cardText(q.card) + "):";
    const text = document.createElement("p");
    text.id = "question-text";
    text.className = "q-text";
    text.textContent = q.question;
    box.append(h, text);
    renderAnswerBox(v, box);
    if (typing && $("answer-text")) $("answer-text").focus();
  }

  // The keys 1-9 in the order the moves are shown: the cards left to right as the hand
  // shows them, then the buttons (the server's order of legal moves is not the hand's).
  function keyed(v) {
    const legal = new Set(v.legal);
    const cards = [];
    (seat === null ? [] : v.hand || []).forEach((code) => {
      if (legal.has("play " + code)) cards.push("play " + code);
      else if (legal.has("discard " + code)) cards.push("discard " + code);
    });
    return cards.concat(v.legal.filter((action) => !cards.includes(action)));
  }

  function renderActions(v) {
    const box = $("actions");
    box.replaceChildren();
    keyed(v).forEach((action, index) => {
      const word = action.split(" ")[0];
      if (word === "play" || word === "discard") return; // on the cards themselves
      box.append(button(actionLabel(action), action, index));
    });
    box.querySelectorAll("button").forEach((b) => { b.disabled = busy; });
  }

  // The hand in one row (CSS sizes the cards to fit five or six at 390 px), in the order the
  // server sorts it (trump together, the left bower among trump). Cards are dimmed only when
  // it is this seat's turn to play or discard and they may not be chosen.
  function renderHand(v) {
    const box = $("my-hand");
    box.replaceChildren();
    if (seat === null) return;
    const legal = new Map(keyed(v).map((a, i) => [a, i]));
    const choosing = v.to_act === seat && (v.phase === "play" || v.phase === "discard");
    box.dataset.count = String(v.hand.length);
    v.hand.forEach((code) => {
      const action = legal.has("play " + code) ? "play " + code : legal.has("discard " + code) ? "discard " + code : null;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "card-button" + (C.isRed(code) ? " red" : "") + (v.trump && (code[1] === v.trump || isLeftBower(code, v.trump)) ? " trump" : "");
      b.dataset.card = code;
      const rank = document.createElement("span");
      rank.className = "rank";
      rank.textContent = code[0] === "T" ? "10" : code[0];
      const pip = document.createElement("span");
      pip.className = "pip";
      pip.textContent = SUITS[code[1]];
      // The face is for the eyes; the words (visually hidden) are the button's name, so a
      // screen reader says "play king of clubs, key 1" rather than "K♣".
      const face = document.createElement("span");
      face.className = "face";
      face.setAttribute("aria-hidden", "true");
      face.append(rank, pip);
      const words = document.createElement("span");
      words.className = "sr-only";
      b.append(face, words);
      if (action) {
        const index = legal.get(action);
        b.dataset.action = action;
        b.classList.add("legal");
        words.textContent = (action.startsWith("discard") ? "discard " : "play ") + cardLabel(code) + (index < 9 ? ", key " + (index + 1) : "");
        if (index < 9) {
          const key = document.createElement("kbd");
          key.textContent = String(index + 1);
          key.setAttribute("aria-hidden", "true");
          b.append(key);
        }
        b.addEventListener("click", () => send(action));
        b.disabled = busy;
      } else {
        b.disabled = true;
        if (choosing) b.classList.add("dim");
        words.textContent = cardLabel(code) + (choosing ? ", cannot be played now" : "");
      }
      box.append(b);
    });
  }
  function isLeftBower(code, trump) {
    const mate = { C: "S", S: "C", D: "H", H: "D" }[trump];
    return code === "J" + mate;
  }

  // A turn timer that plays for the player says so, with the time left.
  // The clock also sits on the seat whose turn it is, beside its name.
  function renderTimer(v) {
    const box = $("timer");
    if (timerHandle) { clearInterval(timerHandle); timerHandle = null; }
    const clocks = document.querySelectorAll(".seat-box .seat-clock");
    clocks.forEach((c) => { c.hidden = true; c.textContent = ""; });
    if (!v.turn_deadline || v.to_act === null) { box.hidden = true; return; }
    box.hidden = false;
    const mine = v.to_act === seat;
    const onSeat = document.querySelector(".seat-box[data-seat='" + v.to_act + "'] .seat-clock");
    const tick = () => {
      const left = Math.max(0, Math.round(v.turn_deadline - Date.now() / 1000));
      const clock = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (onSeat) {
        onSeat.hidden = false;
        onSeat.textContent = clock;
        onSeat.setAttribute("aria-label", clock + " left to move");
      }
      box.textContent = mine
        ? "You have " + clock + "; then a computer plays for you"
        : seatName(v.to_act) + " has " + clock + "; then a computer plays for them";
      box.dataset.secondsLeft = String(left);
    };
    tick();
    timerHandle = setInterval(tick, 1000);
  }

  // The game's end stays on the page.
  function renderHandOver(v) {
    const box = $("hand-over");
    const last = v.last_hand;
    $("replay-link").hidden = !last;
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
    // A hand's result is the review's heading (shown until the next hand's first card).
    box.hidden = true;
    box.textContent = "";
  }
  function handStarted(v) { return (v.history || []).some((entry) => entry.action.startsWith("play")); }
  function describeHand(last) {
    if (last.status !== "scored") return last.status === "redeal" ? "redealt" : "thrown in (everyone passed)";
    const team = last.team_points[0] ? 0 : 1;
    const points = last.team_points[team];
    const makers = last.maker % 2;
    const how = team === makers ? (last.tricks.filter((w) => w % 2 === makers).length === 5 ? "march" : "made it") : "euchred";
    return teamName(team) + " score " + points + (points === 1 ? " point" : " points") + " (" + how + "; maker " + seatName(last.maker) + (last.alone ? ", alone" : "") + ")";
  }

  // After each hand its review (four hands, bids, five tricks) opens by itself until the
  // next hand's first card; the "Last hand" button opens it at any time.
  function renderReview(v) {
    const last = v.last_hand;
    const box = $("review");
    const toggle = $("review-button");
    toggle.hidden = !last;
    if (!last) { box.hidden = true; return; }
    if (last.number !== reviewShownFor && (v.status === "over" || !handStarted(v))) {
      reviewShownFor = last.number;
      box.hidden = false;
      box.dataset.opened = "auto";
    } else if (handStarted(v) && box.dataset.opened !== "button") {
      box.hidden = true;
    }
    box.dataset.hand = String(last.number);
    toggle.setAttribute("aria-expanded", String(!box.hidden));
    if (!box.hidden) C.review(box, last, seatName, describeHand(last));
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
      li.textContent = seatName(entry.seat) + ": " + C.bidLabel(entry.action);
      list.append(li);
    });
  }

  // Bids, plays and trick winners, said through the live region as they happen.
  function announce(before, v) {
    if (!before || revoked) return;
    const lines = [];
    const sameHand = before.hand_number === v.hand_number && before.game_number === v.game_number;
    const seen = sameHand ? (before.history || []).length : 0;
    if (!sameHand && v.last_hand && (!before.last_hand || before.last_hand.number !== v.last_hand.number)) {
      const last = v.last_hand;
      const lastTrick = last.plays && last.plays[last.plays.length - 1];
      if (lastTrick && (before.tricks || []).length < last.plays.length) lines.push(said(lastTrick.winner, "take", "the last trick"));
      lines.push("Hand " + last.number + " over: " + describeHand(last) + ".");
    }
    if (!sameHand && v.dealer !== undefined && v.dealer !== null && v.status === "playing") {
      lines.push("Hand " + v.hand_number + ": " + said(v.dealer, "deal", "") + " the up-card is the " + cardLabel(v.up_card) + ".");
    }
    (v.history || []).slice(seen).forEach((entry) => {
      const words = entry.action.split(" ");
      if (words[0] === "play") lines.push(said(entry.seat, "play", "the " + cardLabel(words[1])));
      else lines.push(seatName(entry.seat) + ": " + C.bidLabel(entry.action) + ".");
    });
    if (sameHand && (v.tricks || []).length > (before.tricks || []).length) {
      const trick = v.tricks[v.tricks.length - 1];
      lines.push(said(trick.winner, "win", "trick " + v.tricks.length));
    }
    if (before.status !== "over" && v.status === "over") lines.push(statusText(v) + ".");
    if (!lines.length) return;
    const box = $("announce");
    lines.forEach((line) => { const p = document.createElement("p"); p.textContent = line; box.append(p); });
    while (box.childElementCount > 8) box.firstElementChild.remove();
  }
  function said(n, verb, rest) {
    const you = n === seat;
    const forms = { take: ["take", "takes"], play: ["play", "plays"], win: ["win", "wins"], deal: ["deal;", "deals;"] };
    return seatName(n) + " " + forms[verb][you ? 0 : 1] + (rest ? " " + rest + "." : "");
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
      row.append(seatName(s.seat) + " (" + s.name + "): " + (s.kind === "human" ? "a player" : "computer, " + s.kind) + (s.kind === "human" && !s.seated ? " (not seated)" : "") + away + (s.next_kind ? " → " + s.next_kind + " next hand" : ""));
      if (amHost) {
        if (s.kind === "human") {
          const pick = document.createElement("select");
          pick.setAttribute("aria-label", "computer player for " + seatName(s.seat));
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
      const who = seatName(s.seat);
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
      // The same dot beside the seat's name on the felt.
      const slot = document.querySelector(".seat-box[data-seat='" + s.seat + "'] .presence");
      if (slot) {
        slot.textContent = s.kind === "human" ? dot : "";
        slot.title = presenceText(s, v.status);
        slot.dataset.connected = badge.dataset.connected;
      }
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

  // ---------------------------------------------------------------- friends' flow
  // A rematch offered (the Accept / No buttons are the seat's legal moves), what the table was
  // told (the view's notices, in this page's own seat names), and "I have to go". Only from
  // the view's rematch and notices; kept apart so the table's drawing can change around it.
  function noticeText(n) {
    const who = seatName(n.seat);
    const you = n.seat === seat;
    if (n.kind === "offered") return n.text.replace(/^\w+ offers/, you ? "You offer" : who + " offers");
    if (n.kind === "accepted") return (you ? "You accept" : who + " accepts") + " the rematch.";
    if (n.kind === "declined") return (you ? "You say" : who + " says") + " no to the rematch.";
    if (n.kind === "withdrew") return (you ? "You withdrew" : who + " withdrew") + " the rematch offer.";
    if (n.kind === "left") return n.text.replace(/^\w+ had/, who + " had");
    return n.text;
  }
  function renderFriends(v) {
    const offer = $("rematch-offer");
    if (!offer) return;
    const r = v.rematch;
    offer.hidden = !r;
    if (r) {
      const waiting = r.waiting.map((n) => (n === seat ? "you" : seatName(n))).join(", ");
      const head = r.by === seat ? "You offer a rematch: " : seatName(r.by) + " offers a rematch: ";
      offer.textContent = head + r.arrangement + (waiting ? " (waiting for " + waiting + ")" : "") + ".";
      offer.dataset.swap = r.swap ? "true" : "false";
    }
    const list = $("table-notices");
    list.replaceChildren();
    (v.notices || []).slice(-3).forEach((n) => {
      const item = document.createElement("li");
      item.dataset.kind = n.kind;
      item.textContent = noticeText(n);
      list.append(item);
    });
    list.hidden = !list.children.length;
    $("leave-box").hidden = seat === null || Boolean(v.event) || v.seats[seat].kind !== "human";
  }
  async function leaveSeat() {
    if (seat === null || !window.confirm("Leave the table? A computer player takes your seat for the rest of the game, and this link stops working.")) return;
    leaving = true;
    const answer = await fetch("/api/play/tables/" + table + "/leave", { method: "POST", headers: headers() });
    const body = await answer.json();
    if (!answer.ok) { leaving = false; showProblem(forPeople(answer.status, body.detail)); return; }
    seatTaken(socket, body.detail);
    $("revoked").firstChild.textContent = body.detail + " ";
    document.title = "You left the table";
  }
  let leaving = false;
  // Partners swapped for a rematch: this device's secret now opens another seat. Follow it
  // (the socket was closed as for a seat given away) instead of saying the seat was taken.
  let following = false;
  async function followMovedSeat(ws, detail) {
    // One socket is followed once: its "revoked" message and its close (code 4001) both
    // come here, and the close may come after the move was already followed.
    if (following || revoked || ws.followed) return;
    ws.followed = true;
    if (leaving || !token) { seatTaken(ws, detail); return; }
    following = true;
    try {
      const answer = await fetch("/api/play/tables/" + table, { headers: headers() });
      const body = answer.ok ? await answer.json() : null;
      if (body && body.seat !== null && body.seat !== seat) {
        seat = body.seat;
        localStorage.setItem(storeKey, JSON.stringify({ seat: seat, token: token }));
        if (socket === ws) socket = null;
        render(body);
        const note = $("notice");
        note.textContent = "Partners swapped for the rematch: you now sit " + NAMES[seat] + ".";
        note.hidden = false;
        reconnect();
        return;
      }
      seatTaken(ws, detail);
    } finally {
      following = false;
    }
  }
  if ($("leave-seat")) $("leave-seat").addEventListener("click", leaveSeat);

  // ---------------------------------------------------------------- the question pile
  // The player asked may type the answer (kept while the page redraws); it goes with
  // "answered" and into the question log everyone sees.
  let answerDraft = "";
  let answerFor = "";
  function renderAnswerBox(v, box) {
    const q = v.question;
    if (seat === null || q.asked !== seat || !v.legal.includes("answered")) return;
    const key = v.hand_number + ":" + q.trick + ":" + v.game_number;
    if (key !== answerFor) { answerFor = key; answerDraft = ""; }
    const label = document.createElement("label");
    label.htmlFor = "answer-text";
    label.textContent = "Your answer (optional, shown in the question log)";
    const input = document.createElement("input");
    input.id = "answer-text";
    input.type = "text";
    input.maxLength = 55;
    input.autocomplete = "off";
    input.value = answerDraft;
    input.addEventListener("input", () => { answerDraft = input.value; });
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); send("answered"); } });
    box.append(label, input);
  }
  function withAnswer(action) {
    const typed = answerDraft.trim();
    return typed ? action + " " + typed : action;
  }

  // Every question of this game, newest first: who asked whom, which question, the answer.
  function renderQuestionLog(v) {
    const section = $("question-log");
    if (!section) return;
    const log = v.question_log || [];
    section.hidden = !(v.profile && v.profile.question_pile);
    const list = $("question-log-list");
    list.replaceChildren();
    if (!log.length) {
      const li = document.createElement("li");
      li.className = "muted";
      li.textContent = "No question yet this game.";
      list.append(li);
      return;
    }
    log.slice().reverse().forEach((entry) => {
      const li = document.createElement("li");
      li.className = "q-entry" + (entry.skipped ? " skipped" : "");
      const where = document.createElement("span");
      where.className = "q-where";
      where.textContent = "Hand " + entry.hand + ", trick " + (entry.trick + 1) + ": ";
      li.append(where);
      if (entry.skipped) {
        li.append(seatName(entry.asker) + " asked nobody (skipped).");
      } else {
        const from = entry.source === "pile" ? "top card of the pile" : "the card";
        li.append(seatName(entry.asker) + " asked " + seatName(entry.asked) + " (" + from + " " + cardText(entry.card) + "): ");
        const q = document.createElement("q");
        q.textContent = entry.question;
        li.append(q);
        const answer = document.createElement("span");
        answer.className = "q-answer";
        answer.textContent = entry.answer ? " Answer: " + entry.answer : " Answered aloud.";
        li.append(answer);
      }
      list.append(li);
    });
  }

  // The host edits the table's question deck before the first game or between games.
  let deckLoaded = false;
  function renderQuestionDeck(v) {
    const panel = $("question-deck-panel");
    if (!panel) return;
    panel.hidden = !(hostToken && !v.event && v.profile && v.profile.question_pile);
    if (panel.hidden) return;
    const editable = v.status !== "playing";
    $("deck-save").disabled = !editable;
    $("deck-when").textContent = editable
      ? (v.status === "waiting" ? "Saved questions are used from the first game." : "Saved questions are used from the next game (Rematch).")
      : "The questions can be changed before the game starts or after it ends.";
  }
  async function loadDeck() {
    if (deckLoaded) return;
    const answer = await fetch("/api/play/tables/" + table + "/deck");
    if (!answer.ok) return;
    const body = await answer.json();
    if (!deckLoaded) { $("deck-text").value = body.text; deckLoaded = true; }
  }
  async function saveDeck() {
    const out = $("deck-result");
    out.className = "";
    out.textContent = "saving…";
    const answer = await fetch("/api/play/tables/" + table + "/deck", {
      method: "PUT", headers: { "Content-Type": "application/json", Authorization: "Bearer " + hostToken },
      body: JSON.stringify({ text: $("deck-text").value }),
    });
    const body = await answer.json();
    if (answer.ok) {
      out.textContent = "Saved.";
    } else {
      out.className = "error";  // what was typed stays in the box
      out.textContent = "Not saved: " + (body.detail || "refused");
    }
  }
  if ($("question-deck-panel")) {
    $("question-deck-panel").addEventListener("toggle", () => { if ($("question-deck-panel").open) loadDeck(); });
    $("deck-save").addEventListener("click", saveDeck);
  }

  // ---------------------------------------------------------------- talking to the server
  function headers() {
    const h = { "Content-Type": "application/json" };
    if (token) h.Authorization = "Bearer " + token;
    return h;
  }

  async function send(action) {
    if (!view || busy) return;
    sentThisHand.add(action.split(" ").slice(0, 2).join(" "));
    if (action === "answered") action = withAnswer(action);
    busy = true;
    render(view);
    try {
      const answer = await fetch("/api/play/tables/" + table + "/actions", {
        method: "POST", headers: headers(), body: JSON.stringify({ action: action, seq: view.seq }),
      });
      const body = await answer.json();
      if (answer.ok) { busy = false; if (body.seq >= view.seq) render(body); return; }
      showProblem(forPeople(answer.status, body.detail));
      await refresh();
    } catch (e) {
      showProblem("Your move was not sent: the connection dropped. Make it again.");
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
    if (!answer.ok) { showProblem(forPeople(answer.status, body.detail)); return; }
    if (body.token) {
      const link = document.createElement("a");
      link.href = body.url;
      link.textContent = "Link for " + seatName(target) + " (" + NAMES[target] + ")";
      link.id = "invite-link-" + target;
      const code = document.createElement("code");
      code.textContent = body.code;
      const share = document.createElement("button");
      share.type = "button";
      share.textContent = "Share the link of " + seatName(target) + "'s seat";
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
        img.alt = "QR code of the link of " + seatName(target) + "'s seat";
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
    $("connection").textContent = "Connecting to the table…";
    ws.onopen = () => ws.send(JSON.stringify({ token: token, seq: view ? view.seq : 0 }));
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "revoked") {
        followMovedSeat(ws, forPeople(403, message.detail));
      } else if (message.type === "view") {
        retry = 0;
        $("connection").textContent = "";
        if (!view || message.view.seq >= view.seq || message.view.game_number !== view.game_number) render(message.view);
      } else if (message.type === "error") {
        if (message.status === 403) {
          localStorage.removeItem(storeKey);
          seat = null; token = null;
          showProblem(forPeople(403, "token"));
        } else {
          showProblem(forPeople(message.status, message.detail));
          if (message.status === 409) refresh();
        }
      }
    };
    ws.onclose = (event) => {
      if (event.code === 4001) followMovedSeat(ws, forPeople(403, event.reason || "opened on another device"));
      if (socket !== ws) return;
      socket = null;
      retry = Math.min(retry + 1, 6);
      $("connection").textContent = "The connection dropped; joining the table again…";
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
    ["my-hand", "actions", "prompt", "hint", "info", "middle", "history", "last-trick", "review"].forEach((id) => $(id).replaceChildren());
    document.querySelectorAll("#center .slot").forEach((slot) => slot.replaceChildren());
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
    if (revoked || starting) return;  // the first socket opens once the seat is known
    if (!socket || socket.readyState > 1) { socket = null; connect(); }
  }

  // ---------------------------------------------------------------- keys and buttons
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (/^[1-9]$/.test(event.key) && view) {
      const action = keyed(view)[Number(event.key) - 1];
      if (action) { event.preventDefault(); send(action); }
    } else if (event.key === "h" && !$("hint-button").hidden) {
      $("hint-button").click();
    } else if (event.key === "l") {
      $("last-trick-button").click();
    } else if (event.key === "r" && !$("review-button").hidden) {
      $("review-button").click();
    }
  });
  $("hint-button").addEventListener("click", async () => {
    $("hint").textContent = "Thinking…";
    hintFor = view ? view.seq + ":" + view.to_act : "";
    const answer = await fetch("/api/play/tables/" + table + "/hint", { headers: headers() });
    const body = await answer.json();
    $("hint").textContent = answer.ok ? "Hint: " + body.hint : forPeople(answer.status, body.detail);
  });
  $("last-trick-button").addEventListener("click", () => {
    const box = $("last-trick");
    box.hidden = !box.hidden;
    $("last-trick-button").setAttribute("aria-expanded", String(!box.hidden));
    if (!box.hidden && view) renderLastTrick(view);
  });
  $("review-button").addEventListener("click", () => {
    const box = $("review");
    box.hidden = !box.hidden;
    box.dataset.opened = box.hidden ? "" : "button";
    $("review-button").setAttribute("aria-expanded", String(!box.hidden));
    if (!box.hidden && view && view.last_hand) C.review(box, view.last_hand, seatName, describeHand(view.last_hand));
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) wake(); });
  window.addEventListener("pageshow", wake);
  window.addEventListener("online", wake);

  // A laptop has room for the chat and the question log open beside the table; a phone opens
  // them with a tap (they would push the felt and the hand below the fold).
  if (window.matchMedia("(min-width: 64rem)").matches) {
    ["chat-panel", "question-log"].forEach((id) => { if ($(id)) $(id).open = true; });
  }

  // For alerts.js (auto-play of a single legal card) and chat.js (names as the felt shows them).
  // onView(callback): called with every view from now on, and at once with the newest if one
  // came before the caller's script ran (deferred scripts wait for each other, a socket's
  // message does not).
  function onView(callback) {
    document.addEventListener("euchre:view", (event) => callback(event.detail));
    if (latestView) callback(latestView);
  }
  window.euchrePlay = { send: send, seatName: seatName, onView: onView };
  readSeat().then(() => { starting = false; connect(); });
})();
