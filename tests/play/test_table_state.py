"""The play table as pure state: the whole game by the profile, the question pile as the sheet
says, and the no-leak property (a seat never sees a card it may not see)."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.engine.cards import iter_mask
from euchre.engine.errors import IllegalActionError
from euchre.engine.profile import BUILTIN_PROFILES
from euchre.engine.questions import PILE_CARDS
from euchre.engine.record import replay
from euchre.engine.state import HandState
from euchre.play.log import public_entry
from euchre.play.questions import PendingQuestion
from euchre.play.table import TableState, config_from_request, game_seed, seat_kinds

from .helpers import CARD


def _table(profile: str, seed: int = 1, seats: tuple[str, ...] = ("human",) * 4) -> TableState:
    config = config_from_request(
        profile=profile,
        profile_options=None,
        seats=list(seats),
        seed=seed,
        hints=True,
        timer_seconds=0,
        deck_text=None,
    )
    return TableState.new("T", config)


def _step(state: TableState, rng: random.Random) -> tuple[int, str]:
    for seat in range(4):
        legal = state.legal(seat)
        if legal:
            action = rng.choice(legal)
            state.apply(seat, action)
            return seat, action
    raise AssertionError(f"nobody can move at seq {state.seq} ({state.status})")


@pytest.mark.parametrize("profile", BUILTIN_PROFILES)
def test_whole_game_ends_by_the_profiles_target_or_hand_count(profile: str) -> None:
    state = _table(profile, seed=5)
    rng = random.Random(5)
    log = []
    while state.status != "over":
        log.append(_step(state, rng))
    game = state.game
    assert game is not None
    if state.profile.game_target:
        assert max(game.scores) >= state.profile.game_target
    else:
        assert game.counted_hands == state.profile.game_hands
    # The same log rebuilds the same table (the log is the truth).
    again = TableState.replay("T", state.config, log)
    assert again.view(0) == state.view(0) and again.records() == state.records()


def test_dealer_rotates_clockwise_after_each_hand_that_is_not_redealt() -> None:
    state = _table("tournament", seed=2)
    rng = random.Random(2)
    while state.status != "over":
        _step(state, rng)
    dealers = [hand.record.dealer for hand in state.finished]
    for before, after, hand in zip(dealers, dealers[1:], state.finished, strict=False):
        expected = before if hand.result.status.value == "redeal" else (before + 1) % 4
        assert after == expected


def test_game_waits_until_every_human_sits_down() -> None:
    state = _table("tournament", seats=("human", "rules", "human", "random"))
    assert state.status == "waiting" and state.legal(0) == ["sit"] and state.legal(1) == []
    state.apply(0, "sit")
    assert state.status == "waiting"
    state.apply(2, "sit")
    assert state.status == "playing" and state.to_act is not None


def _first_trick_question(seed: int) -> tuple[TableState, PendingQuestion, HandState]:
    """A table of the questions sheet (``seed``) played at random until its first trick is
    won: the table, the question that trick gives and the hand."""
    state = _table("questions", seed=seed)
    rng = random.Random(seed)
    while state.question is None:
        _step(state, rng)
    assert state.hand is not None
    return state, state.question, state.hand


def test_questions_bidding_team_wins_a_trick_asks_one_player_of_the_other_team_from_the_pile() -> (
    None
):
    # "When the bidding team wins a trick, the team may pick the card from the top of the
    # question pile and ask one of the players in the other team the question on the card."
    for seed in range(40):
        state, question, hand = _first_trick_question(seed)
        if not question.maker_team_won:
            continue
        legal = state.legal(question.asker)
        others = {s for s in range(4) if s % 2 != question.asker % 2 and hand.active[s]}
        asks = [text for text in legal if text != "skip"]
        assert {int(text.split()[1]) for text in asks} == others and "skip" in legal
        assert all(len(text.split()) == 2 for text in asks)  # no card chosen: the pile's top
        state.apply(question.asker, legal[0])
        assert question.card in PILE_CARDS and question.source == "pile"
        assert question.question == state.deck.questions[question.card]
        return
    raise AssertionError("no seed gave the makers the first trick")


def test_questions_defending_team_asks_a_bidding_player_about_a_card_of_that_trick() -> None:
    # "When the defending team wins a trick, the team can ask one person in the bidding team
    # the question on one of the cards played during that trick."
    for seed in range(40):
        state, question, hand = _first_trick_question(seed)
        if question.maker_team_won:
            continue
        trick_cards = {str(card) for _, card in hand.trick_plays()[0]}
        makers = {hand.maker, (hand.maker + 2) % 4}
        legal = state.legal(question.asker)
        assert legal[-1] == "skip"
        legal = legal[:-1]
        assert legal and all(
            int(text.split()[1]) in makers and text.split()[2] in trick_cards for text in legal
        )
        state.apply(question.asker, legal[-1])
        assert question.source == "trick" and question.card in trick_cards
        # Everyone sees the question; play goes on only once it is marked answered.
        for seat in (None, 0, 1, 2, 3):
            assert state.view(seat)["question"]["question"] == question.question
        assert all(state.legal(seat) in ([], ["answered"]) for seat in range(4))
        answerer = state.to_act
        assert answerer == question.asked  # the player asked answers (all seats human here)
        state.apply(answerer, "answered")
        assert state.question is None and state.hand is not None
        assert state.legal(state.hand.to_act)
        return
    raise AssertionError("no seed gave the defenders the first trick")


def _to_question(state: TableState, rng: random.Random) -> PendingQuestion:
    """Random moves until a question waits to be asked (or skipped); that question."""
    while state.question is None or state.question.stage != "ask":
        _step(state, rng)
    return state.question


def test_questions_the_winning_team_may_ask_or_skip() -> None:
    # "the team may pick the card from the top of the question pile and ask" / "the team
    # can ask": asking is the team's choice, so skipping is one of its legal actions.
    state = _table("questions", seed=3)
    rng = random.Random(3)
    question = _to_question(state, rng)
    assert "skip" in state.legal(question.asker)
    hand, trick = question.hand, question.trick
    state.apply(question.asker, "skip")
    assert state.question is None  # play goes on at once: nobody was asked
    entry = state.view(None)["question_log"][-1]
    assert entry["skipped"] and entry["asked"] is None and entry["question"] is None
    assert (entry["hand"], entry["trick"], entry["asker"]) == (hand, trick, question.asker)
    assert not any(view["questions"] for view in [state.view(None)])  # nothing was asked


def test_question_log_says_who_asked_whom_which_question_and_the_answer_typed() -> None:
    state = _table("questions", seed=4)
    rng = random.Random(4)
    question = _to_question(state, rng)
    ask = next(text for text in state.legal(question.asker) if text != "skip")
    state.apply(question.asker, ask)
    assert state.to_act == question.asked  # the player asked answers
    state.apply(question.asked, "answered Paris, in  1998")
    log = state.view(2)["question_log"]
    assert log[-1] == {
        "hand": question.hand,
        "trick": question.trick,
        "asker": question.asker,
        "asked": question.asked,
        "card": question.card,
        "source": question.source,
        "question": question.question,
        "answer": "Paris, in 1998",
        "skipped": False,
    }
    # An answer longer than a log entry holds is refused, naming the limit.
    question = _to_question(state, rng)
    state.apply(question.asker, next(t for t in state.legal(question.asker) if t != "skip"))
    with pytest.raises(IllegalActionError, match="at most 55 characters"):
        state.apply(question.asked, "answered " + "x" * 56)


def test_questions_the_last_tricks_question_shows_the_hand_it_follows() -> None:
    state = _table("questions", seed=6)
    rng = random.Random(6)
    while True:
        _to_question(state, rng)
        assert state.question is not None and state.hand is not None
        if state.question.trick == 4:
            break
        state.apply(state.question.asker, "skip")
    view = state.view(None)
    number = view["hand_number"]
    assert view["question"]["hand"] == number == view["hands_played"] + 1
    state.apply(state.question.asker, "skip")
    assert state.view(None)["question_log"][-1]["hand"] == number
    assert state.view(None)["hands_played"] == number  # counted once its questions are done


def test_a_saved_deck_is_played_from_the_next_game_and_a_replay_rebuilds_it() -> None:
    state = _table("questions", seed=8, seats=("human", "random", "random", "random"))
    deck = "\n".join(f"{card}: What of {card}?" for card in PILE_CARDS)
    config = state.config.model_copy(update={"decks": (deck,)})
    state = TableState.new("T", config)
    state.apply(-1, "deck 0")  # before the first game: from it
    state.apply(0, "sit")
    with pytest.raises(IllegalActionError, match="only before a game starts or after it ends"):
        state.apply(-1, "deck 0")
    rng = random.Random(8)
    log: list[tuple[int, str]] = [(-1, "deck 0"), (0, "sit")]
    while not state.question_log or state.question_log[-1]["skipped"]:
        log.append(_step(state, rng))
    assert state.question_log[-1]["question"].startswith("What of ")
    again = TableState.replay("T", config, log)
    assert again.view(0) == state.view(0)
    with pytest.raises(IllegalActionError, match="no saved question deck 1"):
        TableState.new("T", config).apply(-1, "deck 1")


def test_seat_kinds_come_from_the_bots_registry() -> None:
    from euchre.bots import BOT_FACTORIES

    assert seat_kinds() == ("human", *BOT_FACTORIES)


def test_a_computer_player_gives_way_to_a_human_only_when_the_next_hand_is_dealt() -> None:
    state = _table("tournament", seats=("human", "rules", "rules", "rules"))
    state.apply(0, "sit")
    hand_number = len(state.finished)
    state.apply(0, "seat 2 human")
    assert state.kinds[2] == "rules" and state.pending_kinds == {2: "human"}
    rng = random.Random(3)
    while len(state.finished) == hand_number:
        seat = state.to_act
        assert seat is not None
        state.apply(seat, rng.choice(state.legal(seat)))
    assert state.kinds[2] == "human"
    state.apply(0, "seat 2 random")  # a human who leaves is replaced at once
    assert state.kinds[2] == "random"


def _allowed(state: TableState, seat: int | None, public: set[str] | None = None) -> set[str]:
    """The cards ``seat`` may see (``None``: a spectator); ``public``, when given, is this
    state's ``_allowed(state, None)`` already worked out."""
    hand = state.hand
    if hand is None:
        return set()
    if public is None:
        public = {str(card) for plays in hand.trick_plays() for _, card in plays}
        public.add(str(iter_mask(1 << hand.up_card).__next__()))
    seen = set(public)
    if seat is None:
        return seen
    seen |= {str(card) for card in iter_mask(hand.hands[seat])}
    seen |= {str(card) for card in iter_mask(hand.initial_hands[seat])}
    if seat == hand.dealer and hand.discarded >= 0:
        seen.add(str(iter_mask(1 << hand.discarded).__next__()))
    for actor, action in zip(hand.actors, hand.history, strict=True):
        if actor == seat and action.kind.value == "go under":
            seen |= {str(card) for card in action.cards}
    return seen


