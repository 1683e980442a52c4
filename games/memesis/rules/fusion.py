"""Memesis fusion (rulebook Section 7, Fusion): the ways cards may fuse onto a piece (True, Trans and Partial
Fusion; MEM-FUS-*), fusing, and the fusions left when a Cause card is destroyed (MEM-CE-09, MEM-GAP-16).
Imports ``cells`` and below."""

from __future__ import annotations

from games.core.contract import Event

from ..state import Piece, State
from .cells import card, cname, in_play, kind, label_piece, pname

SETS_OK = ({"sym", "bio"}, {"bio", "tic"}, {"sym", "bio", "tic"})  # MEM-FUS-02, MEM-GAP-26


def fusion_ways(st: State, seat: int, cards: list[int], src: Piece | None) -> list[tuple[Piece, str, str]]:
    """How the card(s) ``cards`` (one hand card, or the group of piece ``src``) may fuse onto another piece
    ``seat`` controls (MEM-FUS-01/02/06, MEM-GAP-23/25/26): ``[(onto, how, label)]`` with ``how`` ``true``
    (True Fusion partners), ``trans`` (a Sym/Bio/Tic chain) or ``frag:<marking>`` (Partial Fusion)."""
    out: list[tuple[Piece, str, str]] = []
    if src is not None and any(st.owner[c] != seat for c in src.hidden):
        return out  # an ally's face-down card in your Cell: only its owner knows what it fuses with (MEM-GAP-24)
    sets = [card(st, c).set for c in cards]
    single = len(cards) == 1 and (src is None or not src.partials)
    if None in sets and (not single or card(st, cards[0]).partner is None and not card(st, cards[0]).fragments):
        return out  # no partner, no Sym/Bio/Tic chain, no fragment: nothing below could be offered
    for pc in st.pieces:
        if pc is src or pc.controller != seat or any(st.owner[c] != seat for c in pc.hidden):
            continue
        if kind(st, pc) == "rune":
            continue
        if not (in_play(pc) or pc.cell == "incubation"):
            continue
        other = [st.cards[c] for c in pc.cards]
        if single and len(pc.cards) == 1 and card(st, cards[0]).partner == other[0]:
            out.append((pc, "true", "True Fusion (partners)"))
        osets = [card(st, c).set for c in pc.cards]
        if not pc.true and None not in sets and None not in osets:
            union = sets + osets
            if len(set(union)) == len(union) and set(union) in SETS_OK and "bio" in union:
                out.append((pc, "trans", "Trans Fusion" if len(union) < 3 else "Trans Fusion (completes a "
                            "True Fusion)"))
        if single and not pc.true:
            bm = card(st, pc.cards[0]).markings
            for f in card(st, cards[0]).fragments:
                if f.marking in bm:
                    out.append((pc, f"frag:{f.marking}", f"Partial Fusion: {f.marking.title()} fragment "
                                f"({f.upgrade.describe()})"))
    return out


def do_fuse(st: State, seat: int, cards: list[int], hidden: list[int], onto: Piece, how: str,
            ev: list[Event]) -> None:
    """Fuse ``cards`` onto ``onto`` (MEM-FUS-01..13, MEM-INC-07, MEM-GAP-21/23/26); irreversible
    (MEM-FUS-05)."""
    # a face-down card is unnamed, and so are its fragment's marking and the kind of fusion it makes, which
    # would narrow it down (MEM-STL-03, MEM-GAP-20); its owner is told
    shown = " + ".join("a face-down card" if c in hidden else cname(st, c) for c in cards)
    secret = any(c in hidden for c in cards) or any(c in onto.hidden and st.owner[c] != seat for c in onto.cards)
    if how.startswith("frag:"):
        onto.partials += cards
        onto.frags += [how[5:]] * len(cards)
        kindtxt = f"Partial Fusion ({how[5:].title()} fragment)"
    else:
        onto.cards += cards
        done = how == "true" or len(onto.cards) >= 3
        kindtxt = "True Fusion" if done else "Transfusion"
        if done:
            onto.true = True
            for c in onto.partials:  # MEM-FUS-09
                st.players[st.owner[c]].dead.append(c)
                ev.append(Event(f"{cname(st, c)} was partially fused and goes to the Dead Cell."))
            onto.partials, onto.frags = [], []
            if onto.rune >= 0 and st.owner[onto.rune] == st.owner[onto.cards[0]]:
                r = onto.rune  # MEM-FUS-04/12: the owner's Rune comes off, paid, or is shattered
                onto.rune = -1
                was_down = r in onto.hidden
                if was_down:
                    onto.hidden.remove(r)
                if st.players[st.owner[r]].source >= 1 and st.owner[r] == seat:
                    st.players[seat].source -= 1
                    st.players[seat].hand.append(r)
                    what = "a face-down Rune" if was_down else cname(st, r)  # back to hand unseen (MEM-STL-03)
                    ev.append(Event(f"{pname(st, seat)} pays 1 source to take {what} off first."))
                else:
                    st.players[st.owner[r]].dead.append(r)
                    ev.append(Event(f"{cname(st, r)} is shattered."))
    onto.hidden += [c for c in hidden if c not in onto.hidden]
    if onto.cell == "incubation":  # MEM-INC-07, MEM-GAP-21
        onto.needed += sum(card(st, c).cost * (2 if c in hidden else 1) for c in cards)
    if not secret:
        ev.append(Event(f"{pname(st, seat)} fuses {shown} onto {label_piece(st, onto)}: {kindtxt}."))
        return
    ev.append(Event(f"{pname(st, seat)} fuses {shown} onto {label_piece(st, onto)}"
                    + (": Partial Fusion." if how.startswith("frag:") else ".")))
    mine = f"{how[5:].title()} fragment" if how.startswith("frag:") else "True Fusion" if onto.true else "Transfusion"
    ev.append(Event(f"You fuse {' + '.join(cname(st, c) for c in cards)} onto {label_piece(st, onto, seat)}: "
                    f"{mine}.", (seat,)))


def cause_fusions(st: State, c: int, pc: Piece) -> list[tuple[str, str]]:
    """How Effect card ``c`` could fuse with the Cause card ``pc`` (MEM-CE-09): partners, or a fragment of a
    marking the Cause bears."""
    out: list[tuple[str, str]] = []
    d = card(st, c)
    if d.partner == st.cards[pc.cards[0]]:
        out.append(("true", "True Fusion (partners)"))
    for f in d.fragments:
        if f.marking in card(st, pc.cards[0]).markings:
            out.append((f"frag:{f.marking}", f"Partial Fusion ({f.marking.title()} fragment)"))
    return out
