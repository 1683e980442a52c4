

def test_distinct_decision_keeps_the_forced_window_and_aimed_flags():
    """Relabelling a decision's twin labels keeps what the host reads from its flags."""
    from games.core.labels import distinct_decision
    from games.core.values import Decision, Option

    d = Decision(0, "window", "Respond?", (Option("a", "Pass"), Option("b", "Pass")), default="a",
                 window=True, forced=True, aimed=True)
    out = distinct_decision(d)
    assert out.options[0].label != out.options[1].label
    assert (out.window, out.forced, out.aimed) == (True, True, True)
