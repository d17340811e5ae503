// Served by the app itself (no CDN, no build step): the round timer, the bell, the projector's
// auto-refresh, hand-by-hand sums on the table page, and the tie question shown only for a
// level game.
"use strict";

var audioContext = null;
var bellEnabled = false;
var bellRung = false;

function ringBell() {
  // A bell made with the Web Audio API: a few decaying partials, no sound file.
  var AudioType = window.AudioContext || window.webkitAudioContext;
  if (!AudioType) { return; }
  if (!audioContext) { audioContext = new AudioType(); }
  var now = audioContext.currentTime;
  [[880, 0.6], [1320, 0.3], [2210, 0.15], [660, 0.4]].forEach(function (partial) {
    for (var strike = 0; strike < 3; strike++) {
      var start = now + strike * 0.9;
      var oscillator = audioContext.createOscillator();
      var gain = audioContext.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = partial[0];
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(partial[1], start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 1.6);
      oscillator.connect(gain).connect(audioContext.destination);
      oscillator.start(start);
      oscillator.stop(start + 1.7);
    }
  });
  document.body.setAttribute("data-bell-rung", "true");
}

var timerDeadline = null;

function startTimer() {
  var timer = document.getElementById("timer");
  if (!timer) { return; }
  var left = parseInt(timer.getAttribute("data-seconds-left"), 10);
  if (isNaN(left)) { timerDeadline = null; return; }
  timerDeadline = Date.now() + left * 1000;
  if (left > 0) { bellRung = false; }
  if (timer.getAttribute("data-bell") === "auto") { bellEnabled = true; }
  tick();
}

function tick() {
  var timer = document.getElementById("timer");
  if (!timer || timerDeadline === null) { return; }
  var remaining = Math.max(0, Math.round((timerDeadline - Date.now()) / 1000));
  var minutes = Math.floor(remaining / 60);
  var seconds = remaining % 60;
  timer.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
  if (remaining === 0) {
    timer.classList.add("over");
    timer.textContent = "Time! " + timer.textContent;
    if (bellEnabled && !bellRung) { bellRung = true; ringBell(); }
  }
}

