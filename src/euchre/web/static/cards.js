// Cards, bids and a finished hand's review, drawn the same way on the table page and on the
// replay page. Served by the app itself (no build, no CDN).
"use strict";
window.EuchreCards = (function () {
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const SUIT_NAMES = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
  const RANK_WORDS = { "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace" };

  function isRed(code) { return "DH".includes(code[code.length - 1]); }
  function cardText(code) {
    const rank = code[0] === "T" ? "10" : code[0];
    return rank + (SUITS[code[1]] || code[1]);
  }
  function cardLabel(code) {
    return (RANK_WORDS[code[0]] || code[0]) + " of " + (SUIT_WORDS[code[1]] || code[1]);
  }
  // A card as a small face; `attr` names its data attribute ("card" for what the seat holds
  // or sees on the table now, "reviewCard" for a finished hand's cards).
  function cardSpan(code, attr) {
    const span = document.createElement("span");
    span.className = "card" + (isRed(code) ? " red" : "");
    span.textContent = cardText(code);
    span.setAttribute("aria-label", cardLabel(code));
    span.setAttribute("role", "img");
    span.dataset[attr || "card"] = code;
    return span;
  }
  function suitSpan(letter) {
    const span = document.createElement("span");
    span.className = "suit" + (isRed(letter) ? " red" : "");
    span.textContent = SUITS[letter];
    span.setAttribute("aria-label", SUIT_WORDS[letter]);
    span.setAttribute("role", "img");
    return span;
  }
  // What a bid (or another move made before the first card) says, as the table hears it.
  function bidLabel(text) {
    const words = text.split(" ");
    if (text === "pass") return "Pass";
    if (text === "order") return "Order it up";
    if (text === "order alone") return "Order it up, alone";
    if (words[0] === "call") return SUIT_NAMES[words[1]] + (words[2] === "alone" ? ", alone" : "");
    if (text === "defend alone") return "Defend alone";
    if (text === "fold") return "Fold";
    if (words[0] === "discard") return words[1] ? "Discard " + cardText(words[1]) : "Discards";
    if (words[0] === "go" && words[1] === "under") return words.length > 2 ? "Go under: " + words.slice(2).map(cardText).join(" ") : "Goes under";
    if (words[0] === "play") return cardText(words[1]);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  function isBid(text) {
    return text === "pass" || text.startsWith("order") || text.startsWith("call") || text === "defend alone" || text === "fold" || text.startsWith("go under") || text.startsWith("discard");
  }

  // One seat's line of a hand (the review's hands as dealt, the replay's cards still held):
  // the seat's name, "(dealer)" for the dealer, then its cards.
  function seatLine(seat, name, isDealer, cards) {
    const li = document.createElement("li");
    li.dataset.seat = String(seat);
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = name + (isDealer ? " (dealer)" : "");
    li.append(who, " ");
    cards.forEach((code) => li.append(cardSpan(code, "reviewCard"), " "));
    return li;
  }

  // A finished hand: its four hands as dealt, the up-card, the bids and the tricks.
  // `hand` is a view's `last_hand` or a replay page's hand; `nameOf(seat)` names a seat.
  function review(box, hand, nameOf, summary) {
    box.replaceChildren();
    const head = document.createElement("h2");
    head.textContent = "Hand " + hand.number + (summary ? ": " + summary : "");
    box.append(head);
    const facts = document.createElement("p");
    facts.append("Dealer " + nameOf(hand.dealer) + " · up-card ", cardSpan(hand.up_card, "reviewCard"));
    if (hand.trump) {
      facts.append(" · trump ", suitSpan(hand.trump), " made by " + nameOf(hand.maker) + (hand.alone ? ", alone" : ""));
    }
    box.append(facts);
    if (hand.bids && hand.bids.length) {
      const bids = document.createElement("p");
      bids.className = "review-bids";
      bids.textContent = "Bids: " + hand.bids.map((b) => nameOf(b.seat) + " " + bidLabel(b.action)).join(" · ");
      box.append(bids);
    }
    // The hands are shown as dealt; where the dealer took the up-card, say so, so that the
    // up-card played from the dealer's hand and the card missing from it are not a puzzle.
    const caption = document.createElement("p");
    caption.className = "review-caption";
    caption.append("The hands as dealt");
    const discard = (hand.bids || []).find((b) => b.action.startsWith("discard ") && b.seat === hand.dealer);
    if (discard) {
      caption.append("; " + nameOf(hand.dealer) + " took the up-card ", cardSpan(hand.up_card, "reviewCard"),
        " and discarded ", cardSpan(discard.action.split(" ")[1], "reviewCard"));
    }
    caption.append(":");
    box.append(caption);
    const hands = document.createElement("ul");
    hands.className = "review-hands";
    hands.setAttribute("aria-label", "The four hands as dealt");
    (hand.hands || []).forEach((cards, seat) => hands.append(seatLine(seat, nameOf(seat), seat === hand.dealer, cards)));
    box.append(hands);
    const tricks = document.createElement("ol");
    tricks.className = "review-tricks";
    tricks.setAttribute("aria-label", "The tricks");
    (hand.plays || []).forEach((trick) => {
      const li = document.createElement("li");
      trick.cards.forEach((play) => {
        const one = document.createElement("span");
        one.className = "play" + (play.seat === trick.winner ? " won" : "");
        one.append(nameOf(play.seat) + " ", cardSpan(play.card, "reviewCard"));
        li.append(one, " ");
      });
      li.append("— won by " + nameOf(trick.winner));
      tricks.append(li);
    });
    box.append(tricks);
  }

  return { SUITS, SUIT_WORDS, SUIT_NAMES, cardText, cardLabel, cardSpan, suitSpan, bidLabel, isBid, isRed, review, seatLine };
})();
