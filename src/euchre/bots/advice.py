"""A bot's advice for one position: the action it would take and a one-line reason.

The terminal game's ``?``, ``euchre hint`` and the play page's hint all ask this one
function, so they give the same reason for the same decision. A bot that offers
``advise(view) -> (action, why)`` explains itself; any other bot is asked ``choose`` and the
reason names the bot's kind of judgement.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.bots.base import Bot
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
    return Advice(bot.name, action, str(why))
