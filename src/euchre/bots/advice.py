"""A bot's advice for one position: the action it would take and a one-line reason.

The terminal game's ``?``, ``euchre hint`` and the play page's hint all ask this one
function, so they give the same reason for the same decision. The bot chooses (a bot that
offers ``advise(view) -> (action, why)`` also gives its own reason, kept as ``detail``); the
reason shown is the move in a player's words (:func:`euchre.bots.words.explain_move`: "lead
trump: partner called it, and you hold the right bower"), not the search's numbers, falling
back to the bot's own reason where the words have nothing to say.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.bots.base import Bot
from euchre.bots.words import explain_forced, explain_move
from euchre.engine.actions import Action
from euchre.engine.errors import EuchreError
from euchre.engine.view import PlayerView

__all__ = ["Advice", "advise"]


@dataclass(frozen=True, slots=True)
class Advice:
    """What a bot would do for the seat to act, and why (one line)."""

    bot: str
    action: Action
    why: str
    detail: str = ""
    """The bot's own reason (a search's numbers, a rule's threshold), not shown in the line."""

    def line(self) -> str:
        """The one-line form shown by the terminal game: ``bot: action (why)``."""
        return f"{self.bot}: {self.action} ({self.why})"

    def to_json(self) -> dict[str, str]:
        """``{"action": ..., "why": ...}`` as ``euchre hint --json`` prints it."""
        return {"action": str(self.action), "why": self.why}


def advise(bot: Bot, view: PlayerView) -> Advice:
    """Ask ``bot`` what ``view.seat`` should do; raises if it is not that seat's turn."""
    if not view.legal:
        raise EuchreError(f"seat {view.seat} has nothing to decide: it is not its turn")
    method = getattr(bot, "advise", None)
    if callable(method):
        action, why = method(view)
    else:
        action = bot.choose(view)
        why = "the only legal action" if len(view.legal) == 1 else f"{bot.name}'s choice"
    if action not in view.legal:
        raise EuchreError(f"bot {bot.name} chose {action}, which is not legal here")
    words = explain_move(view, action) if len(view.legal) > 1 else explain_forced(view, action)
    return Advice(bot.name, action, words or str(why), str(why))
