"""Meta — the decision on every gap the rulebook leaves open (``META-GAP-NN``).

Source: the "Gaps the source leaves open" part of ``shared/rules/checklists/meta.md`` (copied to
``data/rules/meta.md``); rule IDs ``META-*`` refer to that checklist, the rulebook is ``shared/rules/meta.md``.
Each decision states the rule the engine (:mod:`games.meta.rules`) follows; players read them in player
words through ``data/rules/meta.rulings.yaml`` (``/rules``), which ``tests/host/test_rulebook.py`` keeps
agreeing with this record. This module imports only :mod:`games.core.gapdoc`.

Gaps the source leaves open
---------------------------

META-GAP-01 — The pool is original (``data/metax``'s sibling ``data/meta``): ids ``<base>.<version>``, a
    target kind, steps from the vocabulary in :mod:`games.meta.cards`, generated description and engine
    reading.
META-GAP-02 — A table seats 2 to 6 players.
META-GAP-03 — In the pushing stage every player in play may play Event cards onto the main stack and Meta
    cards onto any tower (their targets decide the level). Event cards go onto a trigger stack only by its
    owner while at turn (drawing or pushing stage), unless a card opens trigger stacks to all
    (``trigger_access``). The player at turn may activate trigger stacks in the drawing and the pushing stage.
    A play whose chosen trigger stack fires (and is deactivated) before its target is chosen is never moved
    silently: it goes back to the destination step, where its player chooses again or takes the card back with
    "Back" (a target sent meanwhile is refused under META-TRS-02).
META-GAP-04 — Any card placed on the main tower (a Meta card on a meta stack too) ends the drawing stage. An
    empty main tower does not skip the executing stage: it begins (``exec_start`` triggers fire) and ends at
    once.
META-GAP-05 — The face-down trigger is a marker of its trigger stack, not a stack element. A trigger fires
    once; after its tower has executed, the trigger stack is deactivated. The owner may add cards to it in
    later turns while it is armed. There is no limit on active trigger stacks. A removed player's trigger
    stacks are dismantled: every card goes to its owner's graveyard.
META-GAP-06 — A trigger fires immediately, interrupting the current card between two instructions; execution
    then continues where it was. A "before" trigger executes before its event and cannot cancel it, but the
    event is re-checked afterwards (a player healed above 0 by a "before disabled" trigger is not disabled; a
    life change is recomputed within the bounds; a card on its way onto the main stack is out of reach until
    it lands). Several triggers of one event fire in turn order from the player at turn, then in activation
    order; so do all the triggers set off by the events of one group — the simultaneous discards of the
    discarding stage (META-DIS-04, META-TRS-09), or the disablings, hand discards and re-enablings of one
    settlement (META-GAP-11). No card may be played while a trigger tower executes. A trigger fired in the
    middle of one atomic step (between two players' draws of the drawing stage, after the first player's loss
    of an "every player loses" card) does not split it: the players that step has already brought to the
    disabling threshold are still in play while the trigger's tower executes and are judged with the rest of
    the step when it ends; the victory check waits for that end too. The trigger's own cards are steps of
    their own, settled after each.
META-GAP-07 — A Meta card that addresses no stack (no target, a player, a graveyard) is placed like an Event
    on level 0. One that targets a face-down trigger (``filter: any``) addresses that card, not its stack, and
    goes on the main stack. A Meta card addresses one tower only (its target's).
META-GAP-08 — Memories are not stacks and cannot be targeted; graveyards are targetable stacks without meta
    stacks.
META-GAP-09 — Before every execution step the engine re-determines the highest non-empty level of the tower.
META-GAP-10 — Paradox limits: a repeated state (stacks, trigger markers, lives, hands, graveyards, memory
    sizes, rule changes) within one executing stage or one top-level trigger firing; more than 500 executions
    in one stage; triggers nested more than 12 deep; a copy that depends on itself. Involved cards: every card
    executed since the repeated state was first seen plus the next card, or (step limit) every card executed
    twice plus the executing tower's cards, or (nesting) the trigger stack that would fire, or (copy) the copy
    chain. Default: the involved cards go to their owners' graveyards without effect. Table option ``paradox:
    coin``: a seeded coin flip between the last two involved cards discards the loser; a second paradox in the
    same stage falls back to the default. Paradox resolution fires no triggers.
META-GAP-11 — "At the same time" = one atomic engine step (META-MUT-05), even when a trigger fired in its
    middle (META-GAP-06). Settling a step runs to a fixed point: "before disabled" triggers, then the
    mutual-disabling rule or every disabling at once (hands discarded), re-enablings, the victory check
    (META-WIN-02), then the "disabled", "discard" and "back in play" triggers as one group — and whatever
    their cards changed is settled again (each card is a step: a player they bring to 0 is disabled at once,
    discards, stops being a target, and the last player in play wins). Players continuing under the
    mutual-disabling rule shuffle their graveyard together with their memory (the whole memory is shuffled)
    and keep their hands; one whose cause was life is set to 1 above the disabling threshold (1 life). Removed
    players' cards on the main tower stay and execute; their trigger stacks are dismantled.
META-GAP-12 — A player disabled for lack of memory keeps their hand. A draw from an empty memory costs no life
    (the disabling is the cost). Rounding is floor. Cards returned to memory re-enable a player only if their
    life is also above the threshold (both causes are tracked). If such a player's life then falls to the
    threshold or below, they discard their hand at that moment (META-PLY-04).
META-GAP-13 — A disabled player's turn is played: their drawing stage ends at once (they cannot play) and the
    others push as usual. Disabled players draw nothing, from the drawing stage or from effects. The
    discarding stage applies to them. A turn cap of 300 turns ends the game as a draw.
META-GAP-14 — Only 60-card decks are allowed; uniqueness numbers are never scaled.
META-GAP-15 — A deck list names exact versions; one deck may mix versions of a base ID, counted together
    against the strictest uniqueness among the versions used.
META-GAP-16 — Descriptive targets supported: the card on top of the main stack or main meta stack, the next
    card played onto the main stack (that card for good once played: if it leaves the main stack the target is
    invalid, a later card does not take its place), the player who played the card directly below.
    Instructions "no longer make sense" when: a redirect's target has no player target (or the new player
    cannot be targeted), a swap needs two cards, an echo finds an empty graveyard, a copy finds nothing to
    copy.
META-GAP-17 — Graveyards, hand sizes, memory sizes, lives and every announced trigger target are public.
META-GAP-18 — Timeouts: the drawing stage → "Play!"; the pushing stage → pass; a destination, target or
    confirm step → back (a timeout never plays a card its player did not confirm: the card stays in hand and
    the seat's drawing or pushing decision opens again, with its own default); a discard → the most recently
    drawn card still in hand. Paradox coins need no decision.
META-GAP-19 — Every card goes to its owner's graveyard or hand, whoever played it (a copied or echoed card
    included).
META-GAP-20 — Beginning- and end-of-turn triggers fire in turn order from the player at turn, then activation
    order.
META-GAP-21 — No counter persists between games.
META-GAP-22 — Life is always clamped to the current bounds; lowering a bound clamps lives at once. A rule
    change that ends (end of turn) is settled at once like any step: a player can be back in play, or
    disabled, before the next drawing stage.
META-GAP-23 — A card removed from a stack without being executed goes to its owner's graveyard; it counts as
    "removed without effect" (``countered`` triggers), not as discarded from a hand. Discarding the whole hand
    on reaching 0 life or less (META-PLY-04, also for a player already disabled for lack of memory,
    META-GAP-12) is a discard from hand: "discard" triggers fire.
META-GAP-24 — A card that reverses the turn order takes effect when the turn passes. If the player at turn is
    removed, the current stage continues without them and the turn passes on as usual.
META-GAP-25 — As META-PSH-05 (the host rules of :mod:`games.meta.game`) says: all players in play pass in a
    row since the last play; the player at turn has no extra power to end the pushing stage. Who is asked
    depends only on what the others know: every player in play (not passed, not disabled) has the "play or
    pass" decision whatever their hand holds, one with nothing playable included: nobody passes automatically
    because of what their hand holds. Only an empty hand, whose size is public, makes "Pass" (or "Play!" in
    the drawing stage) a publicly forced decision (``forced``): the host passes for that player at once; so is
    the discard of a one-card hand. The drawing stage asks the player at turn unless they are disabled; the
    discarding stage asks the players whose hand size is over the limit; triggers fire by themselves (no
    decision), revealed as they fire. A play's own steps (destination, target, confirm) show to the others
    only as ``playing``.
"""

from __future__ import annotations

from games.core import gapdoc

DECISIONS: dict[str, str]
"""Gap ID (``"META-GAP-03"``) -> its decision, on one line."""
SECTIONS: dict[str, list[str]]
"""Section title -> its gap IDs in order (one section: the checklist lists Meta's gaps without groups)."""
DECISIONS, SECTIONS = gapdoc.parse(gapdoc.module_doc(__doc__, __file__), "META")
