// Share one seat's link: the phone's share sheet where there is one, else the clipboard,
// else the link shown selected to copy by hand. Used by the invite page and the table page.
window.euchreShare = async (url, name, out) => {
  "use strict";
  const say = (text) => { if (out) out.textContent = text; };
  if (navigator.share) {
    try {
      await navigator.share({ title: "Euchre: " + name + "'s seat", text: "Your seat at the euchre table (" + name + ")", url: url });
      say("Shared " + name + "'s link.");
      return;
    } catch (error) {
      if (error && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    say(name + "'s link is copied: paste it to " + name + " only.");
  } catch (error) {
    if (!out) return;
    const box = document.createElement("input");
    box.readOnly = true;
    box.value = url;
    box.setAttribute("aria-label", name + "'s link");
    out.replaceChildren("Copy " + name + "'s link: ", box);
    box.select();
  }
};
