"""A movement as data: the vocabulary a sheet file's ``[movement]`` table speaks.

A club's movement is a few frozen values the core interprets (``movement_rules.py``), after
ACBLscore's movement files and Tabbycat's draw options: what each table's outcome (the
winners, the losers; a level game's winner is the side the sheet's tie rule names) does to
each seat class or compass seat (stay, up or down N tables, to the head or the foot, and what
a move past an end does), how partners are formed (keep, split, the winners meet, one of each
class, repeats avoided as a preference), and how sit-outs are chosen (the fair rotation, a
ghost table at the foot fed by the movement, or tables of three). A full random redraw every
game and the fixed schedules (round robin, the whist design) are named. Whatever this
vocabulary cannot say is refused in words (:func:`movement_problems`), never replaced by
another movement.

Tables are numbered from the head (table 1, the top) to the foot (the highest number).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, field_validator

__all__ = [
    "MAX_STEPS",
    "Avoid",
    "Compass",
    "Ends",
    "MoveRule",
    "MoveTo",
    "MovementProblem",
    "MovementSpec",
    "PairClasses",
    "Partners",
    "Redraw",
    "ScheduleName",
    "SitOuts",
    "Who",
    "describe_move",
    "movement_problems",
    "parse_move",
]

MAX_STEPS = 50
"""The most tables a move may go up or down at once."""


class Who(StrEnum):
    """Whom a move rule sends: by the table's outcome (a level game has a winner too: the
    side the sheet's tie rule names), or everyone (compass movements, whatever the result)."""

    WINNERS = "winners"
    LOSERS = "losers"
    EVERYONE = "everyone"


