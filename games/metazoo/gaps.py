"""MetaZoo — the decision on every gap the rulebook leaves open (``MZ-GAP-NN``).

Source: the "Gaps the rulebook leaves open" part of ``shared/rules/checklists/metazoo.md`` (copied to
``data/rules/metazoo.md``); rule IDs ``MZ-*`` refer to that checklist, the rulebook is
``shared/rules/metazoo.md``. The bot enforces every rule itself with no human referee, so each decision
says what the engine (``games/metazoo/rules/__init__.py`` and its chapters, tested in ``tests/metazoo/``) does; the reasons given
are what players would expect and what keeps the game fair and unstuck on Discord. Where the engine is
still partial, the decision states the final rule and says what is built now ("now: ...", "not built
yet"). Where a decision depends on the real surroundings (the 4th Wall module), it is stated at the rules
level and the details are in ``games/metazoo/rules/sky.py``.

This is the one record of these decisions (players read them through ``data/rules/metazoo.rulings.yaml``,
``/rules metazoo MZ-GAP-NN``); ``tests/metazoo/test_gaps.py`` fails when ``games/metazoo/rules/sky.py`` names a
gap decided nowhere here.

Words used below: Casters sit in seat order, which is clockwise; "the active Caster" is the Caster
whose turn it is; "opposing" means every other Caster still in the game (no teams); an "offer" is a
priority decision; "in a row" counts passes since the last Action.

Cards and card data
-------------------

MZ-GAP-01 — The pool in ``data/metazoo/`` is original: original names and texts (folklore creatures allowed),
    every Effect written in the fixed vocabulary of ``games/metazoo/cards.py``. The rulebook's example Pages
    exist only as test stand-ins with neutral names (now in ``data/metazoo/test-pool.yaml``: Fire Dart for
    Fireball, Mirror Ward for Reflection, Hush for Dampen, Hearth Brownie for Chupacabra); no publisher text
    or art is copied.
MZ-GAP-02 — Every printed icon is a data field of a Page (schema and loader: ``games/metazoo/cards.py``): Aura
    Cost as type -> count (Neutral included); Attacks with name, Damage, Status icon with its number (Frozen X)
    and whether it skips the coin flip, Aura Attack Advantage type and text; Traits (only Regen may repeat); one
    Tribe and a Tribal Boost flag; Effects with their keyword timing (CONTRACT, FLIPPED, ARENA, DESTROYED, "any
    time", Power, start or end of turn), target and steps; an "any time" flag for the Page; Terra Bonuses as
    (bonus, Attack Damage, LP); 4th Wall clauses as (condition, consequence): the condition a Terra Bonus name or
    an object, room or person phrase, the consequence "cannot be Contracted", "cannot declare Attacks", "returns
    to its Caster's Chapter" or a Trait gained; an Equipment's bonus; set symbol; Spellbook Limit (none =
    unlimited). The loader rejects anything else.
MZ-GAP-03 — An Artifact's "Abilities" are not a separate kind: each is an ordinary Effect (ARENA, keyword or
    "any time" Effect) or a Power, and follows that kind's rules.
MZ-GAP-04 — A Special Aura Page belongs to no other Aura type: it is Special for every check and has no Type
    Advantage. When Fatigued for Aura, it makes one Aura of a type its card-defined condition allows now; the
    controller chooses when several are allowed (timeout: the first listed). Now the data has no such
    conditions and the pool no Special Aura Page: a Special Aura Page would make one Special Aura, which pays
    only Neutral components.
MZ-GAP-05 — Neutral Aura exists as a resource (Basic Neutral Aura Pages make it) and pays only Neutral cost
    components; any Aura pays a Neutral component (MZ-AURA-05).
MZ-GAP-06 — Aura and Terra Pages carry an Aura Cost like every Page, empty (0) unless a cost is printed; a
    non-zero cost is paid from the pool like any Contract. Basic Aura and Terra Pages cost nothing.

The Aura wheel
--------------

MZ-GAP-07 — The wheel is data (``data/metazoo/wheel.yaml``), read with the dealing Page's Base type(s).
    Elements, one cycle: Water > Flame > Forest > Earth > Lightning > Water. Mystic and Frost: Frost > Cosmic
    > Light > Dark > Frost, and also Light > Spirit > Cosmic (the rulebook's Light > Dark and its flavour
    text's Light against Spirit). Every one of the ten types is strong against at least one other and weak to
    at least one; Neutral and Special are strong against nothing and nothing is strong against them.
MZ-GAP-08 — Type Advantage is +20 once per Damage dealt, however many type pairs match.
MZ-GAP-09 — In Combat, Type Advantage is checked against the Primary Defender only (for the Primary Defender's
    own Attack: against the attacker), never against a Caster or a face-down Page, and added once to the
    Damage before it is allocated (like Aura Attack Advantage, so one number is allocated). A non-Combat
    Effect that damages several Pages checks each Page it damages.
MZ-GAP-10 — Aura Attack Advantage enlarges the whole Damage before allocation, and it adds to Type Advantage:
    both can apply to one Attack, +40 in all (MZ-AAA-03).
MZ-GAP-11 — A token's Aura type: an Infectious token takes its source's first Base Aura type; a copy token
    takes the copied Page's Base type(s) (copies: MZ-TOKEN-05/06, the ``copy`` step); any other token takes
    the type its creating Effect names, else Neutral.

Turns, priority and chains
--------------------------

MZ-GAP-12 — 2 to 4 Casters, free-for-all (a table with 1 or 5 seats is refused). Turns go clockwise (seat
    order) from the first Caster. The second seat (seat 1, the Caster who joined the table) predicts the seeded
    coin against the first seat (seat 0); whoever wins the choice picks "go first" or "go second" (second: the
    Caster before them clockwise starts). "Opposing" and "each opponent" mean every other Caster still in the
    game: an Attack may target any opposing Caster or their Pages, and an Effect over every opponent reaches
    each of them. Only the Caster controlling the original target declares Defenders, from their own
    Beasties. A Caster at 0 LP (or revealed bluffing, or conceding) loses and leaves: every Page they own
    leaves the Arena and the game (not Destroyed, no DESTROYED effects), Pages of others they controlled return
    to their owners' control, their chain entries are removed, and if it was their turn the turn ends at once
    (the rest of the chain ends, each Contracted Page to its owner's zone as a stopped Contract, MZ-GAP-16) and
    the next Caster clockwise begins; the last Caster left wins. Window A goes to the targeted Caster, window B
    to the attacker, and responses pass clockwise (MZ-GAP-13). The 6 Terra slots are shared by every Caster.
    Status durations count every Caster's turns (Poison: placed in turn T, gone at the start of T+2); "their
    next turn" counts that Caster's own.
MZ-GAP-13 — With two Casters one pass resolves the chain (the rulebook's example). In general a chain resolves
    when every Caster other than the one who took the last Action has passed in a row; the whole chain then
    resolves last in, first out, with no priority between entries. A fixed window (steps 1b, 3a) offers
    priority once to each Caster, active Caster first then clockwise; a chain started in it follows the chain
    rules, and afterwards the window goes on with the Casters not yet offered, never restarting; when each has
    been offered once, the step ends.
MZ-GAP-14 — After a chain resolves in the Take Actions step, the active Caster goes on with an empty chain; in
    a fixed window the window goes on (MZ-GAP-13); in a Combat window Combat goes on to its next step. A
    non-active Caster gets priority with an empty chain only in the fixed and Combat windows and after a Trap
    is moved (MZ-GAP-18); their pass gives the active Caster their Take Actions step back.
MZ-GAP-15 — No: everything that is not "any time" (Contracting a Page without "any time", attacking, Powers,
    placing or moving Traps, Convert, Self-Destruct) is done only by the active Caster in their Take Actions
    step with an empty chain and no Combat in progress. On a chain, in a fixed window or in Combat every
    Caster, the active one included, may only generate Aura and Contract or use "any time" Pages and Effects.
MZ-GAP-16 — A chain entry resolves what it still can: targets that left the Arena are skipped (a target still
    there is not checked again, so one that became Magiproof or burrowed is still affected), steps without
    targets still happen, and an Effect still resolves after its source left the Arena. A stopped entry does
    nothing; a stopped Contract's Page goes to its owner's zone for its type (a Spell or Potion to the
    Cemetery, MZ-ZONE-04), not Destroyed.
MZ-GAP-17 — Every Contract (Aura and Terra included) is an Action: once paid, the Page waits on the chain and
    resolves when the chain does; opponents may respond. Stopping Effects can target only Spells, Potions and
    Effects on the chain, so a Beastie, Artifact, Aura or Terra Contract cannot be stopped; a stopped Aura
    Page would still use the turn's Aura Contract.
MZ-GAP-18 — Placing a face-down Trap is a Take Actions option but not an Action: it passes no priority, since
    there is nothing visible to respond to. Moving one is an Action (the rulebook lists it): the move happens
    at once, then priority passes.
MZ-GAP-19 — Once per Trap Page: only a standalone face-down Trap may be moved, once, under one of its
    controller's face-up Beasties or Artifacts with no Trap under it, and a Trap under a Page is not moved
    again. A Trap placed this turn may be moved this turn.
MZ-GAP-20 — An "any time" Effect of a face-up Page in the Arena needs no Awakening and does not Fatigue the
    Page (the vocabulary has no Fatigue cost); it is usable once per turn per Page, so a free Effect cannot
    loop forever, and only with a legal target. Burrowed Beasties may use it (Burrow stops Powers only);
    Paralyzed Pages may not (no Effect text, MZ-GAP-48). Using it is an Action: it goes on the chain.
MZ-GAP-21 — Artifacts use Powers exactly like Beasties: only in their controller's Take Actions step, the Page
    must be Awakened (not burrowed or Paralyzed) and is Fatigued (Scared applies); the data has no "does not
    Fatigue" flag, so every Power Fatigues its Page.
MZ-GAP-22 — Confirmed: no first-turn exceptions. The first Caster Bookmarks in step 1c of turn 1 and may
    attack on turn 1.
MZ-GAP-23 — Mulligans are decided one Caster at a time, the first Caster first, then the next clockwise; each
    sees the earlier choices and Chapter sizes in the public log, and a Caster who mulligans decides again
    before the next Caster. Timeout: keep.
MZ-GAP-24 — Every prompt has the table's deadline and a documented default (the decision's default): coin
    prediction, heads; go first or second, first; mulligan, keep; burrowing, nothing more; priority offer, pass;
    Take Actions step, end it (go to step 3); a target (of a Page, an Effect, a Power, Fear or Flash, an Equipment
    or an Attack), back (the Action is not taken); the target of a copied Spell, the first legal target; where a
    face-down Page goes, standalone; Trap payment, do not pay; Defenders, no more; the Primary Defender and its
    Attack, the first listed option; Damage allocation, the automatic fill (MZ-GAP-34); ordering, the first listed
    item (Damage or Status: the printed order; the Pages an Index revealed: the revealed order); 4th Wall
    confirmation, not met (a yes/no question whose default is no, logged as the Caster's answer; details in
    games/metazoo/rules/sky.py and games/metazoo/rules/wall.py). Every priority offer is a decision, even when Pass is the
    only option, and a response window (the table's response deadline, default pass). A decision whose one option
    follows from what everyone sees (a priority offer or a Take Actions step of a Caster with an empty Chapter and
    nothing else to do, a mulligan with no Page to Bookmark, no Beastie that can burrow or defend, one Primary
    Defender choice, a flipped Trap that cannot be paid) is forced: the host applies it at once and logs it.
    Coin flips and dice need no prompt (the seeded RNG, logged). Who is asked never depends on hidden Pages:
    priority goes to every Caster in turn whatever their Chapter holds; burrowing, Defenders, the
    Primary Defender, Trap payment (asked of the flipped Trap's controller once the flip has made it public),
    ordering, Damage allocation and 4th Wall questions follow the public board, Aura pools and Chapter and
    Spellbook sizes; while a Caster chooses the target of an Action or where a face-down Page goes, the others see
    them still at the step they chose it from (Take Actions or priority).
MZ-GAP-25 — "Start of turn effects" are the Effects resolved in step 1a; Aura they generated survives step 1e. All
    other Aura in every Caster's pool dissolves at step 1e (the non-active Casters' pools too), and every pool
    empties at step 3c. Now only Special Terra Pages in the Terra slots run start- and end-of-turn Effects
    (MZ-TERRA-09: at step 1a after the Status ticks, and at step 3b after its fixed part, in slot order) and no
    Effect makes Aura, so step 1e empties every pool.
MZ-GAP-26 — Yes: at the start of every turn (any Caster's), each Caster may declare their face-up Burrow
    Beasties burrowed, one at a time, the active Caster first then clockwise, each public. This comes at the
    end of step 1a, after its Status ticks and before the fixed window of step 1b; burrowed ends at step 3b of
    that turn.
MZ-GAP-27 — No: an Effect that puts an Aura Page into the Arena is not the step 2a Contract and does not use
    it (unless the Effect says it Contracts from the Chapter); the Page enters Awakened.

Combat
------

MZ-GAP-28 — No: a Beastie with no Attacks cannot declare an Attack.
MZ-GAP-29 — Only Beasties declare Attacks; no card Effect lets an Artifact attack and the pool has none. On an
    Artifact, Invisible therefore only stops it from being the target of an Attack, and Unblockable does
    nothing.
MZ-GAP-30 — A paid Beastie or Artifact Trap flipped by an Attack enters the Arena Fatigued (that does not
    matter). A Trap that was under the attacked Page becomes a Defender; a standalone Trap that was the
    Attack's target becomes the original target. The defending Caster chooses the Primary Defender among the
    Defenders, a Trap Artifact included (an Artifact, or a Beastie with no Attack, strikes nothing back); with
    no Defender the original target is the Primary Defender. A Trap Beastie chosen strikes back (MZ-GAP-36).
MZ-GAP-31 — If the original target is a standalone Trap that does not become a Page in the Arena as a Beastie
    or Artifact (a Spell or Potion that resolved, or an unpaid one), Combat ends at once after the flip and
    payment: no window A, no Defenders, no Damage; the attacker stays Fatigued and Burn LP Loss already paid
    stays. A bluff ends the game instead (MZ-TRAP-06). An unpaid or Spell Trap under the attacked Page leaves
    the Combat going on against that Page.
MZ-GAP-32 — Order: the attacking Caster chooses Beastie and Attack, then the target (one Action; "back"
    cancels it); then the Fatigue (Scared flip, MZ-GAP-41), Burn LP Loss (the attacking Caster's, then the
    attacker's), Sleep removed from a targeted Page, the Trap flip, its controller pays or not (they may
    generate Aura first), a paid Spell or Potion Trap resolves its FLIPPED Effects at once with no chain, then
    window A. No Effect changes the Attack's target.
MZ-GAP-33 — Combat ends when Defenders would be declared and the attacker, or (with no Defenders) the original
    target Page, has left; and after the first Attack when the attacker has left or nothing of the defending
    side (Defenders, Primary Defender, original target; a Caster target remains while in the game) is left. A
    Primary Defender that leaves is not replaced: it strikes nothing back, and the attacker's Damage still
    goes to the Defenders that are left, if any.
MZ-GAP-34 — The attacking Caster allocates the Damage among the Defenders still in the Arena when two or more
    are left (``games/metazoo/rules/allocation.py``): one Defender at a time in declaration order, each a multiple
    of 5, at least 5 each when the Damage covers 5 for every Defender; the last Defender takes what is left
    unless every Defender got at least its current LP, and only then may the rest go to the original target
    (if it is still there; MZ-COMBAT-21). Damage that is not a multiple of 5 leaves its odd remainder with the
    last receiver, so nothing is lost. A step with one legal amount is applied without asking. With one
    Defender the fill below applies with no prompt. The timeout default of each step is the fill's amount (or
    the legal amount nearest to it): 5 to each Defender if the Damage covers 5 each, then each Defender in
    declaration order up to its current LP (rounded up to a multiple of 5); only when every Defender got its
    current LP does the rest go to the original target (if it is still there), otherwise the rest goes to the
    first Defender. An Immortal at 0 LP needs only its 5.
MZ-GAP-35 — When Defenders were declared, the original target is not a Defender: no 5-Damage minimum, it takes
    only overflow Damage, the attacker's Status icon goes to the Primary Defender, and for Stone Skin it is
    not in the Combat (Stone Skin stops the overflow it takes). The Frozen and Sleep clauses count the Combat
    in which the Indicator was inflicted, whichever Page takes the Damage.
MZ-GAP-36 — Yes: an automatic Primary Defender with an Attack strikes back whether Fatigued, Frozen, Sleeping
    or burrowed, since striking back is neither declaring an Attack nor being declared a Defender. A Paralyzed
    one strikes for 0 with no Effects (MZ-PARALYZE-02).
MZ-GAP-37 — The Primary Defender's Status icon inflicts the attacking Beastie, with that Status's flip rule. A
    Caster Primary Defender can receive only Burn and Poison from the attacker's icon; an Artifact only
    Frozen; anything else does nothing (MZ-STATUS-01).
MZ-GAP-38 — "This Attack deals +N" in an Attack's text is a modifier of the Attack Damage (step d). Damage the
    text deals separately ("deals 20 to each opposing Beastie") is Effect Damage: Destroyer and Blood Sucker
    ignore it and Stone Skin reduces it to 0, but Type Advantage applies (any Damage by a Page). For Sleep and
    Frozen only the Combat matters, not the kind of Damage.
MZ-GAP-39 — Within one step additions come before multiplications; steps go b (Type and Aura Attack Advantage), c
    (the attacker's active Terra Bonuses), d (Tribal Boost's +10 per Beastie, ARENA bonuses, Equipment), then
    Paralyze sets 0. Halving rounds up to a multiple of 5; Damage is never below 0. No Page multiplies or halves
    Damage yet.
MZ-GAP-40 — On the receiving side Stone Skin applies first (Damage it stops is 0, and Damage reduced to 0 is
    not "taking Damage", so it wakes nothing), then Sleep doubles the Damage after all of the dealer's
    modifiers. Confusion's self-Damage is the Attack's Damage with every modifier but Type and Aura Attack
    Advantage; it is Damage from an Effect during Combat, so Stone Skin reduces it to 0.
MZ-GAP-41 — The Scared flip comes before the Fatigue. Tails: the Page returns to its owner's Chapter and the
    Action does not happen (no Attack, no Defender, no Power, no Aura; no Burn loss). Heads: the Indicator is
    removed and the Page is Fatigued as usual.
MZ-GAP-42 — Venomous inflicts Poison (1) when its Beastie becomes the Primary Defender (end of step 2, before
    window B), so it happens even if First-Strike later Destroys the Venomous Beastie.
MZ-GAP-43 — No: Damage to Artifacts does not count for Blood Sucker (the Trait names Beasties and Casters).
MZ-GAP-44 — Damage reduced to 0 is not dealt, so Destroyer needs Damage above 0 actually taken (LP removed).
    Destroyer works on any Beastie or Artifact its Attack damages, a flipped Trap Defender included.
MZ-GAP-45 — Burn always rolls a D6 for its counters (one roll for every target of one Effect, MZ-SIM-03); a
    number printed with Burn does not fix them. Burn LP Loss on declaring comes after the Scared flip and the
    choice of target, before the Trap flip; if it Destroys the attacker, Combat ends with no flip and no
    windows.
MZ-GAP-46 — "Their next turn" is the next turn of that Caster that starts after the Flash: hit during their
    own turn, the restriction lasts the rest of that turn and their whole next turn.
MZ-GAP-47 — Only Regen stacks. Two copies of any other Trait act as one.
MZ-GAP-48 — Traits are not Effect text, so a Paralyzed Page keeps its Traits (Flight, Regen, Venomous,
    Immortal, …) but loses Powers, "any time" Effects, ARENA Effects and Tribal Boost; its Attacks lose their
    text and Status icons.
MZ-GAP-49 — Frozen with X of 0 (or none printed) places one counter; X is never negative in the data. Damage
    reduced to 0 does not remove Frozen, and removal by Damage does not Awaken the Page.
MZ-GAP-50 — Yes: "Poison (N)" places N Indicators (up to the cap of 3), each with its own placement turn. Now
    each infliction places one Indicator (the pool prints no Poison number above 1).
MZ-GAP-51 — A Caster's Indicators and counters are shown next to their LP on the public board and tick on
    every turn exactly like a Page's.
MZ-GAP-52 — A lower maximum LP is not LP Loss (no LP Loss triggers) and all Damage and LP Loss are kept; a
    Page whose current LP is now 0 is Destroyed at once unless Immortal (MZ-LP-05). This covers the end of a
    Defender Trait turn, a smaller Tribal Boost (a Beastie of the Tribe leaving, or the Page Paralyzed), an
    Equipment's LP bonus leaving and an ending Terra LP bonus. Damage and LP Loss Destroy the Page they bring
    to 0 at once; the engine also checks every face-up Beastie and Artifact for 0 LP after each Destroy, a
    Paralyze, the end of a Defender Trait turn and every applied choice, and Destroys them one at a time in
    Arena order until none is left, since each Destroy can lower another Page's maximum LP.
MZ-GAP-53 — An Immortal at 0 LP stays a normal Page: it may attack, be declared a Defender, be the Primary
    Defender and be allocated Damage (its current LP is 0), and recovering raises its LP normally.
MZ-GAP-54 — An Infectious token's maximum LP is the source's printed LP; its Attacks keep the source's names
    with printed Damage and Aura Attack Advantage only (no text, no Status icons); it has no name (shown as
    "Beastie token"), Tribe or Traits, takes the source's first Base Aura type and enters Fatigued, owned and
    controlled by the source's controller; leaving the Arena, it is removed from the game.
MZ-GAP-55 — Convert makes one Aura of the Page's first Base Aura type (Neutral for a Page whose cost is
    Neutral or empty); it is not an Action: in the Take Actions step it Fatigues the Page (Scared applies) and
    passes no priority.
MZ-GAP-56 — Self-Destruct is not an Action: only in its controller's Take Actions step, the Page is Fatigued
    (Scared applies: on tails it is Scared away instead) and Destroyed at once, its DESTROYED effects
    resolving; no priority passes, so opponents cannot respond to it.
MZ-GAP-57 — Traits are not restricted by Page type in the data. On an Artifact, Regen, Stone Skin, Immortal,
    Burrow and Venomous work as on a Beastie; Destroyer, Blood Sucker, First-Strike and Infectious need an
    Attack, and Fear and Flash a Contracted Beastie, so on an Artifact they do nothing. The pool puts none of
    these Traits on an Artifact.
MZ-GAP-58 — Fear and Flash: the optional target (an opposing Beastie; timeout: back) is chosen when the
    Beastie is Contracted; the flip is made after it enters the Arena, after its CONTRACT effects. A token
    returned by Fear is removed from the game. Now a Beastie Contracted by paying for a flipped Trap makes no
    Fear or Flash flip.

Equipment, Traps, tokens, placement
-----------------------------------

MZ-GAP-59 — An Equipment goes on the Page its CONTRACT Effect targets: a face-up Beastie or Artifact in the
    Arena (an opponent's only if that target says so, as Gleipnir's does; tokens included; never Aura, Terra
    or face-down Pages). A Page may carry any number of Equipment; an Equipment Beastie may instead enter the
    Arena as a Beastie (MZ-EQUIP-04). An equipped Beastie is not in the Arena: it is not counted, cannot
    attack or be targeted, and gives no Tribal Boost. When the equipped Page leaves the Arena, each Equipment
    goes to its owner's zone for its type (MZ-EQUIP-08). An Unequipped Page (MZ-EQUIP-09, the ``unequip``
    step) goes to its owner's zone for its type, not Destroyed, and its bonus stops at once.
MZ-GAP-60 — Paying is optional: the controller chooses to pay or not (timeout: not), and not paying is a
    "failure": the Page goes to the Afterlife and nothing happens. Aura may be generated for it at the payment
    prompt, mid-Combat included. Paying is Contracting, so its CONTRACT effects and "when Contracted" Traits
    will happen along with its FLIPPED ones, ordered by the active Caster; now a paid Trap's FLIPPED Effects
    run (several Traps flipped at once by an Effect: their controllers pay one Trap at a time, then the active
    Caster orders the FLIPPED Effects, MZ-SIM-04), and a paid Beastie or Artifact Trap flipped by an Effect
    enters the Arena Fatigued.
MZ-GAP-61 — Bluffs are allowed, as written: any Page may be placed face-down, and one revealed without the
    Trap Trait makes its placer lose at once (MZ-TRAP-06). Computer players place only Pages with the Trap
    Trait face-down, never a bluff. The placing option of a Page without the Trap Trait says, to its placer
    only, that it is a bluff and loses the game if revealed.
MZ-GAP-62 — A standalone face-down Trap is a Page in the Arena of unknown type: no Effect can target it, and
    it never counts as a Beastie or Artifact; it leaves the Arena only by flipping (MZ-TRAP-05).
MZ-GAP-63 — Each face-up Page underneath (Equipment) goes to its owner's zone for its own type (Limbo,
    Cemetery or Afterlife), whatever happens to the Page on top; a face-down Trap underneath stays in the
    Arena as a standalone Trap (MZ-TRAP-04).
MZ-GAP-64 — A Destroyed token does trigger its DESTROYED effects (an Infectious token has none), then is
    removed from the game. A copy of a Spell or Potion is controlled by the Caster whose Effect made it, who
    chooses new legal targets (a copy of a Spell aimed at a chain entry keeps that entry; with no legal target
    the copy ceases to exist); it goes on top of the chain with no priority (making it is not an Action),
    resolves next, and then ceases to exist (no zone).
MZ-GAP-65 — Yes: a copy token copies all printed information (name, Traits, Tribes, Tribal Boost, Terra
    Bonuses, Powers, Attacks, Effect text, Aura Cost and so Aura type), but no set symbol, Damage, LP Gain or
    Loss, Indicators or Equipment; copying a token copies its printed information. Face-down Pages are not
    legal targets for copying.
MZ-GAP-66 — An empty slot is always filled first (the lowest empty one). With all 6 full, a cyclic pointer
    (starting at slot 1, advancing after each replacement, 6 wraps to 1) names the slot replaced; filling a
    gap does not move it. A replaced Terra is removed to the Afterlife, not Destroyed (no DESTROYED effects).
MZ-GAP-67 — A Terra LP bonus is LP Gain while the bonus is active; when it ends (a new turn's reading, or the
    Terra that provided it leaves its slot) the maximum LP goes down again as in MZ-GAP-52: the 0-LP check runs
    after every applied choice.
MZ-GAP-68 — A 4th Wall or Terra condition on a Page is checked against its controller's surroundings (its owner's
    when nobody controls it); Terra Pages in slots count for every Caster. A named object is also present when a
    face-up Page in the Arena (any Caster's, tokens by name) has the object's words as whole words in its name,
    ignoring case and a leading article, with no plurals or synonyms ("a train" matches "Ghost Train", "rain" does
    not match "Raining"); each clause's keyword is card data. In virtual mode nothing outside the game exists:
    only Terra Pages and Page names satisfy a condition, and person or room conditions are still asked. The
    table's mode, place and each Caster's /surroundings profile are options of the game, frozen when it starts (a
    profile edited during the game counts from the next game). Asking about a Page being Contracted names it: its
    name is public once its Contract is attempted. What is derived, read from the profile or asked depends on the
    mode; details in games/metazoo/rules/sky.py.
MZ-GAP-69 — Conditions are evaluated at checks, never watched continuously. Terra Pages and Page names count at
    every check. At the start of every turn (step 1a) the engine fixes the turn's instant (turn 1: the clock the
    game started with; later turns: the last instant the host observed, which it logs with every choice) and, in
    derived mode, logs it with the place(s); every reading of that turn uses it, so a replay gives the same
    answers and nightfall during a turn counts from the next turn. Answers are kept per Caster and condition for
    the turn and forgotten at the next step 1a. At step 1a each Caster whose face-up Arena Pages carry conditions
    nothing settles (declared mode; person and room conditions in every mode; derived-mode objects not in the
    profile) is asked, one yes/no question per condition, active Caster first; the opponent sees the question and
    then the answer. An Action that such a condition could stop (Contracting a Page that carries conditions,
    declaring an Attack with a Page that "cannot declare Attacks") is held, its questions are asked, and it is
    then carried out or refused with the reason logged. A Page that entered the Arena by another Effect counts its
    unanswered conditions as not met until the next step 1a. "Returns to its Chapter" is checked at step 1a and
    when the Page enters the Arena. Each reading logs its basis once per Caster and condition per turn (again if
    it changes); details in games/metazoo/rules/sky.py and games/metazoo/rules/wall.py.
MZ-GAP-70 — Limbo, Cemetery and Afterlife are public and ordered, newest on top; the board shows their sizes
    and anyone can list them. Pages leave the Afterlife only by an Effect that names the Afterlife. Spellbook
    and Chapter sizes are public.
MZ-GAP-71 — The next opposing Caster clockwise from the Indexing Caster orders (with one opponent, that one); that
    Caster gets an ordering prompt when two or more other Pages were revealed: they pick the Pages one at a
    time, each going on top of the ones already put back, so the last pick is the top Page (timeout: the
    revealed order). If the Page is never found, every revealed Page goes back and the Spellbook is shuffled.
    The revealed Pages are public.
MZ-GAP-72 — A search looks through the Spellbook privately and takes the first Page of the asked type in
    Spellbook order (any Page for "a Page"), reveals it publicly and puts it into the Chapter; the Spellbook
    is then shuffled, also when nothing matched.
MZ-GAP-73 — Win, loss and draw are checked after every event, mid-chain and mid-Combat included. Casters at 0
    LP at the same check lose together, and if every Caster is at 0 LP the game is a Draw. The game is a Draw
    as soon as every Caster's Spellbook is empty, unless the same check also ends it by LP. Ordered
    simultaneous items are separate events. A 500-turn cap ends the game as a Draw as a safety net. A Caster
    who cannot lose (MZ-TRAP-07, the ``cannot_lose`` step, until the end of that turn) is skipped by these
    checks, even at 0 LP; the first check after it ends applies.
MZ-GAP-74 — A Caster's maximum LP is 1000 and Recover never goes above it; only an Effect that says a Caster
    gains LP raises that maximum (LP Gain, keeping Damage).
MZ-GAP-75 — A series is the games played at one table by the same Casters, its length set when it starts (1, 3
    or 5 games; it ends when a Caster has won a majority; a drawn game does not count and is played again, up
    to twice the length in games, after which the score stands). Each Spellbook and Archive is fixed when the
    first game starts, and the Archive sizes (never their Pages) are posted then. From the second game on,
    each Caster may swap Pages one for one in the lobby before the game starts (/deck swap), for that game
    only; the score is posted after each game.
MZ-GAP-76 — A Spellbook has at most 60 Pages by default; the host can configure the maximum.
MZ-GAP-77 — Every mechanically distinct Page has its own Page id, and reprints with identical rules share it;
    Spellbook Limits are counted per Page id.
MZ-GAP-78 — Recover removes LP Loss as well as Damage: both are injuries (the rulebook says LP Loss "acts the
    same as Damage"), so healing works on a Poisoned Page as players expect.
MZ-GAP-79 — The active Caster orders every simultaneous item, their opponents' included, choosing the next one
    each time (MZ-SIM-05; timeout: the first listed). The ordered items are the end-of-turn Poison and Regen
    (MZ-SIM-01), a Spell's Damage and Status Effect (MZ-SIM-02: asked before the Spell resolves when it
    inflicts Frozen or Sleep, the Statuses a same-time Damage changes; for the others either order gives the
    same result, so the printed order is used with no prompt) and the FLIPPED Effects of Traps flipped at once
    (MZ-SIM-04). Simultaneous CONTRACT Effects cannot arise yet; other simultaneous items resolve in a fixed
    order.
MZ-GAP-80 — Frozen or Sleep inflicted outside Combat is removed by any later Damage. Inflicted during a Combat
    by any Effect, that Combat is "the Combat in which it was inflicted".
MZ-GAP-81 — A Caster may concede at any time: a loss (MZ-WIN-05), and with 3 or 4 Casters they will leave as
    in MZ-GAP-12. A timed-out prompt takes its default (MZ-GAP-24); the host concedes a seat after 3 timeouts
    in a row (``bot/host/clock.py``), and a disconnected or AFK Caster is handled the same way.
MZ-GAP-82 — Only the 24 listed Terra Bonuses exist; the loader rejects any other name, in a Terra Bonus or a 4th
    Wall condition, so a typo cannot create a bonus nothing satisfies.
MZ-GAP-83 — While its CONTRACT effects resolve, the Page is not yet in the Arena: Arena counts and Effects on
    Arena Pages made by them do not include it. A CONTRACT Effect cannot act on its own Page now; when one
    can, its changes to "this Beastie" or "this Artifact" (LP Gain, Traits, Counters) will go into the Arena
    with it.
MZ-GAP-84 — A Beastie has at most one Tribe (one data field); Tribal Boost counts every other face-up Beastie
    of that Tribe in the Arena, any Caster's, while the Beastie is not Paralyzed. Its +10 LP per Beastie
    raises the maximum LP (LP Gain). Tokens count only with a Tribe: Infectious tokens have none.
MZ-GAP-85 — Face-up Pages underneath (Equipment, Pages put under) are always shown on the public board with
    their details, with no request; face-down Traps never are, except in their controller's private view.
"""

from __future__ import annotations

from games.core import gapdoc

__all__ = ["DECISIONS", "SECTIONS"]

DECISIONS: dict[str, str]
"""Gap ID (``"MZ-GAP-24"``) -> its decision, one line of text, as written in this module's docstring."""
SECTIONS: dict[str, list[str]]
"""Checklist group title -> the gap IDs decided under it, in checklist order."""
DECISIONS, SECTIONS = gapdoc.parse(gapdoc.module_doc(__doc__, __file__), "MZ")

