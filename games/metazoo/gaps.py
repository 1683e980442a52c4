"""MetaZoo — the decision on every gap the rulebook leaves open (``MZ-GAP-NN``; issue 16).

Source: the "Gaps the rulebook leaves open" part of ``shared/rules/checklists/metazoo.md`` (copied to
``data/rules/metazoo.md``); rule IDs ``MZ-*`` refer to that checklist, the rulebook is
``shared/rules/metazoo.md``. The bot enforces every rule itself with no human referee, so each decision
says what the engine does; the reasons given are what players would expect and what keeps the game
fair and unstuck on Discord. Where a decision depends on the real surroundings (the 4th Wall module),
it is stated at the rules level and the details are in ``games/metazoo/sky.py``.

Words used below: Casters sit in seat order, which is clockwise; "the active Caster" is the Caster
whose turn it is; "opposing" means every other Caster still in the game (no teams); an "offer" is a
priority decision; "in a row" counts passes since the last Action.

Cards and card data
-------------------

MZ-GAP-01 — The pool in ``data/metazoo/`` is original: original names and texts (folklore creatures
    allowed), every Effect written in the fixed vocabulary of ``games/metazoo/cards.py``. The rulebook's
    example Pages (Fireball, Reflection, Dampen, Chupacabra, …) exist only as test stand-ins with neutral
    names; no publisher text or art is copied.
MZ-GAP-02 — Every printed icon is a data field: Aura Cost as type -> count (Neutral included); Attacks with
    name, Damage, Effect, Status icon with its number (Frozen X, Burn X, Poison N) and Aura Attack Advantage
    type; Traits (Regen with a count); Tribes and a Tribal Boost flag; Powers with "any time" and "does not
    Fatigue" flags; keyword Effects (CONTRACT, FLIPPED, ARENA, DESTROYED, any time); Terra Bonuses as
    (bonus, Attack Damage or LP, amount); 4th Wall clauses as (condition, consequence); "strong against";
    set symbol; Spellbook Limit (none = unlimited). The loader rejects anything else.
MZ-GAP-03 — An Artifact's "Abilities" are not a separate kind: each is an ordinary Effect (ARENA, keyword or
    "any time" Effect) or a Power, and follows that kind's rules.
MZ-GAP-04 — A Special Aura Page belongs to no other Aura type: it is Special for every check and has no Type
    Advantage. When Fatigued for Aura, it makes one Aura of a type its card-defined condition allows now;
    the controller chooses when several are allowed (timeout: the first listed).
MZ-GAP-05 — Neutral Aura exists as a resource (Basic Neutral Aura Pages make it) and pays only Neutral cost
    components; any Aura pays a Neutral component (MZ-AURA-05).
MZ-GAP-06 — Aura and Terra Pages carry an Aura Cost like every Page, almost always empty (0); a non-zero
    cost is paid from the pool like any Contract. The pool gives costs only to some Special Aura and Special
    Terra.

The Aura wheel
--------------

MZ-GAP-07 — The wheel is data: every type is strong against exactly one other, in two cycles. Elements:
    Water > Flame > Frost > Forest > Earth > Lightning > Water. Mystic: Light > Dark > Spirit > Cosmic >
    Light. Neutral and Special are strong against nothing and nothing is strong against them. Advantage is
    read from the wheel with the dealing Page's current type(s); the printed "strong against" field is
    derived from it, and the loader rejects a Page whose field disagrees.
MZ-GAP-08 — Type Advantage is +20 once per Damage dealt, however many type pairs match.
MZ-GAP-09 — In Combat, Type Advantage is checked against the Primary Defender only and added once to the
    Damage before it is allocated (like Aura Attack Advantage, so one number is allocated). A non-Combat
    Effect that damages several Pages checks each Page it damages.
MZ-GAP-10 — Aura Attack Advantage enlarges the whole Damage before allocation, and it adds to Type
    Advantage: both can apply to one Attack, +40 in all (MZ-AAA-03).
MZ-GAP-11 — A token's Aura type: an Infectious token takes its source's type; a copy token takes the copied
    Page's Base type(s); any other token takes the type its creating Effect names, else Neutral.

Turns, priority and chains
--------------------------

MZ-GAP-12 — 2 to 4 Casters, free-for-all. Turns go clockwise from the first Caster. The second seat (the
    Caster who joined the table) predicts the seeded coin against the first seat; whoever wins the choice
    picks "go first" or "go second" (second: the Caster before them clockwise starts). Only the Caster
    controlling the original target declares Defenders, from their own Beasties. A Caster at 0 LP loses and
    leaves: every Page they own leaves the game (not Destroyed, no DESTROYED effects), Pages of others they
    controlled return to their owners' control, their chain entries are removed, and if it was their turn
    the turn ends at once; the last Caster left wins. Window A goes to the targeted Caster, window B to the
    attacker, and responses pass clockwise (MZ-GAP-13). Status durations count every Caster's turns (Poison:
    placed in turn T, gone at the start of T+2); "their next turn" counts that Caster's own.
MZ-GAP-13 — With two Casters one pass resolves the chain (the rulebook's example). In general a chain
    resolves when every Caster other than the one who took the last Action has passed in a row; the whole
    chain then resolves last in, first out, with no priority between entries. A fixed window (steps 1b, 3a)
    offers priority once to each Caster, active Caster first then clockwise; a chain started in it follows
    the chain rules, and afterwards the window goes on with the Casters not yet offered, never restarting;
    when each has been offered once, the step ends.
MZ-GAP-14 — After a chain resolves in the Take Actions step, the active Caster goes on with an empty chain;
    in a fixed window the window goes on (MZ-GAP-13); in a Combat window Combat goes on to its next step. A
    non-active Caster never gets priority with an empty chain outside the fixed and Combat windows.
MZ-GAP-15 — No: Actions that are not "any time" (Contracting a Beastie, attacking, Powers without "any
    time", moving Traps, Self-Destruct) are taken only by the active Caster in their Take Actions step with
    an empty chain and no Combat in progress. On a chain every Caster, the active one included, adds only
    "any time" Pages and Effects.
MZ-GAP-16 — Each target is checked again when its entry resolves: targets that left their zone or became
    illegal (Magiproof against a Spell, burrowed, …) are skipped and the entry does what it still can; with
    no legal target left it does nothing. Effects that do not target resolve normally, and an Effect still
    resolves after its source left the Arena. A stopped or fizzled Spell or Potion goes to its owner's
    Cemetery; any other stopped Page goes to its owner's zone for its type (MZ-ZONE-04), not Destroyed.
MZ-GAP-17 — Every Contract (Aura and Terra included) is an Action: once paid, the Page waits on the chain
    and resolves when the chain does; opponents may respond. Only an Effect whose text stops a Page of that
    kind can stop it (the pool's stopping Spells name Spells, Potions or Effects); a stopped Aura Page still
    uses the turn's Aura Contract.
MZ-GAP-18 — Placing a face-down Trap is a Take Actions option but not an Action: it passes no priority,
    since there is nothing visible to respond to. Moving one is an Action (the rulebook lists it): the move
    happens at once, then priority passes.
MZ-GAP-19 — Once per Trap Page per turn: each face-down Trap may be moved at most once in a turn, and a Trap
    placed this turn may be moved this turn.
MZ-GAP-20 — An "any time" Effect states its own cost: if it says to Fatigue the Page, the Page must be
    Awakened and becomes Fatigued; if not, it works Awakened or Fatigued and does not Fatigue. Burrowed
    Beasties may use such Effects (Burrow stops Powers only); Paralyzed Beasties may not (no Effect text).
    An "any time" Effect without a Fatigue cost is usable once per turn per Page unless it says otherwise,
    so a free Effect cannot loop forever.
MZ-GAP-21 — Artifacts use Powers exactly like Beasties: the Artifact must be Awakened and is Fatigued,
    unless the Power is flagged "does not Fatigue" (then it must still be Awakened).
MZ-GAP-22 — Confirmed: no first-turn exceptions. The first Caster Bookmarks in step 1c of turn 1 and may
    attack on turn 1.
MZ-GAP-23 — Mulligans are decided by all Casters at once, each seeing only their own Chapter; choices are
    revealed together at the end of each round, with every Caster's new Chapter size, and a Caster who
    mulliganed decides again in the next round. Timeout: keep.
MZ-GAP-24 — Every prompt has the table's deadline and a documented default: priority offer, pass; Take
    Actions step, end it (go to step 3); Defenders, none; the Primary Defender's Attack, its first listed
    Attack; allocation, the default fill (MZ-GAP-34); ordering, the listed order; Trap payment, pay when
    payable (auto-pay); optional choices (Fear, Flash, Burrow, equipping a Beastie), decline; a required
    target or Page, the first listed; coin prediction, heads; go first or second, first; mulligan, keep; 4th
    Wall confirmation, not met (details in games/metazoo/sky.py). A priority offer is made only when the
    Caster has a legal "any time" option (Aura they could generate included); otherwise it is passed at once
    and logged like any pass. Coin flips and dice need no prompt (the seeded RNG, logged).
MZ-GAP-25 — "Start of turn effects" are the Effects resolved in step 1a; Aura they generated survives step
    1e. All other Aura in every Caster's pool dissolves at step 1e (the non-active Casters' pools too), and
    every pool empties at step 3c.
MZ-GAP-26 — Yes: at the start of every turn (any Caster's), each Caster may declare their Burrow Beasties
    burrowed. Burrow declarations come first in step 1a, the active Caster first then clockwise, each
    public, before the other start-of-turn effects resolve; burrowed ends at step 3b of that turn.
MZ-GAP-27 — No: an Effect that puts an Aura Page into the Arena is not the step 2a Contract and does not use
    it (unless the Effect says it Contracts from the Chapter); the Page enters Awakened.

Combat
------

MZ-GAP-28 — No: a Beastie with no Attacks cannot declare an Attack.
MZ-GAP-29 — Only Beasties declare Attacks; no card Effect lets an Artifact attack and the pool has none. On
    an Artifact, Invisible therefore only stops it from being the target of an Attack, and Unblockable does
    nothing.
MZ-GAP-30 — A paid Beastie or Artifact Trap flipped by an Attack is a Defender (Fatigued; that does not
    matter). The defending Caster chooses the Primary Defender among the Beastie Defenders, Trap Beasties
    included, and a Trap Beastie chosen strikes back. An Artifact Trap is a Defender that receives Damage
    but is never chosen as the Primary Defender; with no Beastie Defender, the original target is the
    Primary Defender (possibly that Artifact Trap itself, striking nothing back).
MZ-GAP-31 — If the original target is a standalone Trap that does not become a Defender (a Spell or Potion
    that resolved, unpaid, or a bluff, MZ-TRAP-06), Combat ends at once after the flip: no window A, no
    Defenders, no Damage; the attacker stays Fatigued and Burn LP Loss already paid stays.
MZ-GAP-32 — Order: the attacking Caster names Beastie, Attack and target in one choice; then the Fatigue
    (Scared flip, MZ-GAP-41), Burn LP Loss, the Trap flip, its controller pays or not (they may generate
    Aura first), the paid Trap resolves at once with no chain (CONTRACT, FLIPPED and "when Contracted" items
    ordered by the active Caster), then window A. A Trap Spell changes the Attack's target only if its text
    says so.
MZ-GAP-33 — Combat ends at any point where the attacking Beastie has left the Arena, or nothing of the
    defending side (Defenders, Primary Defender, original target; a Caster target remains while in the game)
    is left. A Primary Defender that leaves is not replaced: the attacker still resolves against what
    remains, and nothing strikes back. After the first Attack, the second one resolves only if its Beastie
    and its opponent are both still in the Arena.
MZ-GAP-34 — Amounts are multiples of 5; a remainder below 5 goes to the Primary Defender. If the Damage is
    less than 5 per Defender, the attacking Caster gives 5 each to as many Defenders as it covers. An
    Immortal at 0 LP needs only its 5 before overflow reaches the original target. Default fill (timeout): 5
    each in listed order, then each Defender up to its current LP in listed order, then the original target.
MZ-GAP-35 — When Defenders were declared, the original target is in the Combat and counts as defending (for
    Stone Skin and the Frozen and Sleep same-Combat clauses), but it is not a Defender: no Attack, no Status
    icon, no 5-Damage minimum, and it takes only overflow Damage.
MZ-GAP-36 — Yes: an automatic Primary Defender with an Attack strikes back whether Fatigued, Frozen,
    Sleeping or burrowed, since striking back is neither declaring an Attack nor being declared a Defender.
    A Paralyzed one strikes for 0 with no Effects (MZ-PARALYZE-02).
MZ-GAP-37 — The Primary Defender's Status icon inflicts the attacking Beastie, with that Status's flip rule.
    A Caster Primary Defender can receive only Burn and Poison from the attacker's icon; an Artifact only
    Frozen; anything else does nothing (MZ-STATUS-01).
MZ-GAP-38 — "This Attack deals +N" in an Attack's text is a modifier of the Attack Damage (step d). Damage
    the text deals separately ("deals 20 to each opposing Beastie") is Effect Damage: Destroyer and Blood
    Sucker ignore it and Stone Skin reduces it to 0, but Type Advantage applies (any Damage by a Page). For
    Sleep and Frozen only the Combat matters, not the kind of Damage.
MZ-GAP-39 — Within one step additions come before multiplications; steps go b, c, d (Tribal Boost's +10 is
    in d), then Paralyze sets 0. Halving rounds up to a multiple of 5; Damage is never below 0.
MZ-GAP-40 — On the receiving side, Sleep doubles the final Damage after all of the dealer's modifiers, then
    Stone Skin applies; Damage reduced to 0 is not "taking Damage". Confusion's self-Damage is the Attack's
    Damage with every modifier but Type and Aura Attack Advantage, taking the largest outcome of any random
    part; it is Damage from an Effect during Combat, so Stone Skin reduces it to 0.
MZ-GAP-41 — The Scared flip comes before the Fatigue. Tails: the Page returns to its owner's Chapter and the
    Action does not happen (no Attack, no Defender, no Power, no Aura; no Burn loss). Heads: the Indicator
    is removed and the Page is Fatigued as usual.
MZ-GAP-42 — Venomous inflicts Poison (1) when its Beastie becomes the Primary Defender (end of step 2,
    before window B), so it happens even if First-Strike later Destroys the Venomous Beastie.
MZ-GAP-43 — No: Damage to Artifacts does not count for Blood Sucker (the Trait names Beasties and Casters).
MZ-GAP-44 — Damage reduced to 0 is not dealt, so Destroyer does nothing then. Destroyer works on any Beastie
    or Artifact its Attack damages, a flipped Trap Defender or an Equipment that may be Attacked included.
MZ-GAP-45 — A Burn with a number set by its Effect places that many counters with no roll; "Burn" alone
    rolls a D6. Burn LP Loss on declaring comes after the Scared flip and the choice of target, before the
    Trap flip; if it Destroys the attacker, Combat ends with no flip and no windows.
MZ-GAP-46 — "Their next turn" is the next turn of that Caster that starts after the Flash: hit during their
    own turn, the restriction lasts the rest of that turn and their whole next turn.
MZ-GAP-47 — Only Regen stacks. Two copies of any other Trait act as one.
MZ-GAP-48 — Traits are not Effect text, so a Paralyzed Page keeps its Traits (Flight, Regen, Venomous,
    Immortal, …) but loses Powers, "any time" Effects, ARENA Effects and Tribal Boost; its Attacks lose
    their text and Status icons.
MZ-GAP-49 — Frozen with X of 0 or less does nothing (no Indicator, no Fatigue); the loader requires X >= 1
    on Pages. Damage reduced to 0 does not remove Frozen, and removal by Damage does not Awaken the Page.
MZ-GAP-50 — Yes: "Poison (N)" places N Indicators (up to the cap of 3), each with its own placement turn.
MZ-GAP-51 — A Caster's Indicators and counters are shown next to their LP on the public board and tick on
    every turn exactly like a Page's.
MZ-GAP-52 — A lower maximum LP is not LP Loss (no LP Loss triggers) and all Damage and LP Loss are kept; a
    Page whose current LP is now 0 is Destroyed unless Immortal (MZ-LP-05). This covers the end of a
    Defender Trait turn, a smaller Tribal Boost and an ending Terra LP bonus.
MZ-GAP-53 — An Immortal at 0 LP stays a normal Page: it may attack, be declared a Defender, be the Primary
    Defender and be allocated Damage (its current LP is 0), and recovering raises its LP normally.
MZ-GAP-54 — An Infectious token's maximum LP is the source's maximum LP at the moment it is made; its
    Attacks keep the source's names with printed Damage and Aura Attack Advantage only (no text, no Status
    icons); it has no name, Tribe or Traits, takes the source's Aura type and enters Fatigued, owned and
    controlled by the source's controller.
MZ-GAP-55 — Convert makes Aura of one of the Page's types, chosen by its controller when there are several;
    a Neutral Page makes Neutral; a Special Page follows MZ-GAP-04.
MZ-GAP-56 — Self-Destruct is an Action like a Power: only in its controller's Take Actions step, Fatigue
    (Scared applies) then priority passes and opponents may respond; on resolution the Page is Destroyed and
    its DESTROYED effects resolve.
MZ-GAP-57 — Traits apply only to the Page types their text names: the loader rejects Regen, Stone Skin,
    Destroyer, Blood Sucker, Venomous, Fear, Flash, Burrow, First-Strike and Infectious on Artifacts, so no
    such case arises in play.
MZ-GAP-58 — Fear and Flash are "when Contracted" items, simultaneous with the Page's CONTRACT effects and
    ordered with them by the active Caster, before it enters the Arena; they also work when the Beastie is
    Contracted by paying for a flipped Trap. A token returned by Fear is removed from the game.

Equipment, Traps, tokens, placement
-----------------------------------

MZ-GAP-59 — An Equipment goes on the Pages its text names (an opponent's if the text allows); text that
    names none means a face-up Beastie or Artifact in the Arena (tokens included; never Aura, Terra or
    face-down Pages). A Page may carry any number of Equipment. An Unequipped Page goes to its owner's zone
    for its type, not Destroyed. An equipped Beastie is not in the Arena: it is not counted, cannot attack
    or be targeted, and gives no Tribal Boost (unless its own text lets it be targeted, MZ-EQUIP-06).
MZ-GAP-60 — Paying is optional: the controller chooses to pay or not, and not paying is a "failure"
    (Afterlife, nothing happens). Paying is Contracting, so CONTRACT effects and "when Contracted" Traits
    happen along with FLIPPED ones, ordered by the active Caster. Aura may be generated for it at any
    moment, mid-Combat included.
MZ-GAP-61 — Bluffs are allowed, as written: any Page may be placed face-down, and one revealed without the
    Trap Trait makes its placer lose (MZ-TRAP-06). The placing prompt warns and asks to confirm before
    placing a non-Trap Page; computer players never bluff.
MZ-GAP-62 — A standalone face-down Trap is a Page in the Arena of unknown type: only Effects that name
    face-down Pages or Traps can target it; it counts for "all Pages" but never as a Beastie or Artifact. A
    face-down Page that leaves the Arena goes face-up to its owner's zone for its type, which reveals it (a
    non-Trap Page then makes its placer lose).
MZ-GAP-63 — Each Page underneath goes to its owner's zone for its own type (Limbo, Cemetery or Afterlife),
    except that when the top Page goes to the Afterlife, the Pages underneath go to the Afterlife too.
MZ-GAP-64 — A Destroyed token does trigger its DESTROYED effects, then is removed from the game. A copy of a
    Spell or Potion is controlled by the Caster whose Effect made it, who chooses new legal targets; it goes
    on top of the chain with no priority (making it is not an Action), resolves next, and then ceases to
    exist (no zone).
MZ-GAP-65 — Yes: a copy token copies all printed information (name, Traits, Tribes, Tribal Boost, Terra
    Bonuses, Powers, Attacks, Effect text, Aura type); copying a token copies its printed information.
    Face-down Pages are not legal targets for copying.
MZ-GAP-66 — An empty slot is always filled first (the lowest empty one). With all 6 full, a cyclic pointer
    (starting at slot 1, advancing after each replacement, 6 wraps to 1) names the slot replaced; filling a
    gap does not move it. A replaced Terra is removed to the Afterlife, not Destroyed (no DESTROYED
    effects).
MZ-GAP-67 — A Terra LP bonus is LP Gain while the bonus is active; when it ends the maximum LP goes down
    again as in MZ-GAP-52.
MZ-GAP-68 — A 4th Wall or Terra condition on a Page is checked against its controller's surroundings (its
    owner's when nobody controls it); Terra Pages in slots count for every Caster. A named object is also
    present when a face-up Page in the Arena (any Caster's, tokens by name) has the object's words as whole
    words in its name, ignoring case and a leading article, with no plurals or synonyms ("a train" matches
    "Ghost Train", "rain" does not match "Raining"); each clause's keyword is card data. In virtual mode nothing outside the game exists: only Terra Pages and Page names
    satisfy a condition. What is derived, read from the /surroundings profile or asked depends on the
    table's mode; details in games/metazoo/sky.py.
MZ-GAP-69 — Conditions are evaluated at checks, never watched continuously. Terra Pages count at every
    check. In derived mode the sky and profile reading is taken once at the start of each turn (step 1a)
    from the clock and place the host records in the log, and holds for that whole turn; in declared mode,
    and for person or room conditions in either real mode, the affected Caster is asked at the check. Each
    reading logs its basis; details in games/metazoo/sky.py.
MZ-GAP-70 — Limbo, Cemetery and Afterlife are public and ordered, newest on top; the board shows their sizes
    and anyone can list them. Pages leave the Afterlife only by an Effect that names the Afterlife.
    Spellbook and Chapter sizes are public.
MZ-GAP-71 — The Indexing Caster chooses which opposing Caster orders (with one opponent, that one); that
    Caster gets an ordering prompt (timeout: the revealed order). If the Page is never found, every revealed
    Page goes back and the Spellbook is shuffled.
MZ-GAP-72 — A search is a private look at the whole Spellbook; the Caster takes a matching Page (for "a
    Page", any Page), reveals it publicly, and the Spellbook is shuffled. If nothing matches, nothing is
    taken and the Spellbook is still shuffled.
MZ-GAP-73 — Win, loss and draw are checked after every event, mid-chain and mid-Combat included. The game is
    a Draw as soon as every Caster still in it has an empty Spellbook, unless the same event also ends it by
    LP. Casters who reach 0 LP in the same event (one Damage step, one Effect) lose together, and if no
    Caster is left standing the game is a Draw; ordered simultaneous items are separate events. A 400-turn
    cap ends the game as a Draw as a safety net.
MZ-GAP-74 — A Caster's maximum LP is 1000 and Recover never goes above it; only an Effect that says a Caster
    gains LP raises that maximum (LP Gain, keeping Damage).
MZ-GAP-75 — A series is the games played at one table by the same Casters, its length set when it starts (1,
    3 or 5 games; it ends when a Caster has won a majority). Archive sizes are posted when it starts, and
    swaps are offered between games from the second game on.
MZ-GAP-76 — A Spellbook has at most 60 Pages by default; the host can configure the maximum.
MZ-GAP-77 — Every Page has a rules ID (``limit_key``): reprints with identical rules data share it,
    same-name Pages with different rules data do not; Spellbook Limits are counted per rules ID, and the
    loader checks that identical rules data never have two rules IDs.
MZ-GAP-78 — Recover removes LP Loss as well as Damage: both are injuries (the rulebook says LP Loss "acts
    the same as Damage"), so healing works on a Poisoned Page as players expect.
MZ-GAP-79 — With any number of Casters, each simultaneous item belongs to a Caster (its source's controller;
    a tick or Trait on a Page to that Page's controller; one on a Caster to that Caster). The active
    Caster's items resolve first, then each other Caster's, clockwise; the active Caster orders the items
    inside every group in one prompt (MZ-SIM-05; timeout: listed order).
MZ-GAP-80 — Frozen or Sleep inflicted outside Combat is removed by any later Damage. Inflicted during a
    Combat by any Effect, that Combat is "the Combat in which it was inflicted".
MZ-GAP-81 — A Caster may concede at any time: a loss, and with 3 or 4 Casters they leave as in MZ-GAP-12. A
    timed-out prompt takes its default (MZ-GAP-24); the host concedes a seat after 3 timeouts in a row
    (``bot/tables.py``; offers passed automatically are not prompts and never count), and a disconnected or
    AFK Caster is handled the same way.
MZ-GAP-82 — Only the 24 listed Terra Bonuses exist; the loader rejects any other name, so a typo cannot
    create a bonus nothing satisfies.
MZ-GAP-83 — While its CONTRACT effects resolve, the Page is not yet in the Arena: Arena counts made by them
    do not include it, but changes they make to "this Beastie" or "this Artifact" (LP Gain, Traits,
    Counters) go into the Arena with it.
MZ-GAP-84 — A Beastie with several Tribes counts another Beastie once if they share any Tribe. Tribal
    Boost's +10 LP per Beastie is LP Gain. Tokens count only with a Tribe (copy tokens have the copied
    Page's Tribes; Infectious tokens have none).
MZ-GAP-85 — Face-up Pages underneath (Equipment, Pages put under) are always shown on the public board with
    their details, with no request; face-down Traps never are, except in their controller's private view.
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

__all__ = ["DECISIONS", "SECTIONS", "numbered"]

_ENTRY = re.compile(r"^(MZ-GAP-\d\d) — (.*)$")


def _doc() -> str:
    # ``python -OO`` drops docstrings; the decisions are read from the source then.
    if __doc__:
        return __doc__
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    return ast.get_docstring(tree, clean=False) or ""


def _parse(doc: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The entries of ``doc``: gap ID -> decision (one line), and section title -> gap IDs in order.

    An entry starts at a line ``MZ-GAP-NN — text`` and goes on over the following indented lines; a
    section title is the line above a ``---`` underline."""
    decisions: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    lines = doc.splitlines()
    current: str | None = None
    section = ""
    for i, line in enumerate(lines):
        if set(line) == {"-"} and i:
            section = lines[i - 1].strip()
            sections[section] = []
            current = None
            continue
        hit = _ENTRY.match(line)
        if hit:
            current = hit.group(1)
            if current in decisions:
                raise ValueError(f"{current} is decided twice in games/metazoo/gaps.py")
            decisions[current] = hit.group(2).strip()
            sections.setdefault(section, []).append(current)
        elif current and line.startswith(" ") and line.strip():
            decisions[current] += " " + line.strip()
        else:
            current = None
    return decisions, sections


DECISIONS: dict[str, str]
"""Gap ID (``"MZ-GAP-24"``) -> its decision, one line of text, as written in this module's docstring."""
SECTIONS: dict[str, list[str]]
"""Checklist group title (``"Combat"``) -> the gap IDs decided under it, in checklist order."""
DECISIONS, SECTIONS = _parse(_doc())


def numbered(width: int = 104) -> str:
    """The decisions as the ``NN text`` block that ``games/<id>/__init__.py`` docstrings use after
    "Decisions on the gaps the rulebook leaves open (``MZ-GAP-NN``):" (the format
    ``tests/host/test_rulebook.py`` parses): each entry starts with its two-digit number and wraps at
    ``width`` characters with a 3-space indent. Returns the text without a trailing newline."""
    out: list[str] = []
    for gap, text in DECISIONS.items():
        out.append(textwrap.fill(f"{gap[-2:]} {text}", width=width, subsequent_indent="   ",
                                 break_on_hyphens=False, break_long_words=False))
    return "\n".join(out)
