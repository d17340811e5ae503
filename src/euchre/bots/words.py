"""A move explained in a player's words: "lead trump: partner called it, and you hold the
right bower", not the search's numbers.

:func:`explain_move` names the reason a table player gives for a bid, a discard or a card,
from what the seat can see (its hand, the up-card, who made trump, the tricks played). It
explains whichever move it is given (the hint's bot chooses; this says why in words), so a
hint reads the same whatever bot chose it. The options a club's sheet may allow are said
the same way: defending alone ("defend alone: you hold …"), folding a hand with no ace, no
face card and no trump, going under with a hand of nines and tens.
"""

from __future__ import annotations

from euchre.engine import actions as codes
from euchre.engine.actions import Action, ActionKind
from euchre.engine.cards import EFFECTIVE_SUIT, POWER, SUIT_MASK, card_mask, iter_mask
from euchre.engine.state import Phase
from euchre.engine.view import PlayerView

__all__ = ["card_words", "explain_forced", "explain_move"]

_RANKS = ("nine", "ten", "jack", "queen", "king", "ace")
_SUITS = ("clubs", "diamonds", "hearts", "spades")
_COUNTS = ("no", "one", "two", "three", "four", "five", "six")


def card_words(card: int, trump: int = -1) -> str:
    """``"the ace of hearts"``; with a trump, its jacks are ``"the right bower"`` and
    ``"the left bower"``."""
    if trump >= 0 and card % 6 == 2:
        if card // 6 == trump:
            return "the right bower"
        if card // 6 == 3 - trump:
            return "the left bower"
    return f"the {_RANKS[card % 6]} of {_SUITS[card // 6]}"


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _holding(hand: int, trump: int, *, voids: bool = True) -> list[str]:
    """What a bidder counts, strongest first: the trumps (``"the right bower"``, ``"the ace
    and nine of hearts"``), the side aces, the voids (with two trumps or more)."""
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    trumps = sorted((c for c in iter_mask(hand) if power[c] >= 100), key=lambda c: -power[c])
    bowers = [card_words(c, trump) for c in trumps if power[c] >= 106]
    parts = ["both bowers"] if len(bowers) == 2 else bowers
    ranks = [_RANKS[c % 6] for c in trumps if power[c] < 106]
    if ranks:
        parts.append(f"the {_join(ranks)} of {_SUITS[trump]}")
    aces = [_SUITS[c // 6] for c in iter_mask(hand) if power[c] < 100 and c % 6 == 5]
    if aces:
        parts.append(f"the ace{'s' if len(aces) > 1 else ''} of {_join(aces)}")
    if voids and len(trumps) >= 2:
        held = {suit_of[c] for c in iter_mask(hand)}
        missing = [_SUITS[s] for s in range(4) if s != trump and s not in held]
        if missing:
            parts.append(f"{'voids' if len(missing) > 1 else 'a void'} in {_join(missing)}")
    return parts


def _trumps(count: int) -> str:
    return f"{_COUNTS[count]} trump{'' if count <= 1 else 's'}"


def _is_not_enough(count: int) -> str:
    """ "one trump is not enough", "two trumps are not enough", "no trump is not enough"."""
    return f"{_trumps(count)} {'is' if count <= 1 else 'are'} not enough"


def _trump_count(hand: int, trump: int) -> int:
    return (hand & SUIT_MASK[trump + 1][trump]).bit_count()


def explain_move(view: PlayerView, action: Action) -> str | None:
    """Why a player makes ``action`` at ``view``, in a player's words (``None`` when the
    move has nothing to explain in table terms)."""
    if view.phase is Phase.BID_ROUND_1:
        return _round_one(view, action)
    if view.phase is Phase.BID_ROUND_2:
        return _round_two(view, action)
    if view.phase is Phase.DISCARD:
        return _discard(view, action)
    if view.phase is Phase.PLAY:
        return _play(view, int(action.card))
    if view.phase is Phase.DEFEND:
        return _defend(view, action)
    if view.phase is Phase.FOLD:
        return _fold(view, action)
    if view.phase is Phase.GO_UNDER:
        return _go_under(action)
    return None


def explain_forced(view: PlayerView, action: Action) -> str:
    """Why a player makes ``action`` when it is the only one the rules allow, in a player's
    words: the card one must follow suit with, or one's last card."""
    if view.phase is Phase.PLAY:
        card = int(action.card)
        name = card_words(card, view.trump)
        if len(view.hand) == 1:
            return f"play {name}: it is your last card"
        if view.current_trick:
            suit_of = EFFECTIVE_SUIT[view.trump + 1]
            led = suit_of[view.current_trick[0][1]]
            if suit_of[card] == led:
                suit = "trump" if led == view.trump else _SUITS[led][:-1]
                return f"play {name}: it is your only {suit}, and you must follow suit"
        return f"play {name}: the rules allow no other card here"
    return "the rules allow no other move here"


def _march_wins(view: PlayerView) -> bool:
    profile = view.profile
    if not profile.game_target or not profile.going_alone:
        return False
    return profile.game_target - view.scores[view.seat % 2] <= profile.points_march


def _round_one(view: PlayerView, action: Action) -> str:
    up = int(view.up_card)
    trump = up // 6
    hand = card_mask(view.hand)
    dealer = view.seat == view.dealer
    partner_deals = view.seat == (view.dealer + 2) % 4
    holding = hand | (1 << up) if dealer else hand
    held = _join(_holding(holding, trump))
    code = int(action)
    count = _trump_count(holding, trump)
    if code == codes.PASS:
        if dealer:
            return (
                f"turn it down: even with {card_words(up, trump)} you would hold {_trumps(count)}"
            )
        if partner_deals:
            return f"pass: {_is_not_enough(count)} to order your partner up"
        return (
            f"pass: {_is_not_enough(count)} to order {card_words(up, trump)} into the dealer's hand"
        )
    alone = " and go alone" if code == codes.ORDER_ALONE else ""
    if not alone and _march_wins(view) and count >= 3:
        verb = "pick it up" if dealer else "order it up"
        return (
            f"{verb}, not alone: you hold {held}, but a march wins the game, "
            "so a lone hand only adds risk"
        )
    if dealer:
        with_up = _join(_holding(holding, trump, voids=False))
        return f"pick it up{alone}: with it you hold {with_up}"
    if partner_deals:
        return f"order your partner up{alone}: you hold {held}"
    return f"order it up{alone}: you hold {held}"


def _round_two(view: PlayerView, action: Action) -> str:
    hand = card_mask(view.hand)
    turned = int(view.up_card) // 6
    if action.kind is ActionKind.PASS:
        best = max(
            (s for s in range(4) if s != turned),
            key=lambda s: (_trump_count(hand, s), s),
        )
        count = _trumps(_trump_count(hand, best))
        return f"pass: your best suit, {_SUITS[best]}, gives you {count}; not enough to call"
    suit = int(action.suit)
    held = _join(_holding(hand, suit))
    alone = " and go alone" if action.alone else ""
    if codes.PASS not in {int(legal) for legal in view.legal}:
        return f"the dealer is stuck and must name a suit: call {_SUITS[suit]}, you hold {held}"
    if suit == 3 - turned and view.seat == (view.dealer + 1) % 4:
        return (
            f"call {_SUITS[suit]}{alone}, next to the {_SUITS[turned]} turned down: you hold {held}"
        )
    return f"call {_SUITS[suit]}{alone}: you hold {held}"


def _defend(view: PlayerView, action: Action) -> str:
    """Defend alone against a lone hand, or let partner defend too."""
    hand = card_mask(view.hand)
    count = _trump_count(hand, view.trump)
    if action.kind is ActionKind.DEFEND_ALONE:
        held = _join(_holding(hand, view.trump)) or "no trump"
        points = view.profile.points_defend_alone
        return (
            f"defend alone: you hold {held}; take three tricks from the lone hand by yourself "
            f"and your side scores {points}"
        )
    return (
        f"defend with your partner: {_is_not_enough(count)} "
        "to take three tricks from the lone hand by yourself"
    )


def _fold(view: PlayerView, action: Action) -> str:
    """Fold a hand with no ace, no face card and no trump (the sheet allows it), or play on."""
    if action.kind is ActionKind.FOLD:
        return "fold: you hold no ace, no face card and no trump, so the same dealer deals again"
    if view.maker % 2 == view.seat % 2:
        return "play on: your side made trump, and folding would throw its hand away"
    return "play on: your partner may still take three tricks and euchre the makers"


def _go_under(action: Action) -> str:
    """Swap three cards of a hand of nines and tens with the kitty's bottom three, or not."""
    if action.kind is ActionKind.GO_UNDER:
        cards = _join([card_words(card) for card in sorted(action.cards)])
        return (
            f"go under with {cards}: a hand of nines and tens can only gain from the "
            "kitty's bottom three"
        )
    return "keep your hand: nines and tens still follow suit, and the kitty may be no better"


def _discard(view: PlayerView, action: Action) -> str:
    trump = view.trump
    suit_of = EFFECTIVE_SUIT[trump + 1]
    power = POWER[trump]
    card = int(action.card)
    left = card_mask(view.hand) & ~(1 << card)
    text = f"discard {card_words(card, trump)}"
    suit = suit_of[card]
    aces = [c for c in iter_mask(left) if power[c] < 100 and c % 6 == 5]
    if power[card] >= 100:
        return f"{text}: you hold nothing but trump, so the lowest goes"
    if not any(suit_of[c] == suit for c in iter_mask(left)):
        text += f": it leaves you void in {_SUITS[suit]}, so you can trump them"
    else:
        text += ": your lowest card"
    if aces and card % 6 != 5:
        text += f"; keep {_join([card_words(c) for c in aces])}"
    return text


def _out(view: PlayerView) -> int:
    """Cards not in this hand and not yet played (what may still be out)."""
    seen = card_mask(view.hand)
    for _, cards, _ in view.completed_tricks:
        seen |= card_mask(cards)
    seen |= card_mask(card for _, card in view.current_trick)
    return ((1 << 24) - 1) & ~seen


def _is_boss(view: PlayerView, card: int) -> bool:
    trump = view.trump
    power = POWER[trump]
    suit = EFFECTIVE_SUIT[trump + 1][card]
    out = _out(view) & SUIT_MASK[trump + 1][suit]
    return all(power[other] < power[card] for other in iter_mask(out))


def _play(view: PlayerView, card: int) -> str:
    trump = view.trump
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    name = card_words(card, trump)
    ours = view.maker % 2 == view.seat % 2
    if not view.current_trick:
        return _lead(view, card, ours)
    led = suit_of[view.current_trick[0][1]]
    best_seat, best = -1, -1
    for seat, played in view.current_trick:
        if (power[played] >= 100 or suit_of[played] == led) and power[played] > best:
            best_seat, best = seat, power[played]
    best_card = next(played for seat, played in view.current_trick if seat == best_seat)
    last = len(view.current_trick) == sum(view.active) - 1
    wins = (power[card] >= 100 or suit_of[card] == led) and power[card] > best
    if best_seat == (view.seat + 2) % 4 and not wins:
        return f"partner is winning the trick: play low, {name}"
    if wins:
        if power[card] >= 100 and led != trump:
            return f"trump in with {name}: you have no {_SUITS[led]}"
        if last:
            return f"take the trick as cheaply as you can: {name} is enough"
        if _is_boss(view, card):
            return f"win with {name}: nothing left out can beat it"
        return f"play {name} to take the trick"
    if suit_of[card] == led:
        return f"you cannot beat {card_words(best_card, trump)}: follow with your lowest, {name}"
    return f"you cannot win this trick: throw off {name}"


def _lead(view: PlayerView, card: int, ours: bool) -> str:
    trump = view.trump
    power = POWER[trump]
    suit_of = EFFECTIVE_SUIT[trump + 1]
    name = card_words(card, trump)
    hand = card_mask(view.hand)
    right = trump * 6 + 2
    if power[card] >= 100:
        if not hand & ~SUIT_MASK[trump + 1][trump]:
            return f"lead {name}: you hold nothing but trump"
        if view.maker == (view.seat + 2) % 4:
            text = "lead trump: partner called it"
            return text + (", and you hold the right bower" if hand >> right & 1 else "")
        if view.maker == view.seat:
            with_right = " and hold the right bower" if hand >> right & 1 else ""
            return f"lead trump: you called it{with_right}; draw the defenders' trumps"
        return f"lead {name}: trump through the makers to cut down their trumps"
    suit = suit_of[card]
    if _is_boss(view, card):
        return f"lead {name}: it is the best {_SUITS[suit][:-1]} left"
    partner = (view.seat + 2) % 4
    for leader, cards, _ in view.completed_tricks:
        if leader == partner and suit_of[cards[0]] == suit and not ours:
            return f"lead {name}: back to the suit your partner led"
    return f"lead {name}: low from your short suit"