def _cards_in(view: dict[str, Any]) -> set[str]:
    scrubbed = dict(view)
    scrubbed.pop("question", None)
    scrubbed.pop("questions", None)
    scrubbed.pop("last_hand", None)  # checked by _assert_review_is_of_a_finished_hand
    scrubbed.pop("question_log", None)  # checked by _log_cards_public
    scrubbed["profile"] = {}
    return set(CARD.findall(json.dumps(scrubbed)))


def _assert_review_is_of_a_finished_hand(state: TableState, view: dict[str, Any]) -> None:
    """The review after a hand (``last_hand``: four hands, bids, tricks) shows the hand
    that was finished last, which ``records.jsonl`` publishes whole, and nothing else: every
    card in it is one of that record's, and its hands are that record's as dealt."""
    review = view["last_hand"]
    if not state.finished:
        assert review is None
        return
    record = state.finished[-1].record
    assert review["number"] == len(state.finished)
    assert [sorted(hand) for hand in review["hands"]] == [
        sorted(str(card) for card in hand) for hand in record.hands
    ]
    dealt = {str(card) for hand in record.hands for card in hand} | {str(record.up_card)}
    dealt |= {str(card) for card in record.kitty}
    assert set(CARD.findall(json.dumps(review))) <= dealt
    assert [trick["winner"] for trick in review["plays"]] == review["tricks"]
    assert review["tricks"] == list(state.finished[-1].result.tricks)


