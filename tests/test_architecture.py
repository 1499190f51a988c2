"""The shape of the code: the core asks a game's declaration (no probing with getattr), every
game declares itself the same way, and no module imports another that imports it back
(counting imports inside functions: a lazy import that dodges a circle is still one)."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

from generator.games import (
    GameRules,
    PlannedGame,
    ScheduledGame,
    TableGame,
    available_games,
    game_module,
)
from generator.games.capabilities import Capabilities

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "generator"
BUILT_IN = ("battlestar", "card_race", "galaxy_trucker", "keep_on_trucking", "moon_drop")


def test_the_core_never_probes_a_game_with_getattr() -> None:
    probe = re.compile(r"\b(?:getattr|hasattr)\(\s*(?:\w+\.)*(?:rules|module|RULES)\b")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in GENERATOR.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if probe.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_game_declares_its_rules_and_capabilities(name: str) -> None:
    assert name in available_games()
    rules = importlib.import_module(game_module(name)).RULES
    assert isinstance(rules, GameRules)
    assert isinstance(rules.capabilities, Capabilities)


def test_capabilities_are_what_each_game_can_do() -> None:
    declared = {
        name: importlib.import_module(game_module(name)).RULES.capabilities for name in BUILT_IN
    }
    assert declared["galaxy_trucker"].score and declared["galaxy_trucker"].balance
    # Keep on Trucking flies its own engine (keep_on_trucking/flight/).
    kot = declared["keep_on_trucking"]
    assert kot.score and kot.verdict and kot.balance
    assert declared["keep_on_trucking"].takes_options
    assert declared["moon_drop"].score
    assert declared["card_race"].commands == "card-race"


def test_every_game_is_one_of_the_two_kinds_with_only_its_stages() -> None:
    """A scheduled game plans rounds, turns and posts; a table game follows its log, and
    plans ahead only when its deal is decided ahead (Card Race). A stage a game has not got
    is not there at all, never a stub."""
    rules = {name: importlib.import_module(game_module(name)).RULES for name in BUILT_IN}
    kinds = {
        name: ("scheduled" if isinstance(r, ScheduledGame) else "")
        + ("table" if isinstance(r, TableGame) else "")
        for name, r in rules.items()
    }
    assert kinds == {
        "battlestar": "table",
        "card_race": "table",
        "galaxy_trucker": "scheduled",
        "keep_on_trucking": "scheduled",
        "moon_drop": "scheduled",
    }
    assert isinstance(rules["card_race"], PlannedGame)
    assert not isinstance(rules["battlestar"], PlannedGame)
    assert not hasattr(rules["battlestar"], "make_plan")
    assert not hasattr(rules["battlestar"], "round_count")


def test_every_scheduled_games_plan_declares_the_shared_calendar() -> None:
    """The typed view of a plan's shared part (plan/shared.py) takes the schedule, the
    rhythm and the options from each scheduled game's plan by name: each plan declares the
    schedule and the rhythm with the view's types (its options are its own type)."""
    import dataclasses
    import typing

    from generator.plan.shared import SharedPlan

    view = typing.get_type_hints(SharedPlan)
    for name in BUILT_IN:
        rules = importlib.import_module(game_module(name)).RULES
        if not isinstance(rules, ScheduledGame):
            continue
        hints = typing.get_type_hints(rules.plan_type)
        assert hints["schedule"] == view["schedule"], name
        assert hints["rhythm"] == view["rhythm"], name
        assert {f.name for f in dataclasses.fields(rules.plan_type)} >= {"schedule", "rhythm"}


def test_make_plan_takes_the_game_options_as_the_interface_says() -> None:
    """Every planned game's make_plan has the interface's signature, options included: the
    core calls it one way, with no `type: ignore`."""
    expected = list(inspect.signature(PlannedGame.make_plan).parameters)
    for name in BUILT_IN:
        rules = importlib.import_module(game_module(name)).RULES
        if isinstance(rules, PlannedGame):
            assert list(inspect.signature(type(rules).make_plan).parameters) == expected, name
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in GENERATOR.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "make_plan" in line and "type: ignore" in line
    ]
    assert found == []


