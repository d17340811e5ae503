"""Scores, by concern: :mod:`~euchre.store.scoring.submissions` (a table submits, an opponent
confirms or disputes), :mod:`~euchre.store.scoring.results` (what a result is and how it is
checked),
:mod:`~euchre.store.scoring.corrections` (the director accepts or corrects a result),
:mod:`~euchre.store.scoring.penalties` and :mod:`~euchre.store.scoring.table_status`.

This module only gathers their public names for the web pages, the API and the CLI, which
call them as ``scores.submit_score`` and so on; code inside ``euchre.store`` imports from the
modules themselves.
"""

from __future__ import annotations

from euchre.store.scoring.corrections import accept_submission, correct_result, settle_level_game
from euchre.store.scoring.penalties import (
    add_penalty,
    answer_in_totals,
    escalate_warning,
    list_penalties,
    name_ruled_hand,
    remove_penalty,
    ruled_hands,
)
from euchre.store.scoring.results import (
    RESULT_FIELDS,
    ResultInput,
    describe_changes,
    official_result,
)
from euchre.store.scoring.submissions import (
    confirm_submission,
    dispute_submission,
    list_submissions,
    submit_score,
    table_submissions,
)
from euchre.store.scoring.table_status import (
    ScoredTable,
    TableStatus,
    Waiting,
    level_games,
    questions,
    scored_tables,
    table_statuses,
)

__all__ = [
    "RESULT_FIELDS",
    "ResultInput",
    "ScoredTable",
    "TableStatus",
    "Waiting",
    "accept_submission",
    "add_penalty",
    "answer_in_totals",
    "confirm_submission",
    "correct_result",
    "describe_changes",
    "dispute_submission",
    "escalate_warning",
    "level_games",
    "list_penalties",
    "list_submissions",
    "name_ruled_hand",
    "official_result",
    "questions",
    "remove_penalty",
    "ruled_hands",
    "scored_tables",
    "settle_level_game",
    "submit_score",
    "table_statuses",
    "table_submissions",
]