@pytest.mark.heavy
@settings(max_examples=40)
@given(
    profile=st.sampled_from(BUILTIN_PROFILES),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 10_000),
)
def test_no_seat_ever_sees_a_card_it_may_not_see(profile: str, seed: int, moves: int) -> None:
    """Also with seats re-opened on other devices (``reissue N``) along the way, humans
    dropping, taken over by a computer player and coming back (``drop N UNTIL``, ``away N``,
    ``back N``: the presence, the countdown and the "while you were away" notice), and the
    table's secret seed in no view and in no record while its game is in play. Chat
    messages (``say TEXT``) come and go along the way too: every seat and spectator sees
    exactly what each sender typed, under the sender's seat, and nothing more. The log's
    entries as each viewer gets them (the socket's ``missed`` and the events endpoint, every
    bid, play, discard, question, presence and chat entry) name a card only where it is
    public or the viewer's own."""
    config = _table(profile, seed=seed).config
    big = random.Random(seed).getrandbits(128) | 1 << 127  # as secret seeds are: 128 bits
    state = TableState.new("T", config.model_copy(update={"seed": big, "seeded": False}))
    secret = str(state.config.seed)
    rng = random.Random(moves)
    made_for: list[list[str]] = [[] for _ in range(4)]  # what a stand-in made for each seat
    said: list[tuple[int, str]] = []  # every chat message sent: (sender, text)
    logged: list[tuple[int, str]] = []  # every log entry: (seat, action), -1 the table's
    for _ in range(260):
        _entries_name_only_public_or_own_cards(state, logged)
        logged.clear()
        if state.status == "over":
            break
        # The cards played to a trick this game, for the question log's check: replaying the
        # game's finished hands costs most of this test, so only when a log names such a card,
        # once for the five views of this state.
        played = functools.cache(functools.partial(_played_this_game, state))
        # What does not depend on the seat is worked out once for the five views of this
        # state (the same checks, a third less of the test's time): the cards the chat's
        # senders typed, the cards every seat may see, and the review of the last hand (the
        # same for every seat; a review equal to one already checked against this state
        # passes the same assertions).
        typed = set(CARD.findall(json.dumps([text for _, text in said])))
        public = _allowed(state, None)
        reviews_checked: list[Any] = []
        for seat in (None, 0, 1, 2, 3):
            view = state.view(seat)
            # The notice of what a computer player made for a seat is that seat's alone:
            # its own moves (a discard included), never another seat's.
            assert view["played_for_you"] == (made_for[seat] if seat is not None else [])
            notice = set(CARD.findall(json.dumps(view["played_for_you"])))
            assert notice <= _made_by(made_for, seat)
            # A chat line is the sender's seat, name and text, nothing of the table's state.
            assert [(line["seat"], line["text"]) for line in view["chat"]] == said[-20:]
            assert set(CARD.findall(json.dumps(view["chat"]))) <= typed
            allowed = _allowed(state, seat, public)
            leaked = _cards_in({**view, "played_for_you": [], "chat": []}) - allowed
            assert not leaked, f"seat {seat} sees {leaked} at seq {state.seq}"
            # Presence: whether connected and the countdown, no card in any seat's entry (one
            # search over the list finds what a search over each entry would: the entries'
            # texts are joined by ", " between their braces).
            assert not CARD.findall(json.dumps(view["seats"]))
            if view["last_hand"] not in reviews_checked:
                _assert_review_is_of_a_finished_hand(state, view)
                reviews_checked.append(view["last_hand"])
            _log_cards_public(view, played)
            text = json.dumps(view)
            assert secret not in text and game_seed(state.config.seed, 0) not in text
            if seat is not None and state.to_act != seat:
                refusal = state.refusal(seat, "play AH", state.legal(seat))
                assert not set(CARD.findall(refusal)) - {"AH"}
        assert all("value" not in record["seed"] for record in state.records())
        if rng.random() < 0.05:
            state.apply(-1, f"reissue {rng.randrange(4)}")
        seq = state.seq
        _presence_step(state, rng, made_for)
        if state.seq != seq:
            logged.append((-1, "presence"))  # drop, away, back: no card in them
        if rng.random() < 0.1:
            sender = rng.randrange(4)
            text = rng.choice(("Nice hand!", "\N{THUMBS UP SIGN}", "I hold JH <b>", "Oops"))
            state.apply(sender, f"say {text}")
            said.append((sender, text))
            logged.append((sender, f"say {text}"))
        if state.status == "over":
            break
        to_act = state.to_act
        if (
            to_act is not None
            and not state.away[to_act]
            and state.legal(to_act) == ["answered"]
            and rng.random() < 0.5
        ):
            state.apply(to_act, "answered the nine of hearts")  # a typed answer
            made_for[to_act] = []
            logged.append((to_act, "answered the nine of hearts"))
            continue
        mover, action = _step(state, rng)
        logged.append((mover, action))
        made_for[mover] = [*made_for[mover], action] if state.away[mover] else []
    _entries_name_only_public_or_own_cards(state, logged)