def test_the_core_cli_names_no_game_of_its_own() -> None:
    """A game's own commands live in its package: the core CLI hands an old spelling on to
    them (cli/forward.py) without knowing their options."""
    own = re.compile(r"card.race|--(?:salt|deck|dealer|players?|hand|trump)\b|\bbsg\b")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in (GENERATOR / "cli").rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if own.search(line)
    ]
    assert found == []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The generator modules a module imports, at its top or inside functions, leaving out
    imports for type checking only. `from pkg import sub` depends on pkg.sub, not on pkg."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if "TYPE_CHECKING" in ast.unparse(node.test):
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(a.name for a in node.names)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
            found.update(subs)
            if len(subs) < len(node.names):
                found.add(base)

    Visitor().visit(ast.parse(path.read_text()))
    return {m for m in found if m in modules and m != name}


@pytest.mark.slow
def test_no_import_circle() -> None:
    paths = {_module_name(p): p for p in GENERATOR.rglob("*.py")}
    graph = {name: _imports(path, set(paths)) for name, path in paths.items()}
    circles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def walk(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append([*trail[trail.index(nxt) :], nxt])
            elif nxt not in state:
                walk(nxt, [*trail, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            walk(start, [start])
    assert circles == []


def test_the_package_root_holds_only_its_face_and_entry_point() -> None:
    """Every other module lives in the folder of its role, so the listing is the map."""
    modules = sorted(path.name for path in GENERATOR.glob("*.py"))
    assert modules == ["__init__.py", "__main__.py", "entry.py"]


def test_every_folder_says_its_one_job() -> None:
    silent = [
        str(init.relative_to(ROOT))
        for init in GENERATOR.rglob("__init__.py")
        if not ast.get_docstring(ast.parse(init.read_text()))
    ]
    assert silent == []


def test_no_module_is_chosen_by_a_string() -> None:
    """Only plugin discovery imports by name (a game's package, a game's command group):
    a game says what it draws with code, not with a module path in a string."""
    allowed = {
        GENERATOR / "games" / "__init__.py",
        GENERATOR / "cli" / "group.py",
    }
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in GENERATOR.rglob("*.py")
        if path not in allowed
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if "import_module(" in line or "__import__(" in line
    ]
    assert found == []


# The layers, lowest first: a module imports only from its own layer or the ones below.
LAYERS = [
    {"common", "pages"},  # pages: the HTML, CSS and JavaScript files and their loader
    {"pack"},
    {"plan", "art", "folder"},
    {"render", "games"},  # games: the game shape (games/__init__, capabilities)
    {"kit"},
    {"host"},
    {"game"},  # games/<game>/: the games themselves
    {"cli"},
    {"root"},  # the package's face and the program
]
# A game's own command group (`sheetgen card-race …`) is command-line code: it settles a
# seed as every command does.
ALLOWED_UPWARDS = {("generator.games.card_race.commands", "generator.cli.base")}


def _layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("entry", "__main__"):
        return "root"
    if parts[1] == "games":
        return "games" if len(parts) == 2 or parts[2] == "capabilities" else "game"
    return parts[1]


def _runtime_imports(path: Path) -> set[str]:
    """The generator modules `path` imports when it runs (typing-only imports left out)."""
    found: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                return
            self.generic_visit(node)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.module and node.module.startswith("generator."):
                found.add(node.module)

        def visit_Import(self, node: ast.Import) -> None:
            found.update(a.name for a in node.names if a.name.startswith("generator."))

    Visitor().visit(ast.parse(path.read_text()))
    return found


@pytest.mark.slow
def test_every_layer_imports_only_from_below() -> None:
    rank = {name: index for index, layer in enumerate(LAYERS) for name in layer}
    upwards = []
    for path in GENERATOR.rglob("*.py"):
        module = _module_name(path)
        for imported in _runtime_imports(path):
            if (module, imported) in ALLOWED_UPWARDS:
                continue
            if rank[_layer_of(imported)] > rank[_layer_of(module)]:
                upwards.append(f"{module} -> {imported}")
    assert sorted(upwards) == []


def test_the_command_line_starts_without_the_heavy_libraries() -> None:
    """`sheetgen --help` answers at once: the command line imports click and its own
    modules, and the pack loader, msgspec, YAML and the drawing libraries only when a
    command needs them."""
    import subprocess
    import sys

    probe = (
        "import sys, generator.cli; "
        "heavy = ('msgspec', 'yaml', 'reportlab', 'PIL', 'icalendar', 'jinja2', "
        "'generator.pack.load'); "
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()
    assert loaded == "[]"


def test_the_group_names_the_module_of_every_core_command() -> None:
    """A core command's module is imported when the command runs (cli/group.py's table):
    every command the modules define is in the table, under the module that defines it."""
    import importlib
    import pkgutil

    from generator import cli
    from generator.cli.group import CORE_COMMANDS, main

    for module in pkgutil.iter_modules(cli.__path__):
        importlib.import_module(f"generator.cli.{module.name}")
    defined = {
        name: command.callback.__module__.rpartition(".")[2]
        for name, command in main.commands.items()
        if command.callback is not None
    }
    assert defined == CORE_COMMANDS


def _loaded_after(argv: list[str], modules: tuple[str, ...]) -> tuple[str, list[str]]:
    """What `sheetgen ARGV` prints, and which of `modules` it has imported by its end (run in
    a process of its own, as the program runs)."""
    import subprocess
    import sys

    probe = (
        "import runpy, sys\n"
        f"sys.argv = {['sheetgen', *argv]!r}\n"
        "try:\n"
        "    runpy.run_module('generator', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print(sorted(m for m in {modules!r} if m in sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout, ast.literal_eval(done.stderr.strip().splitlines()[-1])


def test_a_command_imports_its_own_module_and_not_the_others() -> None:
    """`sheetgen check` loads the checks' module, not the host's or the game's commands."""
    families = ("checks", "host", "game_commands", "send", "console", "new_game")
    printed, loaded = _loaded_after(
        ["check", "--help"], tuple(f"generator.cli.{f}" for f in families)
    )
    assert "Usage: sheetgen check" in printed
    assert loaded == ["generator.cli.checks"]


def test_help_lists_the_packs_without_validating_one() -> None:
    """`sheetgen --help` names the packs (pack/load.py finds them) but validates none:
    the content models' libraries are imported when a pack is validated."""
    printed, loaded = _loaded_after(["--help"], ("generator.pack.load", "msgspec"))
    assert "galaxy-trucker" in printed
    assert loaded == ["generator.pack.load"]


def test_no_game_fills_a_table_by_importing_a_module() -> None:
    """A game's tables (flight resolvers, picture drawers) are written out where they are
    used: no module is imported for its side effect, and none writes into another module's
    table or class when it is imported."""
    found = []
    for path in (GENERATOR / "games").rglob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {
            (alias.asname or alias.name).split(".")[0]
            for node in tree.body
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        }
        where = path.relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                line = path.read_text().splitlines()[node.lineno - 1]
                if "noqa: F401" in line:
                    found.append(f"{where}:{node.lineno}: imported for its side effect")
        for node in tree.body:  # module level: what runs on import
            body = node.body if isinstance(node, ast.For) else [node]
            for statement in body:
                targets = statement.targets if isinstance(statement, ast.Assign) else []
                for target in targets:
                    if isinstance(target, (ast.Subscript, ast.Attribute)):
                        base = target.value
                        while isinstance(base, (ast.Subscript, ast.Attribute)):
                            base = base.value
                        if isinstance(base, ast.Name) and base.id in imported:
                            found.append(f"{where}:{statement.lineno}: writes into {base.id}")
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
                    call = ast.unparse(statement.value.func)
                    if call.split(".")[0] in imported:
                        found.append(f"{where}:{statement.lineno}: calls {call} on import")
    assert found == []


def test_keep_on_truckings_flight_engine_extends_galaxy_truckers() -> None:
    """The expansion's engine adds its parts to the base engine's (builder, account, flown
    round, search) and keeps none of the base's loops as a copy of its own."""
    from generator.games.galaxy_trucker.flight import account, bot, engine, search
    from generator.games.keep_on_trucking.flight import account as t_account
    from generator.games.keep_on_trucking.flight import bot as t_bot
    from generator.games.keep_on_trucking.flight import engine as t_engine

    assert issubclass(t_bot.TruckingBuilder, bot.Builder)
    assert issubclass(t_account.TruckingAccount, account.Account)
    assert issubclass(t_engine.TruckingRound, engine.RoundFlight)
    assert issubclass(t_engine.Search, search.Search)
    # The loops stay the base engine's: the expansion overrides parts, never the whole.
    assert "lines" not in vars(t_account.TruckingAccount)
    assert "best" not in vars(t_engine.Search)


# The core's calendar code: the host's month, moments and schedule, the guide, the calendar,
# the month's posts, the reveal, the host's commands (today, digest, console, scoreboard),
# the assembly of a game's files and the game interface's defaults. It reads a plan through
# the typed view of its shared part (plan/shared.py), by attribute.
CALENDAR_CODE = (
    *(p for p in (GENERATOR / "plan").glob("*.py") if p.name not in ("model.py", "shared.py")),
    *(GENERATOR / "render").rglob("*.py"),
    *(GENERATOR / "host").glob("*.py"),
    GENERATOR / "kit" / "assemble.py",
    GENERATOR / "kit" / "session.py",
    GENERATOR / "games" / "__init__.py",
    *(GENERATOR / "cli" / name for name in ("host.py", "console.py", "game_commands.py")),
)
# The keys of a plan's shared part (its header, schedule, rhythm and options) and of a
# schedule entry, as plan.json holds them.
PLAN_KEYS = frozenset(
    (
        *("format", "pack", "pack_version", "content_digest", "seed", "commitment", "game_id"),
        *("start", "schedule", "rhythm", "options"),
        *("turn", "day", "slot", "date", "time", "timezone", "at"),
    )
)
# Where such a key is read from other data than a plan's, or from plan.json before its types.
OTHER_DATA = {
    # Which pack a folder's plan.json names, before the pack's types can read it.
    ("generator/host/game_folder.py", "pack"),
    # The pack a table game's game file names.
    ("generator/host/table_open.py", "pack"),
    # The moments of the kept outline's host tasks, and of the posted and sent records.
    ("generator/host/outline.py", "at"),
    ("generator/host/posted.py", "at"),
    ("generator/host/send_record.py", "at"),
    # The command line's own arguments.
    ("generator/cli/game_commands.py", "seed"),
    ("generator/cli/game_commands.py", "pack"),
}


def _keys_read(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, key) for each `x["key"]` and `x.get("key")` (or `.pop`) with a literal key."""
    found = []
    for node in ast.walk(tree):
        key = None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            key = node.slice.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "pop", "setdefault")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            key = node.args[0].value
        if isinstance(key, str):
            found.append((node.lineno, key))
    return found


def test_a_plan_is_read_as_its_types() -> None:
    """One plan style: a game's modules read its plan dataclasses, and the core's calendar
    code the typed view of the plan's shared part (attribute access that mypy checks). The
    plan's JSON form is made only where plan.json is written or compared, and read only
    where it is read as types (from_data, read_plan, read_shared): no module turns a plan
    into data to read it by key."""
    allowed = {
        # `card-race new` writes plan.json and compares it with the folder's.
        "generator/games/card_race/commands.py",
        # The recorded deal compared with the one its seed makes.
        "generator/games/card_race/planner.py",
        # A folder's plan.json compared with the one its seed makes (check_recorded_plan).
        "generator/kit/session.py",
        # `sheetgen plan` prints the plan's JSON form.
        "generator/cli/game_commands.py",
    }
    turned = re.compile(r"\b(?:to_data|as_data)\(")
    found = [
        f"{path.relative_to(ROOT)}:{number}: turns a plan into data"
        for path in sorted({*(GENERATOR / "games").rglob("*.py"), *CALENDAR_CODE})
        if str(path.relative_to(ROOT)) not in allowed
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if turned.search(line)
    ]
    for path in sorted(CALENDAR_CODE):
        where = str(path.relative_to(ROOT))
        found += [
            f"{where}:{number}: reads {key!r} by key"
            for number, key in _keys_read(ast.parse(path.read_text()))
            if key in PLAN_KEYS and (where, key) not in OTHER_DATA
        ]
    assert found == []


def test_a_module_uses_only_the_public_names_of_another() -> None:
    """A name with a leading underscore stays in its module: what another module needs (a
    game's expansion drawing the base game's post frame) is made public, so that changing a
    private helper never breaks a module elsewhere unseen."""
    found = []
    for path in sorted(GENERATOR.rglob("*.py")):
        tree = ast.parse(path.read_text())
        modules = set()  # local names bound to one of the package's modules
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator"):
                found += [
                    f"{path.relative_to(ROOT)}:{node.lineno}: imports {a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
                modules.update(a.asname or a.name for a in node.names)
            elif isinstance(node, ast.Import):
                modules.update(a.asname for a in node.names if a.asname and "generator" in a.name)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


# What only the `sheetgen` program may set for its whole process (entry.py, and the package's
# __init__ for the Ctrl-C while it loads): a program or a test that imports the package
# keeps its own collector, signal handlers, hooks and environment.
PROCESS_WIDE = re.compile(
    r"\bgc\.(?:disable|enable|freeze|set_threshold)\(|\bsignal\.signal\(|setrecursionlimit"
    r"|set_int_max_str_digits|\blocale\.setlocale|\bwarnings\.(?:filterwarnings|simplefilter)"
    r"|\bos\.putenv|\bos\.environ\[[^]]*\] *=|\bsys\.(?:unraisablehook|excepthook) *=|\bctypes\b"
    # A library's module-wide settings (reportlab's rl_config) hold for every caller too.
    r"|\brl_config\.\w+ *="
)


def test_only_the_program_changes_what_holds_for_the_whole_process() -> None:
    allowed = {GENERATOR / "entry.py", GENERATOR / "__init__.py"}
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(GENERATOR.rglob("*.py"))
        if path not in allowed
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if PROCESS_WIDE.search(line.split("#")[0])
    ]
    assert found == []


def test_every_game_folder_names_a_role_one_way() -> None:
    """Posts, pictures, sheets, options and the table go by one name in every game folder
    (a module, or a folder of that name where a role has many modules): never
    `setup_posts.py`, `images_layout.py`, `table_now.py` or `variations.py` beside it."""
    roles = ("posts", "pictures", "sheets", "options", "table")
    strays = re.compile(
        r"^(?:\w+_(?:posts|sheets|art)|(?:posts|sheets|table|image|images|aid)_\w+|images"
        r"|variations)\.py$"
    )
    found = []
    for name in BUILT_IN:
        folder = GENERATOR / "games" / name
        found += [f"{name}/{p.name}" for p in folder.glob("*.py") if strays.match(p.name)]
        found += [
            f"{name}/{role}.py and {role}/"
            for role in roles
            if (folder / f"{role}.py").exists() and (folder / role).is_dir()
        ]
    assert found == []
