"""Records the hand tests paste: written by hand, checked by the engine's own reader in the tests."""

# A whole hand (bots' play of engine.hand.random_hand(3)), as the notation writes it.
COMPLETE_RECORD = """\
mesa: guia
reparte: 1
triunfo: 10c
jugador 1: Ana
jugador 2: Bruno
jugador 3: Carla
jugador 4: Diego

1: 2e 1c 10e 7e
2: 12c 3c 10c 2c
canta 4: bastos
3: 12b 3b 11c 5b
4: 3o 1o 5o 6o
5: 4b 11b 10b 6c
6: 1e 7c 3e 4e
7: 1b 2b 6b 12o
8: 7b 4c 6e 10o
9: 5e 4o 11e 5c
10: 7o 12e 11o 2o
"""
