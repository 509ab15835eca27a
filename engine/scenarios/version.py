"""The version of the scenario generators and graders, stored with every graded attempt."""

ENGINE_VERSION = "1.2.1"  # 1.2.0: tantos positions are played hands (same seed, another question)
# 1.2.1: the same questions; a wrong answer may be told another belief (one that fits it at its table)
