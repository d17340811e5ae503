# ruff: noqa: E501  (the docs section it writes holds Markdown table rows, one a line)
"""Group ``euchre.store`` and ``euchre.web`` by concern: move each module of the table below into
its sub-package and rewrite every mention of it across the repository.

What it does, in this order:

1. Checks the table against the tree. A mapping whose source file is gone is skipped with a
   line (it was moved already, or someone removed it), so the script is safe to run again; a
   mapping whose destination already exists while its source still does is refused, and so is
   a new package whose name a module of its own already holds (``web/pages.py`` beside
   ``web/pages/``): nothing is changed then.
2. Rewrites, in every tracked or unignored text file of the repository (``src/``, ``tests/``,
   ``bench/``, ``scripts/``, ``docs/``, ``pyproject.toml``, CI files, ...):
   dotted names (``euchre.web.pages_dashboard`` in imports, ``import ... as``, uvicorn's
   ``module:attr`` strings, ``monkeypatch`` strings, ``:mod:`` references), file paths
   (``src/euchre/web/pages_dashboard.py``, and in Markdown also ``web/pages_dashboard.py``), and
   the statements ``from euchre.web import pages_dashboard`` (split by package where the names
   now live apart; the local name becomes the new module's name where the file uses that name
   nowhere else, otherwise it is kept with ``as``). Relative imports that reach a moved module,
   or that a moved module makes, become absolute.
3. Moves each file with ``git mv`` (a plain rename for a file git does not track yet), making
   each new package with an ``__init__.py`` that holds a docstring only (no import, no call).
4. Makes the few exact edits of ``FIXUPS`` that the general rewrite cannot know (each where its
   text is found; one not found is named at the end), and writes the section of
   ``docs/where-to-change.md`` that names the rooms, unless it is there already.

Modules that are not in the table (new ones that others add meanwhile) stay where they are;
their imports of moved modules are rewritten like any other file's. This file itself is never
rewritten. Run it from anywhere in the repository, then sort imports and format::

    uv run python scripts/regroup.py
    uv run ruff check --fix src tests bench scripts && uv run ruff format src tests bench scripts

``--dry-run`` prints what it would do and changes nothing; ``--verbose`` names every file.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import subprocess
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = "euchre"

MOVES: dict[str, str] = {
    # store/night: the night as the director runs it
    "store.events": "store.night.events",
    "store.rounds": "store.night.rounds",
    "store.night_end": "store.night.night_end",
    "store.playoff_conflicts": "store.night.playoff_conflicts",
    "store.seat_finder": "store.night.seat_finder",
    "store.printouts": "store.night.printouts",
    # store/scoring: a table's score, from its code to a correction
    "store.table_lookup": "store.scoring.table_lookup",
    "store.table_status": "store.scoring.table_status",
    "store.results": "store.scoring.results",
    "store.submissions": "store.scoring.submissions",
    "store.corrections": "store.scoring.corrections",
    "store.penalties": "store.scoring.penalties",
    "store.money_moves": "store.scoring.money_moves",
    "store.scores": "store.scoring.scores",
    # store/club: the club across its nights
    "store.members": "store.club.members",
    "store.history": "store.club.history",
    "store.club_games": "store.club.games",
    # store/access: who may come in
    "store.auth": "store.access.auth",
    "store.password_hashing": "store.access.password_hashing",
    "store.ratelimit": "store.access.ratelimit",
    "store.club_code": "store.access.club_code",
    # store/backups: what leaves the app and comes back
    "store.backup": "store.backups.event_backup",
    "store.club_backup": "store.backups.club_backup",
    # web/api: the JSON routes, their schemas and converters
    "web.api": "web.api.events",
    "web.api_club": "web.api.club",
    "web.api_common": "web.api.common",
    "web.api_history": "web.api.history",
    "web.api_members": "web.api.members",
    "web.api_results": "web.api.results",
    "web.api_seasons": "web.api.seasons",
    "web.schemas": "web.api.schemas",
    "web.convert": "web.api.convert",
    "web.code_blocks": "web.api.code_blocks",
    "web.sheets": "web.api.sheets",
    # web/pages: the HTML pages, the director's and the public ones
    "web.pages_audit": "web.pages.audit",
    "web.pages_auth": "web.pages.auth",
    "web.pages_correction": "web.pages.correction",
    "web.pages_dashboard": "web.pages.dashboard",
    "web.pages_director": "web.pages.director",
    "web.pages_events": "web.pages.events",
    "web.pages_history": "web.pages.history",
    "web.pages_members": "web.pages.members",
    "web.pages_penalties": "web.pages.penalties",
    "web.pages_players": "web.pages.players",
    "web.pages_public": "web.pages.public",
    "web.pages_seasons": "web.pages.seasons",
    "web.table_page": "web.pages.table",
    "web.director_helpers": "web.pages.director_helpers",
    # web/common: what every route shares
    "web.deps": "web.common.deps",
    "web.errors": "web.common.errors",
    "web.security": "web.common.security",
    "web.devices": "web.common.devices",
    "web.templating": "web.common.templating",
    "web.form_fields": "web.common.form_fields",
    "web.director_forms": "web.common.forms",
    "web.page_helpers": "web.common.page_helpers",
    "web.pages_common": "web.common.flash",
    "web.round_words": "web.common.round_words",
    "web.club_gate": "web.common.club_gate",
    "web.club_access": "web.common.club_access",
    # web/views: what a page shows (read models), shared by pages and JSON routes
    "web.corrected_marks": "web.views.corrected_marks",
    "web.score_form": "web.views.score_form",
    # web/play: browser play over HTTP
    "web.play_api": "web.play.api",
    "web.play_pages": "web.play.pages",
    "web.play_ws": "web.play.socket",
    "web.play_install": "web.play.install",
    "web.play_helpers": "web.play.helpers",
    "web.play_schemas": "web.play.schemas",
    # web/online: club nights played online
    "web.online": "web.online.routes",
    "web.online_between": "web.online.between",
    "web.online_schemas": "web.online.schemas",
}
"""Old module -> new module, both under ``euchre``. A row whose module is not there is skipped:
some name modules that other branches add (``web/club_access.py``, ``web/play_helpers.py``,
``web/play_schemas.py``, ``web/score_form.py``), so the run on the merged tree moves them too."""

PACKAGES: dict[str, str] = {
    "store.night": (
        "The night as the director runs it: events and their players, rounds and seating, the\n"
        "clock's cut-off, playoff conflicts, where a player sits now, and the printouts."
    ),
    "store.scoring": (
        "A table's score: looked up by its code, submitted and confirmed, settled or corrected,\n"
        "its penalties, each table's state, and what a correction moved besides the scores."
    ),
    "store.club": (
        "The club across its nights: its members, a member's history and the ratings, and every\n"
        "recorded game of the club."
    ),
    "store.access": (
        "Who may come in: the directors' passwords and logins, the club code, and slowing down\n"
        "wrong codes and wrong passwords."
    ),
    "store.backups": (
        "What leaves the app and comes back: an event's exports and its backup, and the club's\n"
        "backup (members, events and seasons in one file)."
    ),
    "web.api": (
        "The JSON API: a router per concern (events and rounds, results, members, history,\n"
        "seasons, the club, sheets, code blocks), its schemas and the rows turned into them."
    ),
    "web.pages": (
        "The HTML pages: the director's (events, dashboard, its forms, correction, penalties,\n"
        "members, seasons, audit) and the public ones (home, standings, a table's phone page, a\n"
        "member's history), with what only the pages share."
    ),
    "web.common": (
        "What every route shares: the request's database and director, errors as HTTP statuses,\n"
        "sessions and CSRF, devices, the templates, the forms and their fields, the flash\n"
        "message, a round's name in words, and the club code's gate."
    ),
    "web.play": (
        "Browser play over HTTP: the play API, its pages, the live WebSocket per seat, and its\n"
        "wiring into the app."
    ),
    "web.views": (
        "Read models of the web pages: what a page shows, built from the store (names, words,\n"
        "rows for a template's macros), shared by the pages and the JSON routes that show the same."
    ),
    "web.online": (
        "Club nights played online over HTTP: the routes, what a player sees between his games,\n"
        "and the answers' schemas."
    ),
}
"""Each new package (under ``euchre``) with the docstring of its ``__init__.py``."""

GLOBS: dict[str, str] = {
    "web/pages_*.py": "web/pages/*.py",
    "web/api_*.py": "web/api/*.py",
    "web/play_*.py": "web/play/*.py",
    "web/online_*.py": "web/online/*.py",
}
"""A pattern of old file names, in prose, and the files it means now (rewritten in the run that
makes the package)."""

TEXT_SUFFIXES = {
    ".py", ".pyi", ".md", ".rst", ".txt", ".toml", ".ini", ".cfg", ".yml", ".yaml", ".sh",
    ".json", ".html", ".mako", ".j2",
}  # fmt: skip
"""Files whose text is rewritten (and any file under ``.ci/`` or ``.github/``)."""

SKIP = {"scripts/regroup.py", "uv.lock"}

KEEP: dict[str, tuple[str, ...]] = {
    # a made-up tree the import check is tested on: its module names are not the project's
    "tests/docs/test_import_check.py": (
        "euchre.store <-> euchre.store.hooks <-> euchre.store.online <-> euchre.store.rounds",
    ),
}
"""Text left exactly as it is in a file, where an old name does not mean the module."""

FIXUPS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    # a renamed module's name pushed a lambda past the line length, which ruff cannot fold (as
    # the rewrite leaves it, and as ruff format lays it out)
    (
        "src/euchre/web/pages/events.py",
        (
            "    event_id = await in_write(\n"
            "        request, lambda session: event_backup.restore_event(session, data=data, who=director.name).id\n"
            "    )\n",
            "    event_id = await in_write(\n"
            "        request,\n"
            "        lambda session: event_backup.restore_event(session, data=data, who=director.name).id,\n"
            "    )\n",
        ),
        "    restore = event_backup.restore_event\n"
        "    event_id = await in_write(\n"
        "        request, lambda session: restore(session, data=data, who=director.name).id\n"
        "    )\n",
    ),
    # prose that names a module by a file name several folders could hold, or by module.name
    (
        "docs/web.md",
        ("an error's HTTP status is `errors.status_for`",),
        "an error's HTTP status is `common/errors.status_for`",
    ),
    (
        "docs/web.md",
        ("so `play_api`, `play_pages` and `play_ws` import one way.",),
        "so `play/api.py`, `play/pages.py` and `play/socket.py` import one\n  way. The folders of `web/` and `store/`, and what goes in each:"
        ' `docs/where-to-change.md`,\n  "The rooms of `store/` and `web/`".',
    ),
    (
        "docs/web.md",
        ("`page_helpers.py` and `common/flash.py`",),
        "`common/page_helpers.py` and `common/flash.py`",
    ),
    ("docs/web.md", ("`round_words.py` (a round's",), "`common/round_words.py` (a round's"),
    (
        "docs/web.md",
        ("template rendered by `templating.py`",),
        "template rendered by `common/templating.py`",
    ),
)
"""Exact edits made after the rewrite and the moves, each where its text is found: what the
general rewrite cannot know. One whose text is not found is named at the end, to do by hand."""

ROOMS_DOC = "docs/where-to-change.md"
ROOMS_BEFORE = "## Repeated code (`duplicates`)"
ROOMS_SECTION = """\
## The rooms of `store/` and `web/`

