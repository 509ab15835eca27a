"""The version of the scenario generators and graders, stored with every graded attempt."""

ENGINE_VERSION = "1.2.0"  # 1.2.0: tantos positions are played hands (same seed, another question)