class Compass(StrEnum):
    """A compass seat: North and South are partners, East and West are partners."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"


COMPASS_ORDER: tuple[Compass, ...] = (Compass.NORTH, Compass.EAST, Compass.SOUTH, Compass.WEST)
"""The seats in the order a table lists them (partnership 0 is North-South)."""


class Ends(StrEnum):
    """What a move past the head or the foot does: ``stay`` stops at that end table; ``wrap``
    goes round (up one from the head is the foot; down one from the foot is the head)."""

    STAY = "stay"
    WRAP = "wrap"


class Partners(StrEnum):
    """How partners are formed at each table of the next round.

    ``keep``: partners stay together (fixed teams). ``split``: the two players seated first at
    a table (those who stayed) become opponents, each partnering one of the two who arrive.
    ``winners_meet``: the same where the winners stay, said the way clubs say it (the winning
    pair splits and its two players play against each other). ``by_seat``: North partners
    South and East partners West (compass movements)."""

    KEEP = "keep"
    SPLIT = "split"
    WINNERS_MEET = "winners_meet"
    BY_SEAT = "by_seat"


class PairClasses(StrEnum):
    """Which seat classes may partner: ``any``, or ``one_of_each`` (LVEA: high always
    partners low; needs exactly two classes)."""

    ANY = "any"
    ONE_OF_EACH = "one_of_each"


class Avoid(StrEnum):
    """A preference the seating search follows, in the order given: fewer repeated
    partnerships, fewer repeated opponents."""

    REPEAT_PARTNERS = "repeat_partners"
    REPEAT_OPPONENTS = "repeat_opponents"


class SitOuts(StrEnum):
    """Who sits out when the players do not fill every table: ``fair_rotation`` (nobody sits
    out twice before everyone has once), or ``ghost_table`` (a short last table at the foot,
    fed by the movement like any other table: its players take the bye the event's
    ``sit_out_scoring`` gives, e.g. ``fixed`` 7 points), or ``tables_of_three`` (nobody sits
    out: the fair rotation sends the players a multiple of four leaves over to tables of
    three at the foot, which play three-handed on paper, each player for himself;
    ``tables_of_three.py``). Tables of three seat players: a fixed-partner format, a
    schedule or an ``anywhere`` search refuses them."""

    FAIR_ROTATION = "fair_rotation"
    GHOST_TABLE = "ghost_table"
    TABLES_OF_THREE = "tables_of_three"


class Redraw(StrEnum):
    """``every_game``: a full seeded random draw of tables and partners before every game
    (the poker-chips night); ``never``: the movement decides."""

    NEVER = "never"
    EVERY_GAME = "every_game"


class ScheduleName(StrEnum):
    """A schedule fixed before the first game, by name: ``round_robin`` (fixed teams, every
    team meets every other once) or ``whist`` (individual, a balanced design)."""

    ROUND_ROBIN = "round_robin"
    WHIST = "whist"


class MoveTo(StrEnum):
    """Where a move sends a player or team: with :attr:`MoveRule.steps` for up and down."""

    STAY = "stay"
    UP = "up"
    DOWN = "down"
    HEAD = "head"
    FOOT = "foot"
    ANYWHERE = "anywhere"


_MOVE = re.compile(r"^\s*(stay|up|down|head|foot|anywhere)(?:\s+(\d+))?\s*$")
# Table numbers said as a club says them ("to the next higher numbered table"): a
# higher number is toward the foot, ``down``; a lower number toward table 1, ``up``.
_BY_NUMBER = {"to_higher_number": "down", "to_lower_number": "up"}


def parse_move(text: str) -> tuple[MoveTo, int]:
    """``"up 1"`` as ``(MoveTo.UP, 1)``; ``"stay"``, ``"head"``, ``"foot"``, ``"anywhere"``
    take no number. Raises ValueError naming what is allowed."""
    words = text.split(maxsplit=1)
    plain = text
    if words and words[0] in _BY_NUMBER:
        plain = " ".join([_BY_NUMBER[words[0]], *words[1:]])
    found = _MOVE.match(plain)
    allowed = (
        f"say 'stay', 'up N', 'down N' (N tables, 1 to {MAX_STEPS}; or 'to_lower_number N', "
        "'to_higher_number N'), 'head', 'foot' or 'anywhere'"
    )
    if found is None:
        raise ValueError(f"{text!r} is not a move; {allowed}")
    where, number = MoveTo(found.group(1)), found.group(2)
    if where in (MoveTo.UP, MoveTo.DOWN):
        steps = int(number) if number is not None else 0
        if not 1 <= steps <= MAX_STEPS:
            named = words[0] if plain != text else where
            raise ValueError(f"{text!r}: {named} needs a number of tables; {allowed}")
        return where, steps
    if number is not None:
        raise ValueError(f"{text!r}: {where} takes no number; {allowed}")
    return where, 0


class _Frozen(BaseModel):
    # Not strict: a TOML array is read as a tuple and a string as its StrEnum member.
    model_config = ConfigDict(extra="forbid", frozen=True)


class MoveRule(_Frozen):
    """One line of a movement: ``who`` (of ``seat_class`` or at compass ``seat``, when
    given) goes ``move``; ``ends`` says what a move past the head or foot does; ``at_head`` /
    ``at_foot`` replace the move for those leaving the head (foot) table (Ballantrae: the
    losers stay, but the head table's losers go to the foot)."""

    who: Who
    move: str
    seat_class: str | None = None
    seat: Compass | None = None
    ends: Ends = Ends.STAY
    at_head: str | None = None
    at_foot: str | None = None

    @field_validator("move", "at_head", "at_foot")
    @classmethod
    def _a_move(cls, value: str | None) -> str | None:
        if value is not None:
            parse_move(value)
        return value

    def target(self, position: int, last: int) -> int | None:
        """The table position (0 the head, ``last`` the foot) this rule sends someone leaving
        ``position`` to; None for ``anywhere`` (a search places him)."""
        text = self.move
        if position == 0 and self.at_head is not None:
            text = self.at_head
        elif position == last and self.at_foot is not None:
            text = self.at_foot
        where, steps = parse_move(text)
        if where is MoveTo.ANYWHERE:
            return None
        if where is MoveTo.STAY:
            return position
        if where is MoveTo.HEAD:
            return 0
        if where is MoveTo.FOOT:
            return last
        goal = position - steps if where is MoveTo.UP else position + steps
        if 0 <= goal <= last:
            return goal
        if self.ends is Ends.WRAP:
            return goal % (last + 1)
        return 0 if goal < 0 else last

    def applies(self, won: bool | None, seat_class: str | None, seat: Compass) -> bool:
        """Whether this rule moves a player who ``won`` (None: sat at the ghost table, who
        move as losers) of ``seat_class`` at compass ``seat``."""
        if self.who is Who.WINNERS and won is not True:
            return False
        if self.who is Who.LOSERS and won is True:
            return False
        if self.seat_class is not None and self.seat_class != seat_class:
            return False
        return self.seat is None or self.seat == seat


class MovementSpec(_Frozen):
    """A whole movement, as a sheet file's ``[movement]`` table writes it (see
    ``docs/sheets.md``): exactly one of ``moves`` (rules by outcome, class or seat),
    ``redraw = "every_game"`` or a named ``schedule``."""

    moves: tuple[MoveRule, ...] = ()
    partners: Partners = Partners.KEEP
    pair_classes: PairClasses = PairClasses.ANY
    avoid: tuple[Avoid, ...] = ()
    sit_outs: SitOuts = SitOuts.FAIR_ROTATION
    redraw: Redraw = Redraw.NEVER
    schedule: ScheduleName | None = None

    @property
    def searched(self) -> bool:
        """Whether some players move ``anywhere`` (placed by a search, not a rule)."""
        return any(
            parse_move(text)[0] is MoveTo.ANYWHERE
            for rule in self.moves
            for text in (rule.move, rule.at_head, rule.at_foot)
            if text is not None
        )

    def stationary_seat(self) -> Compass | None:
        """The compass seat whose player stays at his table whatever the outcome
        (Chatgamers' "North seat will be stationary for entire tournament"), under a movement
        by seat; None where every seat may move (a player's request for it cannot be met)."""
        if self.partners is not Partners.BY_SEAT or self.schedule is not None:
            return None
        if self.redraw is Redraw.EVERY_GAME:
            return None
        for seat in COMPASS_ORDER:
            try:
                rules = [self.rule_for(won, None, seat) for won in (True, False)]
            except LookupError:
                continue
            if all(
                parse_move(rule.move)[0] is MoveTo.STAY
                and (rule.at_head is None or parse_move(rule.at_head)[0] is MoveTo.STAY)
                and (rule.at_foot is None or parse_move(rule.at_foot)[0] is MoveTo.STAY)
                for rule in rules
            ):
                return seat
        return None

    def rule_for(self, won: bool | None, seat_class: str | None, seat: Compass) -> MoveRule:
        """The rule that moves this player (the first that applies; the sheet's check makes
        it the only one). A player of no declared class moves by the first rule for his
        outcome."""
        for rule in self.moves:
            if rule.applies(won, seat_class, seat):
                return rule
        # A player without one of the sheet's seat classes (entered before the class was
        # set) moves as the first rule for his outcome says, rather than stopping the night.
        for rule in self.moves:
            if rule.applies(won, rule.seat_class, seat):
                return rule
        raise LookupError(f"no move for {won=} {seat_class=} {seat=}")


class MovementProblem(BaseModel):
    """One thing a movement cannot do: the dotted key under ``movement`` and what is wrong."""

    model_config = ConfigDict(frozen=True)

    key: str
    message: str


_Refuse = Callable[[str, str], None]
"""The ``refuse(key, message)`` callback the checks report through."""


def movement_problems(
    spec: MovementSpec, *, fixed_partners: bool, seat_classes: Sequence[str]
) -> list[MovementProblem]:
    """Everything in ``spec`` the interpreter cannot do for a format with (or without)
    ``fixed_partners`` and the sheet's declared ``seat_classes``: every problem at once, each
    at its key (``movement.moves.0.seat_class``: the first rule, counted from 0 as every
    list's items in a problem's key)."""
    problems: list[MovementProblem] = []

    def refuse(key: str, message: str) -> None:
        problems.append(MovementProblem(key=f"movement{'.' + key if key else ''}", message=message))

    kinds = [
        name
        for name, used in (
            ("moves", bool(spec.moves)),
            ("redraw", spec.redraw is Redraw.EVERY_GAME),
            ("schedule", spec.schedule is not None),
        )
        if used
    ]
    if not kinds:
        refuse("", "say how players move: 'moves' (rules by outcome), redraw or a schedule")
    elif len(kinds) > 1:
        refuse(kinds[1], f"a movement is one of moves, redraw or schedule; this one sets {kinds}")
    individual = not fixed_partners
    # A schedule or a redraw forms its own partnerships: only moves read ``partners``.
    if spec.partners is Partners.KEEP and individual and spec.moves:
        refuse(
            "partners",
            "'keep' needs a fixed-partner format (winners_move_up, losers_rotate, "
            "round_robin); this format seats players: say split, winners_meet or by_seat",
        )
    if spec.partners is not Partners.KEEP and fixed_partners and spec.moves:
        refuse(
            "partners",
            f"{spec.partners.value!r} changes partners; this format keeps fixed teams: say keep",
        )
    if spec.schedule is ScheduleName.ROUND_ROBIN and individual:
        refuse("schedule", "round_robin seats fixed teams; this format seats players")
    if spec.schedule is ScheduleName.WHIST and fixed_partners:
        refuse("schedule", "whist seats players; this format keeps fixed teams")
    classes = list(seat_classes)
    if spec.pair_classes is PairClasses.ONE_OF_EACH:
        if len(classes) != 2:
            refuse(
                "pair_classes",
                "one_of_each needs exactly two seat classes in [players] seat_classes; "
                f"declared: {classes or 'none'}",
            )
        if fixed_partners:
            refuse("pair_classes", "one_of_each pairs players; this format keeps fixed teams")
    if spec.sit_outs is SitOuts.TABLES_OF_THREE and fixed_partners:
        refuse(
            "sit_outs",
            "tables of three seat players, each playing for himself; this format keeps fixed "
            "teams: say fair_rotation (a team left over sits out in turn)",
        )
    if spec.sit_outs is SitOuts.TABLES_OF_THREE and spec.schedule is not None:
        refuse(
            "sit_outs", "a schedule names its own sit-outs; tables of three need moves or a redraw"
        )
    if spec.sit_outs is SitOuts.GHOST_TABLE and spec.schedule is not None:
        refuse("sit_outs", "a schedule names its own sit-outs; a ghost table needs moves")
    if spec.schedule is not None or spec.redraw is Redraw.EVERY_GAME:
        return problems
    _rule_problems(spec, classes, fixed_partners, refuse)
    return problems


def _rule_problems(
    spec: MovementSpec,
    classes: list[str],
    fixed_partners: bool,
    refuse: _Refuse,
) -> None:
    """The ``moves`` list: each rule readable, and every player's move said exactly once."""
    uses_class = any(rule.seat_class is not None for rule in spec.moves)
    uses_seat = any(rule.seat is not None for rule in spec.moves)
    for index, rule in enumerate(spec.moves):
        where = f"moves.{index}"
        if rule.seat_class is not None and rule.seat_class not in classes:
            refuse(
                f"{where}.seat_class",
                f"{rule.seat_class!r} is not a seat class of this sheet; "
                f"[players] seat_classes: {classes or 'none declared'}",
            )
        if rule.seat_class is not None and fixed_partners:
            refuse(
                f"{where}.seat_class",
                "moves by seat class move players; this format keeps fixed teams: "
                "not expressible yet",
            )
        if rule.seat is not None and fixed_partners:
            refuse(f"{where}.seat", "compass seats move players; this format keeps fixed teams")
        if uses_seat and uses_class:
            refuse(where, "moves by seat class and by compass seat together: not expressible yet")
        for key in ("at_head", "at_foot"):
            text = getattr(rule, key)
            if text is not None and parse_move(text)[0] is MoveTo.ANYWHERE:
                refuse(f"{where}.{key}", "'anywhere' is a whole movement's search, not an end's")
    if uses_seat and spec.partners is not Partners.BY_SEAT:
        refuse("partners", "moves by compass seat keep their seat: say partners = 'by_seat'")
    if spec.partners is Partners.BY_SEAT and not uses_seat:
        refuse("partners", "by_seat needs moves by compass seat (seat = 'north', ...)")
    # Every player's move said exactly once.
    outcomes: list[tuple[str, bool | None]] = [("winners", True), ("losers", False)]
    class_list: list[str | None] = list(classes) if uses_class else [None]
    seats: list[Compass] = list(COMPASS_ORDER) if uses_seat else [Compass.NORTH]
    for label, won in outcomes:
        for seat_class in class_list:
            for seat in seats:
                matching = [
                    index
                    for index, rule in enumerate(spec.moves)
                    if rule.applies(won, seat_class, seat)
                ]
                whom = " ".join(
                    part
                    for part in (
                        label,
                        f"of class {seat_class!r}" if seat_class else "",
                        f"at {seat.value}" if uses_seat else "",
                    )
                    if part
                )
                if not matching:
                    refuse("moves", f"no move says where the {whom} go")
                elif len(matching) > 1:
                    refuse(
                        f"moves.{matching[1]}",
                        f"the {whom} are moved twice: "
                        + " and ".join(repr(spec.moves[index].move) for index in matching),
                    )
    if spec.searched:
        _search_problems(spec, fixed_partners, uses_class or uses_seat, refuse)
    winners_stay = all(
        rule.target(1, 2) == 1 and rule.at_head is None and rule.at_foot is None
        for rule in spec.moves
        if rule.who is Who.WINNERS
    ) and any(rule.who is Who.WINNERS for rule in spec.moves)
    if spec.partners is Partners.WINNERS_MEET and not winners_stay:
        refuse("partners", "winners_meet needs the winners to stay (who = 'winners', 'stay')")


def _search_problems(
    spec: MovementSpec, fixed_partners: bool, by_class: bool, refuse: _Refuse
) -> None:
    """``anywhere`` runs one of the searches the core has: the losers placed anywhere while
    the winners stay (Bolivar's for players, Valpo's for teams)."""
    for index, rule in enumerate(spec.moves):
        anywhere = parse_move(rule.move)[0] is MoveTo.ANYWHERE
        if rule.who is Who.WINNERS and parse_move(rule.move)[0] is not MoveTo.STAY:
            refuse(f"moves.{index}.move", "with losers moving 'anywhere' the winners must stay")
        if anywhere and rule.who is not Who.LOSERS:
            refuse(f"moves.{index}.move", "'anywhere' (a search) moves only the losers")
    if by_class:
        refuse("moves", "'anywhere' by seat class or compass seat: not expressible yet")
    if spec.sit_outs is SitOuts.GHOST_TABLE:
        refuse("sit_outs", "'anywhere' with a ghost table: not expressible yet")
    if spec.sit_outs is SitOuts.TABLES_OF_THREE:
        refuse("sit_outs", "'anywhere' with tables of three: not expressible yet")
    if fixed_partners and Avoid.REPEAT_OPPONENTS not in spec.avoid:
        refuse(
            "avoid",
            "teams moving 'anywhere' are placed by the search for no repeat match-ups: "
            "say avoid = ['repeat_opponents']",
        )
    if not fixed_partners and (
        spec.partners not in (Partners.SPLIT, Partners.WINNERS_MEET)
        or Avoid.REPEAT_PARTNERS not in spec.avoid
    ):
        refuse(
            "avoid",
            "players moving 'anywhere' are placed by the search for no repeat partners "
            "(the winners split): say partners = 'split' and avoid = ['repeat_partners', "
            "'repeat_opponents']",
        )


def describe_move(
    spec: MovementSpec, table: int, tables: int, won: bool, *, ghost: bool = False
) -> str:
    """Where ``spec`` sends the pair that ``won`` (or lost) at ``table`` of ``tables``, in
    words for the table's phones (the class or seat of each player, when the rules differ).
    ``ghost``: the last of ``tables`` is this round's ghost table (its players sit out), named
    so rather than by a number no table card carries."""
    if spec.schedule is not None:
        return ""
    if spec.redraw is Redraw.EVERY_GAME:
        return "everyone draws a new seat for the next game"
    who = Who.WINNERS if won else Who.LOSERS
    lines = []
    for rule in spec.moves:
        if rule.who not in (who, Who.EVERYONE):
            continue
        goal = rule.target(table - 1, tables - 1)
        whom = rule.seat_class or (rule.seat.value if rule.seat else "")
        subject, verb = (f"the {whom} player", "s") if whom else ("they", "")
        where = (
            f"move{verb} to another table"
            if goal is None
            else f"stay{verb} at table {table}"
            if goal == table - 1
            else f"move{verb} to the ghost table (a bye)"
            if ghost and goal == tables - 1
            else f"move{verb} to table {goal + 1}"
        )
        lines.append(f"{subject} {where}")
    text = "; ".join(lines)
    if spec.partners is Partners.WINNERS_MEET and won:
        text += " and play against each other"
    if spec.partners in (Partners.SPLIT, Partners.WINNERS_MEET):
        text += ", with new partners"
    return text