`store/` and `web/` are grouped by concern in sub-packages (issue 38, "code you can follow"):
before, `store/` was one folder of 37 modules beside `play/`, `seasons/` and `migrations/`, and
`web/` one folder of 46 (beside `templates/` and `static/`); now `store/` holds 14 modules and 8
folders, `web/` 2 modules (`app.py`, `server.py`) and 6 sub-packages. Each sub-package's `__init__.py` holds its docstring only (no import, no call:
importing a module never runs a feature's code). The folders were chosen so that imports between
them run one way, with no two folders importing each other; `scripts/check_imports.py` still
holds 0 cycles and 0 private imports between files.

**`src/euchre/store/`**, from the ground up:

| room | what goes there |
|---|---|
| `models.py`, `errors.py`, `db.py`, `csv_text.py` | the ground: the SQLAlchemy models, the store's errors (each with its HTTP status), engines, sessions and migrations, the CSV writer |
| `core.py`, `audit.py`, `money_record.py`, `lifecycle.py`, `names.py`, `presets.py`, `sheet_folder.py` | what every service uses: the bridge to the tournament core (`compute_event`), the audit log and the money a correction moved as it keeps it, the lifecycle hooks features register on, name limits, a sheet's event preset, the club sheets folder |
| `access/` | who may come in: directors' passwords and logins (`auth.py`, `password_hashing.py`), the club code (`club_code.py`), slowing down wrong codes (`ratelimit.py`) |
| `club/` | the club across its nights: `members.py`, a member's history and the ratings (`history.py`), every recorded game (`games.py`) |
| `play/` | browser play's tables in the database (the log writer, seats, presence, moves, chat; `service.py` is the façade) |
| `night/` | the night as the director runs it: `events.py` (events and their players), `rounds.py` (start, undo, close, seating), `night_end.py` (the clock's cut-off), `playoff_conflicts.py`, `seat_finder.py`, `printouts.py` |
| `seasons/` | a club's seasons: tags, definitions, nights, the table, exports, backup |
| `scoring/` | a table's score: `table_lookup.py` (by its code), `submissions.py`, `results.py`, `corrections.py`, `penalties.py`, `table_status.py`, `money_moves.py` (what a correction moved besides the scores), and the `scores.py` façade |
| `online.py`, `warm_up.py`, `table_view.py` | features over those: online nights, a worker's warm-up, what a scorekeeper's phone sees (it asks `online.py` for an online night's computer players) |
| `backups/` | what leaves the app and comes back: an event's exports and backup (`event_backup.py`), the club's backup (`club_backup.py`) |

**`src/euchre/web/`**, from the ground up:

| room | what goes there |
|---|---|
| `common/` | what every route shares: `deps.py` (the request's database and director, the code guard), `errors.py` (an error's HTTP status), `security.py` (sessions, CSRF), `devices.py`, `templating.py`, `forms.py` (the director's forms as models) and `form_fields.py` (the one number parser and form error), `page_helpers.py` and `flash.py` (a posted form, the login hop, the flash redirect, the round clock), `round_words.py`, `club_access.py` (who may see the club's pages) and `club_gate.py` (the club code's own page and switch) |
| `views/` | read models: what a page shows, built from the store (the dashboard, standings, penalties, audit rows, a member's history, `corrected_marks.py`, `score_form.py` for the phone's and the correction page's score form), shared by the pages and the JSON routes that show the same |
| `api/` | the JSON API: `events.py` (events, rounds, tables, session), `results.py`, `members.py`, `history.py`, `seasons.py`, `club.py`, `sheets.py`, `code_blocks.py`, with `schemas.py` (the answers), `convert.py` (rows into schemas) and `common.py` (what the routers share) |
| `play/` | browser play over HTTP: `api.py`, `pages.py`, `socket.py` (one WebSocket per seat), `helpers.py` and `schemas.py` (what its routes share, and their answers), `install.py` (wired into the app) |
| `pages/` | the HTML pages: the director's (`events.py`, `dashboard.py`, `director.py` for the dashboard's forms, `players.py`, `correction.py`, `penalties.py`, `members.py`, `seasons.py`, `audit.py`, `auth.py`) and the public ones (`public.py`, `table.py` for a table's phone, `history.py`), with `director_helpers.py` (the director's page frame and a form's write) |
| `online/` | online nights over HTTP: `routes.py`, `between.py` (what a player sees between games), `schemas.py` |
| `app.py`, `server.py` | the top: `create_app` mounts every router; `server.py` is what uvicorn calls in each worker |

Where a new module goes: in the room of its concern, by what it is about rather than what kind of
code it is (a JSON route of a new concern is a module of `web/api/`, its page a module of
`web/pages/`; a new store service that the night's pages call goes in `store/night/`). A module
that two rooms share goes in the lower one (`common/` or `views/`, or the store's ground), never
in a room that imports the other: what a page shows is a read model of `views/`, which pages and
JSON routes both import, and a route module imports no other route module.

`scripts/regroup.py` made this move (a table of old module to new module), rewriting every
import, dotted name and path in the repository; run again, it skips what has moved, so a module
added meanwhile in the old place can be given a row and moved the same way.
"""
"""The section of ``ROOMS_DOC`` that names the rooms, put before ``ROOMS_BEFORE`` (or at the
end) unless its heading is there already."""


def dotted(name: str) -> str:
    return f"{PACKAGE}.{name}"


def source_path(name: str) -> Path:
    """The file of a module under ``src/`` (``store.events`` -> ``src/euchre/store/events.py``)."""
    return SRC / PACKAGE / (name.replace(".", "/") + ".py")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout


@dataclass
class Report:
    """What one run did, told in a few lines at the end."""

    moved: int = 0
    skipped: list[str] = field(default_factory=list)
    packages: list[str] = field(default_factory=list)
    files: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def count(self, kind: str, number: int = 1) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + number


def active_moves(report: Report) -> dict[str, str]:
    """The mappings still to do: source present; refused (exit) on a clash."""
    active: dict[str, str] = {}
    clashes: list[str] = []
    for old, new in MOVES.items():
        src, dst = source_path(old), source_path(new)
        if not src.exists():
            report.skipped.append(f"skip {dotted(old)}: no {rel(src)} (moved, or not here yet)")
            continue
        if dst.exists():
            clashes.append(f"{rel(src)} -> {rel(dst)}: the destination exists already")
            continue
        active[old] = new
    moving = {source_path(old) for old in active}
    for package in {new.rsplit(".", 1)[0] for new in active.values()}:
        module_file = source_path(package)
        if module_file.exists() and module_file not in moving:
            clashes.append(f"{rel(module_file)} holds the name of the new package {package}")
    if clashes:
        for clash in clashes:
            print(f"refused: {clash}", file=sys.stderr)
        raise SystemExit(1)
    return active


def text_files() -> list[Path]:
    """Tracked and unignored files of the repository that may mention a module."""
    listed = git("ls-files", "-co", "--exclude-standard", "-z").split("\0")
    found = []
    for name in sorted(set(listed)):
        if not name or name in SKIP:
            continue
        path = ROOT / name
        if not path.is_file():
            continue
        if path.suffix in TEXT_SUFFIXES or name.startswith((".ci/", ".github/")):
            found.append(path)
    return found


def module_of(path: Path) -> tuple[str | None, bool]:
    """The dotted module of a file under ``src/`` (None elsewhere), and whether it is a package."""
    try:
        parts = list(path.relative_to(SRC).with_suffix("").parts)
    except ValueError:
        return None, False
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join(parts), is_package


class Rewriter:
    """The text rewrites of one run, for a given set of moves."""

    def __init__(self, moves: dict[str, str]) -> None:
        self.moves = {dotted(old): dotted(new) for old, new in moves.items()}
        alternatives = "|".join(re.escape(old) for old in sorted(self.moves, key=len, reverse=True))
        self.dotted_re = re.compile(rf"(?<![\w.])({alternatives})(?!\w)") if moves else None
        self.paths = {as_path(old): as_path(new) for old, new in moves.items()}
        made = {new.rsplit(".", 1)[0].replace(".", "/") for new in moves.values()}
        self.globs = {p: n for p, n in GLOBS.items() if n.rsplit("/", 1)[0] in made}
        new_alts = "|".join(
            re.escape(name) for new in moves.values() for name in (dotted(new), as_path(new))
        )
        self.new_names = re.compile(new_alts or r"(?!x)x")
        path_alts = "|".join(re.escape(p) for p in sorted(self.paths, key=len, reverse=True))
        # ``euchre/store/events.py`` anywhere (after ``src/`` or ``../src/`` too) ...
        self.full_path_re = (
            re.compile(rf"(?<![\w.-]){PACKAGE}/({path_alts})(?![\w/])") if moves else None
        )
        # ... and ``store/events.py`` alone in prose (Markdown), not ``tests/store/...``.
        self.short_path_re = re.compile(rf"(?<![\w./-])({path_alts})(?![\w/])") if moves else None
        # ... ``store/members.record_merge_audit`` (a module's path, then one of its names), where
        # the module does not become a package of its own name (``web/api`` may mean the folder)
        self.stems = {
            old.replace(".", "/"): new.replace(".", "/")
            for old, new in moves.items()
            if not new.startswith(old + ".")
        }
        stem_alts = "|".join(re.escape(p) for p in sorted(self.stems, key=len, reverse=True))
        self.stem_re = re.compile(rf"(?<![\w./-])({stem_alts})(?=\.(?!py\b)[A-Za-z_])")
        # ... and a bare file name that only one module of ``src/`` bears, where the move renames
        # it (``pages_director.py`` -> ``pages/director.py``); a name several files bear is left.
        bearers: dict[str, int] = {}
        for file in (SRC / PACKAGE).rglob("*.py"):
            bearers[file.name] = bearers.get(file.name, 0) + 1
        self.bare = {
            f"{old.rsplit('.', 1)[-1]}.py": "/".join(new.split(".")[-2:]) + ".py"
            for old, new in moves.items()
            if old.rsplit(".", 1)[-1] != new.rsplit(".", 1)[-1]
            and bearers.get(f"{old.rsplit('.', 1)[-1]}.py") == 1
        }
        bare_alts = "|".join(re.escape(p) for p in sorted(self.bare, key=len, reverse=True))
        self.bare_re = re.compile(rf"(?<![\w./*-])({bare_alts or '(?!x)x'})(?![\w/])")
        # ... and ``pages_events._save_config``: such a module's name, with an underscore (so a
        # word of prose is never taken for one), before one of its names.
        self.dotted_leaves = {
            name.removesuffix(".py"): now.removesuffix(".py")
            for name, now in self.bare.items()
            if "_" in name.removesuffix(".py")
        }
        leaf_alts = "|".join(
            re.escape(p) for p in sorted(self.dotted_leaves, key=len, reverse=True)
        )
        self.leaf_re = re.compile(rf"(?<![\w./*-])({leaf_alts or '(?!x)x'})(?=\.(?!py\b)[A-Za-z_])")

    def text(self, path: Path, text: str, report: Report) -> str:
        """Dotted names and paths."""
        if self.dotted_re is None or self.full_path_re is None or self.short_path_re is None:
            return text
        text, n = self.dotted_re.subn(lambda m: self.moves[m.group(1)], text)
        report.count("dotted names", n)
        text, n = self.full_path_re.subn(lambda m: f"{PACKAGE}/{self.paths[m.group(1)]}", text)
        report.count("paths", n)
        for pattern, now in self.globs.items():
            n = text.count(pattern)
            text = text.replace(pattern, now)
            report.count("paths", n)
        if path.suffix in {".md", ".rst", ".txt"}:
            text, n = self.short_path_re.subn(lambda m: self.paths[m.group(1)], text)
            report.count("paths", n)
            if self.stems:
                text, n = self.stem_re.subn(lambda m: self.stems[m.group(1)], text)
                report.count("paths", n)
            text, n = self.bare_re.subn(lambda m: self.bare[m.group(1)], text)
            report.count("file names", n)
            text, n = self.leaf_re.subn(lambda m: self.dotted_leaves[m.group(1)], text)
            report.count("file names", n)
        return text

    def imports(self, path: Path, text: str, report: Report) -> str:
        """``from euchre.web import x`` statements and relative imports, one at a time."""
        try:
            tree = ast.parse(text)
        except SyntaxError:
            report.notes.append(f"{rel(path)}: not valid Python, imports left as they were")
            return text
        own, is_package = module_of(path)
        lines = text.splitlines(keepends=True)
        edits: list[tuple[int, int, list[tuple[str, list[tuple[str, str | None]]]], int, str]] = []
        renames: dict[str, str] = {}
        used = identifiers(text)
        taken: set[str] = set()
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            base = absolute(own, is_package, node.level, node.module)
            if base is None or base.split(".")[0] != PACKAGE:
                continue
            own_moves = own is not None and own in self.moves
            if node.level and base in self.moves:
                base = self.moves[base]
            groups: dict[str, list[tuple[str, str | None]]] = {}
            changed = bool(node.level) and (
                own_moves or any(f"{base}.{a.name}" in self.moves for a in node.names)
            )
            for alias in node.names:
                target = self.moves.get(f"{base}.{alias.name}")
                if target is None:
                    groups.setdefault(base, []).append((alias.name, alias.asname))
                    continue
                changed = True
                package, leaf = target.rsplit(".", 1)
                local = alias.asname or alias.name
                asname: str | None = local
                if local == leaf:
                    asname = None
                elif alias.asname is None and leaf not in used and leaf not in taken:
                    renames[local] = leaf
                    asname = None
                taken.add(asname or leaf)
                groups.setdefault(package, []).append((leaf, asname))
            if not changed:
                continue
            first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
            head = lines[first][: node.col_offset]
            tail = lines[last][node.end_col_offset or 0 :]
            comment = tail.strip()
            if head.strip() or (comment and not comment.startswith("#")):
                report.notes.append(f"{rel(path)}:{node.lineno}: import shares its line; left")
                continue
            inside = ast.get_source_segment(text, node) or ""
            if "#" in inside:
                report.notes.append(
                    f"{rel(path)}:{node.lineno}: a comment in an import was dropped"
                )
            comment = tail.strip() if tail.strip().startswith("#") else ""
            edits.append((first, last, list(groups.items()), node.col_offset, comment))
        if not edits:
            return text
        report.count("import statements", len(edits))
        rewritten = rename_names(text, renames, {(edit[0], edit[1]) for edit in edits})
        report.count("local names renamed", len(renames))
        lines = rewritten.splitlines(keepends=True)
        for first, last, parts, col, comment in sorted(edits, reverse=True):
            indent = " " * col
            statements = []
            for module, names in parts:
                listed = ", ".join(name if a is None else f"{name} as {a}" for name, a in names)
                statements.append(f"{indent}from {module} import {listed}\n")
            if comment:  # a trailing comment stays with the first statement
                statements[0] = f"{statements[0][:-1]}  {comment}\n"
            lines[first : last + 1] = statements
        return "".join(lines)


def line_limit() -> int:
    """The line length ruff holds (``line-length`` of ``pyproject.toml``; 100 if unsaid)."""
    found = re.search(r"(?m)^line-length\s*=\s*(\d+)", (ROOT / "pyproject.toml").read_text())
    return int(found.group(1)) if found else 100


def wrap_prose(text: str, names: re.Pattern[str], limit: int, report: Report) -> str:
    """Refold each line of a docstring or a comment that a longer name pushed past ``limit``
    (``ruff format`` folds code, not prose): the words past the last space that fits go to the
    start of the paragraph's next line (a new line where the paragraph ends there)."""
    prose: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.STRING and token.end[0] > token.start[0]:
                prose.update(range(token.start[0], token.end[0] + 1))
            elif token.type == tokenize.COMMENT and not token.line[: token.start[1]].strip():
                prose.add(token.start[0])
    except (tokenize.TokenError, SyntaxError):
        return text
    out: list[str] = []
    carry, lead = "", ""
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        body, ending = line.rstrip("\n"), line[len(line.rstrip("\n")) :]
        merged = False
        if carry:
            if number in prose and continues(body, lead):
                rest = body.strip()
                body = lead + carry + " " + (rest[1:].lstrip() if lead.endswith("# ") else rest)
                merged = True
            else:
                out.append(lead + carry + "\n")
            carry = ""
        if number in prose and len(body) > limit and (merged or names.search(body)):
            indent = body[: len(body) - len(body.lstrip())]
            lead = indent + ("# " if body.lstrip().startswith("#") else "")
            cut = body.rfind(" ", len(lead) + 1, limit + 1)
            if cut != -1:
                out.append(body[:cut] + "\n")
                carry = body[cut + 1 :]
                report.count("prose lines refolded")
                continue
        out.append(body + ending)
    if carry:
        out.append(lead + carry + "\n")
    return "".join(out)


def continues(body: str, lead: str) -> bool:
    """Whether a line goes on with the paragraph whose broken line had ``lead``: the same indent,
    text (not a blank line, a list item, a directive, a code sample or a closing quote)."""
    indent = lead.removesuffix("# ")
    rest = body.strip()
    if not rest or body[: len(body) - len(body.lstrip())] != indent:
        return False
    if lead.endswith("# "):
        if not rest.startswith("#"):
            return False
        rest = rest[1:].strip()
        if not rest:
            return False
    elif rest.startswith("#"):
        return False
    starts = ("- ", "* ", ":", "..", ">>>", '"""', "'''", "```", "|")
    return not rest.startswith(starts) and not re.match(r"\d+[.)] ", rest)


def as_path(name: str) -> str:
    """A module's file under ``src/euchre`` (``store.events`` -> ``store/events.py``)."""
    return name.replace(".", "/") + ".py"


def absolute(own: str | None, is_package: bool, level: int, module: str | None) -> str | None:
    """The absolute module a ``from`` import names (None: relative, from outside ``src/``)."""
    if level == 0:
        return module
    if own is None:
        return None
    base = own.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def identifiers(text: str) -> set[str]:
    """Every name token of a file."""
    names = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.NAME:
                names.add(token.string)
    except (tokenize.TokenError, SyntaxError):
        pass
    return names


def rename_names(text: str, renames: dict[str, str], skip: set[tuple[int, int]]) -> str:
    """``text`` with each name token of ``renames`` renamed (not an attribute after a dot), except
    on the lines of the import statements that are rewritten whole."""
    if not renames:
        return text
    skipped = {line for first, last in skip for line in range(first + 1, last + 2)}
    lines = text.splitlines(keepends=True)
    spots: list[tuple[int, int, int, str]] = []
    previous = ""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if (
            token.type == tokenize.NAME
            and token.string in renames
            and previous != "."
            and token.start[0] not in skipped
        ):
            row, col = token.start
            spots.append((row, col, token.end[1], renames[token.string]))
        if token.type not in {tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT}:
            previous = token.string
    for row, start, end, new in sorted(spots, reverse=True):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + new + line[end:]
    return "".join(lines)


def make_packages(moves: dict[str, str], report: Report, dry_run: bool) -> None:
    """Each package the moves need, with a docstring-only ``__init__.py``."""
    for package in sorted({new.rsplit(".", 1)[0] for new in moves.values()}):
        folder = SRC / PACKAGE / package.replace(".", "/")
        init = folder / "__init__.py"
        if init.exists():
            continue
        doc = PACKAGES.get(package, f"The modules of ``{dotted(package)}``.")
        report.packages.append(rel(folder) + "/")
        if dry_run:
            continue
        folder.mkdir(parents=True, exist_ok=True)
        init.write_text(f'"""{doc}\n"""\n', encoding="utf-8")
        git("add", rel(init))


def move_files(moves: dict[str, str], report: Report, dry_run: bool) -> None:
    """``git mv`` each file; a module that becomes a package of its own name goes by a
    temporary name first."""
    staged: list[tuple[Path, Path]] = []
    for old, new in moves.items():
        src, dst = source_path(old), source_path(new)
        if new.startswith(old + "."):
            temporary = src.with_name(src.stem + ".regroup-moving.py")
            if not dry_run:
                rename(src, temporary)
            staged.append((temporary, dst))
        else:
            staged.append((src, dst))
    if dry_run:
        report.moved = len(staged)
        return
    make_packages(moves, report, dry_run)
    for src, dst in staged:
        rename(src, dst)
        report.moved += 1


def rename(src: Path, dst: Path) -> None:
    """``git mv`` a tracked file; rename one that git does not track yet."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if git("ls-files", "--", rel(src)).strip():
        git("mv", rel(src), rel(dst))
    else:
        src.rename(dst)


def finish(report: Report, dry_run: bool) -> None:
    """The exact fix-ups, and the rooms' section of the docs."""
    for name, variants, after in FIXUPS:
        path = ROOT / name
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        before = next((variant for variant in variants if variant in text), None)
        if before is None:
            report.notes.append(f"fix-up not found, to do by hand if still needed: {name}")
            continue
        report.count("fix-ups")
        if not dry_run:
            path.write_text(text.replace(before, after, 1), encoding="utf-8")
    path = ROOT / ROOMS_DOC
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    heading = ROOMS_SECTION.splitlines()[0]
    if heading in text:
        return
    if ROOMS_BEFORE in text:
        text = text.replace(ROOMS_BEFORE, f"{ROOMS_SECTION}\n{ROOMS_BEFORE}", 1)
    else:
        text = f"{text.rstrip()}\n\n{ROOMS_SECTION}"
    report.count("doc sections written")
    if not dry_run:
        path.write_text(text, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="change nothing; say what would")
    parser.add_argument("--verbose", action="store_true", help="name every file and skip")
    args = parser.parse_args()

    report = Report()
    moves = active_moves(report)
    rewriter = Rewriter(moves)
    limit = line_limit()
    if moves:
        for path in text_files():
            try:
                before = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            kept = KEEP.get(rel(path), ())
            after = before
            for number, snippet in enumerate(kept):
                after = after.replace(snippet, f"REGROUPKEPT{number}X")
            after = rewriter.text(path, after, report)
            if path.suffix == ".py":
                after = rewriter.imports(path, after, report)
                after = wrap_prose(after, rewriter.new_names, limit, report)
                try:
                    ast.parse(after)
                except SyntaxError as error:
                    report.notes.append(f"{rel(path)}: the rewrite broke it ({error}); left")
                    continue
            for number, snippet in enumerate(kept):
                after = after.replace(f"REGROUPKEPT{number}X", snippet)
            if after != before:
                report.files[rel(path)] = 1
                if not args.dry_run:
                    path.write_text(after, encoding="utf-8")
        move_files(moves, report, args.dry_run)
        finish(report, args.dry_run)
    if args.dry_run:
        make_packages(moves, report, dry_run=True)

    if args.verbose:
        for line in report.skipped:
            print(line)
        for name in sorted(report.files):
            print(f"rewrote {name}")
    elif report.skipped:
        print(
            f"skipped {len(report.skipped)} rows whose module is not there (--verbose names them)"
        )
    verb = "would move" if args.dry_run else "moved"
    counts = ", ".join(f"{n} {kind}" for kind, n in report.counts.items() if n)
    print(
        f"{verb} {report.moved} modules into {len(report.packages)} new packages"
        f"{' (' + ', '.join(report.packages) + ')' if report.packages else ''}; "
        f"rewrote {len(report.files)} files{': ' + counts if counts else ''}"
    )
    for note in report.notes:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