def _entries_name_only_public_or_own_cards(
    state: TableState, logged: list[tuple[int, str]]
) -> None:
    """Each new log entry as each viewer gets it: a card only in a card played to a trick,
    a question (the pile's cards and a trick's), the sender's own words (chat, a typed
    answer), or the viewer's own move (his discard); a bid names none."""
    for actor, action in logged:
        for viewer in (None, 0, 1, 2, 3):
            shown = public_entry(actor, action, viewer)
            cards = set(CARD.findall(shown))
            if not cards or viewer == actor:
                continue
            public = shown.startswith(("play ", "say ", "answered ", "ask "))
            assert public, f"viewer {viewer} gets {shown!r} from seat {actor}"


def _presence_step(state: TableState, rng: random.Random, made_for: list[list[str]]) -> None:
    """Now and then a human drops, is taken over, or comes back (as the runtime logs it)."""
    if state.status != "playing" or rng.random() > 0.15:
        return
    seat = rng.randrange(4)
    if state.away[seat] or state.dropped[seat]:
        if not state.away[seat] and rng.random() < 0.6:
            state.apply(-1, f"away {seat}")
            made_for[seat] = []
        else:
            state.apply(-1, f"back {seat}")
    else:
        state.apply(-1, f"drop {seat} {1_800_000_000 + state.seq}")
        assert state.view(None)["seats"][seat]["connected"] is False


