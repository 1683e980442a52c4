"""MetaX — the decision on every gap the rulebook leaves open (``MX-GAP-NN``).

Source: the "Gaps the source leaves open" part of ``shared/rules/checklists/metax.md`` (copied to
``data/rules/metax.md``); rule IDs ``MX-*`` refer to that checklist, the rulebook is
``shared/rules/metax.md``.
The bot enforces every rule itself with no human referee, so each decision states the rule the engine
(``games/metax``) follows. This is the one record of these decisions (:func:`games.core.gapdoc.parse` reads
them from this docstring); players read them through ``data/rules/metax.rulings.yaml`` (``/rules``), which
``tests/host/test_rulebook.py`` keeps in step with it.

Gaps the source leaves open
---------------------------

MX-GAP-01 — The pool is original (``data/metax/cards.yaml``): public-domain heroes and villains; effects from
    the vocabulary in :mod:`games.metax.cards`.
MX-GAP-02 — Character timings are On-Play, Constant and Push. A Battle card effect with neither icon (timing
    ``battle``) is used both when attacking and when defending.
MX-GAP-03 — A multi-Stat Battle card is played *as* one of its listed Stats that the Character can use (the
    player picks it in the same option); as Damage it counts as that one colour.
MX-GAP-04 — Linked Characters must have the Stat the lead's Battle card was played as.
MX-GAP-05 — In a defended Team Attack, "that Stat" is the Stat of the attacking Battle card.
MX-GAP-06 — Defending does not Push the defender; a Character defends at most one attack per Battle Step.
MX-GAP-07 — Linked Characters stay in their In Play area, receive no Damage and are not "attacking
    Characters".
MX-GAP-08 — After the Battle Step every Character stays in play where it was, keeping Pushed status and
    Damage.
MX-GAP-09 — Every card goes to its own owner's discard pile, whoever it was attached to.
MX-GAP-10 — If an attacker leaves play before its attack resolves, the attack ends: no Damage, no VP, both
    Battle cards are discarded. If only the defender leaves play, its Battle card is discarded and the attack
    counts as undefended (it can still gain a VP).
MX-GAP-11 — The deck-out check runs whenever a card leaves a deck (draw, VP, search): the owner of an empty
    deck loses at once. A 7th VP that also empties the deck is a 7-VP win for the same player. Both decks
    empty at once is a draw. Emptying your own deck (e.g. by drawing) loses. The same check also runs after
    every applied choice and on a scenario position, so an empty deck ends the game at the next check
    whatever emptied it: a position that starts with an empty deck is already over, and a draw or a VP
    that needs a card from an empty deck is not skipped: it is logged and the deck's owner loses by
    deck-out (the VP is not gained; the attacker wins by deck-out, not by VP).
MX-GAP-12 — A Battle card's MP value is applied before its effects and before Links, so a +MP card can fund
    its own Links. Payments larger than current MP are illegal; effect-imposed losses stop at 0.
MX-GAP-13 — There are no response windows: nothing is used during the opponent's turn except Defense effects
    of Battle cards. ``negate`` therefore reaches forward: the opponent's next Event (until the end of their
    next turn), or the Battle card that will defend this attack. Hence no decision is a response window:
    assigning defenders is the defending player's step of the Battle Step (MX-DEF-01), timed like any other
    step.
MX-GAP-14 — "A given card" for the copy limits is a card id; versions with different subtitles are different
    cards.
MX-GAP-15 — Multi-Stat Battle cards count only toward the per-Rank multi-Stat limit, not the single-Stat
    limits.
MX-GAP-16 — There is no maximum hand size.
MX-GAP-17 — A 400-turn cap ends the game as a draw; it cannot be reached in practice because decks run out
    first.
MX-GAP-18 — Push effects only in the Planning Step; a Character that used its Push effect is Pushed and
    cannot attack, Link or defend until Prepped.
MX-GAP-19 — A player with three Characters in play cannot discard one to play another.
MX-GAP-20 — Nobody may look at the face-down cards of a VP pile; only the count is public.
MX-GAP-21 — Battle card Ranks are 1..7; MP values may be 0. Character +MP is 0..10.
MX-GAP-22 — Traits are Hero, Villain, Neutral; they matter only to effects that name them.
MX-GAP-23 — KO thresholds use effective Ranks (Constant ``stat_bonus`` included) and are re-checked whenever
    Damage or a bonus changes; Battle cards already played stay valid.
MX-GAP-24 — Timeouts: see the host rules (``games/metax/game.py``). Who is asked depends only on what the
    other player already knows: the Planning Step is skipped only for an empty hand with no Push effect
    ready; the attack and the defend step are offered to a player who holds a card and has a Character that
    could attack (or defend) but for its Battle card, whether or not a usable, affordable Battle card is in
    hand (then "Done" is the only option); a deck search is always asked, and its log reads the same whether
    nothing matched or the player took nothing; an effect attaching a Battle card from the hand asks for its
    target whatever the hand holds, and a hand without a Battle card then attaches nothing, which the rule
    itself makes public. Forced discards, Links and the order of defended attacks follow hand sizes, MP and
    the board. While a player chooses an attacker's or a defender's Battle card (offered only with a usable
    one), the board and the waiting list show the other player the attack or defend step it was chosen
    from. An effect that can attach only one Battle card from its player's discard pile (public, MX-ZN-06)
    is a forced decision: the host applies it without asking.
"""

from __future__ import annotations

from games.core import gapdoc

__all__ = ["DECISIONS", "SECTIONS"]

DECISIONS: dict[str, str]
"""Gap ID (``"MX-GAP-24"``) -> its decision, one line of text, as written in this module's docstring."""
SECTIONS: dict[str, list[str]]
"""Checklist group title -> the gap IDs decided under it, in checklist order."""
DECISIONS, SECTIONS = gapdoc.parse(gapdoc.module_doc(__doc__, __file__), "MX")
