// The director's live page of an online night: every 5 s the table rows are fetched and only
// the cells that changed are replaced, in place (each seat's connection with them: connected,
// dropped with its countdown, away while a computer plays for him). A form the director is
// using (focus in it, or a field changed from what the page gave it) is never replaced, so a
// half-filled "Fill seat" keeps what he chose; the forms below the table are never touched.
// Without scripts the page reloads itself instead (a <noscript> refresh).
(function () {
  const table = document.getElementById("online-tables");
  if (!table || !table.dataset.rowsUrl) return;
  const body = table.tBodies[0];
  const every = Number(table.dataset.poll || 5000);

  // The option a select shows before anyone touches it: the last marked selected, else the
  // first (an option with no "selected" mark is selected without being the default).
  function defaultIndex(select) {
    let index = 0;
    Array.from(select.options).forEach((option, at) => { if (option.defaultSelected) index = at; });
    return index;
  }

  // Whether the director is using a form in this cell: focus inside, or a value changed.
  function inUse(cell) {
    if (cell.contains(document.activeElement)) return true;
    for (const field of cell.querySelectorAll("input, select, textarea")) {
      if (field.tagName === "SELECT") {
        if (field.selectedIndex !== defaultIndex(field)) return true;
      } else if (field.type === "checkbox" || field.type === "radio") {
        if (field.checked !== field.defaultChecked) return true;
      } else if (field.value !== field.defaultValue) {
        return true;
      }
    }
    return false;
  }

  function update(old, fresh) {
    for (const name of fresh.getAttributeNames()) {
      if (old.getAttribute(name) !== fresh.getAttribute(name)) {
        old.setAttribute(name, fresh.getAttribute(name));
      }
    }
    const cells = Array.from(fresh.cells);
    cells.forEach((cell, index) => {
      const mine = old.cells[index];
      if (!mine) { old.append(cell.cloneNode(true)); return; }
      if (mine.innerHTML === cell.innerHTML) return;
      if (mine.dataset.cell === "actions" && inUse(mine)) return;
      mine.innerHTML = cell.innerHTML;
    });
  }

  function apply(text) {
    const holder = document.createElement("template");
    holder.innerHTML = "<table><tbody>" + text + "</tbody></table>";
    const freshRows = holder.content.querySelectorAll("tbody > tr[data-key]");
    const seen = new Set();
    let previous = null;
    for (const fresh of freshRows) {
      const key = fresh.dataset.key;
      seen.add(key);
      const old = Array.from(body.rows).find((row) => row.dataset.key === key);
      if (old) {
        update(old, fresh);
        previous = old;
        continue;
      }
      // A new row goes after the one before it; rows already there never move (moving a
      // row would take the focus out of its form).
      const row = document.importNode(fresh, true);
      if (previous) previous.after(row); else body.prepend(row);
      previous = row;
    }
    for (const row of Array.from(body.rows)) {
      const actions = row.querySelector('[data-cell="actions"]');
      if (!seen.has(row.dataset.key) && !(actions && inUse(actions))) row.remove();
    }
    table.dataset.updated = String(Number(table.dataset.updated || 0) + 1);
  }

  // A dropped player's countdown to the computer player ticks between fetches (the next
  // fetch brings the server's own count).
  function tick() {
    for (const left of table.querySelectorAll(".countdown[data-left]")) {
      const seconds = Math.max(0, Number(left.dataset.left) - 1);
      left.dataset.left = String(seconds);
      left.textContent = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
    }
  }
  setInterval(tick, 1000);

  async function refresh() {
    try {
      const response = await fetch(table.dataset.rowsUrl, {credentials: "same-origin"});
      // Logged out (the login page answers) or an error: keep the page as it is.
      if (response.ok && !response.redirected) apply(await response.text());
    } catch (error) {
      // No connection: try again at the next turn.
    }
    setTimeout(refresh, every);
  }
  setTimeout(refresh, every);
})();
