"""A small seeded random number generator whose whole state is one integer (DESIGN.md: all
randomness from one seeded RNG kept in the state).

SplitMix64 (Steele, Lea and Flood, 2014): 64-bit state, one add and three xor-shift-multiplies per
number. Its state is a plain ``int`` so a game state holding it serialises to JSON exactly, and
seed + choices replays bit for bit on any Python version (unlike ``random.Random``, whose
algorithms for ``shuffle``/``randrange`` are not promised stable across versions).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """Seeded generator. ``state`` (int, 0 <= state < 2**64) is all there is to save."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for ``seed`` (any int; negative and large seeds are folded to 64 bits)."""
        return cls(_mix((seed & _MASK) ^ 0x5DEECE66D))

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (Lemire's multiply-shift; bias < n / 2**64). n >= 1."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        return (self.next64() * n) >> 64

    def die(self, sides: int) -> int:
        """A die roll ``1..sides``."""
        return self.below(sides) + 1

    def coin(self) -> bool:
        """A fair coin: True for heads."""
        return self.next64() >> 63 == 1

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        """One element of the non-empty sequence ``items``."""
        return items[self.below(len(items))]
