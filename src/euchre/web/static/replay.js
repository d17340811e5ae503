// The replay page: a table's games from its records, hand by hand and trick by trick.
// Step 0 of a hand is the deal and the bids; step k shows trick k and the cards still held.
"use strict";
(function () {
  const root = document.getElementById("replay");
  const data = document.getElementById("replay-data");
  if (!root || !data) return;
  const C = window.EuchreCards;
  const games = JSON.parse(data.textContent);
  const compass = root.dataset.names.split(",");
  const players = root.dataset.players.split(",");
  // The viewer's own seat, where this browser holds one at the table: "You", "Partner",
  // "Left", "Right" as on the table page; else the players' names or the compass.
  let mine = null;
  try {
    const saved = JSON.parse(localStorage.getItem("euchre-play:" + root.dataset.table) || "null");
    if (saved && Number.isInteger(saved.seat)) mine = saved.seat;
  } catch (e) { /* nobody's seat */ }
  const nameOf = (seat) => {
    if (seat === mine) return "You";
    if (players[seat]) return players[seat];
    return mine === null ? compass[seat] : ["You", "Left", "Partner", "Right"][(seat - mine + 4) % 4];
  };
  const $ = (id) => document.getElementById(id);
  let gameIndex = 0;
  let handIndex = 0;
  let step = 0;

  function hands() { return games[gameIndex].hands; }
  function hand() { return hands()[handIndex]; }
  function summary(h) {
    if (h.status !== "scored") return h.status === "redeal" ? "redealt" : "thrown in (everyone passed)";
    const team = h.team_points[0] ? 0 : 1;
    return nameOf(team) + " & " + nameOf(team + 2) + " score " + h.team_points[team] + " (score " + h.scores[0] + "–" + h.scores[1] + ")";
  }

  function show() {
    const h = hand();
    const last = h.plays.length;
    step = Math.max(0, Math.min(step, last));
    root.dataset.game = String(gameIndex);
    root.dataset.hand = String(h.number);
    root.dataset.step = String(step);
    $("replay-where").textContent = "Game " + (games[gameIndex].game + 1) + ", hand " + h.number + " of " + hands().length + (step === 0 ? ": the deal and the bids" : ": trick " + step + " of " + last + ", won by " + nameOf(h.plays[step - 1].winner));
    const played = new Set();
    h.plays.slice(0, step).forEach((trick) => trick.cards.forEach((play) => played.add(play.card)));
    // After the bids the dealer holds the up-card if it was ordered, less the discard.
    const ordered = h.bids.some((b) => b.action.startsWith("order"));
    const discard = h.bids.find((b) => b.action.startsWith("discard "));
    const box = $("replay-table");
    box.replaceChildren();
    const list = document.createElement("ul");
    list.className = "review-hands";
    h.hands.forEach((cards, seat) => {
      let held = cards;
      if (step > 0 && discard && discard.seat === seat) {
        held = cards.concat(ordered ? [h.up_card] : []).filter((code) => code !== discard.action.split(" ")[1]);
      }
      list.append(C.seatLine(seat, nameOf(seat), seat === h.dealer, held.filter((code) => !played.has(code))));
    });
    box.append(list);
    const now = document.createElement("p");
    now.id = "replay-now";
    if (step === 0) {
      now.append("Up-card ", C.cardSpan(h.up_card, "reviewCard"), ". Bids: " + (h.bids.map((b) => nameOf(b.seat) + " " + C.bidLabel(b.action)).join(" · ") || "none"));
    } else {
      const trick = h.plays[step - 1];
      now.append("Trick " + step + ": ");
      trick.cards.forEach((play) => now.append(nameOf(play.seat) + " ", C.cardSpan(play.card, "reviewCard"), " "));
      now.append("— won by " + nameOf(trick.winner));
    }
    box.append(now);
    C.review($("replay-review"), h, nameOf, summary(h));
    $("replay-back").disabled = handIndex === 0 && step === 0;
    $("replay-prev-hand").disabled = handIndex === 0;
    $("replay-next").disabled = handIndex === hands().length - 1 && step === last;
    $("replay-next-hand").disabled = handIndex === hands().length - 1;
  }
  function next() {
    if (step < hand().plays.length) step += 1;
    else if (handIndex < hands().length - 1) { handIndex += 1; step = 0; }
    show();
  }
  function back() {
    if (step > 0) step -= 1;
    else if (handIndex > 0) { handIndex -= 1; step = hand().plays.length; }
    show();
  }
  function toHand(delta) {
    handIndex = Math.max(0, Math.min(hands().length - 1, handIndex + delta));
    step = 0;
    show();
  }
  $("replay-next").addEventListener("click", next);
  $("replay-back").addEventListener("click", back);
  $("replay-next-hand").addEventListener("click", () => toHand(1));
  $("replay-prev-hand").addEventListener("click", () => toHand(-1));
  const pick = $("replay-game");
  if (pick) pick.addEventListener("change", () => { gameIndex = Number(pick.value); handIndex = 0; step = 0; show(); });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === "ArrowRight") next();
    else if (event.key === "ArrowLeft") back();
    else if (event.key === "PageDown") toHand(1);
    else if (event.key === "PageUp") toHand(-1);
  });
  show();
})();
