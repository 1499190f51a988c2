"""One way an event can go: the state after it, the Event box value, and the account lines.

A resolver returns every option the player could pick (one when there is no choice); the
search picks among them. Steps inside one card chain with `then`, so a card with several
choices (which chunk to keep after a meteor, then whether to shield the next one) still
hands the search whole options."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

from generator.games.galaxy_trucker.flight.state import State

if TYPE_CHECKING:
    # The state of the game flown (an expansion's State has more fields); a bare Option is
    # Galaxy Trucker's. Python 3.11's TypeVar takes no default: the checker reads this one.
    from typing_extensions import TypeVar

    S = TypeVar("S", bound=State, default=State)
else:
    from typing import TypeVar

    S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Option(Generic[S]):
    state: S
    value: int = 0
    lines: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()

    def __init__(
        self,
        state: S,
        value: int = 0,
        lines: tuple[str, ...] = (),
        choices: tuple[str, ...] = (),
    ) -> None:
        # Dataclass's own __init__ sets each field through object.__setattr__ (the class is
        # frozen): twice as slow, and a search makes options by the ten thousand.
        fields = self.__dict__
        fields["state"] = state
        fields["value"] = value
        fields["lines"] = lines
        fields["choices"] = choices

    @property
    def choice(self) -> str:
        return "; ".join(self.choices)


def then(option: Option[S], step: Callable[[S], list[Option[S]]]) -> list[Option[S]]:
    """Run the next step from the option's state; the options carry both steps' lines."""
    if option.state.out:
        return [option]
    return [
        Option(
            nxt.state,
            option.value + nxt.value,
            option.lines + nxt.lines,
            option.choices + nxt.choices,
        )
        for nxt in step(option.state)
    ]


def then_all(options: list[Option[S]], step: Callable[[S], list[Option[S]]]) -> list[Option[S]]:
    return distinct([o for option in options for o in then(option, step)])


def distinct(options: list[Option[S]]) -> list[Option[S]]:
    """Options that end in the same state with the same value are one choice for the score:
    keep the first (resolvers list the natural choice first)."""
    seen: set[tuple[State, int]] = set()
    kept = []
    for option in options:
        key = (option.state, option.value)
        if key not in seen:
            seen.add(key)
            kept.append(option)
    return kept


def note(option: Option[S], *lines: str) -> Option[S]:
    return Option(option.state, option.value, option.lines + lines, option.choices)