def _made_by(made_for: list[list[str]], seat: int | None) -> set[str]:
    """The cards named in the moves a stand-in made for ``seat``."""
    if seat is None:
        return set()
    return set(CARD.findall(json.dumps(made_for[seat])))


def _played_this_game(state: TableState) -> set[str]:
    """Every card played to a trick in the game in play, its finished hands replayed from
    their records."""
    hands = [
        replay(finished.record)
        for finished in state.finished
        if finished.game_number == state.game_number
    ]
    if state.hand is not None:
        hands.append(state.hand)
    return {str(card) for hand in hands for plays in hand.trick_plays() for _, card in plays}


def _log_cards_public(view: dict[str, Any], played: Callable[[], set[str]]) -> None:
    """The question log names only cards played to a trick of this game (a defenders'
    question; ``played()``: :func:`_played_this_game`) or the question pile's (2-8, never in
    play); the typed answers are the players' own words."""
    for entry in view["question_log"]:
        card = entry["card"]
        if entry["source"] == "trick":
            assert card in played(), f"the question log names {card}, never played to a trick"
        elif card is not None:
            assert card in PILE_CARDS


@settings(max_examples=25)
@given(
    profile=st.sampled_from(BUILTIN_PROFILES),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 10_000),
)
def test_views_sent_to_the_sockets_are_each_seats_own_view(
    profile: str, seed: int, moves: int
) -> None:
    """The fan-out builds the public part once (and encodes it once); what each seat
    receives must still be exactly its own view, so no seat gets a card it may not see
    (also right after a chat message, from the parts kept encoded)."""
    state = _table(profile, seed=seed)
    rng = random.Random(moves)
    seats: list[int | None] = [None, 0, 1, 2, 3]
    for _ in range(260):
        if state.status == "over":
            break
        own = {seat: state.view(seat, deadline=12.5) for seat in seats}
        assert state.views(seats, deadline=12.5) == own
        texts = state.view_texts(seats, deadline=12.5)
        assert {seat: json.loads(text) for seat, text in texts.items()} == own
        _presence_step(state, rng, [[] for _ in range(4)])
        if rng.random() < 0.1:  # a chat message: the seats' views carry it at once
            state.apply(rng.randrange(4), f"say Good game {state.seq}")
            players = state.view_texts([0, 1, 2, 3], deadline=12.5)
            for seat, text in players.items():
                assert json.loads(text) == state.view(seat, deadline=12.5)
        if state.status != "over":
            _step(state, rng)
