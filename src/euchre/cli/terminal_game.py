"""The terminal game: you and a computer partner against two computer players."""

from __future__ import annotations

import random

from rich.console import Console

from euchre.bots import Bot, make_bot, warm_up_solver_in_background
from euchre.bots.advice import advise
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import Card, Suit, iter_mask
from euchre.engine.errors import InvalidActionError
from euchre.engine.game import Game
from euchre.engine.profile import RuleProfile
from euchre.engine.record import deal_record, draw_first_dealer
from euchre.engine.state import HandState, Phase
from euchre.engine.view import view_of

SEAT_NAMES = ("South", "West", "North", "East")
_RED = (Suit.DIAMONDS, Suit.HEARTS)


def card_markup(card: Card) -> str:
    """A card with its suit symbol, red suits in red."""
    text = f"{card.rank.letter if card.rank.letter != 'T' else '10'}{card.suit.symbol}"
    return f"[bold red]{text}[/]" if card.suit in _RED else f"[bold]{text}[/]"


def describe_state(state: HandState, seat: int) -> str:
    """A few lines showing what ``seat`` can see."""
    lines = [f"Dealer: {SEAT_NAMES[state.dealer]}   Up-card: {card_markup(Card(state.up_card))}"]
    if state.trump >= 0:
        alone = " alone" if state.alone else ""
        lines.append(f"Trump: {Suit(state.trump).symbol}  made by {SEAT_NAMES[state.maker]}{alone}")
        mine = sum(1 for winner in state.tricks if winner % 2 == seat % 2)
        lines.append(f"Tricks: you {mine}, them {len(state.tricks) - mine}")
    if state.trick:
        shown = ", ".join(
            f"{SEAT_NAMES[who]} {card_markup(Card(card))}"
            for who, card in zip(state.trick_seats, state.trick, strict=True)
        )
        lines.append(f"On the table: {shown}")
    hand = " ".join(card_markup(card) for card in iter_mask(state.hands[seat]))
    lines.append(f"Your hand: {hand}")
    return "\n".join(lines)


def play_terminal_game(
    profile: RuleProfile, *, bots: str, seed: int | None, human_seat: int = 0
) -> None:
    """Play a whole game interactively on the terminal."""
    console = Console()
    rng = random.Random(seed)
    players = {
        seat: make_bot(bots, rng.randrange(1 << 30)) for seat in range(4) if seat != human_seat
    }
    # Compile pimc's solver while the player reads the first hand (hints and pimc seats).
    warm_up_solver_in_background()
    draw = draw_first_dealer(profile, rng)
    game = Game(profile, draw.dealer)
    console.print(
        f"[bold]{profile.name}[/] — you are {SEAT_NAMES[human_seat]}; "
        f"first dealer: {SEAT_NAMES[draw.dealer]}"
    )
    while not game.is_over:
        state = deal_record(profile, game.dealer, rng).start()
        while not state.is_over:
            seat = state.to_act
            scores = (game.scores[0], game.scores[1])
            hands_left = _hands_left(game)
            if seat == human_seat:
                action = _ask(console, state, seat, scores, hands_left)
            else:
                action = players[seat].choose(view_of(state, seat, scores, hands_left))
                console.print(f"  {SEAT_NAMES[seat]}: {_action_text(action)}")
            state.apply(action)
            if (
                state.phase is Phase.PLAY
                and not state.trick
                and state.tricks
                and state.actors[-1] is not None
            ):
                console.print(f"  → trick to {SEAT_NAMES[state.tricks[-1]]}")
        result = state.result()
        game.record(result)
        us, them = human_seat % 2, 1 - human_seat % 2
        console.print(
            f"[bold]Hand over[/] ({result.status.value}): points {result.team_points[us]}"
            f" for you, {result.team_points[them]} for them. "
            f"Score: you {game.scores[us]}, them {game.scores[them]}\n"
        )
    winner = game.winner()
    if winner is None:
        console.print("[bold]The game is tied.[/]")
    else:
        console.print(
            "[bold green]You win![/]" if winner == human_seat % 2 else "[bold]They win.[/]"
        )


def _action_text(action: Action) -> str:
    text = str(action)
    if action.kind in (ActionKind.PLAY, ActionKind.DISCARD):
        text = text.replace(str(action.card), card_markup(action.card))
    return text


def _hands_left(game: Game) -> int:
    """Counted hands still to play in a fixed-length game (0 when the game is to a target)."""
    if not game.profile.game_hands:
        return 0
    return max(0, game.profile.game_hands - game.counted_hands)


def _ask(
    console: Console,
    state: HandState,
    seat: int,
    scores: tuple[int, int] = (0, 0),
    hands_left: int = 0,
) -> Action:
    console.print(describe_state(state, seat))
    legal = state.legal_actions()
    while True:
        options = "  ".join(f"[cyan]{i + 1}[/]:{_action_text(a)}" for i, a in enumerate(legal))
        console.print(f"Your move ({state.phase.name.lower()}): {options}   [dim]? for a hint[/]")
        answer = console.input("> ").strip()
        if answer == "?":
            console.print(_hint(state, seat, scores, hands_left))
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        try:
            action = Action.parse(
                answer if " " in answer or answer in ("pass", "fold", "order") else f"play {answer}"
            )
        except InvalidActionError as error:
            console.print(f"[red]{error}[/]")
            continue
        if action in legal:
            return action
        console.print(f"[red]{action} is not legal now[/]")


_HINT_BOTS: dict[str, Bot] = {}


HINT_BOT = "expert"
"""The bot the ``?`` hint asks (the strongest level; ``euchre hint`` gives the same reason)."""


def _hint(
    state: HandState,
    seat: int,
    scores: tuple[int, int] = (0, 0),
    hands_left: int = 0,
    bot_name: str = HINT_BOT,
) -> str:
    """One line: what the hint bot would do here and why (it sees only this seat's view)."""
    bot = _HINT_BOTS.get(bot_name)
    if bot is None:
        bot = _HINT_BOTS[bot_name] = make_bot(bot_name, 0)
    return advise(bot, view_of(state, seat, scores, hands_left)).line()
