"""Memesis — the decision on every gap the rulebook leaves open (``MEM-GAP-NN``).

Source: the "Gaps the source leaves open" part of ``shared/rules/checklists/memesis.md`` (copied to
``data/rules/memesis.md``); rule IDs ``MEM-*`` refer to that checklist, the rulebook is
``shared/rules/memesis.md``. The bot enforces every rule itself with no human referee, so each decision
states the final rule the engine (``games/memesis``) follows; the reasons are
what players would expect and what keeps the game fair and unstuck on Discord with up to four seats.

This is the one record of these decisions (``tests/host/test_rulebook.py`` checks that the players' rulings in
``data/rules/memesis.rulings.yaml`` agree with it).

Words used below: players sit in seat order, which is clockwise; a "team" is the players allied in the
lobby (a player alone is a team of one; 1v1, 2v2, 1v3, 1v1v2 and free-for-all are all teams); "opposing"
means every player of another team still in the game; a "window" is a decision offered with the table's
deadline and the stated default on timeout.

Gaps the source leaves open
---------------------------

MEM-GAP-01 — The pool in ``data/memesis/`` is original (names and texts). Each card is data: kind (creature,
    Cause, Effect, Rune), source cost, predilection, Attack/Life/Armor, Rune markings with their upgrades, set
    (Sym, Bio, Tic or none), Rune fragments, True Fusion partner, abilities with cost in source or Ammo; the
    loader rejects anything else. A deck is exactly 40 cards, at most 3 copies of a card by name, any
    predilections.
MEM-GAP-02 — A "turn" for incubation is one of the owner's turns: the counter advances by 1 at the start of
    each of the owner's turns after the placing turn. A matured card comes into the owner's Main Cell at that
    moment, may be used that turn but may not attack until the owner's next turn. A card with source cost 0
    matures at the start of the owner's next turn.
MEM-GAP-03 — Teams are chosen in the lobby (2 to 4 seats, any alliance: 1v1, 2v2, 1v3, free-for-all). The
    first player is drawn by the seeded RNG; play goes clockwise in seat order, allies seated apart when the
    teams allow it (A1, B1, A2, B2). The first player does not draw in their first
    turn in a 2-player game; every player draws in every later turn.
MEM-GAP-04 — "Any player's first turn" is each player's own first turn: a player may not place creatures in
    the Attack Cell in it, whatever other players have done.
MEM-GAP-05 — A player at 0 Life or less is out at once: their cards in every Cell go to their Dead Cell,
    their Runes on other players' cards are removed to their Dead Cell, cards fused to theirs stay with the
    group's controller. A team loses when all its members are out; allies of a defeated player play on.
    If every remaining player reaches 0 in the same change, the game is a draw among those teams.
MEM-GAP-06 — Each attacking creature chooses one opposing player when it is moved to the Attack Cell; different
    attackers may attack different opposing players. In 1v1 the choice is automatic.
MEM-GAP-07 — Life has no maximum: consumption may raise it above 20 without limit.
MEM-GAP-08 — There is no hand size limit.
MEM-GAP-09 — Cards may be sourced in the Main, Attack and Defend Cells (Section 0's later allowance wins over
    the first sentence); a sourced card stays where it is but neither attacks nor defends until it is unsourced
    (MEM-SRC-06).
MEM-GAP-10 — In their own turn a player moves cards freely between Main, Attack and Defend, except into Attack
    in their first turn. In another player's turn a player may move cards into Defend or Main only, never into
    Attack, and not once that player's attack has been declared on them, except to intercept.
MEM-GAP-11 — Attack damage is dealt in the combat step of the attacker's own turn, once, after the defenders
    have had a window to intercept.
MEM-GAP-12 — Each interceptor blocks one attacker of its choice; several may block the same attacker. An
    attacker deals its full Attack to each interceptor blocking it (the 5/8 example) and no damage to the
    player; an unblocked attacker deals its Attack to the attacked player. Each interceptor deals its full
    Attack to the attacker it blocks. Effect and Ammo damage aimed at a player may be intercepted by one Defend
    creature, which takes it in full.
MEM-GAP-13 — Creatures regenerate to full Life at the start of their owner's turn, except a creature that took
    damage while attacking in the owner's previous turn: it regenerates only at the start of a turn that follows
    an owner's turn in which it did not attack.
MEM-GAP-14 — A hit is one damage instance: each attacker's or interceptor's damage, each Effect or Ammo damage.
    Each hit removes one Armor point and does no Life damage, however large; excess never carries over. Armor
    absorbs Effect and Ammo damage too.
MEM-GAP-15 — An Effect card is "played at an opposing player" when it targets that player or a card they
    control. Then one of that player's face-up Cause cards in play is to be destroyed; that player may save it
    by discarding any one card from hand, one discard per destruction, chosen by them (default: no discard).
MEM-GAP-16 — The defending player chooses the destroyed Cause card first; then the attacking player chooses
    the fusion among what is still possible.
MEM-GAP-17 — Section 7 wins: opposing players may play Runes on any fused card, True or Partial; only the
    owner may not play Runes on their own True Fusion cards (MEM-RUN-09, MEM-FUS-14).
MEM-GAP-18 — A Rune played by a third player displaces the existing Rune, which goes to its owner's Dead Cell;
    a card has at most one Rune.
MEM-GAP-19 — A Rune may be played only on a card with its matching marking; playing it elsewhere is refused.
    "Degrading" is a detrimental upgrade printed under that marking, applied like any upgrade.
MEM-GAP-20 — The source paid for a Stealth card is public (the cost is seen being paid, plus the 1 extra).
    A Stealth card cannot be upturned in a Cell it may not occupy, because the engine refuses illegal Stealth
    placements (MEM-STL-10). A Stealth Effect card resolves when upturned, and then goes to the Dead Cell.
    With the table option Stealth off (MEM-STL-11), chosen in the lobby, nothing is played face down. A
    face-down card says nothing else to anyone but its owner: fused onto a face-up card, the group shows the
    face-up cards' Attack, Life and Armor only, not if the fusion is True or Trans; a face-down
    Partial Fusion shows no marking; a face-down incubating card shows its turns elapsed, not the total. Its
    owner sees the true values. The rules use the true values: combat and damage outcomes (damage dealt, Armor
    destroyed, a death) are public as they happen, naming the hidden card only as a face-down card. Who is asked
    to block or to intercept damage follows what is public: a face-up piece, not sourced, is asked when a
    face-up card of its group is a creature or a card of its group is face down; only a group that truly holds
    a creature is offered a block or an interception, any other only "Do not block" or "Take the damage".
    Likewise any such piece may be chosen where an ability targets a creature; on one that holds no creature
    the ability has no effect, and the log says so. A player who used a card with Rune fragments is asked to
    fuse it as a fragment (MEM-CE-11) when a piece of theirs shows a face-up base card bearing its marking or
    has a face-down base card; only a true host is offered, else only "Let it go to the Dead Cell". Moving a
    card or group into the Attack or Defend Cell shows that it holds a creature: only creatures go there.
    Every face-down play into the Main Cell reads the same in the log and the window, whatever the card, and
    the board's count of a turn's choices leaves out the steps of building an action, whose number depends
    on the card. What is public of any face-down action is its kind as the table sees it (a play, a fusion
    whole or Partial, an incubation, a Rune attached, an upturning), the source paid, where the card goes (the
    Cell and whose, or the host) and when (only Effect cards are fused, and only Effect and Rune cards played,
    outside their owner's turn: MEM-FUS-07, MEM-STL-10); the rest reads the same whatever the card. So any
    card, an Effect or Rune included, may be played face down into an ally's Main Cell (MEM-ALY-02), and a
    face-down card that matures in an Incubation Cell comes into the Main Cell still face down, a Rune too,
    unattached (MEM-INC-06, MEM-STL-07): its owner may then attach it for free or upturn it.
MEM-GAP-21 — Yes: Stealth cards fused to an incubating card have their added turns doubled, like any Stealth
    card in incubation.
MEM-GAP-22 — The card taken back to hand is the top one (last placed). Using Ammo marks that many unused
    cards of the pile as used, top first; a used Ammo card stays in the pile and no card, the same one
    included, may use it again until it recycles at the start of its owner's next turn (MEM-AMM-04). The owner
    may look at their own Ammo cards at any time (private view). Ammo placed in an opponent's turn counts from
    then on, like any other.
MEM-GAP-23 — Fusing costs no source. A player may fuse only cards they control. The controller of the base card
    controls the fused group; each card stays owned by its owner. A group's source cost is the sum of its cards'.
MEM-GAP-24 — An ally grants exactly the source they spent on that play, once per play, giving it from their
    own unused source; a card played face down into the Main Cell counts whatever it is (an Effect or Rune
    card included), so a grant tells nothing of it. Placement in an ally's
    Cells follows the usual timing: creatures and incubation only during the granting player's own turn.
    Allies see each other's public team state and counts only, never hands, Stealth identities, Incubation or
    Ammunition contents; a Stealth card is known only to its owner, even in an ally's Cell (MEM-ALY-02).
MEM-GAP-25 — A card's Rune fragments are data: each names a marking and the upgrade it gives the card it is
    fused onto. True Fusion partners are named in the data, both ways.
MEM-GAP-26 — The chain is Bio, then Tic, then Sym: a Sym card joins a Bio + Tic pair through the Bio card. A
    second card of a set already in the chain cannot join.
MEM-GAP-27 — A Rune has source cost 0 and may be consumed for 0. A fused group is consumed whole for the sum of
    its costs. Stealth, incubating and Ammo cards cannot be consumed. Sacrifice for source and consumption for
    Life differ only in the reward. A player may consume only cards they own and control: an ally's card taken
    into hand from Ammunition may be played or put back into Ammunition, never consumed. A card always goes to
    its owner's Dead Cell, whoever consumes, plays, discards or loses it. Only a Rune's owner places it: a Rune
    incubated face up in an ally's Incubation Cell stays there when it hatches until its owner places it (free),
    and goes to its owner's Dead Cell when no card can take it (a face-down one comes into play face down,
    MEM-GAP-20).
MEM-GAP-28 — A response window opens after each card put into play (an Effect card included), each ability
    used, each Rune placed or removed, each upturn, each attack declared and before combat damage; sourcing,
    consuming, moving and drawing open none. It is offered, in seat order from the acting player, to each other
    player still in who could act at any time judged on what every player can see, so that being asked
    reveals nothing about their cards: anyone holding a card in hand (they may consume it, MEM-CON-01, or put
    it into Ammunition), controlling a face-up card in play they may consume, owning a face-down card in play
    or a Rune on a card with 1 source to remove it, having 5 source and cards in their Brain Cell, having a
    face-up any-time ability they can use, or, when damage or an attack is directed at them, a face-up
    creature able to move into Defend. Inside a window a player may also consume, source, place Ammo and pay 5 source to draw
    (MEM-DRW-01). After any action taken in a window the round starts again; play goes on when all have passed
    in a row. Each window has the table's response deadline (default 45 s), shorter than the turn deadline; on
    timeout the default is pass, and an unanswered interception means no interception (the damage is
    absorbed). A timed-out window never counts towards conceding a seat for absence. A window also offers
    "Pass until my turn": no window asks that player again before their own next turn begins, except one
    opened by an attack or damage aimed at them; everyone sees that they chose it, which tells nothing of their
    cards. The questions about a player's own cards in another's action (an interception, a block, a Cause
    card to lose or save, a discard, a Rune's return) are windows too, always asked, whatever that player
    chose. A turn in which the player can only end it, judged on what everyone sees (no card in hand, no card
    of theirs in play, no draw they can pay for, no source owed to an ally), ends at once without asking, and
    so does a hatched Effect card's only possible target.
MEM-GAP-29 — Paying 5 source to draw from an empty Brain Cell is refused (nothing is paid).
MEM-GAP-30 — A card removed from the Incubation Cell for another goes back to its owner's hand.
MEM-GAP-31 — Cards placed in the Defend Cell from hand must be creatures (Section 8).
MEM-GAP-32 — Yes: when the upgraded card dies in an opponent's turn, its Rune's owner gets a window then to pay
    and return the Rune (default on timeout: not paid, the Rune goes to the Dead Cell).
MEM-GAP-33 — Effect cards may not be sourced, face up or face down, as MEM-SRC-03 assumes; a Stealth card in
    play may not be sourced.
"""


from __future__ import annotations

from games.core import gapdoc

__all__ = ["DECISIONS", "SECTIONS"]

DECISIONS: dict[str, str]
"""Gap ID (``"MEM-GAP-24"``) -> its decision, one line of text, as written in this module's docstring."""
SECTIONS: dict[str, list[str]]
"""Checklist group title -> the gap IDs decided under it, in checklist order."""
DECISIONS, SECTIONS = gapdoc.parse(gapdoc.module_doc(__doc__, __file__), "MEM")
