"""Who competes in an event: players, or fixed teams of two (players who came alone are paired
by a seeded draw, Valpo's "the supervisor will assist in pairing teams")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from euchre.tournament.model import Entrant
from euchre.tournament.movement import round_rng

__all__ = ["Competitors", "build_competitors", "unit_active"]


@dataclass(slots=True)
class Competitors:
    """Who competes: teams (fixed-partner formats) or players, with names and members."""

    members: dict[str, tuple[str, ...]]
    names: dict[str, str]
    unit_of: dict[str, str]
    order: list[str]
    warnings: list[str] = field(default_factory=list)


def build_competitors(entrants: Sequence[Entrant], fixed_partners: bool, seed: int) -> Competitors:
    """The competitors of an event: each player (individual formats), or teams of two, the
    players who came alone paired by a seeded draw (fixed-partner formats)."""
    names = {entrant.id: entrant.name for entrant in entrants}
    if not fixed_partners:
        order = [entrant.id for entrant in entrants]
        return Competitors(
            {pid: (pid,) for pid in order}, dict(names), {pid: pid for pid in order}, order
        )
    labelled: dict[str, list[str]] = {}
    alone: list[str] = []
    for entrant in entrants:
        if entrant.team is None:
            alone.append(entrant.id)
        else:
            labelled.setdefault(entrant.team, []).append(entrant.id)
    warnings: list[str] = []
    members: dict[str, tuple[str, ...]] = {}
    for label, ids in labelled.items():
        if len(ids) == 2:
            members[label] = (ids[0], ids[1])
        else:
            warnings.append(
                f"team {label!r} has {len(ids)} players ({', '.join(names[i] for i in ids)}); a "
                "team is two, "
                "so they are paired by the draw"
            )
            alone += ids
    # Players who came alone are paired by a seeded draw (Valpo: "the supervisor will assist
    # in pairing teams").
    rng = round_rng(seed, 0, "draw")
    alone.sort()
    rng.shuffle(alone)
    for index in range(0, len(alone) - 1, 2):
        first, second = alone[index], alone[index + 1]
        members[f"{first}+{second}"] = (first, second)
    if len(alone) % 2:
        warnings.append(f"{names[alone[-1]]} has no partner and cannot play a team format")
    team_names = {
        team: " & ".join(names[player] for player in pair) for team, pair in members.items()
    }
    unit_of = {player: team for team, pair in members.items() for player in pair}
    return Competitors(members, team_names, unit_of, list(members), warnings)


def unit_active(
    unit: str, competitors: Competitors, entrants: Mapping[str, Entrant], round_number: int
) -> bool:
    """True when every player of ``unit`` is present for ``round_number``."""
    return all(entrants[p].active_in(round_number) for p in competitors.members[unit])