function refreshLive() {
  // Parts of a page marked data-live (by id) are replaced every few seconds from a fresh copy
  // of the same page: the projector's standings, the director's table states.
  var parts = document.querySelectorAll("[data-live]");
  if (!parts.length) { return; }
  var seconds = parseInt(parts[0].getAttribute("data-live"), 10) || 10;
  setInterval(function () {
    fetch(window.location.href, { headers: { "Accept": "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var timerTouched = false;
        var moved = false;
        parts.forEach(function (part) {
          var replacement = fresh.getElementById(part.id);
          // A part that belongs to one round (the table page's next seats) reloads the whole
          // page once the page has moved on to another round.
          if (part.hasAttribute("data-reload-when-gone") &&
              (!replacement || replacement.getAttribute("data-round") !== part.getAttribute("data-round"))) {
            moved = true;
          }
          if (replacement && !moved) {
            part.innerHTML = replacement.innerHTML;
            if (part.querySelector("#timer")) { timerTouched = true; }
          }
        });
        if (moved) { window.location.reload(); return; }
        if (timerTouched) { startTimer(); }
        markChangedSeats();
      })
      .catch(function () { /* the venue's Wi-Fi dropped: try again next time */ });
  }, seconds * 1000);
}

function handTotals(form) {
  // The two teams' sums of the hands typed in ``form``; null while no hand is typed.
  var totals = [0, 0];
  var any = false;
  form.querySelectorAll("input[id^=hand-]").forEach(function (input) {
    var value = parseInt(input.value, 10);
    if (!isNaN(value)) { any = true; totals[input.id.slice(-1) === "0" ? 0 : 1] += value; }
  });
  return any ? totals : null;
}

function sumHands() {
  // The phone's score form and the director's correction form: the totals follow the hands.
  document.querySelectorAll("#score-form, #correction-form").forEach(function (form) {
    form.addEventListener("input", function (event) {
      if (!/^hand-/.test(event.target.id || "")) { return; }
      var totals = handTotals(form);
      if (totals) {
        form.querySelector("#team0-points").value = totals[0];
        form.querySelector("#team1-points").value = totals[1];
      }
    });
  });
}

function markChangedSeats() {
  // The next round's seats are provisional until the director starts it: a seat that differs
  // from the one this phone showed before says so. What was shown is kept in localStorage per
  // table, round and player; a change stays marked until the seat changes again.
  var seats = document.getElementById("next-seats");
  if (!seats || !seats.hasAttribute("data-round")) { return; }
  var prefix = "euchre-seat:" + seats.getAttribute("data-code") + ":" +
    seats.getAttribute("data-round") + ":";
  seats.querySelectorAll("li[data-seat]").forEach(function (line) {
    var seat = line.getAttribute("data-seat");
    var key = prefix + line.getAttribute("data-player");
    var known = null;
    try { known = JSON.parse(window.localStorage.getItem(key) || "null"); } catch (error) { known = null; }
    var was = null;
    if (known !== null && known.seat !== seat) { was = known.seat; }
    else if (known !== null && known.was) { was = known.was; }
    if (known === null || known.seat !== seat) {
      try { window.localStorage.setItem(key, JSON.stringify({ seat: seat, was: was })); }
      catch (error) { /* private browsing: nothing kept, nothing marked */ }
    }
    if (was !== null && !line.querySelector(".seat-changed")) {
      // "table 2" (or "sits out") when the table changed; otherwise the new company.
      var place = function (text) { return text.split(",")[0].split(" with ")[0]; };
      var note = document.createElement("strong");
      note.className = "seat-changed";
      note.textContent = " Changed since you last looked: " + (place(was) !== place(seat)
        ? "now " + place(seat) : "same table, now " + seat.slice(place(seat).length + 1)) + ".";
      line.appendChild(note);
    }
  });
}

function levelGameQuestion() {
  // "Who reached the tying score first?" matters only when the game is level: shown while the
  // two totals (or, with the totals blank, the hands) are equal and not 0-0, hidden otherwise.
  // Without JS it always shows (the server drops the answer for a game that is not level);
  // a question the server marked as missing stays shown.
  var question = document.getElementById("tie-first");
  var form = question && question.closest("form");
  if (!form) { return; }
  function number(input) {
    var value = input ? parseInt(input.value, 10) : NaN;
    return isNaN(value) ? null : value;
  }
  function totals() {
    var typed = [number(document.getElementById("team0-points")),
                 number(document.getElementById("team1-points"))];
    if (typed[0] !== null && typed[1] !== null) { return typed; }
    return handTotals(form);
  }
  function update() {
    var points = totals();
    var level = points !== null && points[0] === points[1] && points[0] > 0;
    question.hidden = !level && !question.classList.contains("invalid");
  }
  form.addEventListener("input", update);
  update();
}

function prizesText(prizes) {
  // A schedule the field cannot write (by entrants, percentages of the pot, extras, a
  // last-place prize, eligibility) is left empty: an empty field takes the sheet's own.
  var tiers = (prizes && prizes.tiers) || [];
  if (prizes && Object.keys(prizes).some(function (key) { return key !== "tiers"; })) return "";
  if (tiers.some(function (tier) { return tier.min_entrants; })) return "";
  return tiers.map(function (tier) {
    return tier.min_tables + ": " + tier.amounts_cents.map(function (cents) {
      return String(cents / 100);
    }).join(", ");
  }).join("; ");
}

function sheetPresets() {
  // Choosing a rule sheet fills in that sheet's own event: format, rounds, prizes, the cup.
  var form = document.querySelector("form[data-presets]");
  var profile = document.getElementById("event-profile");
  if (!form || !profile || !form.getAttribute("data-presets")) { return; }
  var presets = JSON.parse(form.getAttribute("data-presets"));
  function fill() {
    var preset = presets[profile.value];
    if (!preset) { return; }
    document.getElementById("event-format").value = preset.format;
    document.getElementById("event-rounds").value = preset.rounds;
    document.getElementById("event-prizes").value = prizesText(preset.prizes);
    document.getElementById("event-side-pot").value = preset.side_pot ? "yes" : "no";
    document.getElementById("event-side-pot-cents").value = preset.side_pot_cents;
    document.getElementById("event-format-options").value = JSON.stringify(preset.format_options);
    document.getElementById("event-prize-ties").value = preset.prize_ties;
    document.getElementById("event-side-pot-qualification").value = preset.side_pot_qualification;
    // A sheet's JSON leaves these out at their defaults (no lone stake; the director decides).
    document.getElementById("event-side-pot-lone-cents").value = preset.side_pot_lone_cents ?? 0;
    document.getElementById("event-side-pot-fallback").value =
      preset.side_pot_fallback ?? "director";
    // The rest of the sheet's event (a club's sheet file may set them); no bell: the form's 20.
    // A sheet's 0 (no clock) is a value, not a missing one.
    document.getElementById("event-round-minutes").value = preset.round_minutes ?? 20;
    document.getElementById("event-sit-out").value = preset.sit_out_scoring;
    document.getElementById("event-sit-out-points").value = preset.sit_out_points;
    document.getElementById("event-tie-breaks").value = (preset.tie_breaks || []).join(", ");
    // The night's break: a sheet without one leaves it out.
    document.getElementById("event-break-after-round").value = preset.break_after_round ?? 0;
    document.getElementById("event-break-minutes").value = preset.break_minutes ?? 0;
    // The night's clock cut-off: a sheet without one leaves them out (play every round).
    document.getElementById("event-last-round-by").value = preset.last_round_by ?? "";
    document.getElementById("event-time-zone").value = preset.time_zone ?? "";
  }
  profile.addEventListener("change", fill);
  fill();
}

function confirmForms() {
  // Forms that withdraw a player, undo a round or delete something ask first.
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.getAttribute("data-confirm"))) { event.preventDefault(); }
    });
  });
}

document.addEventListener("DOMContentLoaded", function () {
  sheetPresets();
  confirmForms();
  startTimer();
  setInterval(tick, 1000);
  refreshLive();
  markChangedSeats();
  sumHands();
  levelGameQuestion();
  var toggle = document.getElementById("bell-toggle");
  if (toggle) {
    toggle.addEventListener("click", function () {
      bellEnabled = !bellEnabled;
      toggle.textContent = bellEnabled ? "Bell on" : "Enable the bell";
      if (bellEnabled && !audioContext) {
        var AudioType = window.AudioContext || window.webkitAudioContext;
        if (AudioType) { audioContext = new AudioType(); }
      }
    });
  }
  var test = document.getElementById("bell-test");
  if (test) { test.addEventListener("click", ringBell); }
  if (document.body.classList.contains("live")) {
    // Browsers only play sound after a click: one click anywhere on the projector page arms it.
    document.body.addEventListener("click", function () {
      bellEnabled = true;
      if (!audioContext) {
        var AudioType = window.AudioContext || window.webkitAudioContext;
        if (AudioType) { audioContext = new AudioType(); }
      }
    });
  }
});
